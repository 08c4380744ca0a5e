// system programs: Xvfb, openbox, x11vnc, shotcut, xdotool
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { API_TYPE, API_VERSION, CLOUD_API, CLOUD_CONNECT_TEXT, CLOUD_TEXT, UI } from '@rushes/shared';
import { cloudSessions, projects } from '../apps/server/src/db/schema/index.ts';
import { grantCredits } from '../apps/server/src/modules/credits/index.ts';
import { DESKTOP_BACKGROUND } from '../apps/server/src/modules/cloud/cloud.desktop.ts';
import { missingLocalBinaries } from '../apps/server/src/modules/cloud/cloud.local.ts';
import { onPath } from '../apps/server/src/modules/cloud/cloud.runnable.ts';
import { allScreenshots, contextOptions, e2eAvailable, shot } from './browser.ts';
import { canvasStats, pagePoint, windowOn, type Rect } from './desktopCanvas.ts';
import { lanAddress, startLanServer } from './lanServer.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import {
  createFolder,
  createProject,
  dialog,
  projectIdOfCard,
  row,
  switchTeam,
  tray,
  visible,
} from './projectSteps.ts';
import { serverAndBrowser } from './server.ts';

/**
 * Remote editing as a user does it, in real Chromium with the local provider and a real desktop:
 * Shotcut with the frei0r plugin booked from the project's cloud panel; the ready step names the
 * address the browser reached the server at (this machine's network address, not loopback) with the
 * connector's download, connection file and command; 'Open in browser' shows the desktop, then
 * Shotcut's window on the noVNC canvas (read from its pixels); through that canvas the keyboard makes
 * Shotcut save a project into ~/Renders, and the file appears in the project's Renders folder in
 * the first tab without a reload; End shows 'System shutting down approximately in' in a second tab
 * (home), then the banner goes. One desktop for the file. Skipped with a notice where the programs
 * above or a network address are missing, required on CI.
 */
const FLOW = 'cloud-remote-editing';
const stamp = Date.now() % 10_000;
const TITLE = `Remote Cut ${stamp}`;
const SAVED = `remote-cut-${stamp}.mlt`;
const LAN = lanAddress();
const missing = [
  ...(await missingLocalBinaries()),
  ...((await onPath('shotcut')) ? [] : ['shotcut']),
  ...((await onPath('xdotool')) ? [] : ['xdotool']),
  ...(LAN ? [] : ['a network address besides loopback']),
];
if (missing.length) {
  if (process.env.CI) throw new Error(`the remote editing flow needs ${missing.join(', ')} on CI`);
  console.warn(`Skipping the remote editing flow: ${missing.join(', ')} not installed`);
}

/** The uploader build the connector buttons download: the real one when built, else a small stand-in. */
function connectorBuilds(): { dir: string; linux: string; own: boolean } {
  const built = path.resolve(process.env.UPLOADER_DIST ?? 'packages/uploader/dist');
  const manifest = path.join(built, 'manifest.json');
  if (existsSync(manifest)) {
    const { platforms } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      platforms: { os: string; file: string }[];
    };
    const linux = platforms.find((p) => p.os === 'linux');
    if (linux) return { dir: built, linux: linux.file, own: false };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rushes-e2e-connector-'));
  const file = 'rushes-upload-linux-x64';
  const bytes = Buffer.concat([Buffer.from('7f454c46', 'hex'), Buffer.alloc(4096, 'linux')]);
  writeFileSync(path.join(dir, file), bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const platforms = [{ os: 'linux', file, size: bytes.length, sha256, form: 'sea', node: '26.10.0' }];
  writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify({ version: '0.1.0', node: '26.10.0', built_at: new Date().toISOString(), platforms }),
  );
  return { dir, linux: file, own: true };
}

const builds = connectorBuilds();
const homes = mkdtempSync(path.join(os.tmpdir(), 'rushes-e2e-desktops-'));
const run = serverAndBrowser(() =>
  startLanServer(LAN ?? '127.0.0.1', {
    CLOUD_PROVIDER: 'local',
    CLOUD_LOCAL_HOME_DIR: homes,
    UPLOADER_DIST: builds.dir,
  }),
);

