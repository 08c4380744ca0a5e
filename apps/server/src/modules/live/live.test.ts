import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  LIVE_API,
  LIVE_TEXT,
  LIVE_TOKEN_SECONDS,
  type LiveAudioCall,
  type LiveState,
} from '@rushes/shared';
import { cloudCapacity, cloudSessions, notifications } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  afterSentinel,
  closeAllSockets,
  connect,
  join,
  listen,
  next,
  record,
} from '../../../test/realtime-helpers.ts';
import { book, call, cloudWorld, person, type Person } from '../cloud/cloud.testkit.ts';
import { issueCallToken, verifyCallToken } from './live.tokens.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ CLOUD_PROVIDER: 'simulated' });
  url = await listen(t);
});
afterEach(() => closeAllSockets());
afterAll(() => t?.close());

/** A project with its host (owner), two collaborators and a booked session (started unless told). */
async function world(started = true) {
  const { owner, others, projectId, teamId } = await cloudWorld(t, 2);
  // every test books a machine of its own: room enough for all of them
  await t.ctx.db.update(cloudCapacity).set({ capacity: 1000 });
  const booked = await book(t, owner, projectId);
  if (!booked.body.response) throw new Error(`not booked: ${booked.body.errormessage}`);
  const sessionId = (booked.body.data as { cloud_access_db_id: string }).cloud_access_db_id;
  if (started)
    await t.ctx.db
      .update(cloudSessions)
      .set({ status: 'machine_started' })
      .where(eq(cloudSessions.id, sessionId));
  const [guest, other] = others;
  const q = { project_db_id: projectId, cloud_assignment_db_id: sessionId };
  return { host: owner, guest, other, projectId, teamId, sessionId, q };
}

const invite = (who: Person, q: Record<string, string>, userId: string) =>
  call<{ message: string }>(t, 'POST', LIVE_API.root, who, { ...q, user_db_ids: [userId] });
const state = (who: Person, q: Record<string, string>) => call<LiveState>(t, 'GET', LIVE_API.root, who, q);
const joinCall = (who: Person, id: string) =>
  call<LiveAudioCall>(t, 'POST', LIVE_API.audioCall, who, { live_collaboration_db_id: id });

