import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  BlobError,
  assertExpiry,
  assertPartList,
  assertPartNumber,
  assertValidKey,
  quoteEtag,
  resolveRange,
  unquoteEtag,
  type BlobHead,
  type BlobObject,
  type BlobStore,
  type ByteRange,
  type CompletedPart,
  type LocalPart,
  type MediaSource,
  type UploadedPart,
} from './blobStore.ts';
import {
  commitComposite,
  compositeExists,
  compositeSize,
  compositeStream,
  copyComposite,
  partsDir,
  removeObjectData,
} from './fsComposite.ts';
import { FsLayout, noSuchKey, type Manifest } from './fsLayout.ts';
import { OBJECT_PATH, PARTS_PATH, expiresAt, sign, verify } from './signing.ts';
import type { FilePiece } from './fsSend.ts';
import { FsPartWriter, type PartWriteOptions, type PartWriteResult } from './fsPartWriter.ts';
import { streamToFile } from './streams.ts';

export interface FsBlobStoreOptions {
  /** Directory holding everything (e.g. `./data/blobs`); created on first write. */
  root: string;
  /**
   * Origin put before the signed URLs, e.g. `http://127.0.0.1:4000` for a client outside a browser
   * (tests, benches). Omitted (the server): the URLs are same-origin relative paths, so a page opened
   * at any address of this server (localhost, 127.0.0.1, a LAN name) may PUT to them under its
   * `connect-src 'self'` (docs/decisions/0009-uploads-and-media.md).
   */
  publicBaseUrl?: string;
  /** HMAC key for signed URLs, at least 32 characters. */
  secret: string;
}

export class FsBlobStore implements BlobStore {
  readonly driver = 'fs' as const;
  private readonly disk: FsLayout;
  private readonly baseUrl: string;
  private readonly secret: string;
  private readonly partWriter: FsPartWriter;

  constructor(opts: FsBlobStoreOptions) {
    if (typeof opts.secret !== 'string' || opts.secret.length < 32) {
      throw new Error('FsBlobStore: secret must be at least 32 characters');
    }
    this.disk = new FsLayout(opts.root);
    this.partWriter = new FsPartWriter(this.disk);
    this.baseUrl = opts.publicBaseUrl ? new URL(opts.publicBaseUrl).toString().replace(/\/+$/, '') : '';
    this.secret = opts.secret;
  }

  /** Absolute directory the store lives in. */
  get root(): string {
    return this.disk.root;
  }

  // ---- multipart -------------------------------------------------------------------------------

  async createMultipartUpload(key: string, opts: { contentType: string }): Promise<{ uploadId: string }> {
    assertValidKey(key);
    const uploadId = randomBytes(16).toString('hex');
    const dir = this.disk.uploadDir(uploadId);
    await mkdir(dir, { recursive: true });
    const manifest: Manifest = { key, contentType: opts.contentType, createdAt: new Date().toISOString() };
    await this.disk.writeJsonAtomic(path.join(dir, 'manifest.json'), manifest);
    return { uploadId };
  }

  async signPartUrl(
    key: string,
    uploadId: string,
    partNumber: number,
    opts: { expiresInSeconds: number },
  ): Promise<string> {
    assertValidKey(key);
    this.disk.assertUploadId(uploadId);
    assertPartNumber(partNumber);
    assertExpiry(opts.expiresInSeconds);
    const expires = expiresAt(opts.expiresInSeconds);
    const sig = sign(this.secret, 'part', [key, uploadId, String(partNumber)], expires);
    const query = new URLSearchParams({
      key,
      uploadId,
      partNumber: String(partNumber),
      expires: String(expires),
      sig,
    });
    return `${this.baseUrl}${PARTS_PATH}?${query}`;
  }

  /** Checks a signed part URL's query; used by the PUT route. */
  verifyPartSignature(q: {
    key: string;
    uploadId: string;
    partNumber: string;
    expires?: string;
    sig?: string;
  }) {
    return verify(this.secret, 'part', [q.key, q.uploadId, q.partNumber], q.expires, q.sig);
  }

