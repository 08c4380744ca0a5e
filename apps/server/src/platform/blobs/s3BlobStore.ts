import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import {
  BlobError,
  assertExpiry,
  assertPartList,
  assertPartNumber,
  assertValidKey,
  attachmentDisposition,
  type BlobHead,
  type BlobObject,
  type BlobStore,
  type MediaSource,
  type ByteRange,
  type CompletedPart,
  type UploadedPart,
} from './blobStore.ts';
import { copyInParts, mapError, putUnknownLength } from './s3Transfers.ts';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** For MinIO and other S3-compatible servers, e.g. `http://localhost:9000`. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `true` for local endpoints (path-style `host/bucket/key` URLs). */
  forcePathStyle: boolean;
  /** Lets the app pass the guarded outbound HTTP handler (DESIGN §9). */
  requestHandler?: S3ClientConfig['requestHandler'];
}

/** CopyObject's single-request limit; larger objects are copied part by part. */
const MAX_SINGLE_COPY = 5 * 1024 ** 3;

export class S3BlobStore implements BlobStore {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(opts: S3BlobStoreOptions) {
    this.bucket = opts.bucket;
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // Otherwise presigned part URLs carry checksum parameters a browser cannot satisfy (DESIGN §8).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(opts.requestHandler ? { requestHandler: opts.requestHandler } : {}),
    });
  }

  async createMultipartUpload(key: string, opts: { contentType: string }): Promise<{ uploadId: string }> {
    assertValidKey(key);
    const out = await this.client
      .send(
        new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: opts.contentType }),
      )
      .catch(mapError);
    if (!out.UploadId) throw new Error('S3 returned no UploadId');
    return { uploadId: out.UploadId };
  }

  async signPartUrl(
    key: string,
    uploadId: string,
    partNumber: number,
    opts: { expiresInSeconds: number },
  ): Promise<string> {
    assertValidKey(key);
    assertPartNumber(partNumber);
    assertExpiry(opts.expiresInSeconds);
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: partNumber,
    });
    return getSignedUrl(this.client, command, { expiresIn: opts.expiresInSeconds });
  }

  async uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    opts: { contentLength: number },
  ): Promise<CompletedPart> {
    assertValidKey(key);
    assertPartNumber(partNumber);
    const out = await this.client
      .send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: partNumber,
          Body: body,
          ContentLength: opts.contentLength,
        }),
      )
      .catch(mapError);
    if (!out.ETag) throw new Error('S3 returned no ETag');
    return { partNumber, etag: out.ETag };
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    assertValidKey(key);
    const parts: UploadedPart[] = [];
    let marker: string | undefined;
    for (;;) {
      const out = await this.client
        .send(
          new ListPartsCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            PartNumberMarker: marker,
          }),
        )
        .catch(mapError);
      for (const p of out.Parts ?? []) {
        parts.push({ partNumber: p.PartNumber ?? 0, etag: p.ETag ?? '', size: p.Size ?? 0 });
      }
      if (!out.IsTruncated || !out.NextPartNumberMarker) return parts;
      marker = out.NextPartNumberMarker;
    }
  }

  async completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: CompletedPart[],
  ): Promise<{ size: number; etag: string }> {
    assertValidKey(key);
    assertPartList(parts);
    const out = await this.client
      .send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
        }),
      )
      .catch(mapError);
    const head = await this.headObject(key);
    if (!head) throw new BlobError('NoSuchKey', 'Completed object is missing');
    return { size: head.size, etag: out.ETag ?? '' };
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
      );
    } catch (err) {
      if ((err as { name?: string })?.name !== 'NoSuchUpload') mapError(err);
    }
  }

  async putObject(
    key: string,
    body: Readable | Buffer,
    opts: { contentType: string; contentLength?: number },
  ): Promise<void> {
    assertValidKey(key);
    if (Buffer.isBuffer(body) || opts.contentLength !== undefined) {
      const length = Buffer.isBuffer(body) ? body.length : opts.contentLength;
      await this.client
        .send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: body,
            ContentType: opts.contentType,
            ContentLength: length,
          }),
        )
        .catch(mapError);
      return;
    }
    await putUnknownLength(this, key, body, opts.contentType);
  }

  async getObject(key: string, opts: { range?: ByteRange } = {}): Promise<BlobObject> {
    assertValidKey(key);
    const { range } = opts;
    if (range && (!Number.isSafeInteger(range.start) || range.start < 0 || range.end < range.start)) {
      throw new BlobError('InvalidArgument', 'Invalid byte range');
    }
    const out = await this.client
      .send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      .catch(mapError);
    const contentLength = out.ContentLength ?? 0;
    const total = /\/(\d+)$/.exec(out.ContentRange ?? '');
    const body = out.Body instanceof Readable ? out.Body : Readable.from([]);
    return {
      body,
      size: total ? Number(total[1]) : contentLength,
      contentLength,
      ...(out.ContentType ? { contentType: out.ContentType } : {}),
    };
  }

  async headObject(key: string): Promise<BlobHead | null> {
    assertValidKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, ...(out.ContentType ? { contentType: out.ContentType } : {}) };
    } catch (err) {
      const name = (err as { name?: string })?.name;
      if (name === 'NotFound' || name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async deleteObject(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(mapError);
  }

  async copyObject(srcKey: string, dstKey: string): Promise<void> {
    assertValidKey(srcKey);
    assertValidKey(dstKey);
    // Validated keys hold only [a-z0-9/_.-], which need no escaping in x-amz-copy-source.
    const CopySource = `${this.bucket}/${srcKey}`;
    const head = await this.headObject(srcKey);
    if (!head) throw new BlobError('NoSuchKey', 'The specified key does not exist');
    if (head.size <= MAX_SINGLE_COPY) {
      await this.client
        .send(new CopyObjectCommand({ Bucket: this.bucket, Key: dstKey, CopySource }))
        .catch(mapError);
      return;
    }
    await copyInParts(this, dstKey, CopySource, head);
  }

  async signGetUrl(key: string, opts: { expiresInSeconds: number; filename?: string }): Promise<string> {
    assertValidKey(key);
    assertExpiry(opts.expiresInSeconds);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(opts.filename ? { ResponseContentDisposition: attachmentDisposition(opts.filename) } : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: opts.expiresInSeconds });
  }

  /** Objects in a bucket are no files of this machine. */
  async localParts(): Promise<null> {
    return null;
  }

  /** A presigned GET: ffmpeg reads it with HTTP ranges, as far as it needs. */
  async mediaSource(key: string, opts: { expiresInSeconds: number }): Promise<MediaSource> {
    const input = await this.signGetUrl(key, opts);
    return { input, protocols: 'https,http,tls,tcp', local: false };
  }
}
