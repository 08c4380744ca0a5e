import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { MSG, partUrlFrom, takesPartChunks } from '@rushes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestHex, newContentHash } from './streams.ts';
import { MiB, putPart, randomData, readAll, startFsHarness, testKey, type FsHarness } from './testHarness.ts';

/**
 * Filesystem driver: a part cut off mid-way keeps what arrived, and the next PUT of the part may
 * continue from there (`offset`) — how a resume after a pause, a reload or a kill -9 sends at most
 * the bytes that were still on the wire.
 */

const MAX_PART = 2 * MiB;
const digestOf = (b: Buffer) => `"${digestHex(newContentHash().update(b))}"`;

/**
 * Starts a PUT of `declared` bytes, writes only `body`, and leaves the request open: the server is
 * mid-part. `cut()` then drops the connection as a paused browser or a dead network would.
 */
function openPut(url: string, declared: number, body: Buffer) {
  const req = http.request(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', 'content-length': String(declared) },
  });
  const answered = new Promise<number>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
  });
  req.write(body);
  return { cut: () => req.destroy(), answered };
}

describe('fs part continuation', () => {
  let h: FsHarness;
  const newUpload = async () => {
    const key = testKey();
    const { uploadId } = await h.store.createMultipartUpload(key, { contentType: 'video/mp4' });
    return { key, uploadId };
  };
  /** The bytes the store kept of part 1, once they reach `expected` (or what it has after ~4 s). */
  async function kept(key: string, uploadId: string, expected: number) {
    let size = 0;
    for (let i = 0; i < 200 && size < expected; i++) {
      size = (await h.store.partialParts(key, uploadId)).get(1) ?? 0;
      if (size < expected) await sleep(20);
    }
    return size;
  }
  /** Lets the bytes written so far reach the server (it holds up to 1 MiB before writing). */
  const inFlight = () => sleep(150);
  /** A PUT of `declared` bytes that sends `body` and is then cut off. */
  async function cutOff(url: string, declared: number, body: Buffer) {
    const put = openPut(url, declared, body);
    await inFlight();
    put.cut();
    await put.answered;
  }

  beforeAll(async () => {
    h = await startFsHarness({ maxPartBytes: MAX_PART });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('keeps the bytes of a cut-off part and continues it from the offset', async () => {
    const { key, uploadId } = await newUpload();
    const data = randomData(MAX_PART);
    const url = await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 });
    await cutOff(url, data.length, data.subarray(0, 1_300_000));
    const offset = await kept(key, uploadId, 1_300_000);
    expect(offset).toBe(1_300_000);
    expect(await h.store.listParts(key, uploadId)).toEqual([]);

    const etag = await putPart(partUrlFrom(url, offset), data.subarray(offset));
    expect(etag).toBe(digestOf(data));
    expect(await h.store.listParts(key, uploadId)).toEqual([{ partNumber: 1, etag, size: MAX_PART }]);
    expect(await h.store.partialParts(key, uploadId)).toEqual(new Map());
    await h.store.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag }]);
    expect((await readAll((await h.store.getObject(key)).body)).equals(data)).toBe(true);
  });

  it('continues from an earlier offset than it kept, dropping the bytes after it', async () => {
    const { key, uploadId } = await newUpload();
    const data = randomData(1_000_000);
    const url = await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 });
    await cutOff(url, data.length, data.subarray(0, 600_000));
    expect(await kept(key, uploadId, 600_000)).toBe(600_000);
    const etag = await putPart(partUrlFrom(url, 250_000), data.subarray(250_000));
    expect(etag).toBe(digestOf(data));
    expect(await h.store.listParts(key, uploadId)).toEqual([{ partNumber: 1, etag, size: 1_000_000 }]);
  });

  it('refuses an offset past the kept bytes with 409 and keeps them', async () => {
    const { key, uploadId } = await newUpload();
    const data = randomData(500_000);
    const url = await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 });
    await cutOff(url, data.length, data.subarray(0, 200_000));
    expect(await kept(key, uploadId, 200_000)).toBe(200_000);

    const res = await fetch(partUrlFrom(url, 300_000), { method: 'PUT', body: data.subarray(300_000) });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ response: false, data: null, errormessage: MSG.uploadOffsetMismatch });
    expect((await h.store.partialParts(key, uploadId)).get(1)).toBe(200_000);

    // With no partial at all, any offset is a mismatch.
    const other = await h.store.signPartUrl(key, uploadId, 2, { expiresInSeconds: 60 });
    const none = await fetch(partUrlFrom(other, 10), { method: 'PUT', body: data.subarray(10) });
    expect(none.status).toBe(409);
    await none.arrayBuffer();
  });

  it('refuses an offset that would make the part larger than allowed with 413', async () => {
    const { key, uploadId } = await newUpload();
    const url = await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 });
    const res = await fetch(partUrlFrom(url, MAX_PART - 10), { method: 'PUT', body: randomData(11) });
    expect(res.status).toBe(413);
    await res.arrayBuffer();
    expect(await h.store.partialParts(key, uploadId)).toEqual(new Map());
  });

  it('a new PUT of a part takes over one that is still open, and only the new one counts', async () => {
    const { key, uploadId } = await newUpload();
    const data = randomData(800_000);
    const url = await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 });
    const stale = openPut(url, data.length, data.subarray(0, 100_000));
    await inFlight();

    const etag = await putPart(url, data);
    expect(etag).toBe(digestOf(data));
    // The stale sender's connection was closed by the server, without a success answer.
    expect(await stale.answered).not.toBe(200);
    expect(await h.store.listParts(key, uploadId)).toEqual([{ partNumber: 1, etag, size: 800_000 }]);
  });

  it('takes a part in acknowledged chunks: each on disk when answered, the last one answers the ETag', async () => {
    const { key, uploadId } = await newUpload();
    const data = randomData(MAX_PART);
    const url = await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 });
    expect(takesPartChunks(url)).toBe(true);
    const cuts = [0, 700_000, 1_500_000, MAX_PART];
    for (let i = 0; i < cuts.length - 1; i++) {
      const last = i === cuts.length - 2;
      const res = await fetch(partUrlFrom(url, cuts[i], !last), {
        method: 'PUT',
        body: data.subarray(cuts[i], cuts[i + 1]),
      });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      if (last) {
        expect(res.headers.get('etag')).toBe(digestOf(data));
        expect(res.headers.get('upload-offset')).toBeNull();
      } else {
        // answered only once written: what a crash now would keep
        expect(res.headers.get('upload-offset')).toBe(String(cuts[i + 1]));
        expect(res.headers.get('etag')).toBeNull();
        expect((await h.store.partialParts(key, uploadId)).get(1)).toBe(cuts[i + 1]);
        expect(await h.store.listParts(key, uploadId)).toEqual([]);
      }
    }
    expect(await h.store.listParts(key, uploadId)).toEqual([
      { partNumber: 1, etag: digestOf(data), size: MAX_PART },
    ]);
    // S3's presigned URLs take a part whole
    expect(takesPartChunks('https://bucket.s3.amazonaws.com/projects/p/original?partNumber=1')).toBe(false);
  });

  it('finishes a part held whole but unnamed with an empty last chunk at its size', async () => {
    const { key, uploadId } = await newUpload();
    const data = randomData(900_000);
    const url = await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 });
    // every byte went up, but the part was never finished (as if cut between last byte and rename)
    const all = await fetch(partUrlFrom(url, 0, true), { method: 'PUT', body: data });
    expect(all.status).toBe(200);
    await all.arrayBuffer();
    expect((await h.store.partialParts(key, uploadId)).get(1)).toBe(data.length);
    const etag = await putPart(partUrlFrom(url, data.length), new Uint8Array(0));
    expect(etag).toBe(digestOf(data));
    expect(await h.store.listParts(key, uploadId)).toEqual([{ partNumber: 1, etag, size: data.length }]);
  });

  it('refuses a chunk that would take the part past its size with 413', async () => {
    const { key, uploadId } = await newUpload();
    const url = await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 });
    const first = await fetch(partUrlFrom(url, 0, true), { method: 'PUT', body: randomData(MAX_PART - 5) });
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const res = await fetch(partUrlFrom(url, MAX_PART - 5, true), { method: 'PUT', body: randomData(6) });
    expect(res.status).toBe(413);
    await res.arrayBuffer();
  });

  it('an aborted upload keeps no partial parts', async () => {
    const { key, uploadId } = await newUpload();
    const url = await h.store.signPartUrl(key, uploadId, 1, { expiresInSeconds: 60 });
    await cutOff(url, 500_000, randomData(100_000));
    expect(await kept(key, uploadId, 100_000)).toBe(100_000);
    await h.store.abortMultipartUpload(key, uploadId);
    await expect(h.store.partialParts(key, uploadId)).rejects.toMatchObject({ code: 'NoSuchUpload' });
  });
});
