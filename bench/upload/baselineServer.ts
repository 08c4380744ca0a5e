/**
 * The two baselines of the upload benchmark, each its own process (argv[2]):
 * - 'bare': a plain node:http endpoint, `PUT /parts/<upload>/<n>` streams the body to a temp file
 *   while computing its MD5, renames it into place and answers the ETag — the least any multipart
 *   receiver must do (no auth, no signature, no database, no assembly).
 * - 'tus': `@tus/server` with `@tus/file-store` at /files (its defaults: memory locker, no
 *   concatenation extension), for tus-js-client.
 * Both answer GET /health. Environment: PORT, DIR (where files go).
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const mode = process.argv[2];
const port = Number(process.env.PORT);
const dir = process.env.DIR!;
await mkdir(dir, { recursive: true });

async function receivePart(req: http.IncomingMessage, res: http.ServerResponse, upload: string, n: string) {
  const hash = createHash('md5');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      hash.update(chunk);
      cb(null, chunk);
    },
  });
  const tmp = path.join(dir, `${upload}.${n}.${process.hrtime.bigint()}.tmp`);
  try {
    await pipeline(req, meter, createWriteStream(tmp, { flags: 'wx' }));
    await rename(tmp, path.join(dir, `${upload}.${n}.part`));
  } catch (err) {
    await rm(tmp, { force: true });
    res.writeHead(400).end(String(err));
    return;
  }
  res.writeHead(200, { ETag: `"${hash.digest('hex')}"`, 'X-Size': String(size) }).end();
}

function health(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (req.method !== 'GET' || req.url !== '/health') return false;
  res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  return true;
}

let server: http.Server;
if (mode === 'bare') {
  server = http.createServer((req, res) => {
    if (health(req, res)) return;
    const m = /^\/parts\/([\w-]+)\/(\d+)$/.exec(req.url ?? '');
    if (req.method !== 'PUT' || !m) {
      res.writeHead(404).end();
      return;
    }
    void receivePart(req, res, m[1], m[2]);
  });
} else if (mode === 'tus') {
  // Loaded only here, so the bare endpoint's memory carries none of tus.
  const { FileStore } = await import('@tus/file-store');
  const { Server: TusServer } = await import('@tus/server');
  const tus = new TusServer({ path: '/files', datastore: new FileStore({ directory: dir }) });
  server = http.createServer((req, res) => {
    if (health(req, res)) return;
    void tus.handle(req, res);
  });
} else {
  throw new Error(`unknown mode ${mode}`);
}
// No request timeout: a 16 MiB part on a busy 2-core machine may take a while.
server.requestTimeout = 0;
server.listen(port, '127.0.0.1');
// Exit cleanly on SIGTERM (so e.g. NODE_OPTIONS=--cpu-prof can write its profile).
process.on('SIGTERM', () => process.exit(0));
