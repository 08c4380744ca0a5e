// system programs: Xvfb, openbox, x11vnc, shotcut, xdotool
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  CLOUD_ADMIN_TEXT,
  CLOUD_CONNECT_TEXT,
  CLOUD_TEXT,
  SUB_TEXT,
  UI,
  formatCloudCountdown,
} from '@rushes/shared';
import { cloudCatalogue, cloudSessions, projects } from '../apps/server/src/db/schema/index.ts';
import { projectCloudUsage } from '../apps/server/src/modules/statistics/statistics.service.ts';
import { creditBalance, grantCredits } from '../apps/server/src/modules/credits/index.ts';
import { missingLocalBinaries } from '../apps/server/src/modules/cloud/cloud.local.ts';
import { onPath } from '../apps/server/src/modules/cloud/cloud.runnable.ts';
import { allScreenshots, contextOptions, e2eAvailable, shot } from './browser.ts';
import { lanAddress, startInProcessServer } from './inProcessServer.ts';
import { canvasStats, pagePoint, windowOn, type Rect } from './desktopCanvas.ts';
import { DESKTOP_BACKGROUND } from '../apps/server/src/modules/cloud/cloud.desktop.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import {
  createProject,
  dialog,
  gone,
  projectIdOfCard,
  row,
  switchTeam,
  toast,
  tray,
  visible,
} from './projectSteps.ts';
import { serverAndBrowser } from './server.ts';

/**
 * Cloud editing end to end on a real local workstation: book Shotcut with the frei0r plugin for 60
 * minutes, the credits drop; the ready step names an address another computer reaches (never the
 * loopback the proxy uses) and the connector (our program per OS, the CS-XXXX.rushes file, the
 * command); the credentials copy ('Copied' for 3 s); Open in browser paints the desktop, then
 * Shotcut's window on the canvas; keys typed in the browser make Shotcut's own Save As write into
 * Renders and the file appears in the project live;
 * another tab's banner counts down and opens the session's project, then after End shows 'System
 * shutting down approximately in' while the final sync runs and goes away on release; extend, report
 * an issue, the admin's catalogue edit (₹ prices), the usage on /statistics. Needs Xvfb, openbox,
 * x11vnc, Shotcut and xdotool besides Chromium.
 */
const FLOW = 'cloud';
const A = DEMO_PRODUCER;
const stamp = Date.now() % 10_000;
const EDIT = `Cloud Cut ${stamp}`;
const OTHER = `Other Reel ${stamp}`;
const SAVED = `Cut ${stamp}.mlt`;
const missing = [
  ...(await missingLocalBinaries()),
  ...(await Promise.all(['shotcut', 'xdotool'].map(async (b) => ((await onPath(b)) ? [] : [b])))).flat(),
];
if (missing.length) {
  if (process.env.CI) throw new Error(`the cloud e2e needs ${missing.join(', ')} on CI`);
  console.warn(`Skipping the cloud e2e: ${missing.join(', ')} not installed`);
}
/** The sessions' homes, where the test finds the one it booked. */
const homes = mkdtempSync(path.join(os.tmpdir(), 'rushes-e2e-desktops-'));

/** The demo producer is also this installation's platform admin (the reports page). */
const run = serverAndBrowser(async () => {
  process.env.PLATFORM_ADMIN_EMAILS = A.email;
  const server = await startInProcessServer(
    { CLOUD_PROVIDER: 'local', CLOUD_LOCAL_HOME_DIR: homes },
    // reached by this machine's network address when it has one, as another computer would
    { lan: lanAddress() ?? undefined },
  );
  delete process.env.PLATFORM_ADMIN_EMAILS;
  return server;
});
afterAll(() => rmSync(homes, { recursive: true, force: true }));

