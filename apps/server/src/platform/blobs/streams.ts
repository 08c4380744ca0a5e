import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobError } from './blobStore.ts';

export interface WrittenFile {
  size: number;
  md5hex: string;
}

export interface StreamToFileOptions {
  /** Refuse (BlobError EntityTooLarge) as soon as more bytes than this arrive. */
  maxBytes?: number;
  /**
   * Destroy `source` when writing fails. Off for an HTTP request body, whose socket must live on
   * to carry the error answer; on for streams the caller handed over for good.
   */
  destroySourceOnError?: boolean;
}

/**
 * Streams `source` into a new file at `dest` (which must not exist), hashing MD5 and counting bytes
 * on the way; memory stays at a few stream chunks whatever the size. On any failure the partial
 * file is removed and the error rethrown.
 */
export async function streamToFile(
  source: Readable | Buffer,
  dest: string,
  opts: StreamToFileOptions = {},
): Promise<WrittenFile> {
  const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
  const hash = createHash('md5');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (opts.maxBytes !== undefined && size > opts.maxBytes) {
        callback(new BlobError('EntityTooLarge', 'Part exceeds the maximum part size'));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });

  // pipe() rather than pipeline(): a failure downstream must not destroy an HTTP request.
  const onSourceError = (err: Error) => meter.destroy(err);
  const onSourceClose = () => {
    if (!input.readableEnded) meter.destroy(new Error('Upload stream closed before its end'));
  };
  input.once('error', onSourceError);
  input.once('close', onSourceClose);
  input.pipe(meter);

  try {
    await pipeline(meter, createWriteStream(dest, { flags: 'wx' }));
    return { size, md5hex: hash.digest('hex') };
  } catch (err) {
    input.unpipe(meter);
    if (opts.destroySourceOnError) input.destroy();
    await rm(dest, { force: true });
    throw err;
  } finally {
    input.off('error', onSourceError);
    input.off('close', onSourceClose);
  }
}
