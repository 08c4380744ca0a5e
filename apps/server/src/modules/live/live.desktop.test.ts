// system programs: Xvfb, openbox, x11vnc, shotcut
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_API, LIVE_API, type LiveAudioCall, type LiveState } from '@rushes/shared';
import { cloudSessions } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/harness.ts';
import { closeAllSockets, connect, join, next } from '../../../test/realtime-helpers.ts';
import { missingLocalBinaries } from '../cloud/cloud.local.ts';
import { onPath } from '../cloud/cloud.runnable.ts';
import {
  book,
  call,
  cloudWorld,
  end,
  listeningLocalApp,
  person,
  untilStatus,
  type Person,
} from '../cloud/cloud.testkit.ts';
import { GuestInputFilter } from './live.rfb.ts';
import {
  keyDown,
  openDesktopAt,
  pointerAt,
  recordingRelay,
  sentinel,
  watch,
} from './live.desktop.testkit.ts';
import { issueCallToken } from './live.tokens.ts';

/**
 * The guest watches the host's workstation through a real desktop (Xvfb + x11vnc of the
 * local provider): a framebuffer update without knowing the password; their pointer and key never
 * reach the VNC server while they only watch (a recording relay in front of x11vnc sees the bytes
 * the VNC server gets), and do once the host hands over control. Needs the binaries: skipped with a
 * notice on a laptop without them, required on CI.
 */
// the session books Shotcut (a program the local provider can run)
const missing = [...(await missingLocalBinaries()), ...((await onPath('shotcut')) ? [] : ['shotcut'])];
if (missing.length) {
  if (process.env.CI) throw new Error(`the guest desktop test needs ${missing.join(', ')} on CI`);
  console.warn(`Skipping the guest desktop test: ${missing.join(', ')} not installed`);
}

describe('the guest input filter (RFB client messages)', () => {
  const pointer = Buffer.from([5, 1, 0, 123, 1, 65]);
  const key = Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x61]);
  const request = Buffer.from([3, 1, 0, 0, 0, 0, 0, 10, 0, 10]);
  const encodings = Buffer.from([2, 0, 0, 2, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x11]);

  it('forces ClientInit to shared, drops input while watching, keeps the rest, across fragments', () => {
    const f = new GuestInputFilter();
    const stream = Buffer.concat([Buffer.from([0]), encodings, pointer, key, request]);
    const out: Buffer[] = [];
    for (let i = 0; i < stream.length; i += 3) out.push(f.push(stream.subarray(i, i + 3)));
    expect(Buffer.concat(out)).toEqual(Buffer.concat([Buffer.from([1]), encodings, request]));
    expect(f.dropped).toBe(2);
    f.allowInput = true;
    expect(f.push(Buffer.concat([pointer, key]))).toEqual(Buffer.concat([pointer, key]));
  });

  it('refuses a message type it does not know (the stream cannot be followed past it)', () => {
    const f = new GuestInputFilter();
    f.push(Buffer.from([1]));
    expect(() => f.push(Buffer.from([77, 0, 0, 0]))).toThrow(/unknown RFB client message 77/);
  });
});

let t: TestApp;
let base: string;
let url: string;
beforeAll(async () => {
  if (missing.length) return;
  ({ t, url } = await listeningLocalApp({ CLOUD_LOCAL_GEOMETRY: '640x480' }));
  base = url.replace('http:', 'ws:');
}, 60_000);
afterEach(() => closeAllSockets());
afterAll(() => t?.close());

const openDesktop = (collabId: string, token: string, headers: Record<string, string>) =>
  openDesktopAt(base, collabId, token, headers);

