// system programs: ffmpeg, ffprobe
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, INGEST_STATUS, mediaFileUrl, type PlayerAsset } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { assets, jobs } from '../../db/schema/index.ts';
import { resolveMediaTool } from '../../platform/media/binaries.ts';
import { runTool } from '../../platform/media/tools.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import { insertFile, studio } from '../projects/projects.testkit.ts';
import {
  TEST_PART_SIZE,
  assetRow,
  call,
  stored,
  uploadFile,
  type Person,
} from '../uploads/uploads.testkit.ts';
import { changingClip, proresMov, sineWav, stillClip } from './media.testkit.ts';

const FFPROBE = resolveMediaTool('ffprobe').path;

let t: TestApp;
let dir: string;
let owner: Person;
let stranger: Person;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_PART_SIZE: String(TEST_PART_SIZE), RATE_LIMIT: 'false' });
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-sprite-test-'));
  ({ owner, projectId } = await studio(t));
  ({ owner: stranger } = await studio(t));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

async function uploadAndProcess(data: Buffer, filename: string, mime: string) {
  const { done } = await uploadFile(t, owner, projectId, data, { filename, mime });
  await t.ctx.jobs.drainForTests();
  return (await assetRow(t, done.ingest_db_id))!;
}

const fetchAs = (who: Person, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

/** Mean absolute difference of two tiles' pixels (0 = identical). */
async function tileDistance(sheet: Buffer, w: number, h: number, a: number, b: number, cols: number) {
  const tile = (i: number) =>
    sharp(sheet)
      .extract({ left: (i % cols) * w, top: Math.floor(i / cols) * h, width: w, height: h })
      .raw()
      .toBuffer();
  const [x, y] = await Promise.all([tile(a), tile(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}

describe('media.sprite: the hover-scrub sheet of a video', () => {
  it('a finished video gets one sheet of evenly spaced, different tiles; members read it', async () => {
    const a = await uploadAndProcess(await changingClip(dir, 6), 'moving.mp4', 'video/mp4');
    expect(a.status).toBe(INGEST_STATUS.finished);
    const info = a.spriteInfo!;
    expect(a.spriteKey).toMatch(/\/sprite\.jpg$/);
    // 6 s at one tile per 0.5 s: 12 tiles, 10 a row; 320 × 240 → 160 × 120.
    expect(info).toMatchObject({ count: 12, cols: 10, rows: 2, tileWidth: 160, tileHeight: 120 });
    expect(info.intervalSeconds).toBeCloseTo(a.durationSeconds! / 12, 5);

    const player = await call<PlayerAsset>(t, 'GET', API.media.asset, owner, { ingest_db_id: a.id });
    expect(player.body.data).toMatchObject({
      page_count: null,
      sprite: { cols: 10, rows: 2, count: 12, tile_width: 160, tile_height: 120 },
    });

    const res = await fetchAs(owner, mediaFileUrl(a.id, 'sprite'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const sheet = res.rawPayload;
    expect(sheet.equals(await stored(t, a.spriteKey!))).toBe(true);
    expect(await sharp(sheet).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 240 });
    // The clip changes (testsrc's counter and sweep, a key frame every 0.4 s): first and last differ.
    expect(await tileDistance(sheet, 160, 120, 0, 11, 10)).toBeGreaterThan(3);
    expect(await tileDistance(sheet, 160, 120, 0, 5, 10)).toBeGreaterThan(3);
    // No tile is left black past the last key frame.
    const last = await sharp(sheet).extract({ left: 160, top: 120, width: 160, height: 120 }).stats();
    expect(Math.max(...last.channels.map((c) => c.mean))).toBeGreaterThan(20);

    // Another project's member: refused, like the thumbnail.
    expect((await fetchAs(stranger, mediaFileUrl(a.id, 'sprite'))).statusCode).toBe(403);
    expect((await fetchAs(stranger, mediaFileUrl(a.id, 'thumbnail'))).statusCode).toBe(403);

    // A retried or repeated job changes nothing: skipped once the sheet exists.
    await enqueueJob(t.ctx.db, 'media.sprite', { assetId: a.id });
    await t.ctx.jobs.drainForTests();
    const again = (await assetRow(t, a.id))!;
    expect(again.updatedAt.getTime()).toBe(a.updatedAt.getTime());
    // A run after a lost write makes the same object again (one key per asset, no second sheet).
    await t.ctx.db.update(assets).set({ spriteKey: null, spriteInfo: null }).where(eq(assets.id, a.id));
    await enqueueJob(t.ctx.db, 'media.sprite', { assetId: a.id });
    await t.ctx.jobs.drainForTests();
    expect(await assetRow(t, a.id)).toMatchObject({ spriteKey: a.spriteKey, spriteInfo: info });

    // Deleting the asset removes its sheet.
    await call(t, 'DELETE', API.assets.root, owner, { project_db_id: projectId, ingest_db_ids: [a.id] });
    await t.ctx.jobs.drainForTests();
    expect(await t.ctx.blobs.headObject(a.spriteKey!)).toBeNull();
  });

  it("a clip that needs a proxy gets its sheet from the proxy's own run, and a key frame every second", async () => {
    const clip = await uploadAndProcess(await proresMov(dir, 4), 'grade.mov', 'video/quicktime');
    expect(clip.status).toBe(INGEST_STATUS.finished);
    expect(clip.proxyKey).not.toBeNull();
    // 4 s at one tile per 0.5 s: 8 tiles in one row; 320 × 240 → 160 × 120.
    expect(clip.spriteInfo).toMatchObject({ count: 8, cols: 8, rows: 1, tileWidth: 160, tileHeight: 120 });
    const sheet = await stored(t, clip.spriteKey!);
    expect(await sharp(sheet).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 120 });
    expect(await tileDistance(sheet, 160, 120, 0, 7, 8)).toBeGreaterThan(3);
    // Made in the proxy's run: no sprite job was queued for it.
    const queued = await t.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'media.sprite'), sql`${jobs.data}->>'assetId' = ${clip.id}`));
    expect(queued).toEqual([]);
    // The proxy's key frames: at 0, 1, 2 and 3 s (a seek decodes at most 1 s).
    const proxy = path.join(dir, 'proxy-keys.mp4');
    await writeFile(proxy, await stored(t, clip.proxyKey!));
    const frames = await runTool(FFPROBE, [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=pict_type,pts_time'],
      ...['-of', 'csv=p=0', proxy],
    ]);
    const keys = frames
      .toString()
      .trim()
      .split('\n')
      .filter((l) => l.includes('I'))
      .map((l) => Math.round(parseFloat(l)));
    expect(keys).toEqual([0, 1, 2, 3]);
  });

  it('a clip with a single key frame (a web-playable original, no proxy) still gets every tile', async () => {
    const clip = await uploadAndProcess(await changingClip(dir, 6, 250), 'one-gop.mp4', 'video/mp4');
    expect(clip.proxyKey).toBeNull();
    expect(clip.spriteInfo).toMatchObject({ count: 12, cols: 10 });
    const sheet = await stored(t, clip.spriteKey!);
    const { tileWidth: w, tileHeight: h } = clip.spriteInfo!;
    expect(await tileDistance(sheet, w, h, 0, 11, 10)).toBeGreaterThan(5);
  });

  it('a one-frame clip gets a one-tile sheet; audio gets none', async () => {
    const still = await uploadAndProcess(await stillClip(dir), 'still.mp4', 'video/mp4');
    expect(still.status).toBe(INGEST_STATUS.finished);
    expect(still.spriteInfo).toMatchObject({ count: 1, cols: 1, rows: 1, tileWidth: 160, tileHeight: 120 });
    const meta = await sharp(await stored(t, still.spriteKey!)).metadata();
    expect(meta).toMatchObject({ width: 160, height: 120 });

    const tone = await uploadAndProcess(await sineWav(dir), 'tone.wav', 'audio/wav');
    expect(tone).toMatchObject({ fileType: 'audio', status: INGEST_STATUS.finished, spriteKey: null });
    expect((await fetchAs(owner, mediaFileUrl(tone.id, 'sprite'))).statusCode).toBe(404);
    const player = await call<PlayerAsset>(t, 'GET', API.media.asset, owner, { ingest_db_id: tone.id });
    expect(player.body.data).toMatchObject({ sprite: null, page_count: null });
  });

  it("kind page: a PDF's rendered page n, 404 out of range; refused to another project's member", async () => {
    const doc = await insertFile(t, projectId, { title: 'deck.pdf' });
    // The pages as the pipeline stores them (`<pages_key>/<n>.jpg`), put here to test only the route.
    const pagesKey = `${doc.blobKey}-pages`;
    const jpeg = (shade: number) =>
      sharp({ create: { width: 40, height: 50, channels: 3, background: { r: shade, g: 0, b: 0 } } })
        .jpeg()
        .toBuffer();
    for (const n of [1, 2]) {
      const bytes = await jpeg(n * 100);
      await t.ctx.blobs.putObject(`${pagesKey}/${n}.jpg`, bytes, {
        contentType: 'image/jpeg',
        contentLength: bytes.length,
      });
    }
    await t.ctx.db
      .update(assets)
      .set({ fileType: 'other', mimeType: 'application/pdf', pagesKey, pageCount: 2 })
      .where(eq(assets.id, doc.id));

    const page2 = await fetchAs(owner, mediaFileUrl(doc.id, 'page', undefined, 2));
    expect(page2.statusCode).toBe(200);
    expect(page2.headers['content-type']).toBe('image/jpeg');
    expect(page2.rawPayload.equals(await stored(t, `${pagesKey}/2.jpg`))).toBe(true);
    expect((await fetchAs(owner, mediaFileUrl(doc.id, 'page', undefined, 3))).statusCode).toBe(404);
    expect((await fetchAs(owner, mediaFileUrl(doc.id, 'page'))).statusCode).toBe(404);
    expect((await fetchAs(owner, `${mediaFileUrl(doc.id, 'page')}&page=0`)).statusCode).toBe(400);
    expect((await fetchAs(stranger, mediaFileUrl(doc.id, 'page', undefined, 1))).statusCode).toBe(403);
    const player = await call<PlayerAsset>(t, 'GET', API.media.asset, owner, { ingest_db_id: doc.id });
    expect(player.body.data.page_count).toBe(2);
  });
});
