import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import {
  API,
  API_TYPE,
  API_VERSION,
  UI,
  UPLOAD_STALL_MS,
  UPLOAD_STATE_TEXT,
  mediaFileUrl,
} from '@rushes/shared';
import { contextOptions, e2eAvailable, launch, shot } from './browser.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import { createProject, switchTeam, tray } from './projectSteps.ts';
import { startServer, type RunningServer } from './server.ts';
import { makeUploadFixtures, type UploadFixtures } from './uploadFixtures.ts';

/*
 * Uploads as a user on another address meets them: the app opened at http://127.0.0.1:<port> while
 * the server's PUBLIC_URL says localhost (signed part URLs must be same-origin), and a network that
 * drops mid-upload (the item must end in 'Error', then finish once the network is back or the user
 * resumes it, with the stored bytes equal to the file).
 */

const FLOW = 'uploads-network';
const OWNER = DEMO_PRODUCER;
const STUDIO = 'Demo Studio';
const PROJECT = `Elsewhere ${Date.now() % 10_000}`;
const PART_SIZE = 5 * 1024 * 1024;
const PART_PUTS = '**/api/blobs/parts**';

let server: RunningServer;
let browser: Browser;
let files: UploadFixtures;
/** The same server at 127.0.0.1 (PUBLIC_URL, and so the old signed URLs, say localhost). */
let base = '';