describe.skipIf(missing.length > 0)("the guest's view of the host's workstation", () => {
  it('is read-only until the host hands over control, for the joined guest only, until the call ends', async () => {
    const { owner: host, others, projectId } = await cloudWorld(t, 2);
    const [guest, other] = others as [Person, Person];
    const booked = await book(t, host, projectId, { software: 'shotcut' });
    const sessionId = (booked.body.data as { cloud_access_db_id: string }).cloud_access_db_id;
    await t.ctx.jobs.drainForTests();
    await untilStatus(t, sessionId, 'machine_started');
    const q = { project_db_id: projectId, cloud_assignment_db_id: sessionId };
    await call(t, 'POST', LIVE_API.root, host, { ...q, user_db_ids: [guest.user.id] });
    const invitation = (await call<LiveState>(t, 'GET', LIVE_API.root, guest, { project_db_id: projectId }))
      .body.data.live_collaboration_invitations[0];
    const id = invitation.live_collaboration_db_id;

    // invited but not in the call: refused, even with a valid token
    const early = issueCallToken(t.ctx.secret, id, guest.user.id).token;
    await expect(openDesktop(id, early, { cookie: guest.cookie })).rejects.toThrow('refused: 403');

    const joined = await call<LiveAudioCall>(t, 'POST', LIVE_API.audioCall, guest, {
      live_collaboration_db_id: id,
    });
    const token = joined.body.data.audio_call_detail.token;
    const [row] = await t.ctx.db.select().from(cloudSessions).where(eq(cloudSessions.id, sessionId));
    const password = (
      await call<{ password: string }>(t, 'POST', CLOUD_API.launch, host, { cloud_id: sessionId })
    ).body.data.password;
    expect(password).toBeTruthy();
    // nothing the guest is answered carries the workstation's password
    expect(JSON.stringify(joined.body)).not.toContain(password);
    expect(JSON.stringify(invitation)).not.toContain(password);

    // no cookie, another member, the host (not the guest), a cross-site page, a forged token: refused
    await expect(openDesktop(id, token, {})).rejects.toThrow('refused: 401');
    const otherToken = issueCallToken(t.ctx.secret, id, other.user.id).token;
    await expect(openDesktop(id, otherToken, { cookie: other.cookie })).rejects.toThrow('refused: 403');
    const stranger = await person(t);
    await expect(openDesktop(id, token, { cookie: stranger.cookie })).rejects.toThrow('refused: 403');
    const hostToken = issueCallToken(t.ctx.secret, id, host.user.id).token;
    await expect(openDesktop(id, hostToken, { cookie: host.cookie })).rejects.toThrow('refused: 403');
    await expect(
      openDesktop(id, token, { cookie: guest.cookie, origin: 'https://evil.example' }),
    ).rejects.toThrow('refused: 403');
    await expect(openDesktop(id, `${token}x`, { cookie: guest.cookie })).rejects.toThrow('refused: 403');

    // the VNC server's bytes pass a recording relay from here on
    const relay = await recordingRelay(row.port!);
    await t.ctx.db.update(cloudSessions).set({ port: relay.port }).where(eq(cloudSessions.id, sessionId));

    const ws = await openDesktop(id, token, { cookie: guest.cookie });
    const update = await watch(ws);
    expect(update).toMatchObject({ width: 640, height: 480 });
    expect(update.rects).toBeGreaterThan(0);

    // watching: the pointer and the key never reach the VNC server
    const click = pointerAt(123, 321, 1);
    const letter = keyDown(0x61);
    ws.send(Buffer.concat([click, letter, sentinel(11)]));
    await relay.reached(sentinel(11));
    expect(relay.all().includes(click)).toBe(false);
    expect(relay.all().includes(letter)).toBe(false);

    // the host hands over control over the socket; only the host may
    const hostCall = await call<LiveAudioCall>(t, 'POST', LIVE_API.audioCall, host, {
      live_collaboration_db_id: id,
    });
    const [hostSocket, guestSocket] = await Promise.all([
      connect(url, { cookie: host.cookie }),
      connect(url, { cookie: guest.cookie }),
    ]);
    await join(hostSocket, `live:${id}`);
    await join(guestSocket, `live:${id}`);
    const control = (on: boolean, from = hostSocket, tok = hostCall.body.data.audio_call_detail.token) =>
      from.timeout(3000).emitWithAck('live_signal', {
        live_collaboration_db_id: id,
        token: tok,
        signal: { kind: 'control', guest_control: on },
      });
    expect(await control(true, guestSocket, token)).toEqual({ ok: false, error: 'forbidden' });
    const told = next(guestSocket, 'live_signal');
    expect(await control(true)).toEqual({ ok: true });
    expect((await told).signal).toEqual({ kind: 'control', guest_control: true });
    const guestState = await call<LiveState>(t, 'GET', LIVE_API.root, guest, { project_db_id: projectId });
    expect(guestState.body.data.live_collaboration_invitations[0].guest_control).toBe(true);

    const drag = pointerAt(200, 100, 0);
    ws.send(Buffer.concat([drag, letter, sentinel(12)]));
    await relay.reached(sentinel(12));
    expect(relay.all().includes(drag)).toBe(true);
    expect(relay.all().includes(letter)).toBe(true);

    // taken back: dropped again
    expect(await control(false)).toEqual({ ok: true });
    const back = pointerAt(50, 60, 0);
    ws.send(Buffer.concat([back, sentinel(13)]));
    await relay.reached(sentinel(13));
    expect(relay.all().includes(back)).toBe(false);

    // the host ends the call: the view closes and cannot be opened again
    const closed = new Promise((r) => ws.once('close', r));
    await call(t, 'PUT', LIVE_API.audioCall, host, { live_collaboration_db_id: id });
    await closed;
    await expect(openDesktop(id, token, { cookie: guest.cookie })).rejects.toThrow('refused: 403');

    // joined again, then removed: refused; the session ended: refused
    await call(t, 'POST', LIVE_API.audioCall, guest, { live_collaboration_db_id: id });
    const again = await openDesktop(id, token, { cookie: guest.cookie });
    expect((await watch(again)).rects).toBeGreaterThan(0);
    const gone = new Promise((r) => again.once('close', r));
    await call(t, 'PUT', LIVE_API.root, host, { ...q, user_db_id: guest.user.id });
    await gone;
    await expect(openDesktop(id, token, { cookie: guest.cookie })).rejects.toThrow('refused: 403');
    await end(t, host, projectId, sessionId);
    await expect(openDesktop(id, token, { cookie: guest.cookie })).rejects.toThrow('refused: 403');
    relay.close();
    await t.ctx.jobs.drainForTests();
  }, 60_000);
});
