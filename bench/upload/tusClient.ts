/**
 * tus-js-client (Node build) against the @tus/server baseline. Configuration: chunkSize 16 MiB
 * (one PATCH per 16 MiB, like our parts), no retries, no fingerprint storage, the file given as an
 * fs.ReadStream so the client slices it from disk. @tus/server has no concatenation extension, so
 * tus-js-client's `parallelUploads` cannot be used against it: one upload is sequential. `uploadTus`
 * with `streams = 4` runs four independent uploads of a quarter each, at once — four separate files on
 * the server, never joined: tus's parallel upper bound, not a like-for-like upload.
 */
import { createReadStream } from 'node:fs';
import { Upload } from 'tus-js-client';

export interface TusPlan {
  endpoint: string;
  file: string;
  size: number;
  chunkSize: number;
}

function uploadRange(plan: TusPlan, start: number, end: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const input = createReadStream(plan.file, { start, end: end - 1 });
    const upload = new Upload(input, {
      endpoint: plan.endpoint,
      chunkSize: plan.chunkSize,
      uploadSize: end - start,
      retryDelays: null,
      storeFingerprintForResuming: false,
      metadata: { filename: 'bench.bin', filetype: 'application/octet-stream' },
      onError: reject,
      onSuccess: () => resolve(),
    });
    upload.start();
  });
}

/** Uploads the whole file as `streams` tus uploads of equal ranges at once (1 = the normal case). */
export async function uploadTus(plan: TusPlan, streams: number): Promise<void> {
  const share = Math.ceil(plan.size / streams);
  const ranges: Array<[number, number]> = [];
  for (let s = 0; s < plan.size; s += share) ranges.push([s, Math.min(s + share, plan.size)]);
  await Promise.all(ranges.map(([s, e]) => uploadRange(plan, s, e)));
}
