import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { parse as parseCsv } from 'csv-parse/sync';
import { MARKER_TEXT, UI } from '@rushes/shared';
import { assetComments, assets, users } from '../apps/server/src/db/schema/index.ts';
import { newIngestCode, searchTextOf } from '../apps/server/src/modules/assets/assets.sql.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { serverAndBrowser } from './server.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import { createProject, projectIdOfCard, switchTeam, tray, visible } from './projectSteps.ts';

const FLOW = 'review-markers';
const TITLE = 'ntsc-markers.mov';
const NTSC = 30000 / 1001;
const run = serverAndBrowser(startInProcessServer);

/** Opens the player's 'Export comments' menu, picks a format and keeps the file the browser saved. */
async function exportAs(
  page: Page,
  format: keyof typeof MARKER_TEXT.formats,
  menu: string = MARKER_TEXT.menu,
) {
  await page.getByRole('button', { name: menu }).click();
  const item = page.getByRole('menuitem', { name: MARKER_TEXT.formats[format] });
  await visible(item);
  const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
  const file = path.join(
    mkdtempSync(path.join(os.tmpdir(), 'rushes-markers-e2e-')),
    download.suggestedFilename(),
  );
  await download.saveAs(file);
  return { name: download.suggestedFilename(), text: readFileSync(file, 'utf8') };
}

describe.skipIf(!e2eAvailable)('marker export from the player', () => {
  let a: Page;
  let assetId = '';
  let author = '';
  let projectId = '';

  beforeAll(async () => {
    a = await (await run.browser.newContext({ ...contextOptions, acceptDownloads: true })).newPage();
    a.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await a?.context().close();
  });

  it('a member opens the player of a 29.97 fps asset with comments: the menu names every format', async () => {
    await logIn(a, run.server.url, DEMO_PRODUCER);
    await switchTeam(a, 'Demo Studio');
    const project = `Markers ${Date.now() % 10_000}`;
    await createProject(a, project);
    const card = tray(a, UI.trayMyProjects).getByRole('article', { name: project });
    await visible(card);
    projectId = await projectIdOfCard(card, project);
    // the asset and its comments as the comments API stores them (no upload: the export reads rows)
    const db = run.server.db;
    const [me] = await db.select().from(users).where(eq(users.email, DEMO_PRODUCER.email));
    const [row] = await db
      .insert(assets)
      .values({
        projectId,
        title: TITLE,
        fileType: 'video',
        ingestCode: newIngestCode(),
        mimeType: 'video/quicktime',
        extension: 'mov',
        durationSeconds: 90,
        frameRate: NTSC,
        width: 1920,
        height: 1080,
        status: 1,
        searchText: searchTextOf(TITLE, '', []),
      })
      .returning();
    assetId = row.id;
    author = `${me.firstName} ${me.lastName}`.trim();
    await db.insert(assetComments).values([
      { assetId, authorUserId: me.id, text: 'Cut on the beat', frame: 1800, frameRate: NTSC },
      { assetId, authorUserId: me.id, text: 'Hold the wide', frame: 300, frameOut: 359, frameRate: NTSC },
    ]);
    await a.goto(`${run.server.url}/player/${assetId}`);
    await a.getByRole('button', { name: MARKER_TEXT.menu }).click();
    for (const label of Object.values(MARKER_TEXT.formats))
      await visible(a.getByRole('menuitem', { name: label }));
    await shot(a, FLOW, '01-export-menu');
    await a.keyboard.press('Escape');
  });

  it('CSV: the saved file has both comments with drop-frame timecodes', async () => {
    const csv = await exportAs(a, 'csv');
    expect(csv.name).toBe('ntsc-markers - comments.csv');
    const k = MARKER_TEXT.csvColumns;
    const rows = parseCsv(csv.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r[k.text], r[k.timecodeIn], r[k.timecodeOut], r[k.author]])).toEqual([
      ['Hold the wide', '00:00:10;00', '00:00:11;29', author],
      ['Cut on the beat', '00:01:00;02', '', author],
    ]);
  });

  it('FCPXML: the saved file is XML Chromium parses, with the markers at 1001/30000s frames', async () => {
    const fcp = await exportAs(a, 'fcpxml');
    expect(fcp.name).toBe('ntsc-markers - Final Cut markers.fcpxml');
    const markers = await a.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.querySelector('parsererror')) return null;
      return [...doc.querySelectorAll('asset-clip > marker')].map((m) => [
        m.getAttribute('value'),
        m.getAttribute('start'),
        m.getAttribute('duration'),
      ]);
    }, fcp.text);
    expect(markers).toEqual([
      ['Hold the wide', '300300/30000s', '60060/30000s'],
      ['Cut on the beat', '1801800/30000s', '1001/30000s'],
    ]);
  });

  it("the project page's 'Export all comments': a Resolve EDL of the project's commented assets", async () => {
    await a.goto(`${run.server.url}/project/${projectId}`);
    await a.getByRole('button', { name: MARKER_TEXT.menuProject }).click();
    await visible(a.getByRole('menuitem', { name: MARKER_TEXT.formats.resolve_edl }));
    await shot(a, FLOW, '02-project-export-menu');
    await a.keyboard.press('Escape');
    const edl = await exportAs(a, 'resolve_edl', MARKER_TEXT.menuProject);
    expect(edl.name).toMatch(/^Markers \d+ - Resolve markers\.edl$/);
    expect(edl.text.split('\r\n').filter((l) => l.startsWith('FCM') || l.startsWith(' |C:'))).toEqual([
      'FCM: DROP FRAME',
      ` |C:ResolveColorBlue |M:${author}: Hold the wide |D:60`,
      ` |C:ResolveColorBlue |M:${author}: Cut on the beat |D:1`,
    ]);
  });
});
