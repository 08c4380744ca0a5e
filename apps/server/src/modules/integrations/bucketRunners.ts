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
import {
  TransferCancelled,
  finishItem,
  registerTransferRunner,
  saveItemParts,
  transferHeldUploads,
  type TransferItemRow,
} from '../transfers/index.ts';
import { keepStoreUploads } from '../uploads/index.ts';
import { importRunner } from './bucketImport.ts';
import { bucketRunner } from './bucketRunner.ts';

/**
 * One asset to the output bucket. Up to TRANSFER_PART_SIZE in one PutObject; larger ones by
 * multipart, each part read as a range of the stored original and recorded (number and ETag) as
 * soon as S3 took it, so after a crash the next run sends only the parts that are missing.
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
  const size = Number(asset.sizeBytes);
  const contentType = asset.mimeType || 'application/octet-stream';
  const partSize = ctx.config.TRANSFER_PART_SIZE;
  if (size <= partSize) {
    const obj = await ctx.blobs.getObject(asset.blobKey);
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: item.target,
        Body: obj.body,
        ContentLength: size,
        ContentType: contentType,
      }),
    );
    await finishItem(ctx.db, item, size);
    return;
  }
  let uploadId = item.uploadId;
  const parts = [...item.parts];
  if (!uploadId) {
    const out = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: item.target, ContentType: contentType }),
    );
    uploadId = out.UploadId ?? null;
    if (!uploadId) throw new Error('the bucket returned no upload id');
    parts.length = 0;
    await saveItemParts(ctx.db, item, uploadId, parts, 0);
  }
  const count = Math.ceil(size / partSize);
  for (let n = parts.length + 1; n <= count; n++) {
    await checkCancelled();
    const start = (n - 1) * partSize;
    const end = Math.min(size, start + partSize) - 1;
    const obj = await ctx.blobs.getObject(asset.blobKey, { range: { start, end } });
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
  await finishItem(ctx.db, item, 0);
}

function exportRunner(ctx: AppContext) {
  return bucketRunner(ctx, async (item, { s3, name: bucket }, { checkCancelled }) => {
    try {
      await exportItem(ctx, s3, bucket, item, checkCancelled);
    } catch (err) {
      if (err instanceof TransferCancelled && item.uploadId)
        await s3
          .send(
            new AbortMultipartUploadCommand({ Bucket: bucket, Key: item.target, UploadId: item.uploadId }),
          )
          .catch(() => undefined);
      throw err;
    }
  });
}

export function registerBucketRunners(ctx: AppContext) {
  registerTransferRunner(ctx, 'import', importRunner(ctx));
  registerTransferRunner(ctx, 'export', exportRunner(ctx));
  // An import copies a large object into a store upload that no upload session knows: the hourly
  // sweep keeps it while its transfer may still run (docs/decisions.md).
  keepStoreUploads(ctx, (uploads) =>
    transferHeldUploads(
      ctx.db,
      uploads.map((u) => u.uploadId),
    ),
  );
}
