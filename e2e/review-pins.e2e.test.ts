import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { API, PDF_PAGES, PDF_TEXT, UI } from '@rushes/shared';
import { assets } from '../apps/server/src/db/schema/index.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { serverAndBrowser } from './server.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import { apiCall, createProject, projectIdOfCard, switchTeam, tray, visible } from './projectSteps.ts';

const FLOW = 'review-pins';
const IMAGE = 'storyboard.png';
const PDF = 'script.pdf';
const run = serverAndBrowser(startInProcessServer);

/** A storyboard frame (a sky over grass) and a three-page script, written to a temp folder. */
async function files() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rushes-pins-'));
  const image = path.join(dir, IMAGE);
  const sky = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540">' +
      '<rect width="960" height="360" fill="#5aa0e6"/><rect y="360" width="960" height="180" fill="#3c8c3c"/>' +
      '<circle cx="760" cy="120" r="60" fill="#ffd84a"/></svg>',
  );
  await sharp(sky).png().toFile(image);
  const doc = new PDFDocument({ size: 'A4', margin: 56 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', resolve));
  const scenes = ['INT. EDIT SUITE - NIGHT', 'EXT. ROOFTOP - DAWN', 'INT. SCREENING ROOM - DAY'];
  scenes.forEach((scene, i) => {
    if (i > 0) doc.addPage();
    doc.fontSize(28).text(`${i + 1}. ${scene}`);
    doc.moveDown().fontSize(13).text('The editor scrubs back and forth. '.repeat(30));
    doc.rect(56, 420, 480, 200).fill(['#dde7f5', '#f5e3d0', '#dff0dd'][i]);
  });
  doc.end();
  await done;
  const pdf = path.join(dir, PDF);
  writeFileSync(pdf, Buffer.concat(chunks));
  return [image, pdf];
}

const idOf = async (title: string) =>
  (await run.server.db.select().from(assets).where(eq(assets.title, title)))[0]?.id ?? '';
const rowOf = async (title: string) =>
  (await run.server.db.select().from(assets).where(eq(assets.title, title)))[0];
const comments = (page: Page) => page.getByRole('region', { name: UI.comments });
const card = (page: Page, text: string) => comments(page).getByRole('article', { name: text });
/** A pin by its number (its label names the author too). */
const pin = (page: Page, n: number) => page.getByRole('button', { name: UI.pinOf(n, '') });

/** The natural widths of the page strip's pictures, once each has loaded. */
async function stripWidths(page: Page) {
  const strip = page.getByRole('navigation', { name: PDF_TEXT.pages }).locator('img');
  await expect.poll(() => strip.count()).toBeGreaterThan(0);
  await expect
    .poll(() => strip.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  return strip.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
}

/** Clicks (or drags from `from` to `to`) on the shown picture at fractions of its size. */
async function onPicture(page: Page, from: [number, number], to?: [number, number]) {
  const box = (await page.getByTestId('review-picture').boundingBox())!;
  const at = ([x, y]: [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  if (to) await page.mouse.move(...at(to), { steps: 5 });
  await page.mouse.up();
}

async function comment(page: Page, button: string, text: string) {
  await comments(page).getByLabel(UI.addComment).fill(text);
  await comments(page).getByRole('button', { name: button }).click();
  await visible(card(page, text));
}

const pinActive = (p: Locator) => p.getAttribute('aria-pressed');

describe.skipIf(!e2eAvailable)('review pins: a point on an image, a region on a PDF page', () => {
  let a: Page;
  let projectId = '';
  beforeAll(async () => {
    a = await (await run.browser.newContext(contextOptions)).newPage();
    a.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await a?.context().close();
  });

  it('a member uploads a picture and a PDF; the PDF is rendered to pages', async () => {
    await logIn(a, run.server.url, DEMO_PRODUCER);
    await switchTeam(a, 'Demo Studio');
    const project = `Pins ${Date.now() % 10_000}`;
    await createProject(a, project);
    const tile = tray(a, UI.trayMyProjects).getByRole('article', { name: project });
    await visible(tile);
    projectId = await projectIdOfCard(tile, project);
    await a.goto(`${run.server.url}/project/${projectId}`);
    await a.getByTestId('upload-files-input').setInputFiles(await files());
    await expect.poll(async () => (await rowOf(PDF))?.pageCount ?? null, { timeout: 30_000 }).toBe(3);
    await expect
      .poll(async () => (await rowOf(IMAGE))?.thumbnailKey ?? null, { timeout: 30_000 })
      .not.toBeNull();
  });

  it('a click on the picture pins a comment to that point', async () => {
    await a.goto(`${run.server.url}/player/${await idOf(IMAGE)}`);
    await visible(a.getByRole('img', { name: IMAGE }));
    await onPicture(a, [0.78, 0.25]);
    await visible(a.getByRole('button', { name: UI.newPin }));
    await comment(a, UI.commentOnPoint, 'Warmer sun here');
    await visible(pin(a, 1));
    await shot(a, FLOW, '01-image-point-pin');
  });

  it('a PDF shows its pages; Page Down turns to page 2, where a drag marks a region', async () => {
    await a.goto(`${run.server.url}/player/${await idOf(PDF)}`);
    await visible(a.getByText(PDF_TEXT.pageOf(1, 3)));
    await visible(a.getByRole('button', { name: PDF_TEXT.goToPage(3) }));
    // the strip shows the pipeline's small pictures, not the 1600 px pages
    expect(await stripWidths(a)).toEqual([PDF_PAGES.thumbWidth, PDF_PAGES.thumbWidth, PDF_PAGES.thumbWidth]);
    await onPicture(a, [0.2, 0.1]);
    await comment(a, UI.commentOnPoint, 'Scene heading in caps');
    await a.locator('body').press('PageDown');
    await visible(a.getByText(PDF_TEXT.pageOf(2, 3)));
    await expect.poll(() => pin(a, 1).count()).toBe(0);
    await onPicture(a, [0.1, 0.5], [0.9, 0.78]);
    await comment(a, PDF_TEXT.commentOnRegion, 'Cut this whole block');
    await visible(pin(a, 2));
    // both in the list, each with its page
    await visible(card(a, 'Scene heading in caps').getByRole('button', { name: UI.pageLabel(1) }));
    await visible(card(a, 'Cut this whole block').getByRole('button', { name: UI.pageLabel(2) }));
    await shot(a, FLOW, '02-pdf-region-page-2');
  });

  it('clicking a comment turns to its page and highlights its pin', async () => {
    await card(a, 'Scene heading in caps')
      .getByRole('button', { name: UI.pageLabel(1) })
      .click();
    await visible(a.getByText(PDF_TEXT.pageOf(1, 3)));
    await expect.poll(() => pinActive(pin(a, 1))).toBe('true');
    await card(a, 'Cut this whole block').getByText('Cut this whole block').click();
    await visible(a.getByText(PDF_TEXT.pageOf(2, 3)));
    await expect.poll(() => pinActive(pin(a, 2))).toBe('true');
    // the region shows with the selected comment
    await visible(a.getByRole('img', { name: UI.drawingOnFrame }));
    await shot(a, FLOW, '03-comment-jumps-to-page');
    // the strip turns pages too
    await a.getByRole('button', { name: PDF_TEXT.goToPage(3) }).click();
    await visible(a.getByText(PDF_TEXT.pageOf(3, 3)));
    await a.locator('body').press('PageUp');
    await visible(a.getByText(PDF_TEXT.pageOf(2, 3)));
  });

  it('a guest on the review link sees the pages and the pins, and jumps to a comment', async () => {
    const shared = await apiCall(a, run.server.url, API.shares.root, {
      project_db_id: projectId,
      ingest_db_id: await idOf(PDF),
    });
    const url = (shared.links as { url: string }[])[0].url;
    const guest = await (await run.browser.newContext(contextOptions)).newPage();
    try {
      await guest.goto(url.startsWith('http') ? url : `${run.server.url}${url}`);
      await visible(guest.getByText(PDF_TEXT.pageOf(1, 3)));
      await visible(pin(guest, 1));
      expect(await stripWidths(guest)).toEqual([
        PDF_PAGES.thumbWidth,
        PDF_PAGES.thumbWidth,
        PDF_PAGES.thumbWidth,
      ]);
      await card(guest, 'Cut this whole block')
        .getByRole('button', { name: UI.pageLabel(2) })
        .click();
      await visible(guest.getByText(PDF_TEXT.pageOf(2, 3)));
      await expect.poll(() => pinActive(pin(guest, 2))).toBe('true');
      await shot(guest, FLOW, '04-review-link-guest');
    } finally {
      await guest.context().close();
    }
  });
});