describe('invitations (spec 001 §4, §6)', () => {
  it('refuses while the machine is not started', async () => {
    const w = await world(false);
    const res = await invite(w.host, w.q, w.guest.user.id);
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(LIVE_TEXT.notStarted);
    expect((await state(w.host, w.q)).body.data.can_invite).toBe(false);
  });

  it('invites one admin or collaborator, not self, not a non-member, never a second one', async () => {
    const w = await world();
    expect((await state(w.host, w.q)).body.data.can_invite).toBe(true);
    expect((await invite(w.host, w.q, w.host.user.id)).body.errormessage).toBe(LIVE_TEXT.notSelf);
    const outsider = await person(t);
    expect((await invite(w.host, w.q, outsider.user.id)).body.errormessage).toBe(LIVE_TEXT.notMember);
    // the guest's open project page hears it live
    const guestSocket = await connect(url, { cookie: w.guest.cookie });
    const heard = next(guestSocket, 'live_collaboration');
    const ok = await invite(w.host, w.q, w.guest.user.id);
    expect(ok.body).toMatchObject({ response: true, data: { message: LIVE_TEXT.invited } });
    expect((await heard).call_joined).toBe(false);
    const second = await invite(w.host, w.q, w.other.user.id);
    expect(second.status).toBe(400);
    expect(second.body.errormessage).toBe(LIVE_TEXT.alreadyInvited);

    const host = (await state(w.host, w.q)).body.data;
    expect(host.can_invite).toBe(false);
    expect(host.live_collaborators.map((c) => c.user_id)).toEqual([w.guest.user.id]);
    expect(host.members.map((m) => m.user_id)).not.toContain(w.host.user.id);
    expect(host.members.find((m) => m.user_id === w.guest.user.id)?.is_active_in_live_collaboration).toBe(
      true,
    );
    expect(host.members.find((m) => m.user_id === w.other.user.id)?.is_active_in_live_collaboration).toBe(
      false,
    );

    const guest = (await state(w.guest, { project_db_id: w.projectId })).body.data;
    expect(guest.live_collaboration_invitations).toHaveLength(1);
    expect(guest.live_collaboration_invitations[0].invited_by.first_name).toBe(w.host.user.firstName);
    expect(guest.members.find((m) => m.user_id === w.host.user.id)).toBeUndefined(); // the creator is no admin
    const notes = await t.ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, w.guest.user.id),
          eq(notifications.notificationType, 'live_collaboration'),
        ),
      );
    expect(notes).toHaveLength(1);
    // the project members API carries the 002 §3 fields
    const members = await call<{
      creator: { members: { user_id: string; is_session_active: boolean }[] };
      collaborators: { members: { user_id: string; is_active_in_live_collaboration: boolean }[] };
    }>(t, 'GET', API.projects.collaborators, w.other, { project_db_id: w.projectId });
    expect(members.body.data.creator.members[0].is_session_active).toBe(true);
    const flags = Object.fromEntries(
      members.body.data.collaborators.members.map((m) => [m.user_id, m.is_active_in_live_collaboration]),
    );
    expect(flags).toEqual({ [w.guest.user.id]: true, [w.other.user.id]: false });
    // the other collaborator sees no invitation
    expect(
      (await state(w.other, { project_db_id: w.projectId })).body.data.live_collaboration_invitations,
    ).toEqual([]);
  });

  it('refuses invite and remove by anyone but the host, and every call to another team', async () => {
    const w = await world();
    const asGuest = await invite(w.guest, w.q, w.other.user.id);
    expect(asGuest.status).toBe(403);
    expect(asGuest.body.errormessage).toBe(LIVE_TEXT.onlyHost);
    const stranger = await person(t);
    expect((await invite(stranger, w.q, w.guest.user.id)).status).toBe(403);
    expect((await state(stranger, w.q)).status).toBe(403);
    await invite(w.host, w.q, w.guest.user.id);
    const removeAsOther = await call(t, 'PUT', LIVE_API.root, w.other, {
      ...w.q,
      user_db_id: w.guest.user.id,
    });
    expect(removeAsOther.status).toBe(403);
    const id = (await state(w.guest, { project_db_id: w.projectId })).body.data
      .live_collaboration_invitations[0].live_collaboration_db_id;
    expect((await joinCall(w.other, id)).status).toBe(404);
    expect((await joinCall(stranger, id)).status).toBe(404);
  });

  it('removal answers users and a message, and the project room hears live_collaboration_remove_{user_id}', async () => {
    const w = await world();
    await invite(w.host, w.q, w.guest.user.id);
    const guestSocket = await connect(url, { cookie: w.guest.cookie });
    expect(await join(guestSocket, `project:${w.projectId}`)).toEqual({ ok: true });
    const removed = next(guestSocket, `live_collaboration_remove_${w.guest.user.id}`);
    const res = await call<{ users: unknown[]; message: string }>(t, 'PUT', LIVE_API.root, w.host, {
      ...w.q,
      user_db_id: w.guest.user.id,
    });
    expect(res.body.data).toEqual({ users: [], message: LIVE_TEXT.removed });
    expect((await removed).live_collaboration_db_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (await state(w.guest, { project_db_id: w.projectId })).body.data.live_collaboration_invitations,
    ).toEqual([]);
    expect((await state(w.host, w.q)).body.data.can_invite).toBe(true);
  });

  it('an invitation disappears when its session stops running', async () => {
    const w = await world();
    await invite(w.host, w.q, w.guest.user.id);
    const mine = () => state(w.guest, { project_db_id: w.projectId });
    expect((await mine()).body.data.live_collaboration_invitations).toHaveLength(1);
    await t.ctx.db
      .update(cloudSessions)
      .set({ status: 'machine_shutting_down' })
      .where(eq(cloudSessions.id, w.sessionId));
    expect((await mine()).body.data.live_collaboration_invitations).toEqual([]);
  });
});

