import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CLOUD_ADMIN_TEXT, CLOUD_TEXT, SUB_TEXT, UI, formatCloudCountdown } from '@rushes/shared';
import { cloudCatalogue, projects } from '../apps/server/src/db/schema/index.ts';
import { projectCloudUsage } from '../apps/server/src/modules/statistics/statistics.service.ts';
import { creditBalance, grantCredits } from '../apps/server/src/modules/credits/index.ts';
import { missingLocalBinaries } from '../apps/server/src/modules/cloud/cloud.local.ts';
import { allScreenshots, contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import {
  createProject,
  dialog,
  gone,
  projectIdOfCard,
  switchTeam,
  toast,
  tray,
  visible,
} from './projectSteps.ts';
import { serverAndBrowser } from './server.ts';

/**
 * Cloud editing end to end: book 60 minutes with a plugin, the credits drop, the ready
 * step's credentials copy ('Copied' for 3 s), the remote desktop opens in the browser (a real local
 * desktop through the server's VNC proxy), another project shows the banner counting down, extend by
 * 1 hour, End, the admin's catalogue edit (₹ prices), the usage on /statistics. Needs Xvfb, openbox
 * and x11vnc besides Chromium.
 */
const FLOW = 'cloud';
const A = DEMO_PRODUCER;
const stamp = Date.now() % 10_000;
const EDIT = `Cloud Cut ${stamp}`;
const OTHER = `Other Reel ${stamp}`;
const missing = await missingLocalBinaries();
if (missing.length) {
  if (process.env.CI) throw new Error(`the cloud e2e needs ${missing.join(', ')} on CI`);
  console.warn(`Skipping the cloud e2e: ${missing.join(', ')} not installed`);
}

/** The demo producer is also this installation's platform admin (the reports page). */
const run = serverAndBrowser(async () => {
  process.env.PLATFORM_ADMIN_EMAILS = A.email;
  const server = await startInProcessServer();
  delete process.env.PLATFORM_ADMIN_EMAILS;
  return server;
});

describe.skipIf(!e2eAvailable || missing.length > 0)(
  'cloud editing: book, open in the browser, banner, extend, end',
  () => {
    let context: BrowserContext;
    let a: Page;
    let editId = '';
    let otherId = '';
    let teamId = '';
    const panel = () => dialog(a, CLOUD_TEXT.panelTitle);

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

    it('the wizard: type, software, a plugin (auto-select), hardware, 60 minutes, available, start; credits drop', async () => {
      await a.goto(`${run.server.url}/project/${editId}`);
      await a.getByRole('button', { name: CLOUD_TEXT.openButton }).click();
      await visible(panel());
      await panel().getByLabel('Video Editing').check();
      await shot(a, FLOW, '01-system-type');
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      await panel().getByText('Adobe Premiere Pro').click();
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      // Red Giant Universe selects Magic Bullet too; deselecting it keeps Magic Bullet
      await panel()
        .getByLabel(/Red Giant Universe/)
        .check();
      await expect
        .poll(() =>
          panel()
            .getByLabel(/Magic Bullet Looks/)
            .isChecked(),
        )
        .toBe(true);
      await panel()
        .getByLabel(/Red Giant Universe/)
        .uncheck();
      await expect
        .poll(() =>
          panel()
            .getByLabel(/Magic Bullet Looks/)
            .isChecked(),
        )
        .toBe(true);
      await panel()
        .getByLabel(/Magic Bullet Looks/)
        .uncheck();
      await panel()
        .getByLabel(/Neat Video/)
        .check();
      await shot(a, FLOW, '02-plugins');
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      await panel()
        .getByLabel(/^Standard/)
        .check();
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      await visible(panel().getByText(CLOUD_TEXT.stepDuration));
      await visible(panel().getByText(`₹190.00 ${CLOUD_TEXT.perHour} · ${CLOUD_TEXT.total}: 190 PSC`));
      await shot(a, FLOW, '03-duration');
      await panel().getByRole('button', { name: CLOUD_TEXT.checkAvailability }).click();
      await visible(panel().getByText(CLOUD_TEXT.available));
      await shot(a, FLOW, '04-available');
      const before = await creditBalance(run.server.db, teamId);
      await panel().getByRole('button', { name: CLOUD_TEXT.startSession }).click();
      await expect.poll(() => creditBalance(run.server.db, teamId)).toBe(before - 190_00);
    });

    it("preparing, then ready: the credentials copy with 'Copied' for 3 s", async () => {
      // the boot job starts a real desktop (Xvfb, openbox, x11vnc): seconds on a loaded machine
      await expect
        .poll(() => panel().getByText(CLOUD_TEXT.ready).isVisible(), { timeout: 30_000 })
        .toBe(true);
      await visible(panel().getByText(CLOUD_TEXT.username));
      await shot(a, FLOW, '05-ready');
      const copy = panel().getByRole('button', { name: CLOUD_TEXT.password, exact: true });
      await copy.click();
      await visible(panel().getByRole('button', { name: UI.copied }));
      await shot(a, FLOW, '06-copied');
      const password = await a.evaluate(() => navigator.clipboard.readText());
      expect(password).toMatch(/^.{8}$/);
      // back to its label after the 3 s
      await expect
        .poll(() => panel().getByRole('button', { name: UI.copied }).count(), { timeout: 6000 })
        .toBe(0);
    });

    it('Open in browser shows the remote desktop', async () => {
      const [desktop] = await Promise.all([
        context.waitForEvent('page'),
        panel().getByRole('link', { name: CLOUD_TEXT.openInBrowser }).click(),
      ]);
      desktop.setDefaultTimeout(20_000);
      await expect
        .poll(() => desktop.getByText(CLOUD_TEXT.sessionActive).isVisible(), { timeout: 20_000 })
        .toBe(true);
      const canvas = desktop.getByTestId('remote-desktop').locator('canvas');
      await visible(canvas);
      await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(300);
      await shot(desktop, FLOW, '07-remote-desktop');
      if (allScreenshots)
        await canvas.screenshot({ path: `${import.meta.dirname}/screenshots/${FLOW}/08-desktop-canvas.png` });
      await desktop.close();
    });

    it('another project shows the banner counting down; clicking it opens the session’s project', async () => {
      await a.goto(`${run.server.url}/project/${otherId}`);
      const banner = a.getByRole('button', { name: CLOUD_TEXT.panelTitle });
      // the page, then the cloud time call: seconds on a loaded machine (the page's default timeout)
      await banner.waitFor();
      await expect.poll(() => banner.textContent()).toContain(CLOUD_TEXT.sessionActive);
      const first = await banner.textContent();
      await expect.poll(() => banner.textContent()).not.toBe(first);
      expect(first).toMatch(/\d{2}:\d{2}/);
      expect(formatCloudCountdown(59 * 60_000)).toBe('59:00');
      await shot(a, FLOW, '09-banner');
      await banner.click();
      await expect.poll(() => new URL(a.url()).pathname).toBe(`/project/${editId}`);
      await gone(banner);
    });

    it('extend by 1 hour, then End', async () => {
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
      await expect.poll(() => creditBalance(run.server.db, teamId)).toBe(before - 190_00);
      // the end time (HH:MM AM/PM) moved one hour later
      await expect.poll(endsAt).not.toBe(endBefore);
      await shot(a, FLOW, '10-extended');

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
      await shot(a, FLOW, '10b-report-invalid-id');
      await report.getByLabel(CLOUD_TEXT.reportSessionId).fill(ticket);
      await report.getByRole('button', { name: CLOUD_TEXT.reportIssue }).click();
      await toast(a, CLOUD_TEXT.reportSent);
      await gone(report);
      await panel().getByRole('button', { name: CLOUD_TEXT.endSession }).click();
      const confirm = dialog(a, CLOUD_TEXT.endSession);
      await visible(confirm.getByText(CLOUD_TEXT.endSessionConfirm));
      await shot(a, FLOW, '11-end-confirm');
      await confirm.getByRole('button', { name: CLOUD_TEXT.endSession }).click();
      await toast(a, CLOUD_TEXT.sessionEnded);
      // shut down and released: the wizard is offered again
      await visible(panel().getByText(CLOUD_TEXT.stepType));
      await shot(a, FLOW, '12-ended');

      // the platform admin sees the report and marks it handled
      await a.goto(`${run.server.url}/cloud-admin`);
      const reportRow = a.getByRole('row').filter({ hasText: ticket });
      // the admin page loads its chunk and three lists (catalogue, reports, workstations)
      await reportRow.waitFor();
      await visible(reportRow.getByText('The timeline stutters'));
      await reportRow.getByRole('button', { name: CLOUD_TEXT.reportMarkedHandled }).click();
      await toast(a, CLOUD_TEXT.reportMarkedHandled);
      await visible(reportRow.getByText(CLOUD_TEXT.reportMarkedHandled));
      await shot(a, FLOW, '13-admin-reports');
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
      await shot(a, FLOW, '14-admin-catalogue');
      const [row] = await run.server.db.select().from(cloudCatalogue);
      const saved = row!.catalogue as { plugins: { slug: string; pricing: number }[] };
      expect(saved.plugins.find((p) => p.slug === 'neat_video')?.pricing).toBe(1250);
    });

    it("the session's cloud usage appears on /statistics", async () => {
      await a.goto(`${run.server.url}/statistics`);
      const chart = a.getByTestId(`chart-${SUB_TEXT.projectCloudUsage}`);
      await chart.locator('.recharts-surface').first().waitFor();
      // the bar of the session's project, with its hours and PSC (booking + extension: 380 PSC)
      await expect.poll(async () => (await chart.textContent()) ?? '').toContain(EDIT);
      const rows = await projectCloudUsage(run.server.db, teamId, {});
      expect(rows.find((r) => r.title === EDIT)).toMatchObject({ psc: 380 });
      await chart.scrollIntoViewIfNeeded();
      await shot(a, FLOW, '15-statistics-cloud-usage');
    });
  },
);
