import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { extensionOf } from '@rushes/shared';
import { isBlobError } from '../../platform/blobs/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { ensureFolderPath, originalKey } from '../assets/index.ts';
import { lockProject } from '../projects/index.ts';
import { TransferCancelled, finishItem, saveItemParts, type TransferItemRow } from '../transfers/index.ts';
import { assertStorageRoom, recordIngestedAsset } from '../uploads/index.ts';
import { restartOnceIfUploadVanished, type PartsProgress } from './bucketParts.ts';
import { bucketRunner } from './bucketRunner.ts';

export const bodyStream = (body: unknown): Readable => {
  if (body instanceof Readable) return body;
  if (body && typeof (body as ReadableStream).getReader === 'function')
    return Readable.fromWeb(body as import('node:stream/web').ReadableStream);
  throw new Error('the store returned no body');
};

/** The object changed in the bucket after it was chosen: its parts would not belong together. */
const changed = (title: string) => new Error(`${title} changed in the bucket since the import started`);

/**
 * A large object into the store part by part: each part is a ranged GET of the object (If-Match
 * its ETag when chosen) streamed into a multipart upload of the blob store, and recorded (number
 * and ETag, its bytes counted) as soon as the store holds it. After a crash the next run asks the
 * bucket only for the bytes from the first part not recorded.
 *
 * The store may have dropped the unfinished upload in between (the filesystem store's sweep of old
 * uploads, an S3 lifecycle rule): then the object is fetched again from its first byte into a fresh
 * upload, still If-Match its ETag, once per run (bucketParts.ts, as exports do).
 */
function fetchInParts(
  ctx: AppContext,
  s3: S3Client,
  bucket: string,
  item: TransferItemRow,
  key: string,
  object: { size: number; contentType: string },
  checkCancelled: () => Promise<void>,
) {
  return restartOnceIfUploadVanished(
    ctx,
    item,
    object.size,
    (err) => isBlobError(err, 'NoSuchUpload'),
    (progress) => copyParts(ctx, s3, bucket, item, key, object, progress, checkCancelled),
  );
}

async function copyParts(
  ctx: AppContext,
  s3: S3Client,
  bucket: string,
  item: TransferItemRow,
  key: string,
  object: { size: number; contentType: string },
  progress: PartsProgress,
  checkCancelled: () => Promise<void>,
) {
  const partSize = ctx.config.TRANSFER_PART_SIZE;
  const count = Math.ceil(object.size / partSize);
  const { parts } = progress;
  let uploadId = progress.uploadId;
  if (!uploadId) {
    uploadId = (await ctx.blobs.createMultipartUpload(key, { contentType: object.contentType })).uploadId;
    progress.uploadId = uploadId;
    parts.length = 0;
    await saveItemParts(ctx.db, item, uploadId, parts, 0);
  }
  // Every part recorded and the object made: a crash came before the asset's transaction.
  if (parts.length === count && (await ctx.blobs.headObject(key))?.size === object.size) return;
  try {
    for (let n = parts.length + 1; n <= count; n++) {
      await checkCancelled();
      const start = (n - 1) * partSize;
      const end = Math.min(object.size, start + partSize) - 1;
      const got = await s3.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: item.source,
          Range: `bytes=${start}-${end}`,
          ...(item.sourceEtag ? { IfMatch: item.sourceEtag } : {}),
        }),
      );
      const body = bodyStream(got.Body);
      const part = await ctx.blobs
        .uploadPart(key, uploadId, n, body, { contentLength: end - start + 1 })
        .finally(() => body.destroy()); // a refused part leaves no response open
      parts.push({ PartNumber: n, ETag: part.etag });
      await saveItemParts(ctx.db, item, uploadId, parts, end - start + 1);
    }
    await ctx.blobs.completeMultipartUpload(
      key,
      uploadId,
      parts.map((p) => ({ partNumber: p.PartNumber, etag: p.ETag })),
    );
  } catch (err) {
    if (err instanceof TransferCancelled) await ctx.blobs.abortMultipartUpload(key, uploadId);
    throw err;
  }
}

/**
 * Import runner: each object is streamed from the bucket into the project's store (never whole in
 * memory; above TRANSFER_PART_SIZE part by part, see fetchInParts), then one transaction makes its
 * asset (folders of the path, totals, the media job) and marks the item done. A restart resumes at
 * the first item not done, inside a large object at its first part not stored; objects already
 * done are never fetched again.
 */
export function importRunner(ctx: AppContext) {
  return bucketRunner(ctx, async (item, { s3, name: bucket }, { transfer, checkCancelled }) => {
    const assetId = item.target;
    const key = originalKey(transfer.projectId, assetId);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: item.source }));
    if (item.sourceEtag && head.ETag !== item.sourceEtag) throw changed(item.title);
    const size = Number(head.ContentLength ?? item.sizeBytes);
    const contentType = head.ContentType || 'application/octet-stream';
    // The plan's storage quota, as for browser and camera uploads: checked before the bytes are
    // copied (a full team fetches nothing) and again where the asset is made (the authoritative one).
    await ctx.db.transaction((tx) => assertStorageRoom(tx, transfer.projectId, size));
    const inParts = size > ctx.config.TRANSFER_PART_SIZE;
    if (inParts) await fetchInParts(ctx, s3, bucket, item, key, { size, contentType }, checkCancelled);
    else {
      const got = await s3.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: item.source,
          ...(item.sourceEtag ? { IfMatch: item.sourceEtag } : {}),
        }),
      );
      await ctx.blobs.putObject(key, bodyStream(got.Body), { contentType, contentLength: size });
    }
    await ctx.events.transaction(ctx.db, async (tx, emit) => {
      if (!(await lockProject(tx, transfer.projectId))) throw new TransferCancelled();
      const created: (string | null)[] = [];
      const folder = await ensureFolderPath(
        tx,
        {
          projectId: transfer.projectId,
          folderId: null,
          path: item.folderPath ?? '/',
          userId: transfer.createdBy,
        },
        created,
      );
      await assertStorageRoom(tx, transfer.projectId, size).catch(async (error: unknown) => {
        await ctx.blobs.deleteObject(key).catch(() => undefined);
        throw error;
      });
      // parts were counted as they were stored
      if (!(await finishItem(tx, item, inParts ? 0 : size))) return;
      await recordIngestedAsset(
        tx,
        emit,
        {
          assetId,
          projectId: transfer.projectId,
          folder,
          filename: item.title,
          mimeType: contentType,
          extension: extensionOf(item.title).slice(0, 20),
          sizeBytes: size,
          blobKey: key,
          userId: transfer.createdBy,
        },
        created,
      );
    });
    ctx.jobs.wake();
  });
}
