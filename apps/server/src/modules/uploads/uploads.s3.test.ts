// system programs: ffmpeg, ffprobe
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, INGEST_STATUS, MSG } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { h264Mp4 } from '../media/media.testkit.ts';
import { person, studio } from '../projects/projects.testkit.ts';
import {
  assetRow,
  complete,
  putParts,
  sha256,
  start,
  stored,
  uploadFile,
  type Person,
} from './uploads.testkit.ts';

/**
 * The same upload flow on the S3 driver against s3rver (DESIGN §8): the browser's PUTs go straight
 * to the store's presigned URLs. s3rver has no ListParts, no AbortMultipartUpload and no ETag check
 * on complete, so resume, abort and the wrong-ETag case run on the fs driver (and on real S3, which
 * does all three); here the completed object's size is what refuses a bad part.
 */
const MiB = 1024 * 1024;
const BUCKET = 'rushes-uploads-test';

let t: TestApp;
let s3: S3rver;
let dir: string;
let owner: Person;
let projectId: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-s3rver-uploads-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  t = await createTestApp({
    BLOB_DRIVER: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    UPLOAD_PART_SIZE: String(5 * MiB),
    RATE_LIMIT: 'false',
  });
  ({ owner, projectId } = await studio(t));
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('uploads on the S3 driver (s3rver)', () => {
  it('multipart: presigned part URLs on the store, complete, exact bytes, one asset, no preview for random bytes', async () => {
    const data = randomBytes(11 * MiB + 123);
    const { started, done } = await uploadFile(t, owner, projectId, data, { filename: 'noise.dat' });
    expect(started.part_count).toBe(3);
    expect(new URL(started.parts[0].url).pathname).toContain(`/${BUCKET}/`);
    // the page may PUT there: the store's origin is in the CSP's connect-src (else only 'self')
    const csp = String(
      (await t.app.inject({ method: 'GET', url: API.health })).headers['content-security-policy'],
    );
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${new URL(started.parts[0].url).origin}(;|$)`));
    const row = (await assetRow(t, done.ingest_db_id))!;
    expect(sha256(await stored(t, row.blobKey!))).toBe(sha256(data));
    await t.ctx.jobs.drainForTests();
    expect((await assetRow(t, done.ingest_db_id))!.status).toBe(INGEST_STATUS.previewNotAvailable);
  });

  it('a part of the wrong size is refused and leaves no asset', async () => {
    const data = randomBytes(6 * MiB);
    const s = (await start(t, owner, projectId, data.length, { filename: 'short.dat' })).body.data;
    // The last part carries 1 MiB less than it should.
    const parts = await putParts(t, s, data.subarray(0, 5 * MiB + 1));
    const res = await complete(t, owner, projectId, s.upload_id, parts);
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(MSG.uploadSizeMismatch);
    expect(await assetRow(t, s.ingest_db_id)).toBeNull();
  });

  it('a video is processed from the store and served with ranges to members only', async () => {
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'rushes-s3-media-'));
    const data = await h264Mp4(scratch, 1);
    await rm(scratch, { recursive: true, force: true });
    const { done } = await uploadFile(t, owner, projectId, data, { filename: 'clip.mp4', mime: 'video/mp4' });
    await t.ctx.jobs.drainForTests();
    const row = (await assetRow(t, done.ingest_db_id))!;
    expect(row).toMatchObject({ status: INGEST_STATUS.finished, format: 'MP4', fileType: 'video' });
    expect(row.thumbnailKey).not.toBeNull();
    const res = await t.app.inject({
      method: 'GET',
      url: `${API.media.file}?ingest_db_id=${row.id}&kind=original`,
      headers: { cookie: owner.cookie, range: 'bytes=0-99' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(data.subarray(0, 100))).toBe(true);
    const stranger = await person(t);
    const refused = await t.app.inject({
      method: 'GET',
      url: `${API.media.file}?ingest_db_id=${row.id}&kind=original`,
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });
});