  /**
   * Stores one part from a stream (the PUT route's request body); re-uploading a part number
   * replaces it, as in S3. `offset` continues a part cut off earlier, `more` keeps it unfinished
   * after this chunk (fsPartWriter.ts). Throws
   * EntityTooLarge past `maxBytes`, NoSuchUpload for an unknown upload, OffsetMismatch when the
   * kept bytes are fewer than `offset`.
   */
  async writePart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    opts: PartWriteOptions,
  ): Promise<PartWriteResult> {
    assertPartNumber(partNumber);
    await this.disk.readManifest(key, uploadId);
    return this.partWriter.write(uploadId, partNumber, body, opts);
  }

  async uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    opts: { contentLength: number },
  ): Promise<CompletedPart> {
    const written = await this.writePart(key, uploadId, partNumber, body, { maxBytes: opts.contentLength });
    if (!('etag' in written) || written.size !== opts.contentLength)
      throw new BlobError('InvalidPart', `part ${partNumber} is shorter than ${opts.contentLength} bytes`);
    return { partNumber, etag: written.etag };
  }

  async partialParts(key: string, uploadId: string): Promise<Map<number, number>> {
    await this.disk.readManifest(key, uploadId);
    return this.partWriter.partialSizes(uploadId);
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    await this.disk.readManifest(key, uploadId);
    return (await this.disk.readParts(uploadId)).map(({ partNumber, etag, size }) => ({
      partNumber,
      etag,
      size,
    }));
  }

  async listUploads(startedBefore: Date, limit: number): Promise<{ key: string; uploadId: string }[]> {
    const found: { key: string; uploadId: string }[] = [];
    const ids = await readdir(path.join(this.disk.root, 'uploads')).catch(() => [] as string[]);
    for (const uploadId of ids) {
      if (found.length >= limit) break;
      const manifest = await this.disk.readUploadManifest(uploadId).catch(() => null);
      if (manifest && Date.parse(manifest.createdAt) < startedBefore.getTime()) {
        found.push({ key: manifest.key, uploadId });
      }
    }
    return found;
  }

  async completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: CompletedPart[],
  ): Promise<{ size: number; etag: string }> {
    const manifest = await this.disk.readManifest(key, uploadId);
    assertPartList(parts);
    const stored = new Map((await this.disk.readParts(uploadId)).map((p) => [p.partNumber, p]));
    const chosen = parts.map((given) => {
      const part = stored.get(given.partNumber);
      if (!part || unquoteEtag(part.etag) !== unquoteEtag(given.etag)) {
        throw new BlobError('InvalidPart', `Part ${given.partNumber} is missing or its ETag does not match`);
      }
      return part;
    });

    const dir = this.disk.uploadDir(uploadId);
    const size = chosen.reduce((sum, p) => sum + p.size, 0);
    // The multipart ETag's shape S3 gives: MD5 of the parts' binary digests, then "-<count>".
    const digests = Buffer.concat(chosen.map((p) => Buffer.from(unquoteEtag(p.etag), 'hex')));
    const etag = quoteEtag(`${createHash('md5').update(digests).digest('hex')}-${chosen.length}`);
    // The parts become the object (renames, no copy); their digests were taken as they were written.
    await commitComposite(this.disk, key, dir, chosen, { contentType: manifest.contentType, etag });
    await rm(dir, { recursive: true, force: true });
    return { size, etag };
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.disk.readManifest(key, uploadId);
    } catch (err) {
      if (err instanceof BlobError && err.code === 'NoSuchUpload') return;
      throw err;
    }
    await rm(this.disk.uploadDir(uploadId), { recursive: true, force: true });
  }

  // ---- objects ---------------------------------------------------------------------------------

  async putObject(key: string, body: Readable | Buffer, opts: { contentType: string }): Promise<void> {
    assertValidKey(key);
    const tmp = await this.disk.tempPath();
    const { digest } = await streamToFile(body, tmp);
    await this.disk.commitObject(key, tmp, { contentType: opts.contentType, etag: quoteEtag(digest) });
    // A composite stored under the same key before is replaced too.
    await rm(partsDir(this.disk, key), { recursive: true, force: true });
  }

  async getObject(key: string, opts: { range?: ByteRange } = {}): Promise<BlobObject> {
    assertValidKey(key);
    let handle;
    try {
      handle = await open(this.disk.objectPath(key), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return this.getComposite(key, opts.range);
      throw err;
    }
    try {
      const size = (await handle.stat()).size;
      const range = opts.range ? resolveRange(opts.range, size) : undefined;
      const meta = await this.disk.readMeta(key);
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      const contentLength = range ? range.end - range.start + 1 : size;
      return { body, size, contentLength, ...(meta.contentType ? { contentType: meta.contentType } : {}) };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  private async getComposite(key: string, wanted: ByteRange | undefined): Promise<BlobObject> {
    const meta = await this.disk.readMeta(key);
    if (!meta.parts || !(await compositeExists(this.disk, key))) throw noSuchKey();
    const size = compositeSize(meta);
    const range = wanted ? resolveRange(wanted, size) : undefined;
    const body = compositeStream(this.disk, key, meta.parts, range);
    const contentLength = range ? range.end - range.start + 1 : size;
    return { body, size, contentLength, ...(meta.contentType ? { contentType: meta.contentType } : {}) };
  }

  /**
   * The files that hold the object's bytes, in order, with their sizes: its one file, or a
   * composite's part files; null when there is no such object.
   */
  async localParts(key: string): Promise<LocalPart[] | null> {
    assertValidKey(key);
    const file = this.disk.objectPath(key);
    const info = await stat(file).catch(() => null);
    if (info?.isFile()) return [{ file, size: info.size }];
    const meta = await this.disk.readMeta(key);
    if (!meta.parts || !(await compositeExists(this.disk, key))) return null;
    const dir = partsDir(this.disk, key);
    return meta.parts.filter((p) => p.size > 0).map((p) => ({ file: path.join(dir, p.file), size: p.size }));
  }

  /** `range` (or all) of the object as ranges of its files, for fsSend's sendPieces. */
  async filePieces(key: string, wanted?: ByteRange) {
    const parts = await this.localParts(key);
    if (!parts) throw noSuchKey();
    const size = parts.reduce((n, p) => n + p.size, 0);
    const range = wanted ? resolveRange(wanted, size) : size ? { start: 0, end: size - 1 } : undefined;
    const pieces: FilePiece[] = [];
    let offset = 0;
    for (const p of parts) {
      const first = offset;
      offset += p.size;
      if (!range || offset - 1 < range.start || first > range.end) continue;
      pieces.push({
        file: p.file,
        start: Math.max(range.start, first) - first,
        end: Math.min(range.end, offset - 1) - first,
      });
    }
    return { pieces, size, contentLength: range ? range.end - range.start + 1 : 0 };
  }

  /** The object's file; a composite's only part file, or `concat:` of its part files in order. */
  async mediaSource(key: string, _opts?: { expiresInSeconds: number }): Promise<MediaSource> {
    const parts = await this.localParts(key);
    if (!parts) throw noSuchKey();
    const files = parts.map((p) => p.file);
    if (files.length === 1) return { input: files[0]!, protocols: 'file', local: true, file: files[0]! };
    // '|' separates concat's inputs; generated keys and part names never hold one, a root might.
    if (files.some((f) => f.includes('|'))) throw new BlobError('InvalidKey', 'Blob root holds a "|"');
    return { input: `concat:${files.join('|')}`, protocols: 'concat,file', local: true };
  }

  async headObject(key: string): Promise<BlobHead | null> {
    assertValidKey(key);
    try {
      const { size } = await stat(this.disk.objectPath(key));
      const meta = await this.disk.readMeta(key);
      return { size, ...(meta.contentType ? { contentType: meta.contentType } : {}) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const meta = await this.disk.readMeta(key);
    if (!meta.parts || !(await compositeExists(this.disk, key))) return null;
    return { size: compositeSize(meta), ...(meta.contentType ? { contentType: meta.contentType } : {}) };
  }

  async deleteObject(key: string): Promise<void> {
    assertValidKey(key);
    await removeObjectData(this.disk, key);
    await rm(this.disk.metaPath(key), { force: true });
  }

  async copyObject(srcKey: string, dstKey: string): Promise<void> {
    assertValidKey(srcKey);
    assertValidKey(dstKey);
    const meta = await this.disk.readMeta(srcKey);
    if (meta.parts && (await compositeExists(this.disk, srcKey))) {
      return copyComposite(this.disk, srcKey, dstKey, meta);
    }
    const tmp = await this.disk.tempPath();
    try {
      await copyFile(this.disk.objectPath(srcKey), tmp);
    } catch (err) {
      await rm(tmp, { force: true });
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw noSuchKey();
      throw err;
    }
    await removeObjectData(this.disk, dstKey);
    const { parts: _parts, ...plain } = meta;
    await this.disk.commitObject(dstKey, tmp, plain);
  }

  async signGetUrl(key: string, opts: { expiresInSeconds: number; filename?: string }): Promise<string> {
    assertValidKey(key);
    assertExpiry(opts.expiresInSeconds);
    const expires = expiresAt(opts.expiresInSeconds);
    const filename = opts.filename ?? '';
    const sig = sign(this.secret, 'object', [key, filename], expires);
    const query = new URLSearchParams({
      key,
      ...(filename ? { filename } : {}),
      expires: String(expires),
      sig,
    });
    return `${this.baseUrl}${OBJECT_PATH}?${query}`;
  }

  /** Checks a signed download URL's query; used by the GET route. */
  verifyGetSignature(q: { key: string; filename?: string; expires?: string; sig?: string }): boolean {
    return verify(this.secret, 'object', [q.key, q.filename ?? ''], q.expires, q.sig);
  }
}