beforeAll(async () => {
  if (!e2eAvailable) return;
  files = makeUploadFixtures();
  server = await startServer({ UPLOAD_PART_SIZE: String(PART_SIZE) });
  base = server.url.replace('//localhost:', '//127.0.0.1:');
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const eventually = (locator: Locator, timeout = 30_000) =>
  expect.poll(() => locator.first().isVisible(), { timeout, interval: 200 }).toBe(true);
/**
 * As `eventually`, with the page's clock moved on a second at each look: the waits between a part's
 * tries (UPLOAD_RETRY_DELAYS_MS, 19 s in all) pass in a few seconds. Each try still fails on the
 * network, one after another; only the waits are shortened.
 */
const eventuallyHurried = (page: Page, locator: Locator, timeout = 30_000) =>
  expect
    .poll(
      async () => {
        if (await locator.first().isVisible()) return true;
        await page.clock.fastForward(1000);
        return false;
      },
      { timeout, interval: 200 },
    )
    .toBe(true);
const headers = { 'API-Type': API_TYPE, 'API-Version': API_VERSION };
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const menuButton = (page: Page) => page.getByRole('button', { name: UI.uploadsMenu, exact: true });
const menuPanel = (page: Page) => page.getByRole('dialog', { name: UI.uploadsMenu });
const uploadItem = (page: Page, title: string) =>
  page.getByRole('list', { name: UI.uploadsMenu }).getByRole('listitem', { name: title });

async function openMenu(page: Page) {
  if (!(await menuPanel(page).isVisible())) await menuButton(page).click();
  await eventually(menuPanel(page), 10_000);
}

async function percentOf(item: Locator): Promise<number> {
  const match = /(\d+)%/.exec((await item.innerText()).replace(/\s+/g, ' '));
  return match ? Number(match[1]) : 0;
}

/** A copy of the 19 MB WAV under another name (each step uploads its own file). */
function wavNamed(name: string) {
  const copy = path.join(mkdtempSync(path.join(os.tmpdir(), 'rushes-net-')), name);
  copyFileSync(files.audio, copy);
  return copy;
}

/** Lets the part PUTs through one at a time, half a second apart, so the upload can be cut mid-way. */
async function slowParts(page: Page, cut: () => boolean) {
  let gate = Promise.resolve();
  await page.route(PART_PUTS, async (route) => {
    const turn = gate.then(() => new Promise<void>((resolve) => setTimeout(resolve, 500)));
    gate = turn;
    await turn;
    if (cut()) await route.abort('connectionreset').catch(() => undefined);
    else await route.continue().catch(() => undefined);
  });
}

async function ingestIdOf(page: Page, projectDbId: string, title: string) {
  const res = await page.request.get(`${base}${API.assets.root}`, {
    headers,
    params: { project_db_id: projectDbId },
  });
  const body = (await res.json()) as { data: { items: { ingest_db_id: string; title: string }[] } };
  return body.data.items.find((a) => a.title === title)?.ingest_db_id;
}

async function expectStoredEqual(page: Page, projectDbId: string, title: string, source: string) {
  let id: string | undefined;
  await expect
    .poll(async () => (id = await ingestIdOf(page, projectDbId, title)), { timeout: 10_000 })
    .toBeTruthy();
  const res = await page.request.get(`${base}${mediaFileUrl(id!, 'original')}`);
  expect(res.status()).toBe(200);
  expect(sha256(await res.body())).toBe(sha256(readFileSync(source)));
}

describe.skipIf(!e2eAvailable)('uploads at another address and through a lost connection', () => {
  let context: BrowserContext;
  let page: Page;
  let projectDbId = '';
  const blocked: string[] = [];

  beforeAll(async () => {
    context = await browser.newContext(contextOptions);
    // the page's clock runs as the real one until a test moves it on (eventuallyHurried)
    await context.clock.install();
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) blocked.push(msg.text());
    });
  });

  it('the app opened at 127.0.0.1 while PUBLIC_URL says localhost uploads a file to the end', async () => {
    expect(new URL(server.url).hostname).toBe('localhost');
    await logIn(page, base, OWNER);
    await switchTeam(page, STUDIO);
    await createProject(page, PROJECT);
    await tray(page, UI.trayMyProjects).getByRole('link', { name: PROJECT }).click();
    await eventually(page.getByRole('heading', { name: PROJECT }));
    projectDbId = new URL(page.url()).pathname.split('/')[2];

    await page.getByTestId('upload-files-input').setInputFiles(files.video);
    await openMenu(page);
    const item = uploadItem(page, 'clip.mp4');
    await eventually(item.getByText(UI.uploadFinished));
    await shot(page, FLOW, '01-uploaded-at-127.0.0.1');
    expect(blocked).toEqual([]);
    await expectStoredEqual(page, projectDbId, 'clip.mp4', files.video);
  }, 120_000);

  it('the network cut at ~25%: Error once the retries are spent, then it finishes when the network is back', async () => {
    const source = wavNamed('offline.wav');
    await slowParts(page, () => false);
    await page.getByTestId('upload-files-input').setInputFiles(source);
    await openMenu(page);
    const item = uploadItem(page, 'offline.wav');
    await expect.poll(() => percentOf(item), { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(25);
    await context.setOffline(true);
    try {
      await eventuallyHurried(page, item.getByText(UPLOAD_STATE_TEXT.error), 90_000);
      await shot(page, FLOW, '02-offline-error');
    } finally {
      await context.setOffline(false);
    }
    await eventually(item.getByText(UI.uploadFinished), 60_000);
    await shot(page, FLOW, '03-back-online-finished');
    await page.unroute(PART_PUTS);
    await expectStoredEqual(page, projectDbId, 'offline.wav', source);
  }, 240_000);

  it('a connection that fails while the browser thinks it is online: Error, and Resume finishes it', async () => {
    const source = wavNamed('dropped.wav');
    let cut = false;
    await slowParts(page, () => cut);
    await page.getByTestId('upload-files-input').setInputFiles(source);
    await openMenu(page);
    const item = uploadItem(page, 'dropped.wav');
    await expect.poll(() => percentOf(item), { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(25);
    cut = true;
    await eventuallyHurried(page, item.getByText(UPLOAD_STATE_TEXT.error), 90_000);
    // the bar keeps the bytes the server holds
    const stuckAt = Number(await item.getByRole('progressbar').getAttribute('aria-valuenow'));
    await shot(page, FLOW, '04-dropped-error');
    // nothing moves by itself: the browser saw no 'online' event
    await page.waitForTimeout(1500);
    await eventually(item.getByText(UPLOAD_STATE_TEXT.error), 1000);
    cut = false;
    await item.getByRole('button', { name: UI.resumeUpload('dropped.wav') }).click();
    await eventually(item.getByText(UI.uploadFinished), 60_000);
    await shot(page, FLOW, '05-resumed-finished');
    expect(stuckAt).toBeGreaterThanOrEqual(25);
    await page.unroute(PART_PUTS);
    await expectStoredEqual(page, projectDbId, 'dropped.wav', source);
  }, 240_000);

  it('a silent connection (bytes stop, no error) is dropped after UPLOAD_STALL_MS and the part sent again', async () => {
    const source = wavNamed('silent.wav');
    let silent = false;
    const held: Route[] = [];
    await page.route(PART_PUTS, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      // a cable pulled: the request is neither answered nor failed
      if (silent) held.push(route);
      else await route.continue().catch(() => undefined);
    });
    const dropped: number[] = [];
    page.on('requestfailed', (req) => {
      if (silent && req.method() === 'PUT' && req.url().includes(API.blobs.parts)) dropped.push(Date.now());
    });
    await page.getByTestId('upload-files-input').setInputFiles(source);
    await openMenu(page);
    const item = uploadItem(page, 'silent.wav');
    await expect.poll(() => percentOf(item), { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(25);
    silent = true;
    const silentSince = Date.now();
    // the page gives up on a silent PUT once no byte moved for UPLOAD_STALL_MS (a held PUT's bytes
    // stopped moving a little before the silence began), then tries it again
    await expect
      .poll(() => dropped.length, { timeout: UPLOAD_STALL_MS + 20_000, interval: 200 })
      .toBeGreaterThan(0);
    expect(dropped[0] - silentSince).toBeGreaterThan(UPLOAD_STALL_MS / 2);
    silent = false;
    await eventually(item.getByText(UI.uploadFinished), 60_000);
    await shot(page, FLOW, '06-silent-connection-finished');
    await page.unroute(PART_PUTS);
    for (const route of held) await route.abort().catch(() => undefined);
    await expectStoredEqual(page, projectDbId, 'silent.wav', source);
  }, 240_000);
});
