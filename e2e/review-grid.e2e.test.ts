import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { API, GRID_TEXT, MSG, UI } from '@rushes/shared';
import { assets } from '../apps/server/src/db/schema/index.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { serverAndBrowser } from './server.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import {
  answerTo,
  createProject,
  projectIdOfCard,
  switchTeam,
  toast,
  tray,
  visible,
} from './projectSteps.ts';
import { resolveMediaTool } from '../apps/server/src/platform/media/binaries.ts';

const FLOW = 'review-grid';
const PROJECT = `Grid Reel ${Date.now() % 10_000}`;
const FILE = 'grid-cut.mp4';
const FILE_V2 = 'grid-cut-v2.mp4';

const run = serverAndBrowser(startInProcessServer);

/** A 6 s test clip whose picture changes over time (the sprite's tiles differ). */
function clip(name: string) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'rushes-grid-')), name);
  execFileSync(resolveMediaTool('ffmpeg').path, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=duration=6:size=320x180:rate=25',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file,
  ]); // prettier-ignore
  return file;
}

const card = (page: Page, title: string) => page.getByRole('gridcell', { name: title, exact: true });
/** Media jobs take longer on a loaded machine than the steps' usual wait. */
const soon = (locator: Locator) =>
  expect.poll(() => locator.first().isVisible(), { timeout: 30_000 }).toBe(true);

/** A drag of one file from the file manager onto a card, through Chromium's input domain. */
async function dropOntoCard(page: Page, title: string, file: string) {
  const box = (await card(page, title).boundingBox())!;
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 3 };
  const data = { items: [], files: [file], dragOperationsMask: 1 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchDragEvent', { type: 'dragEnter', ...at, data });
  await cdp.send('Input.dispatchDragEvent', { type: 'dragOver', ...at, data });
  await visible(card(page, title).getByText(UI.dropNewVersion));
  await shot(page, FLOW, '04-drop-target');
  await cdp.send('Input.dispatchDragEvent', { type: 'drop', ...at, data });
  await cdp.detach();
}

const scrubPosition = (page: Page) =>
  card(page, FILE)
    .getByTestId('scrub-frame')
    .evaluate((e: HTMLElement) => `${e.style.opacity} ${e.style.backgroundPosition}`);

describe.skipIf(!e2eAvailable)(
  'grid: cards, card size kept, hover scrub, a version dropped on a card',
  () => {
    let page: Page;
    let projectDbId = '';

    beforeAll(async () => {
      page = await (await run.browser.newContext(contextOptions)).newPage();
      page.setDefaultTimeout(15_000);
    });
    afterAll(async () => {
      await page?.context().close();
    });

    it('a video uploaded into a new project gets its sprite sheet', async () => {
      await logIn(page, run.server.url, DEMO_PRODUCER);
      await switchTeam(page, 'Demo Studio');
      await createProject(page, PROJECT);
      const projectCard = tray(page, UI.trayMyProjects).getByRole('article', { name: PROJECT });
      await visible(projectCard);
      projectDbId = await projectIdOfCard(projectCard, PROJECT);
      await page.goto(`${run.server.url}/project/${projectDbId}`);
      await page.getByTestId('upload-files-input').setInputFiles(clip(FILE));
      const sprite = async () =>
        (await run.server.db.select().from(assets).where(eq(assets.title, FILE)))[0]?.spriteKey ?? null;
      await expect.poll(sprite, { timeout: 60_000 }).not.toBeNull();
    });

    it('switches to the grid, changes the card size, and both stay after a reload', async () => {
      const saved = answerTo(page, 'PUT', API.assets.view);
      await page.getByText(GRID_TEXT.grid, { exact: true }).click();
      await (await saved).finished();
      await soon(card(page, FILE));
      const slider = page.getByRole('slider', { name: GRID_TEXT.cardSize });
      const width = async () => (await card(page, FILE).boundingBox())!.width;
      const before = await width();
      const resized = answerTo(page, 'PUT', API.assets.view);
      await slider.focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      expect((await (await resized).json()).data.card_size).toBe(280);
      await expect.poll(width).toBeGreaterThan(before);
      await shot(page, FLOW, '01-grid');

      await page.reload();
      await soon(card(page, FILE));
      await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('280');
      expect(await width()).toBeGreaterThan(before);
    });

    it('hovering a video card scrubs through its sprite sheet', async () => {
      const target = card(page, FILE);
      // the sheet is asked for on the first hover only
      const sheet = page.waitForResponse((r) => new URL(r.url()).searchParams.get('kind') === 'sprite');
      const box = (await target.getByTestId('scrub-frame').boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + box.width * 0.05, y);
      await page.mouse.move(box.x + box.width * 0.1, y);
      expect((await sheet).status()).toBe(200);
      const early = await scrubPosition(page);
      expect(early).toMatch(/^1 /);
      await page.mouse.move(box.x + box.width * 0.9, y, { steps: 4 });
      await expect.poll(() => scrubPosition(page)).not.toBe(early);
      await shot(page, FLOW, '02-scrub');
      await page.mouse.move(0, 0);
      await expect.poll(() => scrubPosition(page)).toMatch(/^0 /);
    });

    it('a file dropped onto the card becomes its version 2', async () => {
      await dropOntoCard(page, FILE, clip(FILE_V2));
      await soon(page.getByRole('alert').filter({ hasText: MSG.versionAdded }));
      await toast(page, MSG.versionAdded);
      // a stack's card shows its newest version: its name and the badge
      await soon(card(page, FILE_V2).getByText(GRID_TEXT.versionBadge(2), { exact: true }));
      await shot(page, FLOW, '03-version-2');
    });
  },
);
