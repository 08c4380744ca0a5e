import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BlobError, assertValidKey, quoteEtag, type UploadedPart } from './blobStore.ts';

/*
 * The filesystem driver's layout under its root:
 *   objects/<key>~blob, objects/<key>~meta.json   ('~' is not a key character, so `a` and `a/b` never clash)
 *   objects/<key>~parts/part-<n>-<digest>        (a completed multipart upload, listed in its meta)
 *   uploads/<uploadId>/manifest.json, uploads/<uploadId>/part-<n>-<digest>
 *   uploads/<uploadId>/partial-<n>                 (a part being received or cut off, fsPartWriter.ts)
 *   tmp/<random>                                   (same file system, so rename is atomic)
 * The part's digest (its ETag, streams.ts) is in its file name, so one rename publishes bytes and
 * ETag together.
 */

export interface Manifest {
  key: string;
  contentType: string;
  createdAt: string;
}

export interface ObjectMeta {
  contentType?: string;
  etag?: string;
  /** a composite object (a completed multipart upload): its part files in order, see fsComposite.ts */
  parts?: { file: string; size: number }[];
}

export interface StoredPart extends UploadedPart {
  file: string;
  mtimeMs: number;
}

const UPLOAD_ID = /^[0-9a-f]{32}$/;
const PART_FILE = /^part-(\d{1,5})-([0-9a-f]{32})$/;

export const noSuchKey = () => new BlobError('NoSuchKey', 'The specified key does not exist');
export const noSuchUpload = () =>
  new BlobError('NoSuchUpload', 'The specified multipart upload does not exist');

export const partFileName = (partNumber: number, digest: string) => `part-${partNumber}-${digest}`;

export class FsLayout {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  objectPath(key: string): string {
    return path.join(this.root, 'objects', `${key}~blob`);
  }

  metaPath(key: string): string {
    return path.join(this.root, 'objects', `${key}~meta.json`);
  }

  uploadDir(uploadId: string): string {
    return path.join(this.root, 'uploads', uploadId);
  }

  assertUploadId(uploadId: string): void {
    if (typeof uploadId !== 'string' || !UPLOAD_ID.test(uploadId)) throw noSuchUpload();
  }

  async tempPath(): Promise<string> {
    const dir = path.join(this.root, 'tmp');
    await mkdir(dir, { recursive: true });
    return path.join(dir, randomBytes(12).toString('hex'));
  }

  async writeJsonAtomic(file: string, value: unknown): Promise<void> {
    const tmp = await this.tempPath();
    await writeFile(tmp, JSON.stringify(value), { flag: 'wx' });
    await rename(tmp, file);
  }

  /** Moves a finished temp file into place; metadata first, so a visible object always has its own. */
  async commitObject(key: string, tmp: string, meta: ObjectMeta): Promise<void> {
    try {
      await mkdir(path.dirname(this.objectPath(key)), { recursive: true });
      await this.writeJsonAtomic(this.metaPath(key), meta);
      await rename(tmp, this.objectPath(key));
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async readMeta(key: string): Promise<ObjectMeta> {
    try {
      return JSON.parse(await readFile(this.metaPath(key), 'utf8')) as ObjectMeta;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw err;
    }
  }

  async readManifest(key: string, uploadId: string): Promise<Manifest> {
    assertValidKey(key);
    const manifest = await this.readUploadManifest(uploadId);
    if (manifest.key !== key) throw noSuchUpload();
    return manifest;
  }

  /** The manifest of an upload, whatever its key; NoSuchUpload when there is none. */
  async readUploadManifest(uploadId: string): Promise<Manifest> {
    this.assertUploadId(uploadId);
    try {
      return JSON.parse(await readFile(path.join(this.uploadDir(uploadId), 'manifest.json'), 'utf8'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw noSuchUpload();
      throw err;
    }
  }

  /** Stored parts, ascending; if a part number has two files (a racing re-upload), the newest wins. */
  async readParts(uploadId: string): Promise<StoredPart[]> {
    const dir = this.uploadDir(uploadId);
    const byNumber = new Map<number, StoredPart>();
    for (const file of await readdir(dir).catch(() => [] as string[])) {
      const match = PART_FILE.exec(file);
      if (!match) continue;
      const info = await stat(path.join(dir, file)).catch(() => null);
      if (!info) continue;
      const part = {
        partNumber: Number(match[1]),
        etag: quoteEtag(match[2]),
        size: info.size,
        file,
        mtimeMs: info.mtimeMs,
      };
      const seen = byNumber.get(part.partNumber);
      if (!seen || seen.mtimeMs < part.mtimeMs) byNumber.set(part.partNumber, part);
    }
    return [...byNumber.values()].sort((a, b) => a.partNumber - b.partNumber);
  }
}
