import { createHash, type Hash } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { BlobError } from './blobStore.ts';

/*
 * Receiving bytes onto disk for the filesystem driver: hashed as they arrive, written in batches
 * (one writev per FLUSH_BYTES instead of one write per 64 KiB socket chunk), memory bounded by
 * MAX_PENDING_BYTES per stream whatever the file size.
 *
 * The content digest is SHA-256 cut to 128 bits (32 hex, the width of an S3 MD5 ETag): stronger
 * than MD5 and, on CPUs with SHA extensions (x86 SHA-NI, ARMv8 SHA2), over twice as fast
 * (docs/decisions/0009-uploads-and-media.md, bench/README.md 'upload').
 */

export const newContentHash = (): Hash => createHash('sha256');
export const digestHex = (hash: Hash): string => hash.digest('hex').slice(0, 32);

const FLUSH_BYTES = 1024 * 1024;
const MAX_PENDING_BYTES = 4 * FLUSH_BYTES;
/** A slow sender's bytes still reach the disk this soon, so a crash loses at most this much time. */
const FLUSH_AFTER_MS = 100;

export interface ReceiveOptions {
  /** Where in the file the first byte goes. */
  position: number;
  /** Refuse (BlobError EntityTooLarge) as soon as more bytes than this arrive. */
  maxBytes?: number;
  /** Hashed on the way, unless null. */
  hash: Hash | null;
}

/** The source ended before its end (client went away): what arrived was written, in order. */
export class SourceInterrupted extends Error {
  constructor(cause?: unknown) {
    super('Upload stream closed before its end', { cause });
  }
}

/** Writes every buffer, at `position`, looping over short writes. */
async function writeAll(handle: FileHandle, buffers: Buffer[], position: number): Promise<void> {
  let rest = buffers;
  while (rest.length) {
    const { bytesWritten } = await handle.writev(rest, position);
    position += bytesWritten;
    let skip = bytesWritten;
    while (rest.length && skip >= rest[0].length) {
      skip -= rest[0].length;
      rest = rest.slice(1);
    }
    if (skip > 0) rest = [rest[0].subarray(skip), ...rest.slice(1)];
  }
}

/**
 * Streams `source` into `handle` from `opts.position`, hashing on the way. Resolves with the bytes
 * received when the source ends; rejects with SourceInterrupted (after writing everything that did
 * arrive) when it closes early, or with the error that stopped it. Never destroys `source`: an HTTP
 * request's socket must live on to carry the error answer.
 */
export function receiveInto(source: Readable, handle: FileHandle, opts: ReceiveOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let position = opts.position;
    let received = 0;
    let writing = false;
    let ended: 'end' | 'interrupted' | null = null;
    let failed = false;
    let sourceError: unknown;
    let timer: NodeJS.Timeout | undefined;

    const detach = () => {
      clearTimeout(timer);
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('close', onClose);
      source.off('error', onError);
    };
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      detach();
      reject(err);
    };
    const settleIfDone = () => {
      if (writing || pendingBytes > 0 || !ended || failed) return;
      detach();
      if (ended === 'end') resolve(received);
      else reject(new SourceInterrupted(sourceError));
    };
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      if (writing || failed || pendingBytes === 0) return settleIfDone();
      const batch = pending;
      const size = pendingBytes;
      pending = [];
      pendingBytes = 0;
      writing = true;
      writeAll(handle, batch, position).then(() => {
        position += size;
        writing = false;
        if (!ended && source.isPaused()) source.resume();
        if (ended || pendingBytes >= FLUSH_BYTES) flush();
        else if (pendingBytes > 0) timer ??= setTimeout(flush, FLUSH_AFTER_MS);
      }, fail);
    };
    function onData(chunk: Buffer) {
      received += chunk.length;
      if (opts.maxBytes !== undefined && received > opts.maxBytes) {
        fail(new BlobError('EntityTooLarge', 'Part exceeds the maximum part size'));
        return;
      }
      opts.hash?.update(chunk);
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= FLUSH_BYTES) flush();
      else timer ??= setTimeout(flush, FLUSH_AFTER_MS);
      // The disk is behind: let the socket hold the rest (TCP backpressure).
      if (pendingBytes >= MAX_PENDING_BYTES) source.pause();
    }
    function onEnd() {
      ended = 'end';
      flush();
    }
    function onClose() {
      if (ended) return;
      ended = source.readableEnded ? 'end' : 'interrupted';
      flush();
    }
    function onError(err: Error) {
      sourceError = err;
      onClose();
    }
    // Closed while waiting for its turn (a newer PUT of the part took over): nothing to receive.
    if (source.destroyed && !source.readableEnded) {
      reject(new SourceInterrupted(source.errored ?? undefined));
      return;
    }
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('close', onClose);
    source.once('error', onError);
  });
}

export interface WrittenFile {
  size: number;
  digest: string;
}

/**
 * Streams `source` into a new file at `dest` (which must not exist), hashing and counting bytes;
 * memory stays at a few MiB whatever the size. On any failure the partial file is removed, the
 * source destroyed (it was handed over for good) and the error rethrown.
 */
export async function streamToFile(source: Readable | Buffer, dest: string): Promise<WrittenFile> {
  const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
  const hash = newContentHash();
  const handle = await open(dest, 'wx');
  try {
    const size = await receiveInto(input, handle, { position: 0, hash });
    await handle.close();
    return { size, digest: digestHex(hash) };
  } catch (err) {
    input.destroy();
    await handle.close().catch(() => {});
    await rm(dest, { force: true });
    throw err instanceof SourceInterrupted && err.cause ? err.cause : err;
  }
}
