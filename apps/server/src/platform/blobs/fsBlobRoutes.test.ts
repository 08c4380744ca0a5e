import { readFile, readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertValidKey } from './blobStore.ts';
import { parseRangeHeader } from './fsBlobRoutes.ts';
import { sign } from './signing.ts';
import { digestHex, newContentHash } from './streams.ts';
import { MiB, putPart, randomData, startFsHarness, testKey, type FsHarness } from './testHarness.ts';

/** Filesystem driver only: its own signed HTTP endpoints and on-disk behaviour. */

const MAX_PART = 1 * MiB;
const INVALID = { response: false, data: null, errormessage: 'This link is invalid or has expired' };

/** PUTs `total` bytes with chunked transfer encoding (no Content-Length) and stops at the first answer. */
function putChunked(url: string, total: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' } });
    let answered = false;
    let sent = 0;
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const pump = () => {
      while (!answered && sent < total) {
        sent += 64 * 1024;
        if (!req.write(Buffer.alloc(64 * 1024, 7))) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('fs blob routes', () => {
  let h: FsHarness;
  const digestOf = (b: Buffer) => `"${digestHex(newContentHash().update(b))}"`;
  const newUpload = async () => {
    const key = testKey();
    const { uploadId } = await h.store.createMultipartUpload(key, { contentType: 'video/mp4' });
    return { key, uploadId };
  };

  beforeAll(async () => {
    h = await startFsHarness({ maxPartBytes: MAX_PART });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('stores a part whatever Content-Type the browser sends, answering its digest as ETag', async () => {
    const { key, uploadId } = await newUpload();
    const data = randomData(300_000);
    const url = await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 });
    const res = await fetch(url, {
      method: 'PUT',
      body: data,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(digestOf(data));
    expect(res.headers.get('access-control-expose-headers')).toBe('ETag');
    expect(await h.store.listParts(key, uploadId)).toEqual([
      { partNumber: 1, etag: digestOf(data), size: 300_000 },
    ]);
  });

  it('replaces a part uploaded twice', async () => {
    const { key, uploadId } = await newUpload();
    const url = await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 });
    await putPart(url, randomData(1000));
    const second = randomData(2000);
    expect(await putPart(url, second)).toBe(digestOf(second));
    expect(await h.store.listParts(key, uploadId)).toEqual([
      { partNumber: 1, etag: digestOf(second), size: 2000 },
    ]);
  });

  it('refuses an expired signature with 403', async () => {
    const { key, uploadId } = await newUpload();
    const expires = Math.floor(Date.now() / 1000) - 1;
    const sig = sign(h.secret, 'part', [key, uploadId, '1'], expires);
    const query = new URLSearchParams({ key, uploadId, partNumber: '1', expires: String(expires), sig });
    const res = await fetch(`${h.baseUrl}/api/blobs/parts?${query}`, { method: 'PUT', body: randomData(10) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(INVALID);
    expect(await h.store.listParts(key, uploadId)).toEqual([]);
  });

  it('refuses tampered URLs with 403', async () => {
    const { key, uploadId } = await newUpload();
    const url = new URL(await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 }));
    const variants = [
      // Change the first character (all 6 of its bits count; the last one's low bits are padding) to a
      // different one: a fixed replacement would be a no-op when it already matched.
      (u: URL) => {
        const sig = u.searchParams.get('sig')!;
        u.searchParams.set('sig', `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`);
      },
      (u: URL) => u.searchParams.set('partNumber', '2'),
      (u: URL) => u.searchParams.set('key', testKey()),
      (u: URL) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600)),
      (u: URL) => u.searchParams.delete('sig'),
    ];
    for (const tamper of variants) {
      const bad = new URL(url);
      tamper(bad);
      const res = await fetch(bad, { method: 'PUT', body: randomData(10) });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(INVALID);
    }
    // A download signature is not an upload signature.
    const get = new URL(await h.store.signGetUrl(key, { expiresInSeconds: 60 }));
    get.pathname = '/api/blobs/parts';
    get.searchParams.set('uploadId', uploadId);
    get.searchParams.set('partNumber', '1');
    expect((await fetch(get, { method: 'PUT', body: randomData(10) })).status).toBe(403);
    expect(await h.store.listParts(key, uploadId)).toEqual([]);
  });

  it('answers 404 for a part of an aborted upload', async () => {
    const { key, uploadId } = await newUpload();
    const url = await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 });
    await h.store.abortMultipartUpload(key, uploadId);
    expect((await fetch(url, { method: 'PUT', body: randomData(10) })).status).toBe(404);
  });

  it('accepts a part of exactly maxPartBytes', async () => {
    const { key, uploadId } = await newUpload();
    const data = randomData(MAX_PART);
    expect(await putPart(await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 }), data)).toBe(
      digestOf(data),
    );
  });

  it('refuses a part declared larger than maxPartBytes with 413', async () => {
    const { key, uploadId } = await newUpload();
    const url = await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 });
    const res = await fetch(url, { method: 'PUT', body: randomData(MAX_PART + 1) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ response: false, data: null });
    expect(await h.store.listParts(key, uploadId)).toEqual([]);
  });

  it('refuses a streamed part that grows past maxPartBytes with 413 and keeps nothing', async () => {
    const { key, uploadId } = await newUpload();
    const url = await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 });
    const res = await putChunked(url, 2 * MAX_PART);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ response: false });
    expect(await h.store.listParts(key, uploadId)).toEqual([]);
    expect(await readdir(path.join(h.store.root, 'uploads', uploadId))).toEqual(['manifest.json']);
  });

  it('serves signed downloads with Range support', async () => {
    const key = testKey();
    const data = randomData(1000);
    await h.store.putObject(key, data, { contentType: 'video/mp4' });
    const url = await h.store.signGetUrl(key, { expiresInSeconds: 60 });
    const get = (range?: string) => fetch(url, range ? { headers: { range } } : {});

    const full = await get();
    expect(full.status).toBe(200);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(full.headers.get('content-type')).toBe('video/mp4');
    expect(full.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await full.arrayBuffer()).equals(data)).toBe(true);

    const cases: [string, number, number][] = [
      ['bytes=100-199', 100, 199],
      ['bytes=900-', 900, 999],
      ['bytes=-50', 950, 999],
      ['bytes=990-5000', 990, 999],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(range);
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      expect(Buffer.from(await res.arrayBuffer()).equals(data.subarray(start, end + 1))).toBe(true);
    }

    const unsatisfiable = await get('bytes=1000-');
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get('content-range')).toBe('bytes */1000');
    await unsatisfiable.arrayBuffer();

    const several = await get('bytes=0-1,5-6');
    expect(several.status).toBe(200);
    await several.arrayBuffer();
  });

  it('serves a composite across its part files, whole, in ranges and to HEAD; names its part files', async () => {
    const key = testKey();
    const { uploadId } = await h.store.createMultipartUpload(key, { contentType: 'video/mp4' });
    // parts that do not fall on the sender's 4 MiB reads
    const parts = [randomData(3 * MiB + 7), randomData(2 * MiB), randomData(1234)];
    const done = [];
    for (const [i, part] of parts.entries()) {
      done.push(
        await h.store.uploadPart(key, uploadId, i + 1, Readable.from([part]), { contentLength: part.length }),
      );
    }
    await h.store.completeMultipartUpload(key, uploadId, done);
    const data = Buffer.concat(parts);
    const local = await h.store.localParts(key);
    expect(local?.map((p) => p.size)).toEqual(parts.map((p) => p.length));
    expect(Buffer.concat(await Promise.all(local!.map((p) => readFile(p.file)))).equals(data)).toBe(true);
    expect(await h.store.localParts(testKey('gone'))).toBeNull();

    const url = await h.store.signGetUrl(key, { expiresInSeconds: 60 });
    const full = await fetch(url);
    expect(full.headers.get('content-length')).toBe(String(data.length));
    expect(Buffer.from(await full.arrayBuffer()).equals(data)).toBe(true);
    const first = 3 * MiB;
    const end = 5 * MiB + 100;
    const ranged = await fetch(url, { headers: { range: `bytes=${first}-${end}` } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(data.subarray(first, end + 1))).toBe(true);
    const head = await fetch(url, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(data.length)]);
  });

  it('serves non-media types as attachments and refuses bad download links', async () => {
    const key = testKey();
    await h.store.putObject(key, Buffer.from('<script>alert(1)</script>'), { contentType: 'text/html' });
    const res = await fetch(await h.store.signGetUrl(key, { expiresInSeconds: 60 }));
    expect(res.headers.get('content-disposition')).toBe('attachment');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    await res.arrayBuffer();

    const url = new URL(await h.store.signGetUrl(key, { expiresInSeconds: 60, filename: 'a.html' }));
    url.searchParams.set('filename', 'b.html');
    const tampered = await fetch(url);
    expect(tampered.status).toBe(403);
    expect(await tampered.json()).toEqual(INVALID);

    const expires = Math.floor(Date.now() / 1000) - 1;
    const sig = sign(h.secret, 'object', [key, ''], expires);
    const expired = await fetch(
      `${h.baseUrl}/api/blobs/object?${new URLSearchParams({ key, expires: String(expires), sig })}`,
    );
    expect(expired.status).toBe(403);
    await expired.arrayBuffer();

    const missing = await fetch(await h.store.signGetUrl(testKey('gone'), { expiresInSeconds: 60 }));
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
  });

  it('leaves no parts or temp files behind after completing', async () => {
    const { key, uploadId } = await newUpload();
    const etag = await putPart(
      await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 }),
      randomData(10),
    );
    await h.store.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag }]);
    expect(await readdir(path.join(h.store.root, 'uploads'))).not.toContain(uploadId);
    expect(await readdir(path.join(h.store.root, 'tmp'))).toEqual([]);
  });
});

describe('parseRangeHeader', () => {
  it('reads single byte ranges and ignores what it may ignore', () => {
    expect(parseRangeHeader(undefined, 10)).toBeUndefined();
    expect(parseRangeHeader('bytes=2-5', 10)).toEqual({ start: 2, end: 5 });
    expect(parseRangeHeader('bytes=2-', 10)).toEqual({ start: 2, end: 9 });
    expect(parseRangeHeader('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRangeHeader('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRangeHeader('bytes=5-2', 10)).toBeUndefined();
    expect(parseRangeHeader('bytes=0-1,3-4', 10)).toBeUndefined();
    expect(parseRangeHeader('items=0-1', 10)).toBeUndefined();
    expect(parseRangeHeader('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=0-', 0)).toBe('unsatisfiable');
  });
});

describe('assertValidKey', () => {
  it('accepts generated keys', () => {
    for (const key of ['a', 'assets/0f3c9a/original', 'a.b_c-d/e.mp4', `x/${'y'.repeat(200)}`]) {
      expect(() => assertValidKey(key)).not.toThrow();
    }
    expect(() => assertValidKey(`x/${'y'.repeat(201)}`)).toThrow();
  });
});
