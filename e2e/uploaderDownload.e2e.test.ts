import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { C2E_TEXT, UI, UPLOADER_PLATFORMS, UPLOADER_TEXT } from '@rushes/shared';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import { createProject, projectIdOfCard, switchTeam, tray, visible } from './projectSteps.ts';
import { serverAndBrowser, startServer } from './server.ts';

const FLOW = 'uploader-download';
const PROJECT = `Uploader ${Date.now() % 10_000}`;
/** The platform left out of the served folder: its menu item must open the page saying it is not built. */
const NOT_BUILT = 'macos_silicon';
/** What each form's file starts with: PE 'MZ', zip 'PK\3\4', gzip 1f 8b, ELF. */
const MAGIC: Record<string, string> = {
  windows: '4d5a',
  windows_portable: '504b0304',
  macos_intel: '1f8b',
  linux: '7f454c46',
};

interface Listed {
  os: string;
  file: string;
  size: number;
  sha256: string;
  form: string;
  node: string;
}

/**
 * The folder the server serves: the real build's files (npm run build:uploader, which CI runs before
 * the flows) linked in, without macOS Apple Silicon. Without a build, outside CI, small stand-ins
 * with the same first bytes, so the flow still runs on a laptop.
 */
function servedFolder(): { dir: string; platforms: Listed[]; real: boolean } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rushes-e2e-uploader-'));
  const built = path.resolve(process.env.UPLOADER_DIST ?? 'packages/uploader/dist');
  const manifestFile = path.join(built, 'manifest.json');
  let platforms: Listed[];
  const real = existsSync(manifestFile);
  if (real) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { platforms: Listed[] };
    platforms = manifest.platforms.filter((p) => p.os !== NOT_BUILT);
    for (const p of platforms) symlinkSync(path.join(built, p.file), path.join(dir, p.file));
  } else {
    if (process.env.CI)
      throw new Error('CI builds the uploader files before the flows: npm run build:uploader');
    console.warn(
      '[uploader e2e] no uploader build (npm run build:uploader): small stand-in files are served',
    );
    const names: Record<string, [string, string]> = {
      windows: ['rushes-upload-windows-x64.exe', 'sea'],
      windows_portable: ['rushes-upload-windows-x64-portable.zip', 'zip'],
      macos_intel: ['rushes-upload-macos-x64.tar.gz', 'tar.gz'],
      linux: ['rushes-upload-linux-x64', 'sea'],
    };
    platforms = Object.entries(names).map(([os, [file, form]]) => {
      const bytes = Buffer.concat([Buffer.from(MAGIC[os]!, 'hex'), Buffer.alloc(4096, os)]);
      writeFileSync(path.join(dir, file), bytes);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return { os, file, size: bytes.length, sha256, form, node: '26.10.0' };
    });
  }
  const manifest = { version: '0.1.0', node: '26.10.0', built_at: new Date().toISOString(), platforms };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return { dir, platforms, real };
}

async function sha256Of(file: string) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const served = servedFolder();
const run = serverAndBrowser(() => startServer({ UPLOADER_DIST: served.dir }));

describe.skipIf(!e2eAvailable)('uploader download: a file per OS, or a page saying it is not built', () => {
  let page: Page;
  let cameraUrl = '';

  beforeAll(async () => {
    page = await (await run.browser.newContext({ ...contextOptions, acceptDownloads: true })).newPage();
    page.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    await page?.context().close();
    rmSync(served.dir, { recursive: true, force: true });
  });

  /** Picks an OS in the Download Uploader menu; resolves with the new tab and, when it downloads, the download. */
  async function pick(title: string) {
    await page.goto(cameraUrl);
    await page.getByRole('button', { name: C2E_TEXT.uploaderDownload }).click();
    // the download handler goes on the new tab as it opens: the file may start before a later wait
    const tab = new Promise<{ tab: Page; download: Promise<Download> }>((resolve) =>
      page.context().once('page', (t) => {
        const download = t.waitForEvent('download', { timeout: 60_000 });
        // the page of an OS not built never downloads: its wait ends with the tab, unread
        download.catch(() => undefined);
        resolve({ tab: t, download });
      }),
    );
    await page.getByRole('menuitem', { name: title, exact: true }).click();
    return tab;
  }

  it('each OS of the menu downloads its file in a new tab: the bytes the page lists', async () => {
    await logIn(page, run.server.url, DEMO_PRODUCER);
    await switchTeam(page, 'Demo Studio');
    await createProject(page, PROJECT);
    const card = tray(page, UI.trayMyProjects).getByRole('article', { name: PROJECT });
    await visible(card);
    cameraUrl = `${run.server.url}/project/${await projectIdOfCard(card, PROJECT)}?tab=camera-to-edit`;

    for (const { os, title } of UPLOADER_PLATFORMS.filter((p) => p.os !== NOT_BUILT)) {
      const listed = served.platforms.find((p) => p.os === os)!;
      const { tab, download } = await pick(title);
      const file = await download;
      expect(file.suggestedFilename()).toBe(listed.file);
      const saved = await file.path();
      const fd = await open(saved, 'r');
      const head = Buffer.alloc(4);
      await fd.read(head, 0, 4, 0);
      const { size } = await fd.stat();
      await fd.close();
      expect(head.toString('hex').startsWith(MAGIC[os]!)).toBe(true);
      expect(size).toBe(listed.size);
      if (served.real) expect(size).toBeGreaterThan(20e6);
      expect(await sha256Of(saved)).toBe(listed.sha256);
      await file.delete();
      await tab.close().catch(() => undefined);
    }
  }, 300_000);

  it('the OS not built opens the page, which says so and how to build it; the page lists each file with its SHA-256', async () => {
    const { tab } = await pick('macOS Apple Silicon');
    await tab.waitForURL(/\/uploader\?os=macos_silicon$/);
    const mac = tab.getByRole('region', { name: 'macOS Apple Silicon' });
    await visible(mac.getByText(UPLOADER_TEXT.notBuilt('macOS Apple Silicon')));
    await visible(mac.getByText(UPLOADER_TEXT.howToBuild));
    expect(await mac.getByRole('link', { name: UPLOADER_TEXT.download }).count()).toBe(0);
    await shot(tab, FLOW, '01-not-built');

    const windows = tab.getByRole('region', { name: 'Windows', exact: true });
    const listed = served.platforms.find((p) => p.os === 'windows')!;
    await visible(windows.getByText(listed.sha256));
    await visible(windows.getByText(UPLOADER_TEXT.platforms.windows.firstRun));
    await visible(
      tab.getByRole('region', { name: 'Linux x64' }).getByText(UPLOADER_TEXT.platforms.linux.firstRun),
    );
    await windows.scrollIntoViewIfNeeded();
    await shot(tab, FLOW, '02-windows-card');

    // on a phone the SHA-256 and the command wrap: nothing widens the page
    await tab.setViewportSize({ width: 375, height: 800 });
    await windows.scrollIntoViewIfNeeded();
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(tab, FLOW, '03-phone');
    await tab.setViewportSize(contextOptions.viewport);

    // the page's own button downloads too
    const linux = served.platforms.find((p) => p.os === 'linux')!;
    const [file] = await Promise.all([
      tab.waitForEvent('download', { timeout: 60_000 }),
      tab
        .getByRole('region', { name: 'Linux x64' })
        .getByRole('link', { name: UPLOADER_TEXT.download })
        .click(),
    ]);
    expect(file.suggestedFilename()).toBe(linux.file);
    expect(await sha256Of(await file.path())).toBe(linux.sha256);
    await file.delete();
    await tab.close();
  }, 120_000);
});
