// system programs: ffmpeg, ffprobe
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type PlayerAsset } from '@rushes/shared';
import { assets, jobs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { studio } from '../projects/projects.testkit.ts';
import { TEST_PART_SIZE, assetRow, call, uploadFile, type Person } from '../uploads/uploads.testkit.ts';
import { h264Mp4 } from './media.testkit.ts';

const MIGRATION = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../db/migrations/0016_backfill_frame_rate.sql',
);

let t: TestApp;
let dir: string;
let owner: Person;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_PART_SIZE: String(TEST_PART_SIZE), RATE_LIMIT: 'false' });
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-backfill-test-'));
  ({ owner, projectId } = await studio(t));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

async function processed(data: Buffer, filename: string) {
  const { done } = await uploadFile(t, owner, projectId, data, { filename, mime: 'video/mp4' });
  await t.ctx.jobs.drainForTests();
  return (await assetRow(t, done.ingest_db_id))!;
}

describe('frame rate backfill', () => {
  it('videos stored before frame_rate existed get their real rate from the job the migration enqueues', async () => {
    const film = await processed(await h264Mp4(dir, 1, 24), 'old-film.mp4');
    const ntsc = await processed(await h264Mp4(dir, 1, '30000/1001'), 'old-ntsc.mp4');
    expect(film.frameRate).toBe(24);
    const migration = await readFile(MIGRATION, 'utf8');
    // nothing to do: the migration enqueues nothing
    await t.ctx.db.execute(sql.raw(migration));
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'media.backfill_frame_rate'))).toEqual([]);

    // as if uploaded before the pipeline stored the rate
    await t.ctx.db.update(assets).set({ frameRate: null }).where(eq(assets.projectId, projectId));
    const before = await call<PlayerAsset>(t, 'GET', API.media.asset, owner, { ingest_db_id: ntsc.id });
    expect(before.body.data.frame_rate).toBeNull();
    await t.ctx.db.execute(sql.raw(migration));
    await t.ctx.db.execute(sql.raw(migration)); // once per database: a second run adds no job
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'media.backfill_frame_rate'))).toHaveLength(
      1,
    );
    await t.ctx.jobs.drainForTests();

    expect((await assetRow(t, film.id))!.frameRate).toBe(24);
    expect((await assetRow(t, ntsc.id))!.frameRate).toBeCloseTo(29.97, 3);
    const after = await call<PlayerAsset>(t, 'GET', API.media.asset, owner, { ingest_db_id: ntsc.id });
    expect(after.body.data.frame_rate).toBeCloseTo(29.97, 3);
    // a run redelivered after the rows were filled changes nothing and enqueues nothing more
    await t.ctx.jobs.enqueue(t.ctx.db, 'media.backfill_frame_rate', {});
    await t.ctx.jobs.drainForTests();
    const runs = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'media.backfill_frame_rate'));
    expect(runs.map((r) => r.state)).toEqual(['done', 'done']);
  });
});
