import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
  type UploadedPart,
} from './blobStore.ts';
import { OBJECT_PATH, PARTS_PATH, expiresAt, sign, verify } from './signing.ts';
import { streamToFile } from './streams.ts';

export interface FsBlobStoreOptions {
  /** Directory holding everything (e.g. `./data/blobs`); created on first write. */
  root: string;
  /** Origin the browser reaches this server at, e.g. `http://localhost:3000`. */
  publicBaseUrl: string;
  /** HMAC key for signed URLs, at least 32 characters. */
  secret: string;
}

interface Manifest {
  key: string;
  contentType: string;
  createdAt: string;
}

interface ObjectMeta {
  contentType?: string;
  etag?: string;
}

interface StoredPart extends UploadedPart {
  file: string;
  mtimeMs: number;
}

/*
 * Layout under root:
 *   objects/<key>~blob, objects/<key>~meta.json   ('~' is not a key character, so `a` and `a/b` never clash)
 *   uploads/<uploadId>/manifest.json, uploads/<uploadId>/part-<n>-<md5hex>
 *   tmp/<random>                                   (same file system, so rename is atomic)
 */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const PART_FILE = /^part-(\d{1,5})-([0-9a-f]{32})$/;

export class FsBlobStore implements BlobStore {
  readonly driver = 'fs' as const;
  readonly root: string;
  private readonly baseUrl: string;
  private readonly secret: string;

  constructor(opts: FsBlobStoreOptions) {
    if (typeof opts.secret !== 'string' || opts.secret.length < 32) {
      throw new Error('FsBlobStore: secret must be at least 32 characters');
    }
    this.root = path.resolve(opts.root);
    this.baseUrl = new URL(opts.publicBaseUrl).toString().replace(/\/+$/, '');
    this.secret = opts.secret;
  }

  // ---- multipart -------------------------------------------------------------------------------

  async createMultipartUpload(key: string, opts: { contentType: string }): Promise<{ uploadId: string }> {
    assertValidKey(key);
    const uploadId = randomBytes(16).toString('hex');
    const dir = this.uploadDir(uploadId);
    await mkdir(dir, { recursive: true });
    const manifest: Manifest = { key, contentType: opts.contentType, createdAt: new Date().toISOString() };
    await this.writeJsonAtomic(path.join(dir, 'manifest.json'), manifest);
    return { uploadId };
  }

  async signPartUrl(
    key: string,
    uploadId: string,
    partNumber: number,
    opts: { expiresInSeconds: number },
  ): Promise<string> {
    assertValidKey(key);
    this.assertUploadId(uploadId);
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
  verifyPartSignature(q: { key: string; uploadId: string; partNumber: string; expires?: string; sig?: string }) {
    return verify(this.secret, 'part', [q.key, q.uploadId, q.partNumber], q.expires, q.sig);
  }

  /**
   * Stores one part from a stream (the PUT route's request body); re-uploading a part number
   * replaces it, as in S3. Throws EntityTooLarge past `maxBytes`, NoSuchUpload for an unknown upload.
   */
  async writePart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    opts: { maxBytes: number },
  ): Promise<{ etag: string; size: number }> {
    assertPartNumber(partNumber);
    await this.readManifest(key, uploadId);
    const tmp = await this.tempPath();
    const { size, md5hex } = await streamToFile(body, tmp, { maxBytes: opts.maxBytes });
    const name = `part-${partNumber}-${md5hex}`;
    try {
      await rename(tmp, path.join(this.uploadDir(uploadId), name));
    } catch (err) {
      await rm(tmp, { force: true });
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw noSuchUpload();
      throw err;
    }
    const stale = (await this.readParts(uploadId)).filter((p) => p.partNumber === partNumber && p.file !== name);
    await Promise.all(stale.map((p) => rm(path.join(this.uploadDir(uploadId), p.file), { force: true })));
    return { etag: quoteEtag(md5hex), size };
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    await this.readManifest(key, uploadId);
    return (await this.readParts(uploadId)).map(({ partNumber, etag, size }) => ({ partNumber, etag, size }));
  }

