import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, serveHashedAssets } from './hashedAssets.ts';

// The encodings and caching a browser sees are checked through the whole app in webApp.test.ts; this
// is what is particular to answering from memory.
const CSS = `main{color:red}${' '.repeat(500)}`;
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-assets-'));
  await writeFile(path.join(dir, 'app-H4sh.css'), CSS);
  await writeFile(path.join(dir, 'app-H4sh.css.br'), brotliCompressSync(CSS));
  await writeFile(path.join(dir, 'logo-L0g0.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dir, 'gone-G0ne.js'), 'export {};');
  await mkdir(path.join(dir, 'nested'));
  await writeFile(path.join(dir, '..', `${path.basename(dir)}-secret.txt`), 'not served');
  app = Fastify();
  serveHashedAssets(app, dir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
  await rm(path.join(dir, '..', `${path.basename(dir)}-secret.txt`), { force: true });
});

const get = (url: string, acceptEncoding = 'gzip, br') =>
  app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

describe('hashed build files answered from memory', () => {
  it('keeps answering a file it has read once, even when the disk copy is gone', async () => {
    const first = await get('/assets/app-H4sh.css');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(first.headers['cache-control']).toBe(IMMUTABLE);
    expect(first.headers.vary).toBe('Accept-Encoding');
    await rm(path.join(dir, 'app-H4sh.css.br'));
    const again = await get('/assets/app-H4sh.css');
    expect(again.statusCode).toBe(200);
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(CSS);
  });

  it('answers the plain file when the browser accepts no encoding the build wrote', async () => {
    const svg = await get('/assets/logo-L0g0.svg');
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toContain('<svg');
    expect((await get('/assets/app-H4sh.css', 'identity')).body).toBe(CSS);
  });

  it('answers only the names the build wrote: not a directory, a parent path or a compressed copy by name', async () => {
    for (const url of [
      '/assets/nested',
      `/assets/..%2F${path.basename(dir)}-secret.txt`,
      '/assets/app-H4sh.css.br',
      '/assets/missing-0ld.js',
    ])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it('answers 404, not 500, for a file gone from the disk since start-up before it was ever read', async () => {
    await rm(path.join(dir, 'gone-G0ne.js'));
    expect((await get('/assets/gone-G0ne.js')).statusCode).toBe(404);
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/assets/logo-L0g0.svg' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/svg+xml');
    expect(head.body).toBe('');
  });
});
