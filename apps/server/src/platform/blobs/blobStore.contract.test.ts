import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobError, type BlobStore } from './blobStore.ts';
import { S3BlobStore } from './s3BlobStore.ts';
import { MiB, makeTempDir, putPart, randomData, readAll, startFsHarness, testKey } from './testHarness.ts';

/**
 * One behavioural contract for every BlobStore driver. Parts go over real HTTP to the signed URLs,
 * as a browser sends them. s3rver lacks ListParts and AbortMultipartUpload and does not compare
 * part ETags on complete; those cases run on the fs driver only (S3 itself does all three).
 */

interface Driver {
  name: string;
  /** Non-final parts: S3 wants ≥ 5 MiB; the fs driver takes any size. */
  partSize: number;
  supports: { listParts: boolean; abort: boolean; etagCheckOnComplete: boolean };
  start(): Promise<{ store: BlobStore; close(): Promise<void> }>;
}

async function startS3rver() {
  const dir = await makeTempDir('rushes-s3rver-');
  const bucket = 'rushes-test';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const store = new S3BlobStore({
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver's built-in account; it does not verify SigV4 signatures.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return {
    store,
    async close() {
      store.client.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const drivers: Driver[] = [
  {
    name: 'fs',
    partSize: 256 * 1024,
    supports: { listParts: true, abort: true, etagCheckOnComplete: true },
    start: () => startFsHarness(),
  },
  {
    name: 's3 (s3rver)',
    partSize: 5 * MiB,
    // s3rver: no ListParts, no AbortMultipartUpload, no ETag comparison on complete.
    supports: { listParts: false, abort: false, etagCheckOnComplete: false },
    start: startS3rver,
  },
];

const expectBlobError = async (promise: Promise<unknown>, code: BlobError['code']) => {
  await expect(promise).rejects.toBeInstanceOf(BlobError);
  await expect(promise).rejects.toMatchObject({ code });
};

describe.each(drivers)('BlobStore contract: $name', (driver) => {
  let store: BlobStore;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ store, close } = await driver.start());
  });
  afterAll(async () => {
    await close?.();
  });

  const threeParts = () => [randomData(driver.partSize), randomData(driver.partSize), randomData(1234)];

  async function uploadParts(key: string, uploadId: string, parts: Buffer<ArrayBuffer>[], numbers: number[]) {
    const etags: string[] = [];
    for (const n of numbers) {
      const url = await store.signPartUrl(key, uploadId, n, { expiresInSeconds: 300 });
      // A browser cannot add SDK checksum headers: the URL must not ask for them (DESIGN §8).
      expect(url).not.toMatch(/checksum/i);
      etags.push(await putPart(url, parts[n - 1]));
    }
    return etags;
  }

  it('assembles a 3-part multipart upload', async () => {
    const key = testKey();
    const parts = threeParts();
    const { uploadId } = await store.createMultipartUpload(key, { contentType: 'video/mp4' });
    const etags = await uploadParts(key, uploadId, parts, [1, 2, 3]);
    for (const etag of etags) expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const done = await store.completeMultipartUpload(
      key,
      uploadId,
      etags.map((etag, i) => ({ partNumber: i + 1, etag })),
    );
    const whole = Buffer.concat(parts);
    expect(done.size).toBe(whole.length);
    expect(done.etag).toMatch(/^"[0-9a-f]{32}(-3)?"$/);

    const object = await store.getObject(key);
    expect(object.size).toBe(whole.length);
    expect(object.contentLength).toBe(whole.length);
    expect(object.contentType).toBe('video/mp4');
    expect((await readAll(object.body)).equals(whole)).toBe(true);
    expect(await store.headObject(key)).toEqual({ size: whole.length, contentType: 'video/mp4' });
  });

  it('stores parts the server sends itself (uploadPart), and refuses a short one', async () => {
    const key = testKey();
    const parts = threeParts();
    const { uploadId } = await store.createMultipartUpload(key, { contentType: 'video/mp4' });
    const done = [];
    for (const [i, body] of parts.entries())
      done.push(
        await store.uploadPart(key, uploadId, i + 1, Readable.from([body]), { contentLength: body.length }),
      );
    expect(done.map((p) => p.partNumber)).toEqual([1, 2, 3]);
    await store.completeMultipartUpload(key, uploadId, done);
    expect((await readAll((await store.getObject(key)).body)).equals(Buffer.concat(parts))).toBe(true);

    // S3 itself waits for the bytes a short body promised (until its timeout): only the fs driver
    // has a refusal to check here.
    if (store.driver !== 'fs') return;
    const shortKey = testKey();
    const other = await store.createMultipartUpload(shortKey, { contentType: 'video/mp4' });
    await expect(
      store.uploadPart(shortKey, other.uploadId, 1, Readable.from([randomData(10)]), { contentLength: 20 }),
    ).rejects.toThrow();
  });

  it('serves byte ranges', async () => {
    const key = testKey();
    const data = randomData(1000);
    await store.putObject(key, data, { contentType: 'application/octet-stream' });

    const mid = await store.getObject(key, { range: { start: 10, end: 99 } });
    expect(mid).toMatchObject({ size: 1000, contentLength: 90 });
    expect((await readAll(mid.body)).equals(data.subarray(10, 100))).toBe(true);

    const tail = await store.getObject(key, { range: { start: 990, end: 5000 } });
    expect(tail).toMatchObject({ size: 1000, contentLength: 10 });
    expect((await readAll(tail.body)).equals(data.subarray(990))).toBe(true);

    await expectBlobError(store.getObject(key, { range: { start: 1000, end: 1010 } }), 'InvalidRange');
  });

  it.skipIf(!driver.supports.listParts)('lists uploaded parts so an upload can resume', async () => {
    const key = testKey();
    const parts = threeParts();
    const { uploadId } = await store.createMultipartUpload(key, { contentType: 'video/quicktime' });
    const first = await uploadParts(key, uploadId, parts, [1, 2]);

    const listed = await store.listParts(key, uploadId);
    expect(listed).toEqual([
      { partNumber: 1, etag: first[0], size: parts[0].length },
      { partNumber: 2, etag: first[1], size: parts[1].length },
    ]);

    // Resume: upload only what is missing, complete from the listing.
    const [third] = await uploadParts(key, uploadId, parts, [3]);
    const all = [
      ...listed.map(({ partNumber, etag }) => ({ partNumber, etag })),
      { partNumber: 3, etag: third },
    ];
    await store.completeMultipartUpload(key, uploadId, all);
    expect((await readAll((await store.getObject(key)).body)).equals(Buffer.concat(parts))).toBe(true);
  });

  it.skipIf(!driver.supports.etagCheckOnComplete)('refuses to complete with a wrong ETag', async () => {
    const key = testKey();
    const parts = threeParts();
    const { uploadId } = await store.createMultipartUpload(key, { contentType: 'video/mp4' });
    const etags = await uploadParts(key, uploadId, parts, [1, 2, 3]);
    const wrong = etags.map((etag, i) => ({
      partNumber: i + 1,
      etag: i === 1 ? `"${'0'.repeat(32)}"` : etag,
    }));

    await expectBlobError(store.completeMultipartUpload(key, uploadId, wrong), 'InvalidPart');
    expect(await store.headObject(key)).toBeNull();
    // The upload is intact: completing with the right ETags still works.
    const right = etags.map((etag, i) => ({ partNumber: i + 1, etag }));
    await expect(store.completeMultipartUpload(key, uploadId, right)).resolves.toMatchObject({
      size: Buffer.concat(parts).length,
    });
  });

  it('refuses parts out of order', async () => {
    const key = testKey();
    const { uploadId } = await store.createMultipartUpload(key, { contentType: 'video/mp4' });
    const parts = [
      { partNumber: 2, etag: '"a"' },
      { partNumber: 1, etag: '"b"' },
    ];
    await expectBlobError(store.completeMultipartUpload(key, uploadId, parts), 'InvalidPartOrder');
  });

  it.skipIf(!driver.supports.abort)('abort removes the upload and its parts', async () => {
    const key = testKey();
    const parts = threeParts();
    const { uploadId } = await store.createMultipartUpload(key, { contentType: 'video/mp4' });
    const [etag] = await uploadParts(key, uploadId, parts, [1]);

    await store.abortMultipartUpload(key, uploadId);
    await expectBlobError(store.listParts(key, uploadId), 'NoSuchUpload');
    await expectBlobError(
      store.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag }]),
      'NoSuchUpload',
    );
    await expect(store.abortMultipartUpload(key, uploadId)).resolves.toBeUndefined();
  });

  it('copies an object', async () => {
    const src = testKey('src');
    const dst = testKey('dst');
    const data = randomData(4321);
    await store.putObject(src, data, { contentType: 'image/png' });
    await store.copyObject(src, dst);
    expect(await store.headObject(dst)).toEqual({ size: 4321, contentType: 'image/png' });
    expect((await readAll((await store.getObject(dst)).body)).equals(data)).toBe(true);
    expect(await store.headObject(src)).not.toBeNull();
  });

  it('deletes an object, idempotently', async () => {
    const key = testKey();
    await store.putObject(key, Buffer.from('bye'), { contentType: 'text/plain' });
    await store.deleteObject(key);
    expect(await store.headObject(key)).toBeNull();
    await expectBlobError(store.getObject(key), 'NoSuchKey');
    await expect(store.deleteObject(key)).resolves.toBeUndefined();
  });

  it('answers null from headObject for a missing key', async () => {
    expect(await store.headObject(testKey('missing'))).toBeNull();
  });

  it('puts streams of unknown length, including ones larger than one S3 part buffer', async () => {
    for (const size of [1000, 9 * MiB]) {
      const key = testKey();
      const data = randomData(size);
      const chunks = Array.from({ length: Math.ceil(size / 65536) }, (_, i) =>
        data.subarray(i * 65536, (i + 1) * 65536),
      );
      await store.putObject(key, Readable.from(chunks), { contentType: 'video/mp4' });
      expect(await store.headObject(key)).toEqual({ size, contentType: 'video/mp4' });
      expect((await readAll((await store.getObject(key)).body)).equals(data)).toBe(true);
    }
  });

  it('signs download URLs, with an attachment name when asked', async () => {
    const key = testKey();
    const data = randomData(2048);
    await store.putObject(key, data, { contentType: 'video/mp4' });

    const plain = await fetch(await store.signGetUrl(key, { expiresInSeconds: 60 }));
    expect(plain.status).toBe(200);
    expect(Buffer.from(await plain.arrayBuffer()).equals(data)).toBe(true);

    const named = await fetch(
      await store.signGetUrl(key, { expiresInSeconds: 60, filename: 'Day 1 – A.mp4' }),
    );
    expect(named.status).toBe(200);
    expect(named.headers.get('content-disposition')).toBe(
      `attachment; filename="Day 1 _ A.mp4"; filename*=UTF-8''Day%201%20%E2%80%93%20A.mp4`,
    );
    await named.arrayBuffer();
  });

  it('rejects invalid keys', async () => {
    const bad = [
      '../etc/passwd',
      'a/../b',
      'Upper/Case',
      '/abs',
      'a//b',
      'a/./b',
      'a/',
      'sp ace',
      'x'.repeat(600),
      '',
    ];
    for (const key of bad) {
      await expectBlobError(
        store.putObject(key, Buffer.from('x'), { contentType: 'text/plain' }),
        'InvalidKey',
      );
      await expectBlobError(store.createMultipartUpload(key, { contentType: 'text/plain' }), 'InvalidKey');
      await expectBlobError(store.getObject(key), 'InvalidKey');
      await expectBlobError(store.signGetUrl(key, { expiresInSeconds: 60 }), 'InvalidKey');
    }
  });
});
