import AwsS3Multipart from '@uppy/aws-s3';
import { UPLOAD_ACK_CHUNK_BYTES, partUrlFrom, takesPartChunks } from '@rushes/shared';
import { statusOf, withRetries } from './partRetry.ts';

/**
 * Uppy's part PUT, taught two things our filesystem driver's part route offers (S3 URLs go to
 * Uppy's own PUT unchanged):
 * - continuing a part: when the server kept the first bytes of a part whose PUT was cut off (pause,
 *   reload, a lost connection, a server restart), the signed URL carries `offset` and only the rest
 *   is sent;
 * - acknowledged chunks: the part goes up in UPLOAD_ACK_CHUNK_BYTES chunks, each answered once it is
 *   on the server's disk, so a crash can cost at most one chunk per part in flight.
 * Progress is reported for the whole part, so the upload menu's percentage does not jump back.
 * Every PUT (S3's too) is watched and tried again when the network fails (partRetry.ts); a new try
 * continues from the last chunk the server acknowledged.
 */

type UploadPartBytes = typeof AwsS3Multipart.uploadPartBytes;
type Options = Parameters<UploadPartBytes>[0];
type Progress = { loaded: number; lengthComputable: boolean };

const here = () => window.location.href;

const offsetOf = (url: string): number => Number(new URL(url, here()).searchParams.get('offset')) || 0;

const withoutOffset = (url: string): string => {
  const u = new URL(url, here());
  u.searchParams.delete('offset');
  return u.toString();
};

/** One chunk that is not the part's last: resolves when the server answers it is on disk. */
function putChunk(url: string, chunk: Blob, onProgress: (loaded: number) => void, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url, true);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);
    const done = (error?: Error) => {
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(Object.assign(error, { source: xhr }));
      else resolve();
    };
    xhr.upload.addEventListener('progress', (event) => onProgress(event.loaded));
    xhr.addEventListener('load', () =>
      xhr.status >= 200 && xhr.status < 300 ? done() : done(new Error('Non 2xx')),
    );
    xhr.addEventListener('error', () => done(new Error('Unknown error')));
    xhr.addEventListener('abort', () => done(new DOMException('Aborted', 'AbortError')));
    xhr.send(chunk);
  });
}

/** Sends the part from byte `start`; `acked` hears each offset the server confirmed holding. */
async function sendFrom(
  options: Options,
  body: Blob,
  start: number,
  acked: (offset: number) => void,
): ReturnType<UploadPartBytes> {
  const base = withoutOffset(options.signature.url);
  const report = options.onProgress as (event: Progress) => void;
  const chunked = takesPartChunks(base);
  let offset = start;
  while (chunked && body.size - offset > UPLOAD_ACK_CHUNK_BYTES) {
    const from = offset;
    await putChunk(
      partUrlFrom(base, from, true),
      body.slice(from, from + UPLOAD_ACK_CHUNK_BYTES),
      (loaded) => report({ loaded: from + loaded, lengthComputable: true }),
      options.signal,
    );
    offset += UPLOAD_ACK_CHUNK_BYTES;
    acked(offset);
  }
  const last = offset;
  return AwsS3Multipart.uploadPartBytes({
    ...options,
    signature: { ...options.signature, url: partUrlFrom(base, last) },
    body: body.slice(last),
    size: body.size - last,
    onProgress: (event: Progress) => report({ ...event, loaded: event.loaded + last }),
  });
}

/** One try at the part from `start` (the bytes the server holds). */
async function sendPart(options: Options, body: Blob, start: number, acked: (offset: number) => void) {
  try {
    // (start = size: the server holds the whole part unnamed; an empty last chunk finishes it)
    return await sendFrom(options, body, start <= body.size ? start : 0, acked);
  } catch (error) {
    // 409: the server no longer holds the bytes this part continued from: send the whole part.
    if (statusOf(error) !== 409) throw error;
    acked(0);
    return sendFrom(options, body, 0, acked);
  }
}

export async function uploadPartBytes(options: Options): ReturnType<UploadPartBytes> {
  const { body } = options;
  const report = options.onProgress as (event: Progress) => void;
  // the bytes of this part the server holds: where the next try starts
  let held = body instanceof Blob ? offsetOf(options.signature.url) : 0;
  return withRetries(options.signal, (signal, alive) => {
    const watched: Options = {
      ...options,
      signal,
      onProgress: (event: Progress) => {
        alive();
        report(event);
      },
    };
    if (!(body instanceof Blob)) return AwsS3Multipart.uploadPartBytes(watched);
    return sendPart(watched, body, held, (offset) => {
      held = offset;
      alive();
    });
  });
}
