import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CREDIT_TEXT, MSG, PAYMENT_TEXT, SUB_TEXT, TOAST_HEAD, UI, formatBytes } from '@rushes/shared';
import { assets, projects, teams, users } from '../apps/server/src/db/schema/index.ts';
import { grantCredits } from '../apps/server/src/modules/credits/index.ts';
import { recordCloudUsage } from '../apps/server/src/modules/plans/index.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer, type InProcessServer } from './inProcessServer.ts';
import { logIn, newPerson, signUpAndVerify } from './people.ts';
import { createProject, dialog, gone, toast, visible } from './projectSteps.ts';
import { serverAndBrowser } from './server.ts';

const FLOW = 'subscription';
/** A loaded machine can take more than expect.poll's default second. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
const run = serverAndBrowser<InProcessServer>(() => startInProcessServer());
const owner = newPerson('Sana', 'Owner');

async function newPage(): Promise<Page> {
  const page = await (await run.browser.newContext(contextOptions)).newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

describe.skipIf(!e2eAvailable)(
  'a free account: project limit → upgrade at the test-mode checkout → storage with credits → statistics',
  () => {
    let page: Page;
    let teamId = '';

    beforeAll(async () => {
      page = await newPage();
    });

    it('signs up on Free and gets 250 PSC of credits', async () => {
      await signUpAndVerify(page, run.server.url, owner);
      await logIn(page, run.server.url, owner);
      const db = run.server.db;
      const [user] = await db.select().from(users).where(eq(users.email, owner.email));
      const [team] = await db
        .select()
        .from(teams)
        .where(and(eq(teams.ownerId, user.id), eq(teams.isPersonal, true)));
      teamId = team.id;
      await db.transaction((tx) =>
        grantCredits(tx, {
          teamId,
          amountPaise: 250_00,
          idempotencyKey: `e2e-${teamId}`,
          reason: 'E2E top-up',
        }),
      );
    });

    it('the 4th project opens the upgrade modal; its button leads to the Subscription Upgrade panel', async () => {
      for (const n of [1, 2, 3]) {
        await createProject(page, `Limit ${n}`);
        await toast(page, MSG.projectCreated);
      }
      await page.getByRole('button', { name: UI.createProject }).click();
      const modal = dialog(page, UI.createProjectTitle);
      await modal.getByLabel(UI.projectName).fill('Limit 4');
      await modal.getByRole('button', { name: UI.create, exact: true }).click();
      const upgrade = dialog(page, MSG.upgradeTitle);
      await upgrade.getByText(MSG.upgradeProjectLimit).first().waitFor();
      // the upgrade data's image (spec 002 §3), served on the address the app was opened at
      const image = upgrade.locator('img');
      await visible(image);
      await poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );
      expect(new URL((await image.getAttribute('src')) ?? '').origin).toBe(new URL(run.server.url).origin);
      await shot(page, FLOW, '01-upgrade-modal');
      await upgrade.getByRole('button', { name: MSG.upgradeButton }).click();
      await page.waitForURL(/\/subscription\?sidebar=upgrade-plan/);
      const panel = dialog(page, SUB_TEXT.subscriptionUpgrade);
      await panel.getByTestId('plan-pro').first().waitFor();
      await shot(page, FLOW, '02-upgrade-panel');

      await panel.getByTestId('plan-pro').getByRole('button', { name: SUB_TEXT.upgrade }).click();
      await poll(() => panel.getByTestId('upgrade-amount').textContent()).toBe('₹1,499');
      // 250 PSC do not cover it: credits start unticked and the test-mode checkout is offered
      expect(await panel.getByLabel(SUB_TEXT.useCredits).isChecked()).toBe(false);
      await shot(page, FLOW, '03-upgrade-checkout');
      await panel.getByRole('button', { name: SUB_TEXT.proceedToPayment }).click();
      await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
      // while the payment is open the upgrade waits: the top bar shows the upgrading banner
      await page.getByTestId('upgrading-banner').waitFor();
      await page.getByText(PAYMENT_TEXT.testModeNotice).waitFor();
      await poll(() => page.getByTestId('checkout-total').textContent()).toBe('₹1,768.82');
      await shot(page, FLOW, '03b-test-mode-checkout');
      await page.getByRole('button', { name: PAYMENT_TEXT.complete }).click();
      // a completed purchase is told in a 'Success' toast (spec 002 §8)
      await visible(
        page
          .getByRole('alert')
          .filter({ hasText: TOAST_HEAD.success })
          .filter({ hasText: SUB_TEXT.planUpdated }),
      );
      await page.getByText(PAYMENT_TEXT.paid).waitFor();
      await page.getByRole('link', { name: PAYMENT_TEXT.backToSubscription }).click();
      await page.waitForURL(`${run.server.url}/subscription`);
      await poll(() => page.getByTestId('plan-title').textContent()).toBe('Pro');
      await poll(() => page.getByTestId('upgrading-banner').count()).toBe(0);
      await poll(() => page.getByTestId('credits-available').textContent()).toBe('250 PSC');
      await shot(page, FLOW, '04-plan-pro');
    });

    it('the limit is lifted: the 4th project is created', async () => {
      await page.goto(`${run.server.url}/`);
      await createProject(page, 'Limit 4');
      await toast(page, MSG.projectCreated);
      const [{ n }] = await run.server.db
        .select({ n: projects.id })
        .from(projects)
        .where(and(eq(projects.teamId, teamId), eq(projects.title, 'Limit 4')));
      expect(n).toBeTruthy();
    });

    it('adds 100 GB of storage with credits; the balance falls under 100 PSC: Low Balance', async () => {
      await page.goto(`${run.server.url}/subscription`);
      await page.getByRole('button', { name: SUB_TEXT.addStorage }).click();
      const panel = dialog(page, SUB_TEXT.addStorage);
      await poll(() => panel.getByTestId('storage-size').textContent()).toBe('0 GB');
      await expect
        .poll(() => panel.getByRole('button', { name: SUB_TEXT.addStorage }).isDisabled())
        .toBe(true);
      await panel.getByRole('button', { name: 'More storage' }).click();
      await poll(() => panel.getByTestId('storage-size').textContent()).toBe('100 GB');
      await poll(() => panel.getByTestId('storage-amount').textContent()).toBe('₹200');
      await shot(page, FLOW, '05-add-storage');
      await panel.getByRole('button', { name: SUB_TEXT.addStorage }).click();
      await toast(page, MSG.storageAdded);
      await poll(() => page.getByTestId('credits-available').textContent()).toBe('50 PSC');
      await page.getByText(SUB_TEXT.lowBalance).first().waitFor();
      await page.getByRole('button', { name: SUB_TEXT.storageDetails }).click();
      const details = dialog(page, SUB_TEXT.storageDetails);
      await details.getByText('600 GB').first().waitFor();
      await shot(page, FLOW, '06-storage-details-low-balance');
      await page.keyboard.press('Escape');
      await gone(details);
      // the subscription page reaches the wallet's Add Credits panel
      await page.getByRole('button', { name: PAYMENT_TEXT.addCreditsTitle }).click();
      const addCredits = dialog(page, PAYMENT_TEXT.addCreditsTitle);
      await addCredits.waitFor();
    });

    it('an upgrade the credits cannot pay is refused: Error toast, the panel closes', async () => {
      await page.keyboard.press('Escape');
      await gone(dialog(page, SUB_TEXT.storageDetails));
      await page.getByRole('button', { name: SUB_TEXT.upgradePlan }).click();
      const panel = dialog(page, SUB_TEXT.subscriptionUpgrade);
      await panel.getByTestId('plan-team').getByRole('button', { name: SUB_TEXT.upgrade }).click();
      // 50 PSC do not cover the prorated ₹3,500: credits start unticked, a payment is offered (+ GST)
      await panel.getByRole('button', { name: SUB_TEXT.proceedToPayment }).first().waitFor();
      await panel.getByText(SUB_TEXT.plusGst, { exact: false }).first().waitFor();
      await panel.getByLabel(SUB_TEXT.useCredits).check();
      await shot(page, FLOW, '07-upgrade-short-of-credits');
      await panel.getByRole('button', { name: SUB_TEXT.payWithCredits }).click();
      await toast(page, CREDIT_TEXT.insufficientCredits);
      await gone(panel);
      await poll(() => page.getByTestId('plan-title').textContent()).toBe('Pro');
    });

    it('/statistics shows the storage and cloud-usage charts', async () => {
      const db = run.server.db;
      const [project] = await db
        .select()
        .from(projects)
        .where(and(eq(projects.teamId, teamId), eq(projects.title, 'Limit 1')));
      await db.insert(assets).values([
        {
          projectId: project.id,
          title: 'a.mp4',
          fileType: 'video',
          ingestCode: `e2e-v-${teamId}`,
          sizeBytes: 80 * 1024 ** 2,
        },
        {
          projectId: project.id,
          title: 'b.wav',
          fileType: 'audio',
          ingestCode: `e2e-a-${teamId}`,
          sizeBytes: 20 * 1024 ** 2,
        },
      ]);
      const start = new Date(Date.now() - 2 * 86_400_000);
      await recordCloudUsage(db, {
        teamId,
        projectId: project.id,
        userId: null,
        hardware: 'GPU',
        startedAt: start,
        endedAt: new Date(start.getTime() + 3 * 3600_000),
        psc: 360,
      });
      // ten projects, some with long names: every one keeps its label and prints its figure
      const [me] = await db.select().from(users).where(eq(users.email, owner.email));
      const more = [
        ['Monsoon Wedding Highlights Day 2', 3],
        ['Ad Film', 12],
        ['Documentary Interviews', 45],
        ['Music Video', 7],
        ['Podcast S01', 1],
        ['Trailer Cut v3', 30],
      ] as const;
      for (const [i, [title, mib]] of more.entries()) {
        const [made] = await db
          .insert(projects)
          .values({ projectCode: `e2e-stats-${i}-${teamId}`, teamId, title, createdBy: me.id })
          .returning();
        await db.insert(assets).values({
          projectId: made.id,
          title: `clip-${i}.mp4`,
          fileType: 'video',
          ingestCode: `e2e-s${i}-${teamId}`,
          sizeBytes: mib * 1024 ** 2,
        });
      }
      const teamProjects = await db.select().from(projects).where(eq(projects.teamId, teamId));
      expect(teamProjects.length).toBeGreaterThanOrEqual(10);
      const sizes = await Promise.all(
        teamProjects.map(async (p) => {
          const files = await db
            .select()
            .from(assets)
            .where(and(eq(assets.projectId, p.id), eq(assets.isFolder, false)));
          return { title: p.title, bytes: files.reduce((n, f) => n + Number(f.sizeBytes ?? 0), 0) };
        }),
      );
      await page.goto(`${run.server.url}/statistics`);
      for (const title of [
        SUB_TEXT.projectStorage,
        SUB_TEXT.fileStorage,
        SUB_TEXT.projectCloudUsage,
        SUB_TEXT.activityCloudUsage,
      ]) {
        await page.getByTestId(`chart-${title}`).locator('.recharts-surface').first().waitFor();
      }
      const storageCard = page.getByTestId(`chart-${SUB_TEXT.projectStorage}`);
      const ticks = storageCard.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
      // the axis is laid out once the chart has measured its box
      await poll(() => ticks.count()).toBe(sizes.length);
      // a label wrapped on two lines is one tspan a line
      const labels = await ticks.evaluateAll((els) =>
        els.map((el) => [...el.querySelectorAll('tspan')].map((t) => t.textContent).join(' ')),
      );
      for (const { title } of sizes)
        expect(labels.some((l) => l === title || (l.endsWith('…') && title.startsWith(l.slice(0, -1))))).toBe(
          true,
        );
      const figures = storageCard.getByTestId('project-storage-figures');
      for (const { title, bytes } of sizes)
        await visible(figures.getByText(`${title}: ${formatBytes(bytes)}`, { exact: false }));
      const onBars = await storageCard.locator('.recharts-label-list').allTextContents();
      for (const { bytes } of sizes.filter((x) => x.bytes > 0))
        expect(onBars.join(' ')).toContain(formatBytes(bytes));
      await shot(page, FLOW, '08-statistics');
      await page.getByText(SUB_TEXT.last7, { exact: true }).click();
      await page
        .getByTestId(`chart-${SUB_TEXT.activityCloudUsage}`)
        .locator('.recharts-surface')
        .first()
        .waitFor();
      await shot(page, FLOW, '09-statistics-7-days');
    });
  },
);
