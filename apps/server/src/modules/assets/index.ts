import { defineModule } from '../../platform/modules.ts';
import { checkedInService } from '../../platform/policies.ts';
import { checkCountsJob, scheduleCountCheck } from './assets.counts.ts';
import { deleteBlobsJob, queueBlobsOfDeletedProjects } from './assets.jobs.ts';
import { assetsRoutes } from './assets.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { originalKey, pagesKey, proxyKey, spriteKey, thumbnailKey } from './assetKeys.ts';
export {
  currentFilesOf,
  findAsset,
  fileTitlesIn,
  findFileAsset,
  tsQueryOf,
  sameNameIn,
  folderIn,
  projectFolders,
  subtreeOf,
  readNewestVersionsWith,
  videosWithoutFrameRate,
  videosWithoutSprite,
  listedAssetColumns,
  type AssetRow,
  type CurrentFile,
  type ListedAssetRow,
  type NewestVersion,
} from './assets.sql.ts';
export {
  ensureFolderPath,
  insertAsset,
  setApprovalStatus,
  setProcessingStatus,
  type NewFileAsset,
  type ParentFolder,
  type ProcessingUpdate,
} from './assets.writes.ts';
export { createAssetCatalog, type CatalogEntry } from './assets.catalog.ts';
export { createAssetsService } from './assets.service.ts';
export { onAssetsDeleting, onAssetsMoved } from './deleteHooks.ts';
export { enqueueBlobDeletion, spriteKeysOf, unsharedPageSets } from './assets.jobs.ts';

/** Folders and files of a project: browse, search, copy, move, delete, metadata. */
export const assetsModule = defineModule({
  name: 'assets',
  // Still applied by the services (not yet loaded before the handler).
  policies: {
    'projects.canWriteAssets': checkedInService(),
  },
  routes: [assetsRoutes],
  jobs: { 'assets.delete_blobs': deleteBlobsJob, 'assets.check_counts': checkCountsJob },
  listeners: [queueBlobsOfDeletedProjects],
  schedules: [scheduleCountCheck],
});
