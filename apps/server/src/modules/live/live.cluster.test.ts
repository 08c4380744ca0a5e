import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_API, LIVE_API, type LiveAudioCall, type LiveState } from '@rushes/shared';
import { cloudSessions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { closeAllSockets, connect, join, listen } from '../../../test/realtime-helpers.ts';
import { missingLocalBinaries } from '../cloud/cloud.local.ts';
import { onPath } from '../cloud/cloud.runnable.ts';
import {
  book,
  call,
  cloudWorld,
  end,
  listeningLocalApp,
  untilStatus,
  type Person,
} from '../cloud/cloud.testkit.ts';
import { openDesktopAt, pointerAt, recordingRelay, sentinel, watch } from './live.desktop.testkit.ts';

/**
 * The guest's workstation view with two API nodes on one PostgreSQL and one Redis: the guest's
 * desktop WebSocket (and so its relay) is held by node B, while the host's socket event that hands
 * over control, and the host's request that removes the guest, land on node A. Both must reach the
 * relay on B. Needs both URLs and the local desktop's binaries (Xvfb, x11vnc); skipped otherwise.
 */
const multiInstance = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
// the session books Shotcut (a program the local provider can run)
const missing = multiInstance
  ? [...(await missingLocalBinaries()), ...((await onPath('shotcut')) ? [] : ['shotcut'])]
  : [];
if (multiInstance && missing.length) {
  if (process.env.CI) throw new Error(`the guest desktop cluster test needs ${missing.join(', ')} on CI`);
  console.warn(`Skipping the guest desktop cluster test: ${missing.join(', ')} not installed`);
}

describe.skipIf(!multiInstance || missing.length > 0)('the guest desktop across two API nodes', () => {
  const config = { CLOUD_PROVIDER: 'local', CLOUD_LOCAL_GEOMETRY: '640x480' };
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let wsB: string;

  beforeAll(async () => {
    // A runs the desktop: its agent reaches A at A's configured port
    ({ t: a, url: urlA } = await listeningLocalApp(config));
    b = await createTestApp(config, { sameDatabaseAs: a });
    wsB = (await listen(b)).replace('http:', 'ws:');
  }, 60_000);
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    // b first: a drops the database they share
    await b?.close();
    await a?.close();
  });

  it("the host's hand-over on A reaches the guest's relay on B, and removing the guest on A closes it", async () => {
    const { owner: host, others, projectId } = await cloudWorld(a, 1);
    const [guest] = others as [Person];
    const booked = await book(a, host, projectId, { software: 'shotcut' });
    const sessionId = (booked.body.data as { cloud_access_db_id: string }).cloud_access_db_id;
    await a.ctx.jobs.drainForTests();
    await untilStatus(a, sessionId, 'machine_started');
    const q = { project_db_id: projectId, cloud_assignment_db_id: sessionId };
    await call(a, 'POST', LIVE_API.root, host, { ...q, user_db_ids: [guest.user.id] });
    const id = (await call<LiveState>(a, 'GET', LIVE_API.root, guest, { project_db_id: projectId })).body.data
      .live_collaboration_invitations[0].live_collaboration_db_id;
    const joined = await call<LiveAudioCall>(a, 'POST', LIVE_API.audioCall, guest, {
      live_collaboration_db_id: id,
    });
    const token = joined.body.data.audio_call_detail.token;
    await call(a, 'POST', CLOUD_API.launch, host, { cloud_id: sessionId });

    // the VNC server's bytes pass a recording relay; the guest's view is opened on B
    const [row] = await a.ctx.db.select().from(cloudSessions).where(eq(cloudSessions.id, sessionId));
    const vnc = await recordingRelay(row.port!);
    await a.ctx.db.update(cloudSessions).set({ port: vnc.port }).where(eq(cloudSessions.id, sessionId));
    const ws = await openDesktopAt(wsB, id, token, { cookie: guest.cookie });
    expect((await watch(ws)).rects).toBeGreaterThan(0);

    const watching = pointerAt(10, 20, 0);
    ws.send(Buffer.concat([watching, sentinel(21)]));
    await vnc.reached(sentinel(21));
    expect(vnc.all().includes(watching)).toBe(false);

    // the host hands over control through their socket on A
    const hostCall = await call<LiveAudioCall>(a, 'POST', LIVE_API.audioCall, host, {
      live_collaboration_db_id: id,
    });
    const hostSocket = await connect(urlA, { cookie: host.cookie });
    await join(hostSocket, `live:${id}`);
    const control = async (on: boolean) => {
      // B runs its node handlers in the order registered: the relay's first, then this one
      const reachedB = new Promise<void>((resolve) =>
        b.ctx.realtime.onEveryNode('live.desktop.control', (m) => {
          if (m.collabId === id && m.guestControl === on) resolve();
        }),
      );
      const ack = await hostSocket.timeout(3000).emitWithAck('live_signal', {
        live_collaboration_db_id: id,
        token: hostCall.body.data.audio_call_detail.token,
        signal: { kind: 'control', guest_control: on },
      });
      expect(ack).toEqual({ ok: true });
      await reachedB;
    };
    await control(true);
    const moved = pointerAt(30, 40, 0);
    ws.send(Buffer.concat([moved, sentinel(22)]));
    await vnc.reached(sentinel(22));
    expect(vnc.all().includes(moved)).toBe(true);

    // taken back on A: dropped on B again
    await control(false);
    const back = pointerAt(50, 60, 0);
    ws.send(Buffer.concat([back, sentinel(23)]));
    await vnc.reached(sentinel(23));
    expect(vnc.all().includes(back)).toBe(false);

    // the host removes the guest with a request to A: the view held by B closes
    const closed = new Promise<number>((r) => ws.once('close', r));
    await call(a, 'PUT', LIVE_API.root, host, { ...q, user_db_id: guest.user.id });
    expect(await closed).toBe(1000);
    await expect(openDesktopAt(wsB, id, token, { cookie: guest.cookie })).rejects.toThrow('refused: 403');

    vnc.close();
    await end(a, host, projectId, sessionId);
    await a.ctx.jobs.drainForTests();
  }, 60_000);
});
