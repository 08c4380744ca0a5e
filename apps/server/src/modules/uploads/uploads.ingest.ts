import { INGEST_STATUS } from '@rushes/shared';
import type { Tx } from '../../db/client.ts';
import type { Emit } from '../../platform/events/bus.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import { fileTypeOf } from '../../platform/media/sniff.ts';
import { insertAsset, type NewFileAsset } from '../assets/index.ts';
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
  kind?: NewFileAsset['kind'];
  uploadedFrom?: string;
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
  await insertAsset(tx, {
    projectId: f.projectId,
    parent: f.folder,
    title: f.filename,
    userId: f.userId,
    file: {
      id: f.assetId,
      fileType: fileTypeOf(f.mimeType, f.extension),
      sizeBytes: f.sizeBytes,
      mimeType: f.mimeType,
      extension: f.extension,
      blobKey: f.blobKey,
      kind: f.kind,
      uploadedFrom: f.uploadedFrom,
    },
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