describe.skipIf(!e2eAvailable || missing.length > 0)(
  'remote editing: book Shotcut, open it in the browser, save into Renders, End',
  () => {
    let context: BrowserContext;
    let a: Page;
    let b: Page;
    let desktop: Page;
    let projectId = '';
    let sessionId = '';
    let display = '';
    let shotcut: Rect;
    let startedAt = 0;
    const panel = () => dialog(a, CLOUD_TEXT.panelTitle);
    const banner = () => b.getByRole('button', { name: CLOUD_TEXT.panelTitle });
    const canvas = () => desktop.getByTestId('remote-desktop').locator('canvas');
    const session = async () =>
      (await run.server.db.select().from(cloudSessions).where(eq(cloudSessions.id, sessionId)))[0]!;

    beforeAll(async () => {
      context = await run.browser.newContext({ ...contextOptions, acceptDownloads: true });
      a = await context.newPage();
      a.setDefaultTimeout(20_000);
      b = await context.newPage();
      b.setDefaultTimeout(20_000);
    });
    afterAll(async () => {
      // a failed run still ends its desktop (the provider's processes live outside the server)
      if (sessionId && (await session()).status !== 'released') {
        await a.request.put(`${run.server.url}${CLOUD_API.end}`, {
          headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
          data: { project_db_id: projectId, cloud_id: sessionId, message: 'End' },
        });
        await expect.poll(async () => (await session()).status, { timeout: 60_000 }).toBe('released');
      }
      rmSync(homes, { recursive: true, force: true });
      if (builds.own) rmSync(builds.dir, { recursive: true, force: true });
    }, 90_000);

    it('a project with credits, its Renders folder open; a second tab at home', async () => {
      await a.bringToFront();
      await logIn(a, run.server.url, DEMO_PRODUCER);
      await switchTeam(a, 'Demo Studio');
      await createProject(a, TITLE);
      const card = tray(a, UI.trayMyProjects).getByRole('article', { name: TITLE });
      await visible(card);
      projectId = await projectIdOfCard(card, TITLE);
      const [project] = await run.server.db.select().from(projects).where(eq(projects.id, projectId));
      await run.server.db.transaction((tx) =>
        grantCredits(tx, {
          teamId: project!.teamId,
          amountPaise: 1000_00,
          idempotencyKey: `e2e-cloud-remote-${stamp}`,
          reason: 'e2e',
        }),
      );
      // the other tab: home, where the banner of a session of another project shows
      await b.goto(`${run.server.url}/`);
      await visible(tray(b, UI.trayMyProjects).getByRole('article', { name: TITLE }));
      await a.bringToFront();
      await a.goto(`${run.server.url}/project/${projectId}`);
      await createFolder(a, 'Renders');
    });

    it('the wizard: Video Editing, Shotcut, the frei0r plugin, Standard, 60 minutes, available, start', async () => {
      await a.getByRole('button', { name: CLOUD_TEXT.openButton }).click();
      await panel().getByLabel('Video Editing').check();
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      await panel().getByText('Shotcut', { exact: true }).click();
      await shot(a, FLOW, '01-software-shotcut');
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      await panel()
        .getByLabel(/^frei0r Effects/)
        .check();
      await shot(a, FLOW, '02-plugin-frei0r');
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      await panel()
        .getByLabel(/^Standard/)
        .check();
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      await visible(panel().getByText(CLOUD_TEXT.stepDuration));
      await panel().getByRole('button', { name: CLOUD_TEXT.checkAvailability }).click();
      await visible(panel().getByText(CLOUD_TEXT.available));
      await shot(a, FLOW, '03-available');
      startedAt = Date.now();
      await panel().getByRole('button', { name: CLOUD_TEXT.startSession }).click();
      await expect
        .poll(async () => (await run.server.db.select().from(cloudSessions)).at(-1)?.id ?? '')
        .not.toBe('');
      sessionId = (await run.server.db.select().from(cloudSessions)).at(-1)!.id;
    });

    it('ready: the address the browser used (not loopback), our program, the connection file and its command', async () => {
      // a real desktop: Xvfb, openbox, x11vnc, the agent fetching the project and starting Shotcut
      await expect
        .poll(() => panel().getByText(CLOUD_TEXT.ready).isVisible(), { timeout: 60_000 })
        .toBe(true);
      const readyMs = Date.now() - startedAt;
      console.info(`remote editing: the ready step ${readyMs} ms after Start`);
      const ip = await panel()
        .getByText(CLOUD_TEXT.ipAddress, { exact: true })
        .locator('xpath=following-sibling::*[1]')
        .textContent();
      expect(ip).toBe(LAN);
      const connect = panel().getByRole('region', { name: CLOUD_CONNECT_TEXT.title });
      // our own program's build, from the address the page is on
      const [program] = await Promise.all([
        a.waitForEvent('download'),
        connect.getByRole('button', { name: CLOUD_CONNECT_TEXT.linux }).click(),
      ]);
      expect(program.suggestedFilename()).toBe(builds.linux);
      expect(new URL(program.url()).host).toBe(new URL(run.server.url).host);
      const [file] = await Promise.all([
        a.waitForEvent('download'),
        connect.getByRole('button', { name: CLOUD_TEXT.downloadConnection }).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/^CS-[0-9A-F]+\.rushes$/);
      const content = JSON.parse(readFileSync((await file.path())!, 'utf8')) as Record<string, string>;
      expect(content.url).toBe(run.server.url);
      expect(content.cloud_id).toBe(sessionId);
      expect(content.token).toMatch(/\S{16,}/);
      expect(JSON.stringify(content)).not.toMatch(/127\.0\.0\.1|localhost/);
      await expect
        .poll(() => connect.getByLabel(CLOUD_CONNECT_TEXT.command, { exact: true }).textContent())
        .toBe(`rushes-upload connect ${file.suggestedFilename()}`);
      await shot(a, FLOW, '04-ready-address-connector');
    });

    it("'Open in browser' shows the desktop, then Shotcut's window on the canvas", async () => {
      const [page] = await Promise.all([
        context.waitForEvent('page'),
        panel().getByRole('link', { name: CLOUD_TEXT.openInBrowser }).click(),
      ]);
      desktop = page;
      desktop.setDefaultTimeout(20_000);
      await desktop.bringToFront();
      // the first frame: most of the screen painted (the background), not a black canvas
      await expect
        .poll(async () => (await canvasStats(canvas(), DESKTOP_BACKGROUND).catch(() => null))?.black ?? 1, {
          timeout: 20_000,
          interval: 50,
        })
        .toBeLessThan(0.5);
      const pixelsMs = Date.now() - startedAt;
      display = (await session()).providerRef!;
      // Shotcut's main window ('Untitled - Shotcut', not its splash) where X has it, then on the canvas
      await expect.poll(() => windowOn(display, ' - Shotcut$'), { timeout: 30_000 }).not.toBeNull();
      shotcut = (await windowOn(display, ' - Shotcut$'))!;
      await expect
        .poll(
          async () => {
            const s = await canvasStats(canvas(), DESKTOP_BACKGROUND, shotcut);
            return !!s && s.background < 0.05 && s.black < 0.5 && s.spread > 10;
          },
          { timeout: 20_000, interval: 100 },
        )
        .toBe(true);
      const windowMs = Date.now() - startedAt;
      console.info(
        `remote editing: first desktop pixels in the browser ${pixelsMs} ms after Start, Shotcut's window on the canvas after ${windowMs} ms`,
      );
      const whole = (await canvasStats(canvas(), DESKTOP_BACKGROUND))!;
      expect([whole.width, whole.height]).toEqual([1280, 720]);
      await shot(desktop, FLOW, '05-desktop-shotcut');
      if (allScreenshots)
        await canvas().screenshot({
          path: `${import.meta.dirname}/screenshots/${FLOW}/06-canvas-shotcut.png`,
        });
    });

    it("through the canvas, Shotcut saves a project into ~/Renders: it appears in the project's Renders folder live", async () => {
      // a click on the timeline's empty area gives Shotcut (and the canvas) the keyboard
      const at = await pagePoint(canvas(), shotcut.x + shotcut.width / 2, shotcut.y + shotcut.height * 0.85);
      await desktop.mouse.click(at.x, at.y);
      // a video track makes the project savable; Save As asks where
      await desktop.keyboard.press('Control+i');
      await expect.poll(() => windowOn(display, '^Untitled\\* - Shotcut$')).not.toBeNull();
      await desktop.keyboard.press('Control+Shift+S');
      await expect.poll(() => windowOn(display, '^Save XML$')).not.toBeNull();
      await shot(desktop, FLOW, '07-save-dialog');
      await desktop.keyboard.type(`~/Renders/${SAVED}`, { delay: 15 });
      await desktop.keyboard.press('Enter');
      await expect.poll(() => windowOn(display, `^${SAVED.replace('.', '\\.')} - Shotcut$`)).not.toBeNull();
      await shot(desktop, FLOW, '08-saved');
      // the first tab, in the project's Renders folder since before the session: no reload
      await a.bringToFront();
      await panel().getByRole('button', { name: UI.close }).click();
      await expect.poll(() => row(a, SAVED).isVisible(), { timeout: 30_000 }).toBe(true);
      await shot(a, FLOW, '09-render-in-project');
    });

    it("End: the home tab shows 'System shutting down approximately in', then no banner", async () => {
      await b.bringToFront();
      await expect.poll(() => banner().textContent()).toContain(CLOUD_TEXT.sessionActive);
      // every text the banner shows from now on, however briefly
      await b.evaluate((name) => {
        const seen: string[] = [];
        (window as unknown as { bannerTexts: string[] }).bannerTexts = seen;
        new MutationObserver(() => {
          for (const el of document.querySelectorAll(`button[aria-label="${name}"]`))
            seen.push(el.textContent ?? '');
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      }, CLOUD_TEXT.panelTitle);
      await a.bringToFront();
      await a.getByRole('button', { name: CLOUD_TEXT.openButton }).click();
      await panel().getByRole('button', { name: CLOUD_TEXT.endSession }).click();
      await dialog(a, CLOUD_TEXT.endSession).getByRole('button', { name: CLOUD_TEXT.endSession }).click();
      await b.bringToFront();
      const texts = () => b.evaluate(() => (window as unknown as { bannerTexts: string[] }).bannerTexts);
      await expect
        .poll(async () => (await texts()).some((t) => t.startsWith(CLOUD_TEXT.shuttingDown)), {
          timeout: 10_000,
        })
        .toBe(true);
      if (await banner().isVisible()) await shot(b, FLOW, '10-home-shutting-down');
      const [shown] = (await texts()).filter((t) => t.startsWith(CLOUD_TEXT.shuttingDown));
      expect(shown).toMatch(new RegExp(`^${CLOUD_TEXT.shuttingDown} \\d\\d:\\d\\d$`));
      await expect.poll(() => banner().count(), { timeout: 60_000 }).toBe(0);
      expect((await session()).status).toBe('released');
      await shot(b, FLOW, '11-home-released');
    });
  },
);
