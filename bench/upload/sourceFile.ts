/** The file the upload benchmark sends: random bytes (incompressible, no dedup), streamed to disk. */
import { createHash, randomFill } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { promisify } from 'node:util';

const fill = promisify(randomFill);
const CHUNK = 4 * 1024 * 1024;

/** Writes `size` random bytes to `file`, 4 MiB at a time (never more in memory). */
export async function writeRandomFile(file: string, size: number): Promise<void> {
  const out = createWriteStream(file, { flags: 'wx' });
  for (let written = 0; written < size;) {
    const n = Math.min(CHUNK, size - written);
    const buf = await fill(Buffer.allocUnsafe(n));
    if (!out.write(buf)) await once(out, 'drain');
    written += n;
  }
  out.end();
  await once(out, 'finish');
}

/** SHA-256 of a file, hex, streamed. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: CHUNK })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
