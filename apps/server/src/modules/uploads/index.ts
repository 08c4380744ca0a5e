import { defineModule } from '../../platform/modules.ts';
import { blobPartRoutes } from './uploads.blobRoutes.ts';
import { freePartsJob, scheduleUploadsCleanup, uploadsCleanupJob } from './uploads.jobs.ts';
import { uploadsRoutes } from './uploads.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { recordIngestedAsset, type IngestedFile } from './uploads.ingest.ts';
export { assertStorageRoom } from './uploads.quota.ts';
export { keepStoreUploads, type UploadHolder } from './uploads.holders.ts';

/** Resumable multipart uploads: sessions, signed parts (fs driver), completion, hourly cleanup. */
export const uploadsModule = defineModule({
  name: 'uploads',
  routes: [uploadsRoutes, blobPartRoutes],
  jobs: { 'uploads.free_parts': freePartsJob, 'uploads.cleanup': uploadsCleanupJob },
  schedules: [scheduleUploadsCleanup],
});
