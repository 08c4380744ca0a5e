// system programs: ffmpeg, ffprobe
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTool } from '../media/binaries.ts';
import { probeFile } from '../media/probe.ts';
import { videoPoster } from '../media/thumbnails.ts';
import type { BlobStore } from './blobStore.ts';
import { makeTempDir, putPart, startFsHarness, startS3Harness, testKey } from './testHarness.ts';

/**
 * Media tools read a stored original in place: the object's file, `concat:` of a
 * composite's part files, or a presigned URL on S3 — and find the same duration and a poster as
 * they do on a plain copy of the file.
 */
const FFMPEG = resolveMediaTool('ffmpeg').path;
const FFPROBE = resolveMediaTool('ffprobe').path;
let dir: string;
let clipFile: string;
let clip: Buffer<ArrayBuffer>;

beforeAll(async () => {
  dir = await makeTempDir('rushes-media-source-');
  clipFile = path.join(dir, 'clip.mp4');
  // moov atom at the end (no faststart): the reader must seek, as for most camera files.
  await promisify(execFile)(FFMPEG, [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=25',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clipFile,
  ]); // prettier-ignore
  clip = Buffer.from(await readFile(clipFile));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function expectSameMedia(store: BlobStore, key: string) {
  const source = await store.mediaSource(key, { expiresInSeconds: 600 });
  const [direct, copy] = await Promise.all([probeFile(FFPROBE, source), probeFile(FFPROBE, clipFile)]);
  expect(direct.durationSeconds).toBeCloseTo(copy.durationSeconds!, 2);
  expect(direct.videoCodec).toBe('h264');
  expect([direct.width, direct.height]).toEqual([320, 240]);
  const poster = await sharp(await videoPoster(FFMPEG, source, direct.durationSeconds)).metadata();
  expect([poster.format, poster.width, poster.height]).toEqual(['jpeg', 320, 240]);
  return source;
}

describe('BlobStore.mediaSource: fs driver', () => {
  let h: Awaited<ReturnType<typeof startFsHarness>>;
  beforeAll(async () => {
    h = await startFsHarness();
  });
  afterAll(async () => h?.close());

  it('a plain object is its own file, read with the file protocol only', async () => {
    const key = testKey();
    await h.store.putObject(key, clip, { contentType: 'video/mp4' });
    const source = await expectSameMedia(h.store, key);
    expect(source).toMatchObject({ protocols: 'file', local: true, file: source.input });
    expect(source.input.startsWith(h.dir)).toBe(true);
  });

  it('a multipart upload is read across its part files in place (concat), never joined first', async () => {
    const key = testKey();
    const { uploadId } = await h.store.createMultipartUpload(key, { contentType: 'video/mp4' });
    const cuts = [0, 7_000, 40_000, clip.length];
    const parts = [];
    for (let i = 1; i < cuts.length; i++) {
      const url = await h.store.signPartUrl(key, uploadId, i, { expiresInSeconds: 300 });
      parts.push({ partNumber: i, etag: await putPart(url, clip.subarray(cuts[i - 1], cuts[i])) });
    }
    await h.store.completeMultipartUpload(key, uploadId, parts);
    const source = await expectSameMedia(h.store, key);
    expect(source.input).toMatch(/^concat:/);
    expect(source.input.split('|')).toHaveLength(3);
    expect(source).toMatchObject({ protocols: 'concat,file', local: true });
    expect(source.file).toBeUndefined();
  });

  it('a missing key is NoSuchKey', async () => {
    await expect(h.store.mediaSource(testKey(), { expiresInSeconds: 60 })).rejects.toMatchObject({
      code: 'NoSuchKey',
    });
  });
});

describe('BlobStore.mediaSource: s3 driver (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3Harness>>;
  beforeAll(async () => {
    s3 = await startS3Harness();
  });
  afterAll(async () => s3?.close());

  it('is a presigned URL that ffprobe and ffmpeg read with ranges over HTTP', async () => {
    const key = testKey();
    await s3.store.putObject(key, clip, { contentType: 'video/mp4', contentLength: clip.length });
    const source = await expectSameMedia(s3.store, key);
    expect(source.input).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/rushes-test\/tests\/.+X-Amz-Signature=/);
    expect(source).toMatchObject({ protocols: 'https,http,tls,tcp', local: false });
  });
});
