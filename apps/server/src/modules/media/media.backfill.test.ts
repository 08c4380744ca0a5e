// system programs: ffmpeg, ffprobe
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type PlayerAsset } from '@rushes/shared';
import { assets, jobs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { studio } from '../projects/projects.testkit.ts';
import { TEST_PART_SIZE, assetRow, call, uploadFile, type Person } from '../uploads/uploads.testkit.ts';
import { SPRITE_BACKFILL_BATCH } from './media.backfill.ts';
import { newIngestCode } from '../assets/assets.sql.ts';
import { changingClip, h264Mp4, sineWav } from './media.testkit.ts';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
const MIGRATION = path.join(MIGRATIONS, '0016_backfill_frame_rate.sql');
const SPRITE_MIGRATION = path.join(MIGRATIONS, '0039_backfill_sprites.sql');

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

async function processed(data: Buffer, filename: string, mime = 'video/mp4') {
  const { done } = await uploadFile(t, owner, projectId, data, { filename, mime });
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

describe('sprite backfill', () => {
  it('videos processed before sprite sheets existed get one, batch after batch, from the job the migration enqueues', async () => {
    const migration = await readFile(SPRITE_MIGRATION, 'utf8');
    const clip = await changingClip(dir, 2);
    // more videos than one batch, so the chain enqueues its next run: one processed upload and copies
    // of its row (the same stored media), since each upload's pipeline costs seconds of ffmpeg
    const first = await processed(clip, 'old-0.mp4');
    const { id: _id, ingestCode: _code, searchVector: _vector, ...columns } = first;
    const copies = await t.ctx.db
      .insert(assets)
      .values(
        Array.from({ length: SPRITE_BACKFILL_BATCH }, (_, i) => ({
          ...columns,
          title: `old-${i + 1}.mp4`,
          ingestCode: newIngestCode(),
        })),
      )
      .returning();
    const videos = [first, ...copies];
    const tone = await processed(await sineWav(dir), 'tone.wav', 'audio/wav');
    expect(videos.every((v) => v.spriteKey)).toBe(true);
    const spriteJobs = () => t.ctx.db.select().from(jobs).where(eq(jobs.name, 'media.backfill_sprites'));
    // every video has a sheet: the migration enqueues nothing
    await t.ctx.db.execute(sql.raw(migration));
    expect(await spriteJobs()).toEqual([]);

    // as if processed before sheets existed (their objects gone with them)
    const ids = videos.map((v) => v.id);
    for (const v of videos) await t.ctx.blobs.deleteObject(v.spriteKey!);
    await t.ctx.db.update(assets).set({ spriteKey: null, spriteInfo: null }).where(inArray(assets.id, ids));
    const before = await call<PlayerAsset>(t, 'GET', API.media.asset, owner, { ingest_db_id: videos[0].id });
    expect(before.body.data.sprite).toBeNull();
    await t.ctx.db.execute(sql.raw(migration));
    await t.ctx.db.execute(sql.raw(migration)); // once per database
    expect(await spriteJobs()).toHaveLength(1);
    await t.ctx.jobs.drainForTests();

    for (const v of videos) {
      const row = (await assetRow(t, v.id))!;
      expect(row.spriteInfo).toMatchObject({ count: 4, cols: 4, rows: 1, tileWidth: 160, tileHeight: 120 });
      expect(await t.ctx.blobs.headObject(row.spriteKey!)).not.toBeNull();
    }
    expect((await assetRow(t, tone.id))!.spriteKey).toBeNull();
    const after = await call<PlayerAsset>(t, 'GET', API.media.asset, owner, { ingest_db_id: videos[0].id });
    expect(after.body.data.sprite).toMatchObject({ count: 4, cols: 4 });
    // the first run did one batch and handed the rest to a second
    const runs = await spriteJobs();
    expect(runs.map((r) => r.state)).toEqual(['done', 'done']);
    expect(runs.map((r) => r.data)).toContainEqual({ after: [...ids].sort()[SPRITE_BACKFILL_BATCH - 1] });
  });
});
