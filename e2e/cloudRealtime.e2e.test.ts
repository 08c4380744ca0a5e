import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  API_TYPE,
  API_VERSION,
  CLOUD_API,
  CLOUD_CONNECT_TEXT,
  CLOUD_HEALTH_TEXT,
  CLOUD_ADMIN_TEXT,
  CLOUD_TEXT,
  UI,
  configurationId,
} from '@rushes/shared';
import { projects, users } from '../apps/server/src/db/schema/index.ts';
import { grantCredits } from '../apps/server/src/modules/credits/index.ts';
import {
  providerOf,
  setProviderForTests,
  type CloudProvider,
} from '../apps/server/src/modules/cloud/cloud.providers.ts';
import type { ModuleLog } from '../apps/server/src/platform/modules.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import {
  apiCall,
  createProject,
  dialog,
  gone,
  projectIdOfCard,
  settledIn,
  switchTeam,
  tray,
  visible,
} from './projectSteps.ts';
import { serverAndBrowser } from './server.ts';

/**
 * The cloud session reaches every open tab of its user live (spec 001 §2 banner texts): two tabs of
 * one login, the session started, extended and ended through the API from tab A's context; tab B
 * (home, another project than the session's) shows 'System getting ready approximately in' while the
 * machine boots, 'Cloud Session Active' with its new end after the extension, 'System shutting down
 * approximately in' after End, and no banner on release, all without a reload; tab A's open panel
 * follows (preparing with the connector instructions, ready with the connection file and the command).
 * The admin page shows the provider's health and, for a provider that cannot run, why; the user then
 * reads 'Resource is not available' once and is back at the type step. The simulated provider (no
 * desktop), held at start and stop so booting and shutting down last until the test lets them go.
 */
const FLOW = 'cloud-realtime';
const stamp = Date.now() % 10_000;
const TITLE = `Realtime Reel ${stamp}`;

const run = serverAndBrowser(async () => {
  process.env.CLOUD_PROVIDER = 'simulated';
  process.env.PLATFORM_ADMIN_EMAILS = DEMO_PRODUCER.email;
  const server = await startInProcessServer();
  delete process.env.CLOUD_PROVIDER;
  delete process.env.PLATFORM_ADMIN_EMAILS;
  return server;
});

/** Resolves once the page's realtime connection is open (socket.io's connect packet arrived). */
function socketOpen(page: Page) {
  return new Promise<void>((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      }),
    );
  });
}

