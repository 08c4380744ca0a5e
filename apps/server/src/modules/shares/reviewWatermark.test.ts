// system programs: ffmpeg, ffprobe
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, REVIEW_PLAYLIST_TEXT, reviewFileUrl, type WatermarkState } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { randomAddress, send } from '../../../test/inject.ts';
import { shareLinkViews, shareLinks, shareWatermarks } from '../../db/schema/index.ts';
import { resolveMediaTool } from '../../platform/media/binaries.ts';
import { h264Mp4 } from '../media/media.testkit.ts';
import { studio } from '../projects/projects.testkit.ts';
import { call, uploadFile } from '../uploads/uploads.testkit.ts';
import { cookieOf, fileOf, makeLink, openReview, type Browser } from './reviewLinks.testkit.ts';
import { viewerCookie } from './shares.watermark.ts';
import { watermarkJob } from './shares.watermark.job.ts';

/** Watermarked review links: the viewer's e-mail burned into their own copy of the stream. */
let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-watermark-test-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const FFMPEG = resolveMediaTool('ffmpeg').path;

/** The picture at `seconds` as raw RGB (sharp reads the PNG ffmpeg grabs). */
async function frameAt(video: Buffer, name: string, seconds: number) {
  const file = path.join(dir, `${name}.mp4`);
  const png = path.join(dir, `${name}.png`);
  await writeFile(file, video);
  await promisify(execFile)(FFMPEG, [
    '-v',
    'error',
    '-y',
    '-ss',
    String(seconds),
    '-i',
    file,
    '-frames:v',
    '1',
    png,
  ]);
  return sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** Share of pixels of rows y0..y1 (fractions of the height) where any channel moved by more than 60. */
function changedShare(
  a: { data: Buffer; info: { width: number; height: number; channels: number } },
  b: { data: Buffer },
  y0: number,
  y1: number,
) {
  const { width, height, channels } = a.info;
  let changed = 0;
  let total = 0;
  for (let y = Math.floor(y0 * height); y < Math.floor(y1 * height); y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      total++;
      if ([0, 1, 2].some((c) => Math.abs(a.data[i + c] - b.data[i + c]) > 60)) changed++;
    }
  return changed / total;
}

const watermark = (method: 'GET' | 'POST', token: string, id: string, b: Browser, email?: string) =>
  method === 'GET'
    ? send<WatermarkState>(t, 'GET', API.review.watermark, {
        query: { shared_link: token, ingest_db_id: id },
        ...b,
      })
    : send<WatermarkState>(t, 'POST', API.review.watermark, {
        body: { shared_link: token, ingest_db_id: id, ...(email ? { email } : {}) },
        ...b,
      });

it('asks the e-mail, makes each viewer their own copy with it burned in, serves only that, refuses the rest', async () => {
  const { owner, projectId } = await studio(t);
  const clip = await h264Mp4(dir, 2);
  const up = async (name: string) =>
    (await uploadFile(t, owner, projectId, clip, { filename: name, mime: 'video/mp4' })).done
      .ingest_db_id as string;
  const [shown, outside] = [await up('take.mp4'), await up('other.mp4')];
  await t.ctx.jobs.drainForTests();
  const { token, link } = await makeLink(t, {
    projectId,
    kind: 'assets',
    assetIds: [shown],
    watermark: true,
  });

  const ana: Browser = { remoteAddress: randomAddress() };
  const opened = await openReview(t, token, {}, ana);
  expect(opened).toMatchObject({ watermark: true, viewer_email: null, play_url: null, download_url: null });
  const plain = reviewFileUrl({ shared_link: token }, 'play', shown);
  expect((await fileOf(t, plain, ana)).status).toBe(403);
  expect((await fileOf(t, reviewFileUrl({ shared_link: token }, 'original', shown), ana)).status).toBe(403);
  // the poster still shows
  expect((await fileOf(t, reviewFileUrl({ shared_link: token }, 'thumbnail', shown), ana)).status).toBe(200);

  const noEmail = await watermark('POST', token, shown, ana);
  expect(noEmail.status).toBe(400);
  expect(noEmail.body.errormessage).toBe(REVIEW_PLAYLIST_TEXT.emailRequired);
  const started = await watermark('POST', token, shown, ana, 'Ana@Example.com');
  expect(started.body.data).toMatchObject({
    status: 'pending',
    viewer_email: 'ana@example.com',
    play_url: null,
  });
  ana.cookie = cookieOf(started.setCookie);
  expect(ana.cookie).toContain(viewerCookie(link.id));
  // asked again (a reload): the same copy, no second job
  expect((await watermark('POST', token, shown, ana)).body.data.status).toBe('pending');
  expect(
    await t.ctx.db.select().from(shareWatermarks).where(eq(shareWatermarks.linkId, link.id)),
  ).toHaveLength(1);
  const [view] = await t.ctx.db.select().from(shareLinkViews).where(eq(shareLinkViews.linkId, link.id));
  expect(view.viewerEmail).toBe('ana@example.com');
  // a file outside the link gets no copy
  expect((await watermark('POST', token, outside, ana)).status).toBe(404);

  const ben: Browser = { remoteAddress: randomAddress() };
  const benStart = await watermark('POST', token, shown, ben, 'ben@example.com');
  ben.cookie = cookieOf(benStart.setCookie);
  await t.ctx.jobs.drainForTests();

  const ready = await watermark('GET', token, shown, ana);
  expect(ready.body.data).toMatchObject({ status: 'ready', viewer_email: 'ana@example.com' });
  expect((await openReview(t, token, {}, ana)).play_url).toBe(ready.body.data.play_url);
  const anaCopy = await fileOf(t, ready.body.data.play_url!, ana);
  expect(anaCopy.status).toBe(200);
  expect(anaCopy.headers['content-type']).toBe('video/mp4');
  const benCopy = await fileOf(t, (await watermark('GET', token, shown, ben)).body.data.play_url!, ben);
  expect(benCopy.status).toBe(200);
  expect(benCopy.body.equals(anaCopy.body)).toBe(false);
  // the same address answers each viewer their own copy; a forged cookie gets nothing
  expect((await fileOf(t, plain, ben)).body.equals(benCopy.body)).toBe(true);
  const forged = `${viewerCookie(link.id)}=${Buffer.from('ana@example.com').toString('base64url')}.${'0'.repeat(64)}`;
  expect((await fileOf(t, plain, { cookie: forged })).status).toBe(403);

  // the picture differs from the original's where the text runs (rows at 12, 37, 62, 87 % of the height)
  const original = await frameAt(clip, 'original', 1);
  const copy = await frameAt(anaCopy.body, 'copy', 1);
  expect(copy.info.width).toBe(original.info.width);
  const bands = [0.12, 0.37, 0.62, 0.87].map((y) => changedShare(copy, original, y - 0.04, y + 0.04));
  expect(Math.max(...bands)).toBeGreaterThan(0.02);
  // and matches it away from the text (the re-encode moves no pixel that far)
  expect(changedShare(copy, original, 0.46, 0.52)).toBeLessThan(0.01);

  // a logged-in viewer is never asked: their account's e-mail is used
  const mine = await openReview(t, token, {}, { cookie: owner.cookie });
  expect(mine.viewer_email).toBe(owner.user.email.toLowerCase());
  const own = await watermark('POST', token, shown, { cookie: owner.cookie }, 'someone@else.com');
  expect(own.body.data).toMatchObject({ viewer_email: owner.user.email.toLowerCase() });

  // download allowed: the original downloads, the copy still plays
  await t.ctx.db.update(shareLinks).set({ isDownloadAllowed: true }).where(eq(shareLinks.id, link.id));
  expect((await fileOf(t, reviewFileUrl({ shared_link: token }, 'original', shown), ana)).status).toBe(200);
  expect((await fileOf(t, plain, ana)).body.equals(anaCopy.body)).toBe(true);
  const rows = await t.ctx.db
    .select()
    .from(shareWatermarks)
    .where(and(eq(shareWatermarks.linkId, link.id), eq(shareWatermarks.status, 'ready')));
  expect(rows.map((r) => r.viewerEmail).sort()).toEqual(['ana@example.com', 'ben@example.com']);
});

/** A watermarked link with one video and a viewer whose copy is being made (pending). */
async function linkWithCopy(email: string) {
  const { owner, projectId } = await studio(t);
  const { done } = await uploadFile(t, owner, projectId, await h264Mp4(dir, 1), {
    filename: 'take.mp4',
    mime: 'video/mp4',
  });
  const id = done.ingest_db_id as string;
  await t.ctx.jobs.drainForTests();
  const { token, link } = await makeLink(t, { projectId, kind: 'assets', assetIds: [id], watermark: true });
  const viewer: Browser = { remoteAddress: randomAddress() };
  expect((await watermark('POST', token, id, viewer, email)).status).toBe(200);
  const copies = () => t.ctx.db.select().from(shareWatermarks).where(eq(shareWatermarks.linkId, link.id));
  return { owner, projectId, link, copies };
}

it("a revoked link's copies and a deleted project's copies are deleted: rows and stored bytes", async () => {
  const revoked = await linkWithCopy('ana@example.com');
  await t.ctx.jobs.drainForTests();
  const [copy] = await revoked.copies();
  expect(copy).toMatchObject({ status: 'ready' });
  expect(await t.ctx.blobs.headObject(copy.blobKey!)).not.toBeNull();
  const revoke = await call(t, 'PUT', API.shares.revoke, revoked.owner, {
    share_link_db_id: revoked.link.id,
  });
  expect(revoke.status).toBe(200);
  await t.ctx.jobs.drainForTests();
  expect(await revoked.copies()).toEqual([]);
  expect(await t.ctx.blobs.headObject(copy.blobKey!)).toBeNull();

  const gone = await linkWithCopy('ben@example.com');
  await t.ctx.jobs.drainForTests();
  const [kept] = await gone.copies();
  expect(await t.ctx.blobs.headObject(kept.blobKey!)).not.toBeNull();
  const del = await call(t, 'DELETE', API.projects.root, gone.owner, { project_db_id: gone.projectId });
  expect(del.status).toBe(200);
  await t.ctx.jobs.drainForTests();
  expect(await t.ctx.blobs.headObject(kept.blobKey!)).toBeNull();
});

it('a copy finished after its link was revoked removes what it stored', async () => {
  const late = await linkWithCopy('cy@example.com');
  const [pending] = await late.copies();
  expect(pending.status).toBe('pending');
  // the revoke lands while ffmpeg runs: right after the copy's bytes are stored
  let stored: string | undefined;
  const blobs = Object.create(t.ctx.blobs) as AppContext['blobs'];
  blobs.putObject = async (key, ...rest) => {
    await t.ctx.blobs.putObject(key, ...rest);
    stored = key;
    await call(t, 'PUT', API.shares.revoke, late.owner, { share_link_db_id: late.link.id });
  };
  const job = watermarkJob({ ...t.ctx, blobs }, { warn: () => undefined });
  await job({ watermarkId: pending.id }, { id: 'test', attempts: 1, maxAttempts: 3 } as never);
  expect(stored).toBeDefined();
  expect(await late.copies()).toEqual([]);
  expect(await t.ctx.blobs.headObject(stored!)).toBeNull();
});
