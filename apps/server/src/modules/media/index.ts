import { defineModule } from '../../platform/modules.ts';
import { mediaAssetPolicy } from './media.service.ts';
import { frameRateBackfillJob, spriteBackfillJob } from './media.backfill.ts';
import { mediaProcessJob } from './media.pipeline.ts';
import { deletePagesWithAssets } from './media.pages.ts';
import { deleteSpritesOf, mediaSpriteJob } from './media.sprite.ts';
import { onAssetsDeleting } from '../assets/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { registerMediaMappers } from './media.realtime.ts';
import { mediaRoutes } from './media.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { openAssetBytes, openStoredRange } from './media.service.ts';
export { pageImageKey } from './media.pages.ts';
export { sendMediaStream } from './media.send.ts';

/** The media pipeline (probe, thumbnails, proxies), the player's URLs and asset_status hints. */
export const mediaModule = defineModule({
  name: 'media',
  policies: { 'projects.canViewProject': mediaAssetPolicy() },
  routes: [mediaRoutes],
  listeners: [
    registerMediaMappers,
    deletePagesWithAssets,
    (ctx: AppContext) => onAssetsDeleting(ctx, (tx, _emit, ids) => deleteSpritesOf(tx, ids)),
  ],
  jobs: {
    'media.process': mediaProcessJob,
    'media.sprite': mediaSpriteJob,
    'media.backfill_frame_rate': frameRateBackfillJob,
    'media.backfill_sprites': spriteBackfillJob,
  },
});