describe.skipIf(!e2eAvailable || missing.length > 0)(
  'cloud editing: book Shotcut, connect, save into Renders, banner in another tab, extend, end',
  () => {
    let context: BrowserContext;
    let a: Page;
    /** another tab of the same login, on the other project: the banner's */
    let b: Page;
    let editId = '';
    let otherId = '';
    let teamId = '';
    let sessionId = '';
    const panel = () => dialog(a, CLOUD_TEXT.panelTitle);
    const banner = () => b.getByRole('button', { name: CLOUD_TEXT.panelTitle });
    let desktop: Page;
    let display = '';
    let shotcut: Rect;
    const canvas = () => desktop.getByTestId('remote-desktop').locator('canvas');
    const session = async () =>
      (await run.server.db.select().from(cloudSessions).where(eq(cloudSessions.id, sessionId)))[0]!;

    beforeAll(async () => {
      context = await run.browser.newContext({
        ...contextOptions,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      a = await context.newPage();
      a.setDefaultTimeout(20_000);
    });

    it('two projects, and credits for the team', async () => {
      await logIn(a, run.server.url, A);
      await switchTeam(a, 'Demo Studio');
      for (const title of [EDIT, OTHER]) await createProject(a, title);
      const card = (title: string) => tray(a, UI.trayMyProjects).getByRole('article', { name: title });
      await visible(card(EDIT));
      editId = await projectIdOfCard(card(EDIT), EDIT);
      otherId = await projectIdOfCard(card(OTHER), OTHER);
      const [project] = await run.server.db.select().from(projects).where(eq(projects.id, editId));
      teamId = project!.teamId;
      await run.server.db.transaction((tx) =>
        grantCredits(tx, {
          teamId,
          amountPaise: 1000_00,
          idempotencyKey: `e2e-cloud-${stamp}`,
          reason: 'e2e',
        }),
      );
    });

    it('the wizard: Shotcut, the frei0r plugin, hardware, 60 minutes, available, start; credits drop', async () => {
      await a.goto(`${run.server.url}/project/${editId}`);
      await a.getByRole('button', { name: CLOUD_TEXT.openButton }).click();
      await visible(panel());
      await panel().getByLabel('Video Editing').check();
      await shot(a, FLOW, '01-system-type');
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      // the local workstation offers only what it can run: Shotcut is installed, Premiere is not
      await visible(panel().getByText('Shotcut', { exact: true }));
      expect(await panel().getByText('Adobe Premiere Pro').count()).toBe(0);
      await panel().getByText('Shotcut', { exact: true }).click();
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      await panel()
        .getByLabel(/frei0r Effects/)
        .check();
      await shot(a, FLOW, '02-plugins');
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      await panel()
        .getByLabel(/^Standard/)
        .check();
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      await visible(panel().getByText(CLOUD_TEXT.stepDuration));
      await visible(panel().getByText(`₹170.00 ${CLOUD_TEXT.perHour} · ${CLOUD_TEXT.total}: 170 PSC`));
      await shot(a, FLOW, '03-duration');
      await panel().getByRole('button', { name: CLOUD_TEXT.checkAvailability }).click();
      await visible(panel().getByText(CLOUD_TEXT.available));
      await shot(a, FLOW, '04-available');
      const before = await creditBalance(run.server.db, teamId);
      await panel().getByRole('button', { name: CLOUD_TEXT.startSession }).click();
      await expect.poll(() => creditBalance(run.server.db, teamId)).toBe(before - 170_00);
      const [s] = await run.server.db
        .select({ id: cloudSessions.id })
        .from(cloudSessions)
        .where(eq(cloudSessions.projectId, editId));
      sessionId = s!.id;
    });

    it('preparing, then ready: the address the browser reached, the connector, the credentials copy', async () => {
      // the desktop, then Shotcut and the agent's 'started': seconds on a loaded machine
      await expect
        .poll(() => panel().getByText(CLOUD_TEXT.ready).isVisible(), { timeout: 60_000 })
        .toBe(true);
      const ip = await panel()
        .getByText(CLOUD_TEXT.ipAddress, { exact: true })
        .locator('xpath=following-sibling::*[1]')
        .textContent();
      // another computer's way in: the address the browser reached, or this machine's network address
      // when the browser is on the loopback; never the loopback the server's proxy connects to
      expect(ip).toMatch(/\S/);
      expect(ip).not.toMatch(/^127\.|^::1$|^localhost$/);
      const connect = panel().getByRole('region', { name: CLOUD_CONNECT_TEXT.title });
      await expect
        .poll(() => connect.getByLabel(CLOUD_CONNECT_TEXT.command, { exact: true }).textContent())
        .toMatch(/^rushes-upload connect CS-[0-9A-F]{8}\.rushes$/);
      const [download] = await Promise.all([
        a.waitForEvent('download'),
        connect.getByRole('button', { name: CLOUD_TEXT.downloadConnection }).click(),
      ]);
      const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { url: string };
      // the connector dials the server at that same address and the server's port
      expect(new URL(file.url).hostname).toBe(ip);
      expect(new URL(file.url).port).toBe(new URL(run.server.url).port);
      await shot(a, FLOW, '05-ready');
      const copy = panel().getByRole('button', { name: CLOUD_TEXT.password, exact: true });
      await copy.click();
      await visible(panel().getByRole('button', { name: UI.copied }));
      await shot(a, FLOW, '06-copied');
      // the page is on plain http at a network address (no Clipboard API there): read the clipboard
      // from a secure page of the same browser
      const reader = await context.newPage();
      await reader.goto(`http://localhost:${new URL(run.server.url).port}/`);
      const password = await reader.evaluate(() => navigator.clipboard.readText());
      await reader.close();
      expect(password).toMatch(/^.{8}$/);
      // back to its label after the 3 s
      await expect
        .poll(() => panel().getByRole('button', { name: UI.copied }).count(), { timeout: 6000 })
        .toBe(0);
    });

    it("Open in browser shows the remote desktop, then Shotcut's window on the canvas", async () => {
      const [page] = await Promise.all([
        context.waitForEvent('page'),
        panel().getByRole('link', { name: CLOUD_TEXT.openInBrowser }).click(),
      ]);
      desktop = page;
      desktop.setDefaultTimeout(20_000);
      await visible(desktop.getByText(CLOUD_TEXT.sessionActive));
      // the first frame: the painted desktop, not a black canvas
      await expect
        .poll(async () => (await canvasStats(canvas(), DESKTOP_BACKGROUND).catch(() => null))?.black ?? 1, {
          timeout: 20_000,
        })
        .toBeLessThan(0.5);
      display = (await session()).providerRef!;
      // Shotcut's main window ('Untitled - Shotcut', not its splash) where X has it, then drawn on the canvas
      await expect.poll(() => windowOn(display, ' - Shotcut$'), { timeout: 30_000 }).not.toBeNull();
      shotcut = (await windowOn(display, ' - Shotcut$'))!;
      await expect
        .poll(async () => {
          const s = await canvasStats(canvas(), DESKTOP_BACKGROUND, shotcut);
          return !!s && s.background < 0.05 && s.black < 0.5 && s.spread > 10;
        })
        .toBe(true);
      const whole = (await canvasStats(canvas(), DESKTOP_BACKGROUND))!;
      expect([whole.width, whole.height]).toEqual([1280, 720]);
      await shot(desktop, FLOW, '07-remote-desktop');
      if (allScreenshots)
        await canvas().screenshot({
          path: `${import.meta.dirname}/screenshots/${FLOW}/08-desktop-canvas.png`,
        });
    });

    it("typed through the browser, Shotcut's Save As writes into Renders: the file appears in the project live", async () => {
      await a.bringToFront();
      await a.goto(`${run.server.url}/project/${editId}`);
      await visible(a.getByRole('heading', { name: EDIT }));
      await desktop.bringToFront();
      // a click on the timeline's empty area gives Shotcut (and the canvas) the keyboard
      const at = await pagePoint(canvas(), shotcut.x + shotcut.width / 2, shotcut.y + shotcut.height * 0.85);
      await desktop.mouse.click(at.x, at.y);
      // a video track makes the project savable; Save As asks where
      await desktop.keyboard.press('Control+i');
      await expect.poll(() => windowOn(display, '^Untitled\\* - Shotcut$')).not.toBeNull();
      await desktop.keyboard.press('Control+Shift+S');
      await expect.poll(() => windowOn(display, '^Save XML$')).not.toBeNull();
      await desktop.keyboard.type(`~/Renders/${SAVED}`, { delay: 15 });
      await desktop.keyboard.press('Enter');
      await expect.poll(() => windowOn(display, `^${SAVED.replace('.', '\\.')} - Shotcut$`)).not.toBeNull();
      await shot(desktop, FLOW, '08-saved-in-renders');
      await desktop.close();
      // the agent sends it back once closed; the project's Renders folder shows up without a reload
      await a.bringToFront();
      await expect.poll(() => row(a, 'Renders').isVisible(), { timeout: 30_000 }).toBe(true);
      await row(a, 'Renders').dblclick();
      await visible(row(a, SAVED));
      await shot(a, FLOW, '09-render-in-project');
    });

    it('another tab: the banner counts down; clicking it opens the session’s project', async () => {
      b = await context.newPage();
      b.setDefaultTimeout(20_000);
      await b.goto(`${run.server.url}/project/${otherId}`);
      // the page, then the cloud time call: seconds on a loaded machine (the page's default timeout)
      await banner().waitFor();
      await expect.poll(() => banner().textContent()).toContain(CLOUD_TEXT.sessionActive);
      const first = await banner().textContent();
      await expect.poll(() => banner().textContent()).not.toBe(first);
      expect(first).toMatch(/\d{2}:\d{2}/);
      expect(formatCloudCountdown(59 * 60_000)).toBe('59:00');
      await shot(b, FLOW, '10-banner');
      await banner().click();
      await expect.poll(() => new URL(b.url()).pathname).toBe(`/project/${editId}`);
      await gone(banner());
      // back on the other project, where the banner shows again
      await b.goto(`${run.server.url}/project/${otherId}`);
      await banner().waitFor();
    });

    it("extend by 1 hour, then End: the other tab shows 'System shutting down approximately in', then no banner", async () => {
      await a.bringToFront();
      await a.getByRole('button', { name: CLOUD_TEXT.openButton }).click();
      await visible(panel().getByText(CLOUD_TEXT.ready));
      const before = await creditBalance(run.server.db, teamId);
      const clock = /\d{2}:\d{2} [AP]M/;
      const endsAt = async () =>
        clock.exec((await panel().getByText(CLOUD_TEXT.endsAt).textContent()) ?? '')?.[0];
      const endBefore = await endsAt();
      expect(endBefore).toBeDefined();
      await panel().getByRole('button', { name: CLOUD_TEXT.extend }).click();
      await toast(a, CLOUD_TEXT.extended);
      await expect.poll(() => creditBalance(run.server.db, teamId)).toBe(before - 170_00);
      // the end time (HH:MM AM/PM) moved one hour later, here and in the other tab's banner
      await expect.poll(endsAt).not.toBe(endBefore);
      await expect
        .poll(() => banner().textContent())
        .toMatch(new RegExp(`^${CLOUD_TEXT.sessionActive} 1:5\\d:\\d\\d$`));
      await shot(a, FLOW, '11-extended');

      // report an issue: the session id must be the current one
      const ticket = /CS-[0-9A-F]{8}/.exec((await panel().textContent()) ?? '')![0];
      await panel().getByRole('button', { name: CLOUD_TEXT.reportIssue }).click();
      const report = dialog(a, CLOUD_TEXT.reportIssue);
      await report.getByLabel(CLOUD_TEXT.reportType).click();
      await a.getByRole('option', { name: 'The machine is slow' }).click();
      await report.getByLabel(CLOUD_TEXT.reportSessionId).fill('CS-00000000');
      await report.getByLabel(CLOUD_TEXT.reportMessage).fill('The timeline stutters');
      await report.getByRole('button', { name: CLOUD_TEXT.reportIssue }).click();
      await visible(report.getByText(CLOUD_TEXT.invalidSessionId));
      await shot(a, FLOW, '12-report-invalid-id');
      await report.getByLabel(CLOUD_TEXT.reportSessionId).fill(ticket);
      await report.getByRole('button', { name: CLOUD_TEXT.reportIssue }).click();
      await toast(a, CLOUD_TEXT.reportSent);
      await gone(report);
      await panel().getByRole('button', { name: CLOUD_TEXT.endSession }).click();
      const confirm = dialog(a, CLOUD_TEXT.endSession);
      await visible(confirm.getByText(CLOUD_TEXT.endSessionConfirm));
      await shot(a, FLOW, '13-end-confirm');
      await confirm.getByRole('button', { name: CLOUD_TEXT.endSession }).click();
      await toast(a, CLOUD_TEXT.sessionEnded);
      // the final sync runs before the machine stops: the other tab says so meanwhile
      await expect
        .poll(() => banner().textContent())
        .toMatch(new RegExp(`^${CLOUD_TEXT.shuttingDown} \\d\\d:\\d\\d$`));
      await b.bringToFront();
      await shot(b, FLOW, '14-other-tab-shutting-down');
      // shut down and released: no banner there, the wizard offered again here
      await expect.poll(() => banner().count(), { timeout: 60_000 }).toBe(0);
      await a.bringToFront();
      await visible(panel().getByText(CLOUD_TEXT.stepType));
      await shot(a, FLOW, '15-ended');

      // the platform admin sees the report and marks it handled
      await a.goto(`${run.server.url}/cloud-admin`);
      const reportRow = a.getByRole('row').filter({ hasText: ticket });
      // the admin page loads its chunk and its lists (health, catalogue, reports, workstations)
      await reportRow.waitFor();
      await visible(reportRow.getByText('The timeline stutters'));
      await reportRow.getByRole('button', { name: CLOUD_TEXT.reportMarkedHandled }).click();
      await toast(a, CLOUD_TEXT.reportMarkedHandled);
      await visible(reportRow.getByText(CLOUD_TEXT.reportMarkedHandled));
      await shot(a, FLOW, '16-admin-reports');
    });

    it('the platform admin edits the catalogue: prices in ₹ (en-IN), saved for the next booking', async () => {
      const plugins = a.getByRole('table', { name: CLOUD_ADMIN_TEXT.cataloguePlugins });
      await visible(plugins.getByText('₹40.00 / hour'));
      const hardware = a.getByRole('table', { name: CLOUD_ADMIN_TEXT.catalogueHardware });
      await visible(hardware.getByText('₹150.00 / hour'));
      const price = plugins.getByLabel(`neat_video ${CLOUD_ADMIN_TEXT.pricePerHourRupees}`);
      await price.fill('1250');
      await visible(plugins.getByText('₹1,250.00 / hour'));
      await a.getByRole('button', { name: CLOUD_ADMIN_TEXT.catalogueSave }).click();
      await toast(a, CLOUD_ADMIN_TEXT.catalogueSaved);
      await a.getByRole('heading', { name: CLOUD_ADMIN_TEXT.adminCatalogue }).scrollIntoViewIfNeeded();
      await shot(a, FLOW, '17-admin-catalogue');
      const [row] = await run.server.db.select().from(cloudCatalogue);
      const saved = row!.catalogue as { plugins: { slug: string; pricing: number }[] };
      expect(saved.plugins.find((p) => p.slug === 'neat_video')?.pricing).toBe(1250);
    });

    it("the session's cloud usage appears on /statistics", async () => {
      await a.goto(`${run.server.url}/statistics`);
      const chart = a.getByTestId(`chart-${SUB_TEXT.projectCloudUsage}`);
      await chart.locator('.recharts-surface').first().waitFor();
      // the bar of the session's project, with its hours and PSC (booking + extension: 340 PSC)
      await expect.poll(async () => (await chart.textContent()) ?? '').toContain(EDIT);
      const rows = await projectCloudUsage(run.server.db, teamId, {});
      expect(rows.find((r) => r.title === EDIT)).toMatchObject({ psc: 340 });
      await chart.scrollIntoViewIfNeeded();
      await shot(a, FLOW, '18-statistics-cloud-usage');
    });
  },
);
