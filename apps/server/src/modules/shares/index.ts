import { defineModule } from '../../platform/modules.ts';
import { checkedInService } from '../../platform/policies.ts';
import { sharedAssetPolicy } from './shares.policy.ts';
import { commentsRoutes } from './comments.routes.ts';
import { reviewRoutes } from './review.routes.ts';
import { versionsRoutes } from './versions.routes.ts';
import { registerShareMappers } from './shares.realtime.ts';
import { sharesRoutes } from './shares.routes.ts';
import { createSharesService } from './shares.service.ts';
import { provideSharedAssetsTray } from '../projects/index.ts';
import { onAssetsDeleting } from '../assets/index.ts';
import { dropSharesOf } from './shares.service.ts';
import type { AppContext } from '../../platform/context.ts';

const registerTray = (ctx: AppContext) => {
  const service = createSharesService(ctx);
  provideSharedAssetsTray(ctx, (userId, q) => service.tray(userId, q));
  onAssetsDeleting(ctx, dropSharesOf);
};

// What other modules may call (everything else in this folder is internal).
export { createSharesService } from './shares.service.ts';

/**
 * Assets shared with people (the 'Shared Assets' tray of the recipients), review links and their
 * public review page.
 */
export const sharesModule = defineModule({
  name: 'shares',
  policies: {
    // By ingest_db_id before the handler; resolving a comment (by comment_id) checks in its route.
    'projects.canViewProject': [sharedAssetPolicy(), checkedInService()],
    // Still applied by the services (sharing and versions write under their own rules).
    'shares.canShare': checkedInService(),
    'shares.canRemoveSharedUser': checkedInService(),
    'projects.canWriteAssets': checkedInService(),
  },
  routes: [sharesRoutes, commentsRoutes, versionsRoutes, reviewRoutes],
  listeners: [registerShareMappers, registerTray],
});
