import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { AppContext } from '../../platform/context.ts';
import { findFileAsset } from '../assets/index.ts';
import { TransferCancelled, finishItem, saveItemParts, type TransferItemRow } from '../transfers/index.ts';
import { restartOnceIfUploadVanished, type PartsProgress } from './bucketParts.ts';
import { bucketRunner } from './bucketRunner.ts';

/** The asset an export item sends, as the multipart write needs it. */
interface Source {
  blobKey: string;
  size: number;
  contentType: string;
}

/** The bucket answered that it does not know the upload (aborted by a lifecycle rule, or by hand). */
const uploadVanished = (err: unknown) => (err as { name?: string } | null)?.name === 'NoSuchUpload';

/**
 * One asset to the output bucket. Up to TRANSFER_PART_SIZE in one PutObject; larger ones by
 * multipart, each part read as a range of the stored original and recorded (number and ETag) as
 * soon as S3 took it, so after a crash the next run sends only the parts that are missing.
 *
 * The customer's bucket may abort our unfinished upload meanwhile (a lifecycle rule that aborts
 * incomplete multipart uploads): it then answers NoSuchUpload to the next part or to the completion,
 * and the asset is sent again from its first part into a fresh upload, once per run (bucketParts.ts,
 * as imports do).
 */
async function exportItem(
  ctx: AppContext,
  s3: S3Client,
  bucket: string,
  item: TransferItemRow,
  checkCancelled: () => Promise<void>,
) {
  const asset = await findFileAsset(ctx.db, item.source);
  if (!asset?.blobKey) throw new Error(`asset ${item.title} is no longer in the project`);
  const source = {
    blobKey: asset.blobKey,
    size: Number(asset.sizeBytes),
    contentType: asset.mimeType || 'application/octet-stream',
  };
  if (source.size <= ctx.config.TRANSFER_PART_SIZE) {
    const obj = await ctx.blobs.getObject(source.blobKey);
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: item.target,
        Body: obj.body,
        ContentLength: source.size,
        ContentType: source.contentType,
      }),
    );
    await finishItem(ctx.db, item, source.size);
    return;
  }
  await restartOnceIfUploadVanished(ctx, item, source.size, uploadVanished, (progress) =>
    sendParts(ctx, s3, bucket, item, source, progress, checkCancelled),
  );
  await finishItem(ctx.db, item, 0);
}

/** The parts not in `progress` yet, then the completion; a cancel aborts the upload in the bucket. */
async function sendParts(
  ctx: AppContext,
  s3: S3Client,
  bucket: string,
  item: TransferItemRow,
  source: Source,
  progress: PartsProgress,
  checkCancelled: () => Promise<void>,
) {
  const partSize = ctx.config.TRANSFER_PART_SIZE;
  const { parts } = progress;
  let uploadId = progress.uploadId;
  if (!uploadId) {
    const out = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: item.target, ContentType: source.contentType }),
    );
    uploadId = out.UploadId ?? null;
    if (!uploadId) throw new Error('the bucket returned no upload id');
    progress.uploadId = uploadId;
    parts.length = 0;
    await saveItemParts(ctx.db, item, uploadId, parts, 0);
  }
  const count = Math.ceil(source.size / partSize);
  try {
    for (let n = parts.length + 1; n <= count; n++) {
      await checkCancelled();
      const start = (n - 1) * partSize;
      const end = Math.min(source.size, start + partSize) - 1;
      const obj = await ctx.blobs.getObject(source.blobKey, { range: { start, end } });
      const out = await s3.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: item.target,
          UploadId: uploadId,
          PartNumber: n,
          Body: obj.body,
          ContentLength: end - start + 1,
        }),
      );
      if (!out.ETag) throw new Error('the bucket returned no ETag');
      parts.push({ PartNumber: n, ETag: out.ETag });
      await saveItemParts(ctx.db, item, uploadId, parts, end - start + 1);
    }
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: item.target,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
  } catch (err) {
    if (err instanceof TransferCancelled)
      await s3
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: item.target, UploadId: uploadId }))
        .catch(() => undefined);
    throw err;
  }
}

/** Export runner: each asset not sent yet, in order (bucketRunner), into the output bucket. */
export function exportRunner(ctx: AppContext) {
  return bucketRunner(ctx, (item, { s3, name: bucket }, { checkCancelled }) =>
    exportItem(ctx, s3, bucket, item, checkCancelled),
  );
}
