import { open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Hash } from 'node:crypto';
import { BlobError, quoteEtag } from './blobStore.ts';
import { noSuchUpload, partFileName, type FsLayout } from './fsLayout.ts';
import { SourceInterrupted, digestHex, newContentHash, receiveInto } from './streams.ts';

/*
 * One part's bytes on the filesystem driver. A part is received into uploads/<id>/partial-<n> and
 * renamed to part-<n>-<digest> when its last byte is in, so a listed part is always whole. A part
 * may come in several PUTs (`more`: acknowledged chunks, each answered once written). When the
 * sender goes away mid-part (pause, reload, network) the partial file keeps every byte that arrived;
 * when this server is killed, every byte written (at most 1 MiB or 100 ms behind, streams.ts). The
 * next PUT of that part may give `offset` = the partial's size (the sign answer tells the client)
 * and send only the rest. S3 has no such thing: there a cut part is sent again whole
 * (docs/decisions/0009-uploads-and-media.md).
 */

const PARTIAL_FILE = /^partial-(\d{1,5})$/;
const READ_CHUNK = 1024 * 1024;

const partialPath = (dir: string, partNumber: number) => path.join(dir, `partial-${partNumber}`);

interface ActiveWrite {
  body: Readable;
  done: Promise<unknown>;
}

export interface PartWriteOptions {
  /** Bytes the whole part may have (offset included). */
  maxBytes: number;
  /** Continue a partial part from this byte; 0 (default) starts the part over. */
  offset?: number;
  /**
   * A chunk that is not the part's last (default false): its bytes are written to the partial
   * file and the part stays unfinished; the answer is the new offset.
   */
  more?: boolean;
}

/** A finished part (its ETag), or the offset an unfinished one reached. */
export type PartWriteResult = { etag: string; size: number } | { offset: number };

/** Hash states kept between the chunks of parts in progress (oldest dropped past this). */
const MAX_KEPT_HASHES = 1000;

export class FsPartWriter {
  /** The write in progress per `<uploadId>/<part>`: a new PUT of the same part takes over. */
  private readonly active = new Map<string, ActiveWrite>();
  /**
   * Per `<uploadId>/<part>`, the hash of the bytes [0, offset) the last chunk left, so the next
   * chunk goes on hashing instead of reading them back (after a restart they are read back).
   */
  private readonly hashes = new Map<string, { offset: number; hash: Hash }>();

  constructor(private readonly disk: FsLayout) {}

  async write(
    uploadId: string,
    partNumber: number,
    body: Readable,
    opts: PartWriteOptions,
  ): Promise<PartWriteResult> {
    const slot = `${uploadId}/${partNumber}`;
    const previous = this.active.get(slot);
    // A PUT for a part still being written means the old sender is gone (a half-open connection
    // after a network change) or superseded: stop it; its bytes up to here stay in the partial file.
    if (previous) previous.body.destroy();
    const done = (previous?.done ?? Promise.resolve())
      .catch(() => {})
      .then(() => this.writeNow(uploadId, partNumber, body, opts));
    const entry = { body, done };
    this.active.set(slot, entry);
    try {
      return await done;
    } finally {
      if (this.active.get(slot) === entry) this.active.delete(slot);
    }
  }

  private keepHash(slot: string, offset: number, hash: Hash) {
    this.hashes.set(slot, { offset, hash });
    if (this.hashes.size > MAX_KEPT_HASHES) this.hashes.delete(this.hashes.keys().next().value!);
  }

  /** Bytes kept of unfinished parts, by part number. */
  async partialSizes(uploadId: string): Promise<Map<number, number>> {
    const dir = this.disk.uploadDir(uploadId);
    const sizes = new Map<number, number>();
    for (const file of await readdir(dir).catch(() => [] as string[])) {
      const match = PARTIAL_FILE.exec(file);
      if (!match) continue;
      const info = await stat(path.join(dir, file)).catch(() => null);
      if (info && info.size > 0) sizes.set(Number(match[1]), info.size);
    }
    return sizes;
  }

  private async writeNow(
    uploadId: string,
    partNumber: number,
    body: Readable,
    opts: PartWriteOptions,
  ): Promise<PartWriteResult> {
    const offset = opts.offset ?? 0;
    // Superseded before its turn came: leave the partial as the earlier sender left it.
    if (body.destroyed) throw new SourceInterrupted();
    const dir = this.disk.uploadDir(uploadId);
    const partial = partialPath(dir, partNumber);
    const handle = await openPartial(partial, offset);
    const slot = `${uploadId}/${partNumber}`;
    const kept = this.hashes.get(slot);
    this.hashes.delete(slot);
    const hash = kept && kept.offset === offset ? kept.hash : newContentHash();
    try {
      if (offset > 0) await continueFrom(handle, offset, kept?.offset === offset ? null : hash);
      const received = await receiveInto(body, handle, {
        position: offset,
        maxBytes: opts.maxBytes - offset,
        hash,
      });
      await handle.close();
      if (opts.more) {
        this.keepHash(slot, offset + received, hash);
        return { offset: offset + received };
      }
      const digest = digestHex(hash);
      const name = partFileName(partNumber, digest);
      try {
        await rename(partial, path.join(dir, name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw noSuchUpload();
        throw err;
      }
      await removeOtherVersions(dir, partNumber, name);
      return { etag: quoteEtag(digest), size: offset + received };
    } catch (err) {
      await handle.close().catch(() => {});
      // Kept: what an interrupted sender delivered, and a partial the client misjudged. Anything
      // else (too large, disk error) leaves nothing behind.
      const keep =
        err instanceof SourceInterrupted || (err instanceof BlobError && err.code === 'OffsetMismatch');
      if (!keep) await rm(partial, { force: true });
      throw err;
    }
  }
}

async function openPartial(file: string, offset: number): Promise<FileHandle> {
  try {
    return await open(file, offset > 0 ? 'r+' : 'w');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    // No partial to continue (or the upload is gone: the caller checked the manifest just before).
    if (offset > 0) throw offsetMismatch(0);
    throw noSuchUpload();
  }
}

const offsetMismatch = (have: number) =>
  new BlobError('OffsetMismatch', `The server holds ${have} bytes of this part`);

/** Hashes the kept bytes [0, offset) and drops anything past them, so the part continues at offset. */
async function continueFrom(handle: FileHandle, offset: number, hash: Hash | null): Promise<void> {
  const { size } = await handle.stat();
  if (size < offset) throw offsetMismatch(size);
  if (hash) await hashPrefix(handle, offset, hash);
  if (size > offset) await handle.truncate(offset);
}

async function hashPrefix(handle: FileHandle, offset: number, hash: Hash): Promise<void> {
  const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK, offset));
  for (let position = 0; position < offset;) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, offset - position), position);
    if (bytesRead === 0) throw offsetMismatch(position);
    hash.update(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
}

/** A re-uploaded part replaces the earlier one, as in S3. */
async function removeOtherVersions(dir: string, partNumber: number, keep: string): Promise<void> {
  const prefix = `part-${partNumber}-`;
  const files = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    files
      .filter((f) => f.startsWith(prefix) && f !== keep)
      .map((f) => rm(path.join(dir, f), { force: true })),
  );
}