describe.skipIf(!e2eAvailable)('cloud session live in every tab; availability refused once', () => {
  let context: BrowserContext;
  let a: Page;
  let b: Page;
  /** a third tab, on /cloud-admin (the demo producer is this server's platform admin) */
  let admin: Page;
  let projectId = '';
  let sessionId = '';
  let code = '';
  const panel = () => dialog(a, CLOUD_TEXT.panelTitle);
  const banner = () => b.getByRole('button', { name: CLOUD_TEXT.panelTitle });
  const put = async (path: string, data: Record<string, unknown>) => {
    const res = await a.request.put(`${run.server.url}${path}`, {
      headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
      data,
    });
    expect(res.ok()).toBe(true);
  };
  /** The provider the server uses: made by the session above already, so it needs no log here. */
  const provider = () => providerOf(run.server.ctx, undefined as unknown as ModuleLog);

  beforeAll(async () => {
    context = await run.browser.newContext(contextOptions);
    a = await context.newPage();
    a.setDefaultTimeout(20_000);
    b = await context.newPage();
    b.setDefaultTimeout(20_000);
  });

  it('one login in two tabs, a project with credits', async () => {
    // the tab driven is brought to the front: a background tab's frames are throttled, and each
    // click waits for them
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
        idempotencyKey: `e2e-cloud-realtime-${stamp}`,
        reason: 'e2e',
      }),
    );
    // tab A: the project with the cloud panel open (the wizard); tab B: home, listening
    await a.goto(`${run.server.url}/project/${projectId}`);
    await a.getByRole('button', { name: CLOUD_TEXT.openButton }).click();
    await visible(panel().getByText(CLOUD_TEXT.stepType));
    const open = socketOpen(b);
    await b.bringToFront();
    await b.goto(`${run.server.url}/`);
    await open;
    await visible(tray(b, UI.trayMyProjects).getByRole('article', { name: TITLE }));
    await settledIn(b);
    expect(await banner().count()).toBe(0);
  });

  it('started elsewhere: tab B shows the banner within 5 s, booting then active; tab A the preparing step, then ready', async () => {
    // the machine's start waits for the test: the booting phase lasts until it is let go
    const inner = provider();
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    setProviderForTests(run.server.ctx, {
      ...inner,
      name: inner.name,
      start: async (id, opts) => {
        await held;
        return inner.start(id, opts);
      },
    });
    try {
      const session = await apiCall(a, run.server.url, CLOUD_API.start, {
        project_db_id: projectId,
        duration: 60,
        task_type: 'task',
        cloud_configuration_db_id: configurationId('premiere_pro', 'standard', []),
        software_slug: 'premiere_pro',
        hardware_slug: 'standard',
        plugin_slug: [],
        timezone: { name: 'UTC', offset: 0 },
      });
      sessionId = String(session.cloud_access_db_id);
      code = String(session.cloud_assignment_id);
      // the minute's refetch is far: only the realtime event brings it this soon
      await expect
        .poll(() => banner().textContent(), { timeout: 5_000 })
        .toMatch(new RegExp(`^${CLOUD_TEXT.gettingReady} \\d\\d:\\d\\d$`));
      await shot(b, FLOW, '01-tab-b-banner-booting');
      // preparing: the ticket and the connector instructions (spec 001 §2)
      await visible(panel().getByText(CLOUD_TEXT.preparing));
      await visible(panel().getByText(code));
      const connect = panel().getByRole('region', { name: CLOUD_CONNECT_TEXT.title });
      await visible(connect.getByRole('button', { name: CLOUD_CONNECT_TEXT.linux }));
      await visible(connect.getByText(CLOUD_CONNECT_TEXT.whenReady));
      await a.bringToFront();
      await shot(a, FLOW, '02-tab-a-preparing');
    } finally {
      letGo();
    }
    await expect
      .poll(() => banner().textContent(), { timeout: 5_000 })
      .toMatch(new RegExp(`^${CLOUD_TEXT.sessionActive} \\d\\d:\\d\\d$`));
    await visible(panel().getByText(CLOUD_TEXT.ready));
    setProviderForTests(run.server.ctx, inner);
  });

  it('the ready step: the public address, the connector program per OS, the file and the command to run', async () => {
    await a.bringToFront();
    const ip = await panel()
      .getByText(CLOUD_TEXT.ipAddress, { exact: true })
      .locator('xpath=following-sibling::*[1]')
      .textContent();
    // an address the user's computer can reach, never the loopback the server's proxy connects to
    expect(ip).toMatch(/\S/);
    expect(ip).not.toMatch(/^127\.|^::1$/);
    const connect = panel().getByRole('region', { name: CLOUD_CONNECT_TEXT.title });
    for (const os of [
      CLOUD_CONNECT_TEXT.windows,
      CLOUD_CONNECT_TEXT.macIntel,
      CLOUD_CONNECT_TEXT.macSilicon,
      CLOUD_CONNECT_TEXT.linux,
    ])
      await visible(connect.getByRole('button', { name: os }));
    await visible(connect.getByRole('button', { name: CLOUD_TEXT.downloadConnection }));
    await expect
      .poll(() => connect.getByLabel(CLOUD_CONNECT_TEXT.command, { exact: true }).textContent())
      .toMatch(/^rushes-upload connect CS-[0-9A-F]+\.rushes$/);
    await visible(connect.getByRole('button', { name: CLOUD_CONNECT_TEXT.copyCommand }));
    await shot(a, FLOW, '03-tab-a-ready-connector');
    // the file the command names, as a download
    const [file] = await Promise.all([
      a.waitForEvent('download'),
      connect.getByRole('button', { name: CLOUD_TEXT.downloadConnection }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`${code}.rushes`);
    // this server has no uploader build: the program's button opens the uploader page, which says how
    // an operator builds it (with a build, the file itself downloads)
    const [page] = await Promise.all([
      a.waitForEvent('popup'),
      connect.getByRole('button', { name: CLOUD_CONNECT_TEXT.linux }).click(),
    ]);
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe('/uploader');
    await page.close();
  });

  it('extended elsewhere: tab B counts from the new end', async () => {
    await put(CLOUD_API.extend, { project_db_id: projectId, cloud_id: sessionId, duration: 60 });
    await expect
      .poll(() => banner().textContent(), { timeout: 5_000 })
      .toMatch(new RegExp(`^${CLOUD_TEXT.sessionActive} 1:5\\d:\\d\\d$`));
  });

  it('extended while the tabs were offline: on reconnecting, tab B asks again and counts from the new end', async () => {
    const [me] = await run.server.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_PRODUCER.email));
    // the network goes: the server loses the tabs' sockets, and they cannot reconnect yet
    await context.setOffline(true);
    for (const s of run.server.realtime.io.of('/').sockets.values())
      if (s.data.userId === me!.id) s.conn.close();
    // extended meanwhile (from outside the offline browser, with its session): no tab hears it
    const cookie = (await context.cookies(run.server.url)).map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await fetch(`${run.server.url}${CLOUD_API.extend}`, {
      method: 'PUT',
      headers: {
        cookie,
        'content-type': 'application/json',
        'API-Type': API_TYPE,
        'API-Version': API_VERSION,
      },
      body: JSON.stringify({ project_db_id: projectId, cloud_id: sessionId, duration: 60 }),
    });
    expect(res.ok).toBe(true);
    await settledIn(b);
    expect(await banner().textContent()).toMatch(new RegExp(`^${CLOUD_TEXT.sessionActive} 1:5\\d:\\d\\d$`));
    await context.setOffline(false);
    await expect
      .poll(() => banner().textContent())
      .toMatch(new RegExp(`^${CLOUD_TEXT.sessionActive} 2:5\\d:\\d\\d$`));
  });

  it('the admin page: the simulated provider in use and OK, the running session listed', async () => {
    admin = await context.newPage();
    await admin.bringToFront();
    await admin.goto(`${run.server.url}/cloud-admin`);
    const card = admin.getByRole('region', { name: `${CLOUD_HEALTH_TEXT.provider} simulated` });
    await visible(card.getByText(CLOUD_HEALTH_TEXT.inUse));
    await visible(card.getByText(CLOUD_HEALTH_TEXT.ok, { exact: true }));
    await visible(card.getByRole('cell', { name: code }));
    await visible(card.getByText(`${CLOUD_HEALTH_TEXT.sessionsRunning}: 1`));
    await shot(admin, FLOW, '04-admin-provider-health');
  });

  it("ended elsewhere: tab B shows 'System shutting down approximately in', then no banner", async () => {
    // the machine's stop waits for the test: the shutting-down phase lasts until it is let go
    const inner = provider();
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const holding: CloudProvider = {
      ...inner,
      name: inner.name,
      stop: async (id) => {
        await held;
        await inner.stop(id);
      },
    };
    setProviderForTests(run.server.ctx, holding);
    await b.bringToFront();
    try {
      await put(CLOUD_API.end, { project_db_id: projectId, cloud_id: sessionId, message: 'End' });
      await expect
        .poll(() => banner().textContent(), { timeout: 5_000 })
        .toMatch(new RegExp(`^${CLOUD_TEXT.shuttingDown} \\d\\d:\\d\\d$`));
      await visible(panel().getByText(CLOUD_TEXT.shuttingDown));
      await shot(b, FLOW, '05-tab-b-shutting-down');
    } finally {
      letGo();
    }
    await expect.poll(() => banner().count(), { timeout: 5_000 }).toBe(0);
    // tab A's panel is back at the wizard
    await visible(panel().getByText(CLOUD_TEXT.stepType));
    setProviderForTests(run.server.ctx, inner);
  });

  it("a provider that cannot run: empty lists say why; 'Resource is not available' once, back to the type step", async () => {
    const inner = provider();
    setProviderForTests(run.server.ctx, {
      ...inner,
      name: inner.name,
      unavailableReason: async () => 'Xvfb is not installed (test)',
      // one software and none of its plugins: nothing of the colour grading type
      runnable: async () => ({ softwares: new Set(['premiere_pro']), plugins: new Set<string>() }),
    });
    const toasts = () => a.locator('.mantine-Notification-root');
    const refused = () => toasts().filter({ hasText: CLOUD_TEXT.resourceNotAvailable }).count();
    await a.bringToFront();
    try {
      // the panel asks for its lists again when it opens
      await a.reload();
      await a.getByRole('button', { name: CLOUD_TEXT.openButton }).click();
      await panel().getByLabel('Colour Grading').check();
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      await visible(panel().getByText(CLOUD_CONNECT_TEXT.noSoftware));
      await panel().getByRole('button', { name: CLOUD_TEXT.back }).click();
      await panel().getByLabel('Video Editing').check();
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      await panel().getByText('Adobe Premiere Pro').click();
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      await visible(panel().getByText(CLOUD_CONNECT_TEXT.noPlugins));
      await panel().getByRole('button', { name: CLOUD_TEXT.skip }).click();
      await panel()
        .getByLabel(/^Standard/)
        .check();
      await panel().getByRole('button', { name: CLOUD_TEXT.next }).click();
      await panel().getByRole('button', { name: CLOUD_TEXT.checkAvailability }).click();
      await visible(panel().getByText(CLOUD_TEXT.stepType));
      await expect.poll(refused).toBeGreaterThan(0);
      await settledIn(a);
      expect(await refused()).toBe(1);
      await shot(a, FLOW, '06-refused-once');
      // the operator reads why
      await admin.bringToFront();
      await admin.reload();
      const card = admin.getByRole('region', { name: `${CLOUD_HEALTH_TEXT.provider} simulated` });
      await visible(card.getByText(CLOUD_HEALTH_TEXT.refused));
      await visible(card.getByText('Xvfb is not installed (test)'));
      await shot(admin, FLOW, '07-admin-refused-reason');
    } finally {
      setProviderForTests(run.server.ctx, inner);
    }
  });

  it('a pool workstation registered: its agent key and service command shown once, with an address another computer reaches', async () => {
    await admin.bringToFront();
    await admin.reload();
    const machines = admin.getByRole('heading', { name: CLOUD_TEXT.adminMachines }).locator('..');
    await machines.getByLabel(CLOUD_TEXT.machineName, { exact: true }).fill('Edit Bay 7');
    await machines.getByLabel(CLOUD_TEXT.machineHardware, { exact: true }).fill('standard');
    await machines.getByLabel(CLOUD_TEXT.machineHost, { exact: true }).fill('10.0.0.7');
    await machines.getByLabel(CLOUD_TEXT.machinePort, { exact: true }).fill('5900');
    await machines.getByLabel(CLOUD_TEXT.password, { exact: true }).fill('pw123456');
    await machines.getByRole('button', { name: CLOUD_TEXT.addMachine }).click();
    const command = admin.getByTestId('agent-command');
    await visible(command);
    const text = (await command.textContent()) ?? '';
    const m = /^rushes-upload agent --service --url (\S+) --machine-key rsm_\S{20,}$/.exec(text);
    expect(m, text).not.toBeNull();
    // the workstation dials this server: never the loopback the admin's browser may be on
    const url = new URL(m![1]!);
    expect(url.hostname).not.toMatch(/^127\.|^localhost$|^\[?::1\]?$/);
    expect(url.port).toBe(new URL(run.server.url).port);
    await shot(admin, FLOW, '08-admin-agent-key');
    // only its hash is kept: after a reload the key is gone, the row says no agent was seen yet
    await admin.reload();
    const row = admin.getByRole('row', { name: /Edit Bay 7/ });
    await visible(row.getByText(CLOUD_ADMIN_TEXT.agentNeverSeen));
    expect(await admin.getByTestId('agent-command').count()).toBe(0);
    expect(await admin.getByText(/rsm_/).count()).toBe(0);
    await row.getByRole('button', { name: CLOUD_TEXT.removeMachine }).click();
    await gone(row);
  });
});
