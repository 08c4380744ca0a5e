import { defineModule } from '../../platform/modules.ts';
import { deleteBlobsJob } from './assets.jobs.ts';
import { assetsRoutes } from './assets.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { assetKeyPrefix, originalKey } from './assetKeys.ts';
export { blobKeysOfProject, enqueueBlobDeletion } from './assets.jobs.ts';
export { onAssetsDeleting } from './deleteHooks.ts';
export { childPath, folderIn, newIngestCode, searchTextOf } from './assets.sql.ts';

/** Folders and files of a project: browse, search, copy, move, delete, metadata. */
export const assetsModule = defineModule({
  name: 'assets',
  routes: [assetsRoutes],
  jobs: { 'assets.delete_blobs': deleteBlobsJob },
});
