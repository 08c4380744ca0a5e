import { and, eq, isNull, sql } from 'drizzle-orm';
import { INGEST_STATUS, type FileType } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { assets } from '../../db/schema/index.ts';
import { childPath, folderIn, newIngestCode, searchTextOf, type AssetRow } from './assets.sql.ts';

/**
 * The assets module's writes that other modules call (the table's owner writes it).
 * Each runs in the caller's transaction and does only the row: project totals, jobs and events
 * stay with the caller, which knows what else its transaction changed.
 */

/** The folder a new asset goes into (null: the project's root). */
export type ParentFolder = Pick<AssetRow, 'id' | 'folderPath' | 'title'> | null;

/** A stored original that becomes a file asset (status 'In Queue' until the media pipeline runs). */
export interface NewFileAsset {
  /** Reserved by the caller (an upload's asset_id), so its blob key could be made before the row. */
  id: string;
  fileType: FileType;
  sizeBytes: number;
  mimeType: string;
  /** Without the dot; '' or null when the name has none. */
  extension: string | null;
  blobKey: string;
  /** spec 002 §3 asset kind; project_asset unless a camera session received it */
  kind?: 'project_asset' | 'camera_to_edit_asset';
  /** where it came from ('Web' unless said) */
  uploadedFrom?: string;
}

/**
 * Inserts one asset row: a folder when `file` is absent (status finished), else a file (status
 * inqueue). Derives what every asset row needs the same way: folder_path from the parent, a fresh
 * ingest_id, and the text full-text search reads.
 */
export async function insertAsset(
  tx: DbOrTx,
  input: { projectId: string; parent: ParentFolder; title: string; userId: string; file?: NewFileAsset },
): Promise<AssetRow> {
  const { file } = input;
  const [row] = await tx
    .insert(assets)
    .values({
      ...(file
        ? {
            id: file.id,
            isFolder: false,
            fileType: file.fileType,
            sizeBytes: file.sizeBytes,
            mimeType: file.mimeType,
            extension: file.extension || null,
            status: INGEST_STATUS.inqueue,
            blobKey: file.blobKey,
            kind: file.kind ?? 'project_asset',
            uploadedFrom: file.uploadedFrom ?? 'Web',
          }
        : { isFolder: true, fileType: 'folder' as const, status: INGEST_STATUS.finished }),
      projectId: input.projectId,
      parentId: input.parent?.id ?? null,
      title: input.title,
      folderPath: childPath(input.parent),
      ingestCode: newIngestCode(),
      uploadedBy: input.userId,
      searchText: searchTextOf(input.title, '', []),
    })
    .returning();
  return row;
}

/** The folder named `title` (case-insensitive) directly under `parentId` (null: root), if any. */
async function childFolderNamed(tx: DbOrTx, projectId: string, parentId: string | null, title: string) {
  const [found] = await tx
    .select()
    .from(assets)
    .where(
      and(
        eq(assets.projectId, projectId),
        parentId ? eq(assets.parentId, parentId) : isNull(assets.parentId),
        eq(assets.isFolder, true),
        sql`lower(${assets.title}) = lower(${title})`,
      ),
    )
    .limit(1);
  return found ?? null;
}

/**
 * Finds or makes each folder of `path` ('/A/B') under folder `folderId` (null: root; 404 'Folder not
 * found' when it is not a folder of the project) and answers the last one. The parent of every
 * folder it made is pushed to `created` (the caller counts them and refreshes those folders).
 */
export async function ensureFolderPath(
  tx: DbOrTx,
  input: { projectId: string; folderId: string | null; path: string; userId: string },
  created: (string | null)[],
): Promise<AssetRow | null> {
  let parent = input.folderId ? await folderIn(tx, input.projectId, input.folderId) : null;
  for (const title of input.path.split('/').filter(Boolean)) {
    const found = await childFolderNamed(tx, input.projectId, parent?.id ?? null, title);
    if (found) {
      parent = found;
      continue;
    }
    const row = await insertAsset(tx, { projectId: input.projectId, parent, title, userId: input.userId });
    created.push(parent?.id ?? null);
    parent = row;
  }
  return parent;
}

/** What the media pipeline learns about an original, and the processing status it reached. */
export type ProcessingUpdate = Partial<
  Pick<
    AssetRow,
    | 'status'
    | 'fileType'
    | 'mimeType'
    | 'format'
    | 'durationSeconds'
    | 'codec'
    | 'width'
    | 'height'
    | 'frameRate'
    | 'thumbnailKey'
    | 'proxyKey'
    | 'pageCount'
    | 'pagesKey'
    | 'spriteKey'
    | 'spriteInfo'
  >
>;

/**
 * Sets the processing status (and what processing found) on every asset sharing the original
 * `blobKey` (copies made while it was processing share it); answers the rows changed, with the file
 * type processing found (the status event carries it: subscribers that want only media filter on it).
 */
export function setProcessingStatus(tx: DbOrTx, blobKey: string, set: ProcessingUpdate) {
  return tx
    .update(assets)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(assets.blobKey, blobKey))
    .returning({
      id: assets.id,
      projectId: assets.projectId,
      parentId: assets.parentId,
      fileType: assets.fileType,
    });
}

/** Sets an asset's approval status (002 §3 codes). */
export async function setApprovalStatus(tx: DbOrTx, assetId: string, approvalStatus: number) {
  await tx
    .update(assets)
    .set({ approvalStatus, updatedAt: sql`now()` })
    .where(eq(assets.id, assetId));
}
