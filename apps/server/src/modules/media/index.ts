import { defineModule } from '../../platform/modules.ts';
import { mediaAssetPolicy } from './media.service.ts';
import { frameRateBackfillJob } from './media.backfill.ts';
import { mediaProcessJob } from './media.pipeline.ts';
import { registerMediaMappers } from './media.realtime.ts';
import { mediaRoutes } from './media.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { openAssetBytes } from './media.service.ts';
export { sendMediaStream } from './media.send.ts';

/** The media pipeline (probe, thumbnails, proxies), the player's URLs and asset_status hints. */
export const mediaModule = defineModule({
  name: 'media',
  policies: { 'projects.canViewProject': mediaAssetPolicy() },
  routes: [mediaRoutes],
  listeners: [registerMediaMappers],
  jobs: { 'media.process': mediaProcessJob, 'media.backfill_frame_rate': frameRateBackfillJob },
});