  async completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: CompletedPart[],
  ): Promise<{ size: number; etag: string }> {
    const manifest = await this.readManifest(key, uploadId);
    assertPartList(parts);
    const stored = new Map((await this.readParts(uploadId)).map((p) => [p.partNumber, p]));
    const chosen = parts.map((given) => {
      const part = stored.get(given.partNumber);
      if (!part || unquoteEtag(part.etag) !== unquoteEtag(given.etag)) {
        throw new BlobError('InvalidPart', `Part ${given.partNumber} is missing or its ETag does not match`);
      }
      return part;
    });

    const dir = this.uploadDir(uploadId);
    // Concatenate by streaming, re-hashing each part so what lands is exactly what was acknowledged.
    async function* concatenated() {
      for (const part of chosen) {
        const hash = createHash('md5');
        for await (const chunk of createReadStream(path.join(dir, part.file))) {
          hash.update(chunk as Buffer);
          yield chunk as Buffer;
        }
        if (quoteEtag(hash.digest('hex')) !== part.etag) {
          throw new BlobError('InvalidPart', `Part ${part.partNumber} changed on disk`);
        }
      }
    }
    const tmp = await this.tempPath();
    try {
      await pipeline(concatenated, createWriteStream(tmp, { flags: 'wx' }));
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    const size = chosen.reduce((sum, p) => sum + p.size, 0);
    // The multipart ETag S3 gives: MD5 of the parts' binary MD5s, then "-<count>".
    const digests = Buffer.concat(chosen.map((p) => Buffer.from(unquoteEtag(p.etag), 'hex')));
    const etag = quoteEtag(`${createHash('md5').update(digests).digest('hex')}-${chosen.length}`);
    await this.commitObject(key, tmp, { contentType: manifest.contentType, etag });
    await rm(dir, { recursive: true, force: true });
    return { size, etag };
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    assertValidKey(key);
    this.assertUploadId(uploadId);
    try {
      await this.readManifest(key, uploadId);
    } catch (err) {
      if (err instanceof BlobError && err.code === 'NoSuchUpload') return;
      throw err;
    }
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }

  // ---- objects ---------------------------------------------------------------------------------

  async putObject(key: string, body: Readable | Buffer, opts: { contentType: string }): Promise<void> {
    assertValidKey(key);
    const tmp = await this.tempPath();
    const { md5hex } = await streamToFile(body, tmp, { destroySourceOnError: true });
    await this.commitObject(key, tmp, { contentType: opts.contentType, etag: quoteEtag(md5hex) });
  }

  async getObject(key: string, opts: { range?: ByteRange } = {}): Promise<BlobObject> {
    assertValidKey(key);
    let handle;
    try {
      handle = await open(this.objectPath(key), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw noSuchKey();
      throw err;
    }
    try {
      const size = (await handle.stat()).size;
      const range = opts.range ? resolveRange(opts.range, size) : undefined;
      const meta = await this.readMeta(key);
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      const contentLength = range ? range.end - range.start + 1 : size;
      return { body, size, contentLength, ...(meta.contentType ? { contentType: meta.contentType } : {}) };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async headObject(key: string): Promise<BlobHead | null> {
    assertValidKey(key);
    try {
      const { size } = await stat(this.objectPath(key));
      const meta = await this.readMeta(key);
      return { size, ...(meta.contentType ? { contentType: meta.contentType } : {}) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async deleteObject(key: string): Promise<void> {
    assertValidKey(key);
    await rm(this.objectPath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
  }

  async copyObject(srcKey: string, dstKey: string): Promise<void> {
    assertValidKey(srcKey);
    assertValidKey(dstKey);
    const meta = await this.readMeta(srcKey);
    const tmp = await this.tempPath();
    try {
      await copyFile(this.objectPath(srcKey), tmp);
    } catch (err) {
      await rm(tmp, { force: true });
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw noSuchKey();
      throw err;
    }
    await this.commitObject(dstKey, tmp, meta);
  }

  async signGetUrl(key: string, opts: { expiresInSeconds: number; filename?: string }): Promise<string> {
    assertValidKey(key);
    assertExpiry(opts.expiresInSeconds);
    const expires = expiresAt(opts.expiresInSeconds);
    const filename = opts.filename ?? '';
    const sig = sign(this.secret, 'object', [key, filename], expires);
    const query = new URLSearchParams({ key, ...(filename ? { filename } : {}), expires: String(expires), sig });
    return `${this.baseUrl}${OBJECT_PATH}?${query}`;
  }

  /** Checks a signed download URL's query; used by the GET route. */
  verifyGetSignature(q: { key: string; filename?: string; expires?: string; sig?: string }): boolean {
    return verify(this.secret, 'object', [q.key, q.filename ?? ''], q.expires, q.sig);
  }

  // ---- internals -------------------------------------------------------------------------------

  private objectPath(key: string): string {
    return path.join(this.root, 'objects', `${key}~blob`);
  }

  private metaPath(key: string): string {
    return path.join(this.root, 'objects', `${key}~meta.json`);
  }

  private uploadDir(uploadId: string): string {
    return path.join(this.root, 'uploads', uploadId);
  }

  private assertUploadId(uploadId: string): void {
    if (typeof uploadId !== 'string' || !UPLOAD_ID.test(uploadId)) throw noSuchUpload();
  }

  private async tempPath(): Promise<string> {
    const dir = path.join(this.root, 'tmp');
    await mkdir(dir, { recursive: true });
    return path.join(dir, randomBytes(12).toString('hex'));
  }

  private async writeJsonAtomic(file: string, value: unknown): Promise<void> {
    const tmp = await this.tempPath();
    await writeFile(tmp, JSON.stringify(value), { flag: 'wx' });
    await rename(tmp, file);
  }

  /** Moves a finished temp file into place; metadata first, so a visible object always has its own. */
  private async commitObject(key: string, tmp: string, meta: ObjectMeta): Promise<void> {
    try {
      await mkdir(path.dirname(this.objectPath(key)), { recursive: true });
      await this.writeJsonAtomic(this.metaPath(key), meta);
      await rename(tmp, this.objectPath(key));
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  private async readMeta(key: string): Promise<ObjectMeta> {
    try {
      return JSON.parse(await readFile(this.metaPath(key), 'utf8')) as ObjectMeta;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw err;
    }
  }

  private async readManifest(key: string, uploadId: string): Promise<Manifest> {
    assertValidKey(key);
    this.assertUploadId(uploadId);
    let manifest: Manifest;
    try {
      manifest = JSON.parse(await readFile(path.join(this.uploadDir(uploadId), 'manifest.json'), 'utf8'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw noSuchUpload();
      throw err;
    }
    if (manifest.key !== key) throw noSuchUpload();
    return manifest;
  }

  /** Stored parts, ascending; if a part number has two files (a racing re-upload), the newest wins. */
  private async readParts(uploadId: string): Promise<StoredPart[]> {
    const dir = this.uploadDir(uploadId);
    const byNumber = new Map<number, StoredPart>();
    for (const file of await readdir(dir).catch(() => [] as string[])) {
      const match = PART_FILE.exec(file);
      if (!match) continue;
      const info = await stat(path.join(dir, file)).catch(() => null);
      if (!info) continue;
      const part = { partNumber: Number(match[1]), etag: quoteEtag(match[2]), size: info.size, file, mtimeMs: info.mtimeMs };
      const seen = byNumber.get(part.partNumber);
      if (!seen || seen.mtimeMs < part.mtimeMs) byNumber.set(part.partNumber, part);
    }
    return [...byNumber.values()].sort((a, b) => a.partNumber - b.partNumber);
  }
}

const noSuchKey = () => new BlobError('NoSuchKey', 'The specified key does not exist');
const noSuchUpload = () => new BlobError('NoSuchUpload', 'The specified multipart upload does not exist');
