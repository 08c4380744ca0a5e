import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { API, API_TYPE, API_VERSION, MSG, UI, UPLOAD_STATE_TEXT, mediaFileUrl } from '@rushes/shared';
import { contextOptions, e2eAvailable, launch, shot } from './browser.ts';
import { DEMO_EDITOR, DEMO_PRODUCER, logIn } from './people.ts';
import { createProject, dialog, row, switchTeam, tray } from './projectSteps.ts';
import { startServer, type RunningServer } from './server.ts';
import { makeUploadFixtures, type UploadFixtures } from './uploadFixtures.ts';

const FLOW = 'uploads';
const OWNER = DEMO_PRODUCER;
const EDITOR = DEMO_EDITOR;
const STUDIO = 'Demo Studio';
const PROJECT = `Dailies ${Date.now() % 10_000}`;
/** 5 MiB parts (S3's and Uppy's floor): the 19 MB WAV goes up in 4 parts, several at once. */
const PART_SIZE = 5 * 1024 * 1024;
/** 100 s of 48 kHz stereo 16-bit PCM plus the header, in 5 MiB parts. */
const PART_COUNT = 4;

let server: RunningServer;
let browser: Browser;
let files: UploadFixtures;

beforeAll(async () => {
  if (!e2eAvailable) return;
  files = makeUploadFixtures();
  server = await startServer({ UPLOAD_PART_SIZE: String(PART_SIZE) });
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PART_PUTS = '**/api/blobs/parts**';

/**
 * Holds the part PUTs back and lets them through one at a time, a second apart, so a pause can land
 * between parts. (Chromium's network throttling only delays the answer: the server still gets every
 * byte at once, so it cannot show what a pause keeps from the server.)
 */
async function slowParts(page: Page) {
  let gate = Promise.resolve();
  await page.route(PART_PUTS, async (route) => {
    const turn = gate.then(() => new Promise<void>((resolve) => setTimeout(resolve, 1000)));
    gate = turn;
    await turn;
    // a paused upload aborted this PUT meanwhile
    await route.continue().catch(() => undefined);
  });
}

/**
 * A drag from the file manager onto the drop zone, through Chromium's input domain: files and
 * folders arrive as real File System entries, so a dropped folder keeps its tree.
 */
async function dragFiles(page: Page, paths: string[], options: { shotAs?: string } = {}) {
  const zone = page.getByTestId('upload-drop-zone');
  const box = (await zone.boundingBox())!;
  const at = { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 150) };
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchDragEvent', { type: 'dragEnter', ...at, data });
  await cdp.send('Input.dispatchDragEvent', { type: 'dragOver', ...at, data });
  await visible(page.getByText(UI.dropToUpload));
  if (options.shotAs) await shot(page, FLOW, options.shotAs);
  // A real drag keeps sending dragover while it hovers (every ~50 ms): the browser drops only onto a
  // target whose latest dragover accepted it, and on a loaded machine one may meet the zone while it
  // re-renders. A few, spaced as a hovering hand sends them, then the drop.
  for (let i = 0; i < 3; i++) {
    await cdp.send('Input.dispatchDragEvent', { type: 'dragOver', ...at, data });
    await page.waitForTimeout(100);
  }
  await cdp.send('Input.dispatchDragEvent', { type: 'drop', ...at, data });
  await cdp.detach();
}

/** Visible within a wait long enough for uploads and media jobs (visible() polls for a second). */
const eventually = (locator: Locator, timeout = 30_000) =>
  expect.poll(() => locator.first().isVisible(), { timeout, interval: 200 }).toBe(true);

/** This machine is shared: waits are generous (projectSteps' visible/gone poll for a second). */
const visible = (locator: Locator) => eventually(locator, 10_000);
const gone = (locator: Locator) =>
  expect.poll(() => locator.count(), { timeout: 10_000, interval: 200 }).toBe(0);

const headers = { 'API-Type': API_TYPE, 'API-Version': API_VERSION };

/** The caller's unfinished uploads in the project and the parts the server holds of one. */
async function unfinishedUploads(page: Page, projectDbId: string) {
  const res = await page.request.get(`${server.url}${API.uploads.sessions}`, {
    headers,
    params: { project_db_id: projectDbId },
  });
  return (
    (await res.json()) as {
      data: { uploads: { upload_id: string; ingest_db_id: string; filename: string }[] };
    }
  ).data.uploads;
}

/**
 * Sends the first half of one part of an upload from outside the browser and drops the connection
 * mid-part, as a lost network would: answers the bytes sent (the server keeps them).
 */
async function cutPartHalfWay(page: Page, projectDbId: string, uploadId: string, file: string, n: number) {
  const res = await page.request.post(`${server.url}${API.uploads.signParts}`, {
    headers,
    data: { project_db_id: projectDbId, upload_id: uploadId, part_numbers: [n] },
  });
  const { url } = ((await res.json()) as SignPartsEnvelope).data.parts[0];
  const part = readFileSync(file).subarray((n - 1) * PART_SIZE, n * PART_SIZE);
  const half = Math.floor(part.length / 2);
  // the fs driver's signed URLs are same-origin paths
  const req = http.request(new URL(url, server.url), {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', 'content-length': String(part.length) },
  });
  req.on('error', () => undefined);
  req.write(part.subarray(0, half));
  await new Promise((resolve) => setTimeout(resolve, 500));
  req.destroy();
  return half;
}
type SignPartsEnvelope = { data: { parts: { url: string }[] } };

async function storedSha256(page: Page, ingestDbId: string) {
  const res = await page.request.get(`${server.url}${mediaFileUrl(ingestDbId, 'original')}`);
  expect(res.status()).toBe(200);
  return sha256(await res.body());
}
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function partsOnServer(page: Page, projectDbId: string, uploadId: string) {
  const res = await page.request.get(`${server.url}${API.uploads.parts}`, {
    headers,
    params: { project_db_id: projectDbId, upload_id: uploadId },
  });
  return ((await res.json()) as { data: { parts: unknown[]; part_count: number } }).data;
}

const menuButton = (page: Page) => page.getByRole('button', { name: UI.uploadsMenu, exact: true });
const uploadList = (page: Page) => page.getByRole('list', { name: UI.uploadsMenu });
const uploadItem = (page: Page, title: string) => uploadList(page).getByRole('listitem', { name: title });

const menuPanel = (page: Page) => page.getByRole('dialog', { name: UI.uploadsMenu });

async function openMenu(page: Page) {
  if (!(await menuPanel(page).isVisible())) await menuButton(page).click();
  await visible(menuPanel(page));
}

/** The percentage an upload row shows, or null while it shows a word ('In Queue', 'Paused', …). */
async function percentOf(item: Locator): Promise<number | null> {
  const text = (await item.innerText()).replace(/\s+/g, ' ');
  const match = /(\d+)%/.exec(text);
  return match ? Number(match[1]) : null;
}

describe.skipIf(!e2eAvailable)('uploads: folder upload, pause and resume, live media status, player', () => {
  let page: Page;
  let projectDbId = '';
  let pausedAt = 0;
  let keptParts = 0;
  const chunkedParts = new Set<number>();

  beforeAll(async () => {
    page = await (await browser.newContext(contextOptions)).newPage();
    page.setDefaultTimeout(20_000);
    // every part PUT that was an acknowledged chunk (not a part's last), by part number
    page.on('request', (req) => {
      if (req.method() !== 'PUT' || !req.url().includes(API.blobs.parts)) return;
      const query = new URL(req.url()).searchParams;
      if (query.get('more') === '1') chunkedParts.add(Number(query.get('partNumber')));
    });
  });

  it('an empty project offers browse, drag and drop, upload files, upload folder and create folder', async () => {
    await logIn(page, server.url, OWNER);
    await switchTeam(page, STUDIO);
    await createProject(page, PROJECT);
    await tray(page, UI.trayMyProjects).getByRole('link', { name: PROJECT }).click();
    await visible(page.getByRole('heading', { name: PROJECT }));
    projectDbId = new URL(page.url()).pathname.split('/')[2];

    const empty = page.getByRole('region', { name: UI.noAssets });
    await visible(empty.getByText(UI.orDragAndDrop));
    await visible(empty.getByRole('button', { name: UI.browse }));
    await visible(empty.getByRole('button', { name: UI.uploadFiles }));
    await visible(empty.getByRole('button', { name: UI.uploadFolder }));
    await visible(empty.getByRole('button', { name: UI.createFolder }));
    await openMenu(page);
    await visible(page.getByText(UI.noUploads));
    await shot(page, FLOW, '01-empty-state-and-menu');
    await page.keyboard.press('Escape');
  });

  it('a dragged folder: its .exe is listed as unsupported, skipped, and the rest go up with their folder', async () => {
    // a lone .exe, and one hidden behind a trailing dot (Windows saves 'evil.exe.' as 'evil.exe'):
    // both listed, nothing left to proceed with, Cancel drops the pick
    const disguised = path.join(mkdtempSync(path.join(os.tmpdir(), 'rushes-e2e-')), 'evil.exe.');
    copyFileSync(files.exe, disguised);
    await dragFiles(page, [files.exe, disguised]);
    let modal = dialog(page, MSG.unsupportedFilesTitle);
    await eventually(modal.getByRole('cell', { name: 'setup.exe' }));
    await visible(modal.getByRole('cell', { name: 'evil.exe.', exact: true }));
    await shot(page, FLOW, '01b-disguised-exe-unsupported');
    expect(await modal.getByRole('button', { name: MSG.skipAndProceed }).isDisabled()).toBe(true);
    await modal.getByRole('button', { name: UI.cancel }).click();
    await gone(modal);

    await slowParts(page);
    // the folder dragged from the file manager: Chromium hands the page real directory entries
    await dragFiles(page, [files.folder], { shotAs: '02a-drag-over' });
    modal = dialog(page, MSG.unsupportedFilesTitle);
    await eventually(modal.getByText(MSG.unsupportedFilesMessage));
    await visible(modal.getByRole('cell', { name: 'Shoot/setup.exe' }));
    await visible(modal.getByRole('cell', { name: MSG.unsupportedFormat }));
    await expect.poll(() => modal.getByRole('row').count()).toBe(2); // header + the .exe only
    await shot(page, FLOW, '02-unsupported-files');
    await modal.getByRole('button', { name: MSG.skipAndProceed }).click();
    await gone(modal);

    await openMenu(page);
    for (const title of ['clip.mp4', 'still.png', 'tone.wav']) await visible(uploadItem(page, title));
    await gone(uploadItem(page, 'setup.exe'));
  });

  it('shows progress in the upload menu, pauses and warns before leaving', async () => {
    const tone = uploadItem(page, 'tone.wav');
    await expect.poll(() => percentOf(tone), { timeout: 30_000 }).toBeGreaterThan(0);
    await shot(page, FLOW, '03-upload-progress');
    // pause once the server holds a part (parts go up several at once, the short last one first)
    const wavUpload = async () =>
      (await unfinishedUploads(page, projectDbId)).find((u) => u.filename === 'tone.wav');
    await expect.poll(async () => Boolean(await wavUpload()), { timeout: 10_000 }).toBe(true);
    const wav = (await wavUpload())!;
    await expect
      .poll(async () => (await partsOnServer(page, projectDbId, wav.upload_id)).parts.length, {
        timeout: 30_000,
        interval: 100,
      })
      .toBeGreaterThan(0);
    await tone.getByRole('button', { name: UI.pauseUpload('tone.wav') }).click();
    await visible(tone.getByText(UPLOAD_STATE_TEXT.paused));
    // paused means no byte moves: the bar stays where it stopped
    pausedAt = Number(await tone.getByRole('progressbar').getAttribute('aria-valuenow'));
    await page.waitForTimeout(1500);
    expect(Number(await tone.getByRole('progressbar').getAttribute('aria-valuenow'))).toBe(pausedAt);
    await visible(tone.getByRole('button', { name: UI.resumeUpload('tone.wav') }));
    await visible(tone.getByRole('button', { name: UI.abortUpload('tone.wav') }));
    await shot(page, FLOW, '04-upload-paused');

    // the small files finish meanwhile; a finished item offers no abort
    const clip = uploadItem(page, 'clip.mp4');
    await eventually(clip.getByText(UI.uploadFinished));
    await eventually(uploadItem(page, 'still.png').getByText(UI.uploadFinished));
    await gone(clip.getByRole('button', { name: UI.abortUpload('clip.mp4') }));

    // leaving with an unfinished upload asks first (beforeunload); staying keeps everything
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
  });

  it('after a reload the same file resumes from the parts the server kept', async () => {
    await page.unroute(PART_PUTS);
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await visible(page.getByRole('heading', { name: PROJECT }));
    await openMenu(page);
    await visible(page.getByText(UI.noUploads));
    await page.keyboard.press('Escape');

    // what the server holds of the paused WAV (the small files finished meanwhile), read after the
    // reload: a part PUT released by the unroute above may still have landed before it
    const [wav] = await unfinishedUploads(page, projectDbId);
    expect(wav.filename).toBe('tone.wav');
    const kept = await partsOnServer(page, projectDbId, wav.upload_id);
    expect(kept.part_count).toBe(PART_COUNT);
    keptParts = kept.parts.length;
    expect(keptParts).toBeGreaterThan(0);
    expect(keptParts).toBeLessThan(PART_COUNT);
    const keptNumbers = new Set(kept.parts.map((p) => p.PartNumber));
    const missing = Array.from({ length: PART_COUNT }, (_, i) => i + 1).filter((n) => !keptNumbers.has(n));
    // one missing part was cut off half way (a connection lost mid-part): the server kept that half
    const cutPart = missing[0];
    const half = await cutPartHalfWay(page, projectDbId, wav.upload_id, files.audio, cutPart);

    // the same WAV (same name, size and date) picked again into the same folder
    const again = path.join(mkdtempSync(path.join(os.tmpdir(), 'rushes-again-')), 'Shoot');
    mkdirSync(again);
    const copy = path.join(again, 'tone.wav');
    copyFileSync(files.audio, copy);
    const { atime, mtime } = statSync(files.audio);
    utimesSync(copy, atime, mtime);
    const partsSent = new Set<number>();
    const offsets = new Map<number, number>();
    page.on('request', (req) => {
      // the filesystem driver answers the signed part URLs itself
      if (req.method() !== 'PUT' || !req.url().includes('/api/blobs/parts')) return;
      const query = new URL(req.url()).searchParams;
      const n = Number(query.get('partNumber'));
      partsSent.add(n);
      // where each part's first PUT started (a part goes up in acknowledged chunks after that)
      if (!offsets.has(n)) offsets.set(n, Number(query.get('offset') ?? 0));
    });
    await page.getByTestId('upload-folder-input').setInputFiles(again);
    await openMenu(page);
    const tone = uploadItem(page, 'tone.wav');
    await eventually(tone.getByText(UI.uploadFinished));
    // only the parts the server did not have went up again, the cut one from where it was cut
    expect([...partsSent].sort((x, y) => x - y)).toEqual(missing);
    expect(offsets.get(cutPart)).toBe(half);
    // a whole 5 MiB part sent from its start goes up as an acknowledged 4 MiB chunk and its rest
    // (a part the pause cut continues from what the server kept, which may leave less than a chunk)
    const fromStart = missing.filter((m) => m !== cutPart && m < PART_COUNT && offsets.get(m) === 0);
    for (const n of fromStart) expect(chunkedParts.has(n)).toBe(true);
    // (and the WAV's first parts, sent from their start before the pause, went up that way too)
    expect(chunkedParts.size).toBeGreaterThan(0);
    // and the stored file is the picked file, byte for byte
    expect(await storedSha256(page, wav.ingest_db_id)).toBe(sha256(readFileSync(files.audio)));
    await shot(page, FLOW, '05-resumed-and-finished');
    // one upload, not a second one: the server has no unfinished upload left
    expect(await unfinishedUploads(page, projectDbId)).toHaveLength(0);
    await page.keyboard.press('Escape');
  });

  it('aborting an upload shows the cancel and frees it on the server', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rushes-abort-'));
    const take2 = path.join(dir, 'take2.wav');
    copyFileSync(files.audio, take2);
    await slowParts(page);
    await page.getByTestId('upload-files-input').setInputFiles(take2);
    await openMenu(page);
    const item = uploadItem(page, 'take2.wav');
    await eventually(item);
    await expect
      .poll(
        async () => (await unfinishedUploads(page, projectDbId)).some((u) => u.filename === 'take2.wav'),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    await item.getByRole('button', { name: UI.abortUpload('take2.wav') }).click();
    await visible(item.getByText(MSG.userCancelled));
    await gone(item.getByRole('button', { name: UI.abortUpload('take2.wav') }));
    await gone(item.getByRole('button', { name: UI.resumeUpload('take2.wav') }));
    await shot(page, FLOW, '06-upload-cancelled');
    await expect
      .poll(
        async () => (await unfinishedUploads(page, projectDbId)).some((u) => u.filename === 'take2.wav'),
        {
          timeout: 10_000,
        },
      )
      .toBe(false);
    await page.unroute(PART_PUTS);
    // 'Clear finished' empties the list of finished and cancelled items
    await page.getByRole('button', { name: UI.clearFinished }).click();
    await visible(page.getByText(UI.noUploads));
    await page.keyboard.press('Escape');
    await gone(row(page, 'take2.wav'));
  });

  it('the folder appears live; thumbnails and durations arrive without a reload', async () => {
    await visible(row(page, 'Shoot'));
    await row(page, 'Shoot').getByRole('link', { name: 'Shoot' }).click();
    await visible(page.getByRole('heading', { name: 'Shoot' }));
    for (const title of ['clip.mp4', 'still.png', 'tone.wav']) await visible(row(page, title));
    await expect.poll(() => page.getByRole('row').count()).toBe(4); // header + three files, no duplicate
    await eventually(row(page, 'clip.mp4').getByRole('img', { name: UI.thumbnailOf('clip.mp4') }));
    await eventually(row(page, 'still.png').getByRole('img', { name: UI.thumbnailOf('still.png') }));
    // loaded, not only placed: the thumbnail bytes came from the ranged media route
    for (const title of ['clip.mp4', 'still.png'])
      await expect
        .poll(() =>
          row(page, title)
            .getByRole('img', { name: UI.thumbnailOf(title) })
            .evaluate((i: HTMLImageElement) => i.naturalWidth),
        )
        .toBeGreaterThan(0);
    await shot(page, FLOW, '07-live-thumbnails');
    await eventually(row(page, 'clip.mp4').getByText('0:04'));
    await eventually(row(page, 'tone.wav').getByText('1:40'));
    await shot(page, FLOW, '08-live-durations');

    // a file uploaded into the open folder: its row, status, thumbnail and duration arrive by
    // realtime events alone (the page is never reloaded: the marker survives)
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rushes-live-'));
    const clip2 = path.join(dir, 'clip2.mp4');
    copyFileSync(files.video, clip2);
    await page.getByTestId('upload-files-input').setInputFiles(clip2);
    const fresh = row(page, 'clip2.mp4');
    await eventually(fresh);
    await shot(page, FLOW, '08b-live-new-row');
    await eventually(fresh.getByRole('img', { name: UI.thumbnailOf('clip2.mp4') }));
    await eventually(fresh.getByText('0:04'));
    await gone(fresh.getByText(UI.ingestStatusLabels[4]));
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  it('opens the player and seeks through range requests', async () => {
    const ranges: number[] = [];
    page.on('response', (res) => {
      if (res.url().includes(API.media.file) && !res.url().includes('kind=thumbnail'))
        ranges.push(res.status());
    });
    await row(page, 'clip.mp4').dblclick();
    await page.waitForURL(/\/player\//);
    await visible(page.getByRole('heading', { name: 'clip.mp4' }));
    const video = page.locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeCloseTo(4, 0);
    const landed = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
          v.currentTime = 2.5;
        }),
    );
    expect(landed).toBeCloseTo(2.5, 1);
    expect(ranges).toContain(206);
    await visible(page.getByRole('group', { name: UI.fileInfo }).getByText(UI.duration));
    await shot(page, FLOW, '09-player-video-seeked');

    await page.getByRole('link', { name: UI.playerBack }).click();
    await row(page, 'Shoot').getByRole('link', { name: 'Shoot' }).click();
    await row(page, 'tone.wav').dblclick();
    const audio = page.locator('audio');
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(1);
    const heard = await audio.evaluate(
      (a: HTMLAudioElement) =>
        new Promise<number>((resolve) => {
          a.addEventListener('seeked', () => resolve(a.currentTime), { once: true });
          a.currentTime = 60;
        }),
    );
    expect(heard).toBeCloseTo(60, 0);
    // audio takes review comments at its timecode too, with a marker on the timeline
    const timecode = page.getByLabel(UI.currentTimecode);
    await expect.poll(() => timecode.textContent()).toMatch(/^00:0[01]:/);
    const at = (await timecode.textContent())!;
    await page.getByLabel(UI.addComment).fill('Hum under the tone');
    await page.getByRole('button', { name: UI.commentAt(at) }).click();
    await visible(page.getByRole('article', { name: 'Hum under the tone' }));
    await expect
      .poll(() => page.getByRole('group', { name: UI.timeline }).getByRole('button').count())
      .toBe(1);
    await shot(page, FLOW, '10-player-audio-seeked');

    await page.goBack();
    await row(page, 'still.png').dblclick();
    const image = page.getByRole('img', { name: 'still.png' });
    await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(640);
    await shot(page, FLOW, '11-player-image');
  });

  it('someone who may not see the asset gets the error, and its bytes are refused', async () => {
    const playerPath = new URL(page.url()).pathname;
    const ingestDbId = playerPath.split('/')[2];
    // a member of the team who is not in the project
    const other = await (await browser.newContext(contextOptions)).newPage();
    other.setDefaultTimeout(20_000);
    await logIn(other, server.url, EDITOR);
    await other.goto(`${server.url}${playerPath}`);
    await visible(other.getByRole('alert'));
    await visible(other.getByRole('link', { name: UI.home }));
    await gone(other.locator('img, video, audio').filter({ has: other.locator('[src*="kind=original"]') }));
    await shot(other, FLOW, '12-player-refused');
    const bytes = await other.request.get(`${server.url}${API.media.file}`, {
      params: { ingest_db_id: ingestDbId, kind: 'original' },
    });
    expect(bytes.status()).toBeGreaterThanOrEqual(400);
    await other.context().close();
    // anonymous: refused as well
    const anonymous = await fetch(`${server.url}${API.media.file}?ingest_db_id=${ingestDbId}&kind=original`);
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
  });
});
