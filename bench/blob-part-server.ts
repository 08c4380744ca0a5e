/**
 * Child process for the blob-part benchmark: serves one part upload either through our streamed
 * fsBlobRoutes ('ours') or through a naive route that lets Fastify buffer the whole body ('baseline'),
 * then prints its peak resident memory (VmHWM) when asked.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { FsBlobStore, fsBlobRoutes } from '../apps/server/src/platform/blobs/index.ts';

const mode = process.argv[2] as 'ours' | 'baseline';
const dir = await mkdtemp(path.join(tmpdir(), 'rushes-bench-'));
const secret = randomBytes(32).toString('base64url');
const app = Fastify({ logger: false, bodyLimit: 2 ** 31 });
const store = new FsBlobStore({ root: dir, publicBaseUrl: 'http://127.0.0.1', secret });

if (mode === 'ours') {
  await app.register(fsBlobRoutes(store));
} else {
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: 2 ** 31 },
    (_req, body, done) => done(null, body),
  );
  app.put('/baseline', async (req) => {
    await writeFile(path.join(dir, 'part'), req.body as Buffer);
    return { ok: true };
  });
}
app.get('/peak', async () => {
  const status = readFileSync('/proc/self/status', 'utf8');
  return { vmHwmKb: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) };
});
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as { port: number };
const upload = await store.createMultipartUpload('bench/part', { contentType: 'application/octet-stream' });
const url =
  mode === 'ours'
    ? (await store.signPartUrl('bench/part', upload.uploadId, 1, { expiresInSeconds: 600 })).replace(
        'http://127.0.0.1',
        `http://127.0.0.1:${port}`,
      )
    : `http://127.0.0.1:${port}/baseline`;
process.stdout.write(JSON.stringify({ url, port }) + '\n');
