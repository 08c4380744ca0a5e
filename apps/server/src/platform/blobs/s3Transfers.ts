import { UploadPartCommand, UploadPartCopyCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import {
  BlobError,
  type BlobErrorCode,
  type BlobHead,
  type BlobStore,
  type CompletedPart,
} from './blobStore.ts';

/** The S3 driver's multi-request transfers and its error mapping. */

/** What the transfers use of the S3 store (the store passes itself; no import of it, so no cycle). */
type S3BlobStore = Pick<
  BlobStore,
  'createMultipartUpload' | 'putObject' | 'completeMultipartUpload' | 'abortMultipartUpload'
> & { readonly client: S3Client; readonly bucket: string };

/** Buffered per request when a stream of unknown length is put: bounded memory, as lib-storage does. */
const STREAM_PART_BYTES = 8 * 1024 * 1024;
const COPY_PART_BYTES = 512 * 1024 * 1024;

const ERROR_CODES: Record<string, BlobErrorCode> = {
  NoSuchKey: 'NoSuchKey',
  NotFound: 'NoSuchKey',
  NoSuchUpload: 'NoSuchUpload',
  InvalidPart: 'InvalidPart',
  InvalidPartOrder: 'InvalidPartOrder',
  InvalidRange: 'InvalidRange',
  EntityTooLarge: 'EntityTooLarge',
  EntityTooSmall: 'InvalidPart',
};

/** Maps the SDK's service errors to BlobError; anything else is rethrown as is. */
export function mapError(err: unknown): never {
  const name = (err as { name?: string })?.name;
  const code = name ? ERROR_CODES[name] : undefined;
  if (code) throw new BlobError(code, (err as Error).message || name!, { cause: err });
  throw err;
}

/** A stream of unknown length: one PutObject if it fits a chunk, else a multipart upload of chunks. */
export async function putUnknownLength(
  store: S3BlobStore,
  key: string,
  body: Readable,
  contentType: string,
): Promise<void> {
  let uploadId: string | undefined;
  const parts: CompletedPart[] = [];
  const flush = async (chunk: Buffer) => {
    uploadId ??= (await store.createMultipartUpload(key, { contentType })).uploadId;
    const PartNumber = parts.length + 1;
    const out = await store.client
      .send(
        new UploadPartCommand({
          Bucket: store.bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber,
          Body: chunk,
        }),
      )
      .catch(mapError);
    parts.push({ partNumber: PartNumber, etag: out.ETag ?? '' });
  };
  try {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for await (const data of body) {
      const chunk = Buffer.isBuffer(data) ? data : Buffer.from(data as string);
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= STREAM_PART_BYTES) {
        await flush(Buffer.concat(pending));
        pending = [];
        pendingBytes = 0;
      }
    }
    const rest = Buffer.concat(pending);
    if (!uploadId) {
      await store.putObject(key, rest, { contentType });
      return;
    }
    if (rest.length > 0) await flush(rest);
    await store.completeMultipartUpload(key, uploadId, parts);
  } catch (err) {
    body.destroy();
    if (uploadId) await store.abortMultipartUpload(key, uploadId).catch(() => undefined);
    throw err;
  }
}

/** CopyObject stops at 5 GiB; larger objects are copied with UploadPartCopy in ranges. */
export async function copyInParts(
  store: S3BlobStore,
  dstKey: string,
  CopySource: string,
  head: BlobHead,
): Promise<void> {
  const { uploadId } = await store.createMultipartUpload(dstKey, {
    contentType: head.contentType ?? 'application/octet-stream',
  });
  try {
    const parts: CompletedPart[] = [];
    for (let start = 0, n = 1; start < head.size; start += COPY_PART_BYTES, n++) {
      const end = Math.min(start + COPY_PART_BYTES, head.size) - 1;
      const out = await store.client
        .send(
          new UploadPartCopyCommand({
            Bucket: store.bucket,
            Key: dstKey,
            UploadId: uploadId,
            PartNumber: n,
            CopySource,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        )
        .catch(mapError);
      parts.push({ partNumber: n, etag: out.CopyPartResult?.ETag ?? '' });
    }
    await store.completeMultipartUpload(dstKey, uploadId, parts);
  } catch (err) {
    await store.abortMultipartUpload(dstKey, uploadId).catch(() => undefined);
    throw err;
  }
}
