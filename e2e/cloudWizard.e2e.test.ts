import { eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CLOUD_TEXT, UI, configurationId } from '@rushes/shared';
import { cloudCapacity, cloudQueue, projects, users } from '../apps/server/src/db/schema/index.ts';
import { grantCredits } from '../apps/server/src/modules/credits/index.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import {
  createProject,
  dialog,
  projectIdOfCard,
  settledIn,
  switchTeam,
  tray,
  visible,
} from './projectSteps.ts';
import { serverAndBrowser } from './server.ts';

/**
 * The cloud wizard's answers when no machine is free, with the simulated provider (no desktop, so
 * it runs where Xvfb is missing; e2e/cloud.e2e.test.ts opens a real one): a hardware with no machine
 * at all goes back to the type step with 'Resource is not available' once; all of its machines busy
 * shows the not-available step that offers the queue (spec 001 §4 steps 2 and 4, §8). Then a booking
 * reaches the ready step, whose credentials and access details each show their icon (001 §2).
 */
const FLOW = 'cloud-wizard';
const stamp = Date.now() % 10_000;
const TITLE = `Wizard Reel ${stamp}`;

const run = serverAndBrowser(async () => {
  process.env.CLOUD_PROVIDER = 'simulated';
  const server = await startInProcessServer();
  delete process.env.CLOUD_PROVIDER;
  return server;
});

describe.skipIf(!e2eAvailable)('cloud wizard: no machine, all busy, ready with icons', () => {
  let a: Page;
  let projectId = '';
  const panel = () => dialog(a, CLOUD_TEXT.panelTitle);
  const setCapacity = (hardware: string, capacity: number) =>
    run.server.db.update(cloudCapacity).set({ capacity }).where(eq(cloudCapacity.hardwareSlug, hardware));
  // toasts only (the steps' own notices are alerts too)
  const toasts = () => a.locator('.mantine-Notification-root');
  const errorToasts = () => toasts().filter({ hasText: CLOUD_TEXT.resourceNotAvailable }).count();

  /** Type, software, no plugin, `hardware`, 60 minutes, then Check availability. */
  async function checkAvailability(hardware: RegExp) {
    await panel().getByLabel('Video Editing').check();
    await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
    await panel().getByText('Adobe Premiere Pro').click();
    await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
    await panel().getByRole('button', { name: CLOUD_TEXT.skip }).click();
    await panel().getByLabel(hardware).check();
    await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
    await visible(panel().getByText(CLOUD_TEXT.stepDuration));
    await panel().getByRole('button', { name: CLOUD_TEXT.checkAvailability }).click();
  }

  beforeAll(async () => {
    a = await (await run.browser.newContext(contextOptions)).newPage();
    a.setDefaultTimeout(20_000);
  });

  it('a project with credits', async () => {
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
        idempotencyKey: `e2e-cloud-wizard-${stamp}`,
        reason: 'e2e',
      }),
    );
  });

  it("a hardware with no machine: back to the type step, 'Resource is not available' once", async () => {
    await setCapacity('performance', 0);
    await a.goto(`${run.server.url}/project/${projectId}`);
    await a.getByRole('button', { name: CLOUD_TEXT.openButton }).click();
    await visible(panel());
    await checkAvailability(/^Performance/);
    await visible(panel().getByText(CLOUD_TEXT.stepType));
    await expect.poll(errorToasts).toBeGreaterThan(0);
    await settledIn(a);
    expect(await errorToasts()).toBe(1);
    await shot(a, FLOW, '01-no-machine-type-step');
  });

  it('all machines of a hardware busy: the not-available step offers the queue, no error toast', async () => {
    await setCapacity('performance', 1);
    // another user holds the one performance machine (an offer waiting for their confirmation)
    const [other] = await run.server.db
      .select({ id: users.id })
      .from(users)
      .where(ne(users.email, DEMO_PRODUCER.email))
      .limit(1);
    await run.server.db.insert(cloudQueue).values({
      userId: other!.id,
      projectId,
      hardwareSlug: 'performance',
      configurationId: configurationId('premiere_pro', 'performance', []),
      durationMinutes: 60,
      status: 'offered',
    });
    await a.goto(`${run.server.url}/project/${projectId}`);
    await a.getByRole('button', { name: CLOUD_TEXT.openButton }).click();
    await checkAvailability(/^Performance/);
    await visible(panel().getByText(CLOUD_TEXT.notAvailable));
    await visible(panel().getByRole('button', { name: CLOUD_TEXT.joinQueue }));
    await settledIn(a);
    expect(await toasts().count()).toBe(0);
    await shot(a, FLOW, '02-all-busy-queue-offered');
  });

  it('a booking reaches the ready step: each credential and access detail shows its icon', async () => {
    await panel().getByRole('button', { name: CLOUD_TEXT.back }).click();
    await panel().getByRole('button', { name: CLOUD_TEXT.back }).click();
    await panel()
      .getByLabel(/^Standard/)
      .check();
    await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
    await panel().getByRole('button', { name: CLOUD_TEXT.checkAvailability }).click();
    await visible(panel().getByText(CLOUD_TEXT.available));
    await panel().getByRole('button', { name: CLOUD_TEXT.startSession }).click();
    await expect.poll(() => panel().getByText(CLOUD_TEXT.ready).isVisible(), { timeout: 30_000 }).toBe(true);
    // one icon per detail, beside its label
    const iconOf = (label: string) =>
      panel()
        .getByText(label, { exact: true })
        .locator('xpath=ancestor::div[contains(@class,"mantine-Group-root")][1]')
        .first()
        .locator('svg.tabler-icon')
        .first();
    for (const [label, icon] of [
      [CLOUD_TEXT.username, 'tabler-icon-user'],
      [CLOUD_TEXT.password, 'tabler-icon-key'],
      [CLOUD_TEXT.ipAddress, 'tabler-icon-network'],
      [CLOUD_TEXT.cloudSystem, 'tabler-icon-movie'],
      [CLOUD_TEXT.configuration, 'tabler-icon-adjustments'],
    ] as const) {
      await visible(iconOf(label));
      expect(await iconOf(label).getAttribute('class'), label).toContain(icon);
    }
    await panel().getByText(CLOUD_TEXT.username, { exact: true }).scrollIntoViewIfNeeded();
    await shot(a, FLOW, '03-ready-credentials-icons');
    await panel().getByText(CLOUD_TEXT.accessDetails).scrollIntoViewIfNeeded();
    await shot(a, FLOW, '04-access-details-icons');
  });
});
