/**
 * What joining parts costs on the filesystem driver: `tsx bench/upload/completeCost.ts [parts]`
 * writes `parts` 16 MiB parts through FsBlobStore, then times, on the same part files, a streamed
 * join into one new file with and without a per-part MD5 re-check (how the driver completed before
 * d403b8f), and the store's own completeMultipartUpload (now: the renamed parts become a composite
 * object, no bytes copied).
 */
import { createHash, randomBytes, randomFillSync } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FsBlobStore } from '../../apps/server/src/platform/blobs/index.ts';

const PART = 16 * 1024 * 1024;
const count = Number(process.argv[2] ?? 32);
const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-bench-complete-'));
try {
  const store = new FsBlobStore({
    root: dir,
    publicBaseUrl: 'http://127.0.0.1',
    secret: randomBytes(32).toString('hex'),
  });
  const part = randomFillSync(Buffer.alloc(PART));
  const { uploadId } = await store.createMultipartUpload('bench/x', {
    contentType: 'application/octet-stream',
  });
  const parts: Array<{ partNumber: number; etag: string }> = [];
  for (let n = 1; n <= count; n++) {
    const written = await store.writePart('bench/x', uploadId, n, Readable.from([part]), { maxBytes: PART });
    if (!('etag' in written)) throw new Error('a whole part answers its ETag');
    parts.push({ partNumber: n, etag: written.etag });
  }
  const uploadDir = path.join(store.root, 'uploads', uploadId);
  const files = (await readdir(uploadDir))
    .filter((f) => f.startsWith('part-'))
    .sort((a, b) => Number(a.split('-')[1]) - Number(b.split('-')[1]))
    .map((f) => path.join(uploadDir, f));
  if (files.length !== count) throw new Error(`found ${files.length} part files in ${uploadDir}`);

  const timed = async (label: string, body: () => Promise<unknown>) => {
    const t = performance.now();
    await body();
    const ms = performance.now() - t;
    console.log(
      `${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  ${((ms / 1000) * (2 ** 30 / (count * PART))).toFixed(2)} s/GiB`,
    );
  };
  const concat = (hash: boolean) => async () => {
    async function* joined() {
      for (const f of files) {
        const md5 = hash ? createHash('md5') : null;
        for await (const chunk of createReadStream(f, { highWaterMark: 1024 * 1024 })) {
          md5?.update(chunk as Buffer);
          yield chunk as Buffer;
        }
        md5?.digest();
      }
    }
    const out = path.join(dir, `joined-${hash}`);
    await pipeline(joined, createWriteStream(out));
    await rm(out);
  };
  console.log(`${count} parts of 16 MiB = ${count * 16} MiB (parts in the page cache)`);
  await timed('stream-join, MD5 re-check of each part', concat(true));
  await timed('stream-join, no re-check', concat(false));
  await timed('FsBlobStore.completeMultipartUpload', () =>
    store.completeMultipartUpload('bench/x', uploadId, parts),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
