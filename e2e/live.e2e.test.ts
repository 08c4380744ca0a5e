// system programs: turnserver (coturn), Xvfb, openbox, x11vnc
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { API, LIVE_TEXT, UI } from '@rushes/shared';
import { cloudSessions, teams, users } from '../apps/server/src/db/schema/index.ts';
import { createLocalProvider, missingLocalBinaries } from '../apps/server/src/modules/cloud/cloud.local.ts';
import { freePort } from '../apps/server/src/platform/freePort.ts';
import { secretBoxFor } from '../apps/server/src/platform/security/secretBox.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import {
  CAPTURE_PEERS,
  hears,
  iceState,
  inbound,
  launchWithFakeMedia,
  pathOf,
  peakLevel,
} from './liveMedia.ts';
import { startInProcessServer, type InProcessServer } from './inProcessServer.ts';
import { DEMO_EDITOR, DEMO_PRODUCER, logIn } from './people.ts';
import { apiCall, dialog, toast } from './projectSteps.ts';

/** Visible within 20 s (a page, a lazy panel and its data on a machine shared by many runs). */
const shown = (locator: Locator) =>
  expect.poll(() => locator.first().isVisible(), { timeout: 20_000 }).toBe(true);

function callFlow(flow: string, env: () => Record<string, string>, skip: boolean) {
  describe.skipIf(!e2eAvailable || skip)(`live collaboration (${flow})`, () => {
    let server: InProcessServer;
    let browser: Browser;
    let host: Page;
    let guest: Page;
    let projectDbId = '';
    let guestUserId = '';
    const logs = { host: [] as string[], guest: [] as string[] };

    beforeAll(async () => {
      const vars = env();
      Object.assign(process.env, vars);
      server = await startInProcessServer();
      for (const name of Object.keys(vars)) delete process.env[name];
      browser = await launchWithFakeMedia();
      const page = async () => {
        const context = await browser.newContext(contextOptions);
        await context.addInitScript(CAPTURE_PEERS);
        const p = await context.newPage();
        p.setDefaultTimeout(20_000);
        return p;
      };
      host = await page();
      guest = await page();
      host.on('console', (m) => logs.host.push(m.text()));
      guest.on('console', (m) => logs.guest.push(m.text()));
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    let insertSession = async () => {};
    it('the host has a project with the editor as collaborator, and no machine yet', async () => {
      await logIn(host, server.url, DEMO_PRODUCER);
      const [producer] = await server.db.select().from(users).where(eq(users.email, DEMO_PRODUCER.email));
      const [editor] = await server.db.select().from(users).where(eq(users.email, DEMO_EDITOR.email));
      guestUserId = editor.id;
      const [team] = await server.db
        .select()
        .from(teams)
        .where(and(eq(teams.name, 'Demo Studio'), eq(teams.ownerId, producer.id)));
      const made = await apiCall(host, server.url, API.projects.root, {
        team_db_id: team.id,
        title: 'Live Mix',
      });
      projectDbId = String(made.project_db_id);
      await apiCall(host, server.url, API.projects.collaborators, {
        project_db_id: projectDbId,
        collabrated_with: [editor.id],
        role: 'collaborator',
      });
      // the machine itself is the cloud module's business (its own e2e): a started session row
      insertSession = async () => {
        await server.db.insert(cloudSessions).values({
          assignmentCode: `CS-${randomBytes(4).toString('hex').toUpperCase()}`,
          userId: producer.id,
          teamId: team.id,
          projectId: projectDbId,
          softwareSlug: 'premiere_pro',
          hardwareSlug: 'standard',
          pricePerHour: 100,
          durationMinutes: 60,
          provider: 'simulated',
          status: 'machine_started',
          startedAt: new Date(),
          endsAt: new Date(Date.now() + 3_600_000),
        });
      };
    });

    it('without a started machine the Invite button is shown, disabled', async () => {
      await host.goto(`${server.url}/project/${projectDbId}`);
      await host.getByTestId('live-open').click();
      const panel = dialog(host, LIVE_TEXT.panelTitle);
      const invite = panel.getByRole('button', { name: LIVE_TEXT.invite });
      await shown(invite);
      expect(await invite.isDisabled()).toBe(true);
      await shot(host, flow, '00-host-no-machine-invite-disabled');
      await insertSession();
    });

    it('the host invites the editor; the invitee appears at once', async () => {
      await host.goto(`${server.url}/project/${projectDbId}`);
      await host.getByTestId('live-open').click();
      const panel = dialog(host, LIVE_TEXT.panelTitle);
      await panel.getByRole('button', { name: LIVE_TEXT.invite }).click();
      // the Invite button shows only after choosing
      await expect.poll(() => panel.getByTestId('live-invite-send').count()).toBe(0);
      await panel.getByLabel(LIVE_TEXT.chooseCollaborator).click();
      await host.getByRole('option').first().click();
      await panel.getByTestId('live-invite-send').click();
      await toast(host, LIVE_TEXT.invited);
      await shown(panel.getByTestId('live-remove'));
      await expect.poll(() => panel.getByRole('button', { name: LIVE_TEXT.invite }).isDisabled()).toBe(true);
      await shot(host, flow, '01-host-invited');
    });

    it('the guest joins the audio call from the ?s=join live collaboration link; each side plays the other’s voice', async () => {
      await logIn(guest, server.url, DEMO_EDITOR);
      await guest.goto(`${server.url}/project/${projectDbId}?s=join live collaboration`);
      const panel = dialog(guest, LIVE_TEXT.panelTitle);
      await shown(panel.getByTestId('live-invitation'));
      await shot(guest, flow, '02-guest-invitation');
      // a denied microphone: 'Unable to join the audio call.' and no call
      await guest.evaluate(() => {
        const md = navigator.mediaDevices as MediaDevices & {
          realGetUserMedia?: MediaDevices['getUserMedia'];
        };
        md.realGetUserMedia = md.getUserMedia.bind(md);
        md.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      });
      await panel.getByTestId('live-join-audio').click();
      await toast(guest, LIVE_TEXT.unableToJoin);
      expect(await panel.getByTestId('live-call').count()).toBe(0);
      await guest.evaluate(() => {
        const md = navigator.mediaDevices as MediaDevices & {
          realGetUserMedia?: MediaDevices['getUserMedia'];
        };
        md.getUserMedia = md.realGetUserMedia!;
      });
      await panel.getByTestId('live-join-audio').click();
      await expect
        .poll(() => panel.getByTestId('live-call-phase').textContent(), { timeout: 30_000 })
        .toBe(LIVE_TEXT.phase.connected);
      await shown(dialog(host, LIVE_TEXT.panelTitle).getByTestId('live-end-call'));
      await hears(guest);
      await hears(host);
      await shot(guest, flow, '03-guest-in-call');
      await shot(host, flow, '03-host-in-call');
    });

    it('the guest mutes and the host sees it', async () => {
      await dialog(guest, LIVE_TEXT.panelTitle).getByTestId('live-mute').click();
      await shown(dialog(host, LIVE_TEXT.panelTitle).getByTestId('live-remote-muted'));
      // and hears silence (the level the other steps see move is the guest's voice)
      await expect.poll(() => peakLevel(host), { timeout: 20_000 }).toBeLessThan(0.001);
      await shot(host, flow, '04-host-sees-muted');
    });

    it('the guest shares the screen and the host receives video frames', async () => {
      await dialog(guest, LIVE_TEXT.panelTitle).getByTestId('live-share').click();
      await shown(dialog(host, LIVE_TEXT.panelTitle).getByTestId('live-remote-video'));
      await expect
        .poll(async () => (await inbound(host, 'video'))?.frames ?? 0, { timeout: 20_000 })
        .toBeGreaterThan(5);
      // the video track joins the call's stream: the host's element still plays the guest's audio
      await hears(host, { otherMuted: true });
      await shot(host, flow, '05-host-sees-screen');
    });

    it('the connection went the expected way', async () => {
      const path = await pathOf(guest);
      if (flow === 'relay') expect(path).toBe('relay');
      else expect(path).not.toBeNull();
    });

    it.skipIf(flow !== 'relay')(
      'the TURN relay goes away: ICE drops, the sides restart ICE, and the call recovers through the relay back',
      async () => {
        const restarts = () =>
          [...logs.host, ...logs.guest].filter((l) => l.includes('restarting ICE')).length;
        const before = restarts();
        await stopTurn();
        await expect
          .poll(async () => (restarts() > before ? 'restarted' : await iceState(guest)), {
            timeout: 90_000,
            interval: 500,
          })
          .toBe('restarted');
        await shot(guest, flow, '05b-guest-ice-failed');
        await startTurn();
        await expect
          .poll(() => iceState(guest), { timeout: 90_000, interval: 500 })
          .toMatch(/^(connected|completed)$/);
        await expect
          .poll(() => dialog(guest, LIVE_TEXT.panelTitle).getByTestId('live-call-phase').textContent(), {
            timeout: 30_000,
          })
          .toBe(LIVE_TEXT.phase.connected);
        await hears(guest);
        // the guest is muted here: the host's element still plays its live track
        await hears(host, { otherMuted: true });
        expect(await pathOf(guest)).toBe('relay');
      },
      240_000,
    );

    it('a dropped socket reconnects, re-joins the room and re-sends the mute state; audio keeps flowing', async () => {
      const panel = dialog(guest, LIVE_TEXT.panelTitle);
      const hostPanel = dialog(host, LIVE_TEXT.panelTitle);
      await shown(hostPanel.getByTestId('live-remote-muted'));
      // the network goes: the server loses the guest's socket, and the page cannot reconnect yet
      await guest.context().setOffline(true);
      for (const s of server.realtime.io.of('/').sockets.values())
        if (s.data.userId === guestUserId) s.conn.close();
      // unmuted while offline: the signal cannot reach the host now
      await panel.getByTestId('live-mute').click();
      await guest.context().setOffline(false);
      // back online: the page re-joins live:{id} and re-sends its state, so the host sees it unmuted
      await expect
        .poll(() => hostPanel.getByTestId('live-remote-muted').count(), { timeout: 30_000 })
        .toBe(0);
      await hears(host);
      await hears(guest);
      await shot(host, flow, '05c-host-after-guest-reconnect');
    }, 120_000);

    it('closing the panel keeps the call; the top bar indicator mutes, and reopens the panel', async () => {
      const panel = dialog(guest, LIVE_TEXT.panelTitle);
      await panel.getByRole('button', { name: UI.close }).click();
      await expect.poll(() => panel.count()).toBe(0);
      const indicator = guest.getByTestId('live-indicator');
      await shown(indicator);
      await hears(guest);
      await hears(host);
      await indicator.getByTestId('live-indicator-mute').click();
      await shown(dialog(host, LIVE_TEXT.panelTitle).getByTestId('live-remote-muted'));
      await shot(guest, flow, '05d-guest-panel-closed-indicator');
      await indicator.getByTestId('live-indicator-open').click();
      await shown(dialog(guest, LIVE_TEXT.panelTitle).getByTestId('live-call'));
      expect(await dialog(guest, LIVE_TEXT.panelTitle).getByTestId('live-mute').textContent()).toBe(
        LIVE_TEXT.unmute,
      );
    }, 120_000);

    it.skipIf(flow !== 'p2p')(
      'the guest watches the host’s workstation, view only until the host hands over control',
      async () => {
        const missing = await missingLocalBinaries();
        if (missing.length) {
          if (process.env.CI) throw new Error(`the workstation view needs ${missing.join(', ')} on CI`);
          console.warn(`Skipping the workstation view: ${missing.join(', ')} not installed`);
          return;
        }
        // the session's desktop: a real one of the local provider, its password sealed as the server does
        const [session] = await server.db
          .select()
          .from(cloudSessions)
          .where(eq(cloudSessions.projectId, projectDbId));
        const provider = createLocalProvider({ geometry: '800x600', log: console as never });
        try {
          const machine = await provider.start(session.id, { hardwareSlug: 'standard' });
          await server.db
            .update(cloudSessions)
            .set({
              port: machine.port,
              ipAddress: machine.ipAddress,
              passwordSealed: secretBoxFor(server.ctx.config, server.ctx.secret).seal(machine.password),
            })
            .where(eq(cloudSessions.id, session.id));
          const panel = dialog(guest, LIVE_TEXT.panelTitle);
          await panel.getByTestId('live-watch').click();
          const mode = panel.getByTestId('live-workstation-mode');
          await expect.poll(() => mode.getAttribute('data-connected'), { timeout: 20_000 }).toBe('true');
          expect(await mode.textContent()).toBe(LIVE_TEXT.viewOnly);
          await shown(panel.getByTestId('live-workstation').locator('canvas'));
          await shot(guest, flow, '05e-guest-watches-view-only');
          await dialog(host, LIVE_TEXT.panelTitle).getByTestId('live-control').click();
          await expect.poll(() => mode.textContent(), { timeout: 20_000 }).toBe(LIVE_TEXT.youHaveControl);
          await shot(guest, flow, '05f-guest-has-control');
          await shot(host, flow, '05f-host-handed-over');
          await dialog(host, LIVE_TEXT.panelTitle).getByTestId('live-control').click();
          await expect.poll(() => mode.textContent(), { timeout: 20_000 }).toBe(LIVE_TEXT.viewOnly);
        } finally {
          await provider.close();
        }
      },
      120_000,
    );

    it('the host ends the call and the guest’s call ends', async () => {
      await dialog(host, LIVE_TEXT.panelTitle).getByTestId('live-end-call').click();
      const panel = dialog(guest, LIVE_TEXT.panelTitle);
      await expect.poll(() => panel.getByTestId('live-call').count()).toBe(0);
      await shown(panel.getByTestId('live-join-audio'));
      await expect.poll(() => guest.getByTestId('live-indicator').count()).toBe(0);
      await shot(guest, flow, '06-guest-call-ended');
    });
  });
}

callFlow('p2p', () => ({ CLOUD_PROVIDER: 'simulated' }), false);

// The same flow forced through coturn on loopback (iceTransportPolicy 'relay').
const TURN_BIN = spawnSync('sh', ['-c', 'command -v turnserver']).stdout.toString().trim();
if (!TURN_BIN) {
  if (process.env.CI) throw new Error('turnserver (coturn) not found: the relay call test is required on CI');
  console.warn('Skipping the relay call flow: no turnserver (apt-get install -y coturn)');
}
let turn: ChildProcess | null = null;
const TURN_SECRET = randomBytes(16).toString('hex');
let turnPort = 0;
const turnArgs = () => [
  '-n',
  '--listening-ip=127.0.0.1',
  '--relay-ip=127.0.0.1',
  `--listening-port=${turnPort}`,
  '--use-auth-secret',
  `--static-auth-secret=${TURN_SECRET}`,
  '--realm=rushes.local',
  '--allow-loopback-peers',
  '--no-cli',
  '--no-tls',
  '--no-dtls',
  '--min-port=49160',
  '--max-port=49200',
  '--log-file=stdout',
];
/** Starts coturn on loopback (again, on the same port: the ICE restart test takes it away). */
async function startTurn() {
  turn = spawn(TURN_BIN, turnArgs(), { stdio: 'ignore' });
}
/** Kills coturn (no goodbye to its allocations: the relay just disappears, as a crash would). */
async function stopTurn() {
  const proc = turn;
  turn = null;
  if (!proc || proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await exited;
}
beforeAll(async () => {
  if (!TURN_BIN || !e2eAvailable) return;
  turnPort = await freePort();
  await startTurn();
}, 30_000);
afterAll(() => stopTurn());
callFlow(
  'relay',
  () => ({
    CLOUD_PROVIDER: 'simulated',
    TURN_URL: `turn:127.0.0.1:${turnPort}?transport=udp`,
    TURN_SECRET,
    ICE_TRANSPORT_POLICY: 'relay',
  }),
  !TURN_BIN,
);
