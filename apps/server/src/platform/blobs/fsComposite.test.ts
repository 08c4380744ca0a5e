import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partsDir } from './fsComposite.ts';
import { FsLayout } from './fsLayout.ts';
import { putPart, randomData, readAll, startFsHarness, testKey, type FsHarness } from './testHarness.ts';

/** Completed multipart uploads on the fs driver are composites: renamed parts, read across boundaries. */
let h: FsHarness;
beforeAll(async () => {
  h = await startFsHarness();
});
afterAll(() => h.close());

async function composite(sizes: number[]) {
  const key = testKey();
  const data = randomData(sizes.reduce((a, b) => a + b, 0));
  const { uploadId } = await h.store.createMultipartUpload(key, { contentType: 'video/mp4' });
  const parts = [];
  let offset = 0;
  for (const [i, size] of sizes.entries()) {
    const url = await h.store.signPartUrl(key, uploadId, i + 1, { expiresInSeconds: 60 });
    parts.push({
      partNumber: i + 1,
      etag: await putPart(url, new Uint8Array(data.subarray(offset, offset + size))),
    });
    offset += size;
  }
  const done = await h.store.completeMultipartUpload(key, uploadId, parts);
  return { key, data, done };
}

const disk = () => new FsLayout(h.store.root);

describe('fs composite objects', () => {
  it('completes without copying and reads whole objects and ranges across part boundaries', async () => {
    const { key, data, done } = await composite([1000, 1000, 333]);
    expect(done.size).toBe(2333);
    expect(existsSync(partsDir(disk(), key))).toBe(true);
    expect(await h.store.headObject(key)).toEqual({ size: 2333, contentType: 'video/mp4' });
    expect((await readAll((await h.store.getObject(key)).body)).equals(data)).toBe(true);
    for (const [start, end] of [
      [0, 0],
      [999, 1000],
      [500, 2100],
      [1000, 1999],
      [2332, 5000],
    ]) {
      const got = await h.store.getObject(key, { range: { start, end } });
      const want = data.subarray(start, Math.min(end, 2332) + 1);
      expect(got.contentLength).toBe(want.length);
      expect((await readAll(got.body)).equals(want), `${start}-${end}`).toBe(true);
    }
    await expect(h.store.getObject(key, { range: { start: 2333, end: 2400 } })).rejects.toMatchObject({
      code: 'InvalidRange',
    });
  });

  it('copies by link, deletes, and is replaced by a plain put', async () => {
    const { key, data } = await composite([700, 10]);
    const copy = testKey('copy');
    await h.store.copyObject(key, copy);
    await h.store.deleteObject(key);
    expect(await h.store.headObject(key)).toBeNull();
    expect(existsSync(partsDir(disk(), key))).toBe(false);
    expect((await readAll((await h.store.getObject(copy)).body)).equals(data)).toBe(true);
    await h.store.putObject(copy, Buffer.from('plain'), { contentType: 'text/plain' });
    expect(existsSync(partsDir(disk(), copy))).toBe(false);
    expect((await readAll((await h.store.getObject(copy)).body)).toString()).toBe('plain');
  });

  it('is served by the signed download route with ranges', async () => {
    const { key, data } = await composite([600, 600]);
    const url = await h.store.signGetUrl(key, { expiresInSeconds: 60 });
    const res = await fetch(url, { headers: { range: 'bytes=590-609' } });
    expect(res.status).toBe(206);
    expect(Buffer.from(await res.arrayBuffer()).equals(data.subarray(590, 610))).toBe(true);
  });
});