describe('the call room and signalling', () => {
  async function invited() {
    const w = await world();
    await invite(w.host, w.q, w.guest.user.id);
    const id = (await state(w.guest, { project_db_id: w.projectId })).body.data
      .live_collaboration_invitations[0].live_collaboration_db_id;
    return { ...w, id };
  }

  it('lets only the host and the guest join live:{id}', async () => {
    const w = await invited();
    const stranger = await person(t);
    const sockets = await Promise.all(
      [w.host, w.guest, w.other, stranger].map((p) => connect(url, { cookie: p.cookie })),
    );
    const answers = await Promise.all(sockets.map((s) => join(s, `live:${w.id}`)));
    expect(answers).toEqual([
      { ok: true },
      { ok: true },
      { ok: false, error: 'forbidden' },
      { ok: false, error: 'forbidden' },
    ]);
  });

  it('issues 3600 s tokens and relays signals only with the sender’s own valid token', async () => {
    const w = await invited();
    const before = Date.now();
    const hostCall = (await joinCall(w.host, w.id)).body.data;
    const guestCall = (await joinCall(w.guest, w.id)).body.data;
    expect(hostCall.role).toBe('editor');
    expect(guestCall.role).toBe('collaborator');
    expect(guestCall).toMatchObject({ codec: 'vp8', audio_profile: 'music_standard' });
    const life = Date.parse(guestCall.audio_call_detail.expires_at) - before;
    expect(life).toBeGreaterThan((LIVE_TOKEN_SECONDS - 60) * 1000);
    expect(life).toBeLessThanOrEqual((LIVE_TOKEN_SECONDS + 1) * 1000);

    const [hostSocket, guestSocket] = await Promise.all([
      connect(url, { cookie: w.host.cookie }),
      connect(url, { cookie: w.guest.cookie }),
    ]);
    await join(hostSocket, `live:${w.id}`);
    await join(guestSocket, `live:${w.id}`);
    const toHost = next(hostSocket, 'live_signal');
    const sent = await guestSocket.timeout(3000).emitWithAck('live_signal', {
      live_collaboration_db_id: w.id,
      token: guestCall.audio_call_detail.token,
      signal: { kind: 'mute', muted: true },
    });
    expect(sent).toEqual({ ok: true });
    expect(await toHost).toEqual({
      live_collaboration_db_id: w.id,
      from: w.guest.user.id,
      signal: { kind: 'mute', muted: true },
    });
    expect((await state(w.host, w.q)).body.data.live_collaborators[0].muted).toBe(true);

    // someone else's token, a forged one, or a malformed payload: refused
    const hostSeen = record(hostSocket, 'live_signal');
    const bad = (token: string) =>
      guestSocket
        .timeout(3000)
        .emitWithAck('live_signal', { live_collaboration_db_id: w.id, token, signal: { kind: 'end' } });
    expect(await bad(hostCall.audio_call_detail.token)).toEqual({ ok: false, error: 'forbidden' });
    expect(await bad(`${guestCall.audio_call_detail.token}x`)).toEqual({ ok: false, error: 'forbidden' });
    expect(
      await guestSocket.timeout(3000).emitWithAck('live_signal', {
        live_collaboration_db_id: w.id,
        token: guestCall.audio_call_detail.token,
        signal: { kind: 'nope' },
      } as never),
    ).toEqual({ ok: false, error: 'invalid' });
    // an outsider's socket (not in the room) is refused even with a token of its own making
    const otherSocket = await connect(url, { cookie: w.other.cookie });
    const forged = issueCallToken('wrong-secret', w.id, w.other.user.id).token;
    expect(
      await otherSocket.timeout(3000).emitWithAck('live_signal', {
        live_collaboration_db_id: w.id,
        token: forged,
        signal: { kind: 'end' },
      }),
    ).toEqual({ ok: false, error: 'forbidden' });
    await afterSentinel(hostSocket, () =>
      t.ctx.realtime.toUser(w.host.user.id, 'has_new_notification', {
        has_new_notification: true,
        team_db_id: w.teamId,
      }),
    );
    expect(hostSeen).toEqual([]);

    // the host ending the call tells the guest (call_ended_by_host)
    const ended = next(guestSocket, 'live_collaboration');
    await call(t, 'PUT', LIVE_API.audioCall, w.host, { live_collaboration_db_id: w.id });
    expect(await ended).toMatchObject({ call_ended_by_host: true, call_joined: false });
  });

  it('a token expires after 3600 s', () => {
    const now = Date.now();
    const { token } = issueCallToken('s', 'c', 'u', now);
    expect(verifyCallToken('s', token, 'c', 'u', now + (LIVE_TOKEN_SECONDS - 1) * 1000)).toBe(true);
    expect(verifyCallToken('s', token, 'c', 'u', now + LIVE_TOKEN_SECONDS * 1000)).toBe(false);
    expect(verifyCallToken('s', token, 'c', 'other', now)).toBe(false);
    expect(verifyCallToken('t', token, 'c', 'u', now)).toBe(false);
  });
});

describe('ICE servers', () => {
  it('issues coturn REST credentials: expiry:user and base64 HMAC-SHA1 of it with TURN_SECRET', async () => {
    const turn = await createTestApp(
      {
        CLOUD_PROVIDER: 'simulated',
        TURN_URL: 'turn:127.0.0.1:3478',
        TURN_SECRET: 's3cret',
        ICE_SERVERS: '[{"urls":"stun:127.0.0.1:3478"}]',
      },
      { sameDatabaseAs: t },
    );
    try {
      const me = await person(turn);
      const before = Math.floor(Date.now() / 1000);
      const res = await call<{
        ice_servers: { urls: string | string[]; username?: string; credential?: string }[];
      }>(turn, 'GET', LIVE_API.iceServers, me);
      const [stun, relay] = res.body.data.ice_servers;
      expect(stun).toEqual({ urls: 'stun:127.0.0.1:3478' });
      expect(relay.urls).toEqual(['turn:127.0.0.1:3478']);
      const [expiry, user] = relay.username!.split(':');
      expect(user).toBe(me.user.id);
      expect(Number(expiry) - before).toBeGreaterThanOrEqual(3600);
      expect(Number(expiry) - before).toBeLessThan(3700);
      expect(relay.credential).toBe(createHmac('sha1', 's3cret').update(relay.username!).digest('base64'));
      expect((await call(turn, 'GET', LIVE_API.iceServers, undefined)).status).toBe(401);
    } finally {
      await turn.close();
    }
  });
});
