import { INGEST_STATUS } from '@rushes/shared';
import type { Tx } from '../../db/client.ts';
import { assets } from '../../db/schema/index.ts';
import type { Emit } from '../../platform/events/bus.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import { fileTypeOf } from '../../platform/media/sniff.ts';
import { childPath, newIngestCode, searchTextOf } from '../assets/index.ts';
import type {} from '../media/index.ts';
import { adjustProjectTotals } from '../projects/index.ts';

/** A stored original that becomes an asset (an upload's joined object, or a seeded demo file). */
export interface IngestedFile {
  assetId: string;
  projectId: string;
  /** The folder it lands in, or null for the project's root. */
  folder: { id: string; folderPath: string; title: string } | null;
  filename: string;
  mimeType: string;
  extension: string;
  sizeBytes: number;
  blobKey: string;
  userId: string;
}

/**
 * The asset row of a stored original, in the caller's transaction (which holds the project's lock):
 * status 'In Queue', the project's totals (plus `newFolderParents.length` folders the caller made),
 * the media.process job (sniff, probe, thumbnail, proxy) and the events the project room hears.
 * Upload completion and the demo seed both make their assets here, so they are processed alike.
 */
export async function recordIngestedAsset(
  tx: Tx,
  emit: Emit,
  f: IngestedFile,
  newFolderParents: (string | null)[] = [],
) {
  const parentId = f.folder?.id ?? null;
  await tx.insert(assets).values({
    id: f.assetId,
    projectId: f.projectId,
    parentId,
    isFolder: false,
    title: f.filename,
    fileType: fileTypeOf(f.mimeType, f.extension),
    folderPath: childPath(f.folder),
    ingestCode: newIngestCode(),
    sizeBytes: f.sizeBytes,
    mimeType: f.mimeType,
    extension: f.extension || null,
    uploadedBy: f.userId,
    status: INGEST_STATUS.inqueue,
    blobKey: f.blobKey,
    searchText: searchTextOf(f.filename, '', []),
  });
  await adjustProjectTotals(tx, f.projectId, f.sizeBytes, 1 + newFolderParents.length);
  await enqueueJob(tx, 'media.process', { assetId: f.assetId });
  emit('assets.changed', {
    projectId: f.projectId,
    folderIds: [...newFolderParents, parentId],
    totals: true,
  });
  emit('asset.status', {
    projectId: f.projectId,
    assetId: f.assetId,
    parentId,
    status: INGEST_STATUS.inqueue,
  });
}
