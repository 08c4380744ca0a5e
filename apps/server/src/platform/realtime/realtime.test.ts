import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '@rushes/shared';
import { createTestApp, makeUser, sessionCookie, type TestApp } from '../../../test/harness.ts';
import {
  afterSentinel,
  closeAllSockets,
  connect,
  disconnected,
  join,
  listen,
  next,
  record,
  refusal,
  settle,
  sleep,
} from '../../../test/realtime-helpers.ts';
import { createSession, destroySession, resolveSession, SESSION_COOKIE } from '../auth/sessions.ts';
import { createTeam } from '../../modules/teams/teams.service.ts';
import { sessions } from '../../db/schema/index.ts';

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  closeAllSockets();
  await t?.close();
});

const policy = () => ({ idleHours: t.ctx.config.SESSION_IDLE_HOURS, maxDays: t.ctx.config.SESSION_MAX_DAYS });
const ping = (userId: string) => () =>
  t.ctx.realtime.toUser(userId, 'has_new_notification', {
    has_new_notification: true,
    team_db_id: 'sentinel',
  });

async function loggedIn() {
  const { user } = await makeUser(t.ctx);
  return { user, cookie: await sessionCookie(t.ctx, user) };
}

describe('connection authentication', () => {
  it('refuses a connection without a cookie', async () => {
    expect(await refusal(url)).toBe('unauthorized');
  });

  it('refuses a garbage cookie, a foreign cookie name and an over-long session id', async () => {
    expect(await refusal(url, { cookie: `${SESSION_COOKIE}=not-a-session` })).toBe('unauthorized');
    expect(await refusal(url, { cookie: `${SESSION_COOKIE}=` })).toBe('unauthorized');
    expect(await refusal(url, { cookie: `${SESSION_COOKIE}=${'x'.repeat(500)}` })).toBe('unauthorized');
    const { cookie } = await loggedIn();
    expect(await refusal(url, { cookie: cookie.replace(SESSION_COOKIE, 'other_sid') })).toBe('unauthorized');
  });

  it('refuses a pending two-factor session', async () => {
    const { user } = await makeUser(t.ctx, { twoFactor: true });
    const pending = await createSession(t.ctx.db, user.id, 'pending_2fa', policy(), {});
    expect(await refusal(url, { cookie: `${SESSION_COOKIE}=${pending.id}` })).toBe('unauthorized');
  });

  it('accepts a full session, alone or among other cookies', async () => {
    const { user, cookie } = await loggedIn();
    const socket = await connect(url, { cookie });
    expect(socket.connected).toBe(true);
    const other = await connect(url, { cookie: `theme=dark; ${cookie}; lang=en` });
    expect(other.connected).toBe(true);
    const onServer = [...t.ctx.realtime.io.of('/').sockets.values()].filter((s) => s.data.userId === user.id);
    expect(onServer).toHaveLength(2);
    expect(onServer.every((s) => s.rooms.has(`user:${user.id}`))).toBe(true);
  });
});

describe('Origin check', () => {
  it('refuses a foreign Origin even with a valid session', async () => {
    const { cookie } = await loggedIn();
    const error = await refusal(url, { cookie, origin: 'https://evil.example' });
    expect(error).not.toBe('unauthorized'); // refused before the session is even looked at
    expect(await refusal(url, { cookie, origin: 'http://localhost:3000.evil.example' })).toBeTruthy();
    expect(await refusal(url, { cookie, origin: 'null' })).toBeTruthy();
  });

  it('accepts the configured PUBLIC_URL origin', async () => {
    const { cookie } = await loggedIn();
    const socket = await connect(url, { cookie, origin: 'http://localhost:3000' });
    expect(socket.connected).toBe(true);
  });
});

describe('toUser', () => {
  it("reaches every socket of that user and no other user's", async () => {
    const a = await loggedIn();
    const b = await loggedIn();
    const a1 = await connect(url, { cookie: a.cookie });
    const a2 = await connect(url, { cookie: a.cookie });
    const b1 = await connect(url, { cookie: b.cookie });
    const bSeen = record(b1, 'user_updated');

    const got1 = next(a1, 'user_updated');
    const got2 = next(a2, 'user_updated');
    t.ctx.realtime.toUser(a.user.id, 'user_updated', { user_id: a.user.id });
    expect(await got1).toEqual({ user_id: a.user.id });
    expect(await got2).toEqual({ user_id: a.user.id });

    await afterSentinel(b1, ping(b.user.id));
    expect(bSeen).toEqual([]);
  });
});

describe('rooms', () => {
  it('lets a team member join team:{id} and receive its events; refuses a non-member', async () => {
    const owner = await loggedIn();
    const member = await loggedIn();
    const outsider = await loggedIn();
    const team = await createTeam(t.ctx.db, {
      name: 'Crew',
      ownerId: owner.user.id,
      memberIds: [member.user.id],
    });
    const room = `team:${team.id}`;

    const ownerSocket = await connect(url, { cookie: owner.cookie });
    const memberSocket = await connect(url, { cookie: member.cookie });
    const outsiderSocket = await connect(url, { cookie: outsider.cookie });
    const outsiderSeen = record(outsiderSocket, 'team_delete');

    expect(await join(ownerSocket, room)).toEqual({ ok: true });
    expect(await join(memberSocket, room)).toEqual({ ok: true });
    expect(await join(outsiderSocket, room)).toEqual({ ok: false, error: 'forbidden' });

    const toOwner = next(ownerSocket, 'team_delete');
    const toMember = next(memberSocket, 'team_delete');
    t.ctx.realtime.toRoom(room, 'team_delete', { team_db_id: team.id });
    expect(await toOwner).toEqual({ team_db_id: team.id });
    expect(await toMember).toEqual({ team_db_id: team.id });

    await afterSentinel(outsiderSocket, ping(outsider.user.id));
    expect(outsiderSeen).toEqual([]);
  });

  it('stops delivering after leave', async () => {
    const owner = await loggedIn();
    const team = await createTeam(t.ctx.db, { name: 'Leavers', ownerId: owner.user.id });
    const room = `team:${team.id}`;
    const socket = await connect(url, { cookie: owner.cookie });
    expect(await join(socket, room)).toEqual({ ok: true });
    const seen = record(socket, 'team_delete');

    socket.emit('leave', room);
    // leave has no ack: a join round trip after it proves the server handled it.
    expect(await join(socket, 'nope:1')).toEqual({ ok: false, error: 'forbidden' });
    t.ctx.realtime.toRoom(room, 'team_delete', { team_db_id: team.id });
    await afterSentinel(socket, ping(owner.user.id));
    expect(seen).toEqual([]);
  });

  it("refuses user:{otherId}, the user's own room, unknown prefixes and malformed names", async () => {
    const me = await loggedIn();
    const other = await loggedIn();
    const team = await createTeam(t.ctx.db, { name: 'Mine', ownerId: me.user.id });
    const socket = await connect(url, { cookie: me.cookie });
    const forbidden = { ok: false, error: 'forbidden' };

    expect(await join(socket, `user:${other.user.id}`)).toEqual(forbidden);
    expect(await join(socket, `user:${me.user.id}`)).toEqual(forbidden);
    expect(await join(socket, `project:${team.id}`)).toEqual(forbidden);
    expect(await join(socket, `nope:${team.id}`)).toEqual(forbidden);
    expect(await join(socket, 'team:')).toEqual(forbidden);
    expect(await join(socket, 'team')).toEqual(forbidden);
    expect(await join(socket, 'team:not-a-uuid')).toEqual(forbidden); // the policy's query fails: still a refusal
    expect(await join(socket, `__proto__:${team.id}`)).toEqual(forbidden);
    expect(await join(socket, `team:${team.id}:extra`)).toEqual(forbidden);
    expect(await join(socket, `session:anything`)).toEqual(forbidden);

    const serverSocket = [...t.ctx.realtime.io.of('/').sockets.values()].find(
      (s) => s.data.userId === me.user.id,
    )!;
    const rooms = [...serverSocket.rooms].filter((r) => r !== serverSocket.id);
    expect(rooms).toEqual([`user:${me.user.id}`, `session:${serverSocket.data.sessionKey}`]);

    // The other user's events do not reach this socket.
    const seen = record(socket, 'user_updated');
    t.ctx.realtime.toUser(other.user.id, 'user_updated', { user_id: other.user.id });
    await afterSentinel(socket, ping(me.user.id));
    expect(seen).toEqual([]);
  });

  it('ignores leaving the user room', async () => {
    const me = await loggedIn();
    const socket = await connect(url, { cookie: me.cookie });
    socket.emit('leave', `user:${me.user.id}`);
    await join(socket, 'nope:1'); // a round trip after the leave
    const got = next(socket, 'user_updated');
    t.ctx.realtime.toUser(me.user.id, 'user_updated', { user_id: me.user.id });
    expect(await got).toEqual({ user_id: me.user.id });
  });

  it('survives a join without an ack callback', async () => {
    const owner = await loggedIn();
    const team = await createTeam(t.ctx.db, { name: 'NoAck', ownerId: owner.user.id });
    const socket = await connect(url, { cookie: owner.cookie });
    (socket as unknown as { emit: (e: string, r: string) => void }).emit('join', `team:${team.id}`);
    (socket as unknown as { emit: (e: string, r: string) => void }).emit('join', 'nope:1');
    expect(await join(socket, `team:${team.id}`)).toEqual({ ok: true });
    expect(socket.connected).toBe(true);
  });
});

describe('re-authentication and disconnects', () => {
  it('refuses a new connection once the session is logged out through the API', async () => {
    const { cookie } = await loggedIn();
    const before = await connect(url, { cookie });
    before.close();

    const logout = await t.call('POST', API.auth.logout, { cookie, body: {} });
    expect(logout.status).toBe(200);
    expect(await refusal(url, { cookie })).toBe('unauthorized');
  });

  it('drops the live sockets of the logged-out session but not those of the same user elsewhere', async () => {
    const { user, cookie } = await loggedIn();
    const otherDevice = await connect(url, { cookie: await sessionCookie(t.ctx, user) });
    const live = await connect(url, { cookie });
    const dropped = disconnected(live);
    await t.call('POST', API.auth.logout, { cookie, body: {} });
    expect(await dropped).toBe('io server disconnect');
    expect(otherDevice.connected).toBe(true);
  });

  it('refuses a new connection once the session is destroyed', async () => {
    const { user } = await makeUser(t.ctx);
    const s = await createSession(t.ctx.db, user.id, 'full', policy(), {});
    const cookie = `${SESSION_COOKIE}=${s.id}`;
    (await connect(url, { cookie })).close();
    const resolved = await resolveSession(t.ctx.db, s.id, policy());
    await destroySession(t.ctx.db, resolved!.idHash);
    t.ctx.sessionCache.drop({ idHash: resolved!.idHash }); // what a logout's endSessions tells every node
    expect(await refusal(url, { cookie })).toBe('unauthorized');
  });

  it('does not let an automatic reconnect back in after the session ends (no connection-state recovery)', async () => {
    const { user } = await makeUser(t.ctx);
    const s = await createSession(t.ctx.db, user.id, 'full', policy(), {});
    const cookie = `${SESSION_COOKIE}=${s.id}`;
    const socket = await connect(url, { cookie, reconnection: true });
    expect(socket.recovered).toBeFalsy();
    // A broadcast gives the client an offset: with recovery on, that plus its pid would restore it.
    const got = next(socket, 'user_updated');
    t.ctx.realtime.toUser(user.id, 'user_updated', { user_id: user.id });
    await got;

    const resolved = await resolveSession(t.ctx.db, s.id, policy());
    await destroySession(t.ctx.db, resolved!.idHash);
    t.ctx.sessionCache.drop({ idHash: resolved!.idHash }); // what a logout's endSessions tells every node

    // A network blip: the server drops the transport; the client reconnects on its own and, were
    // state recovery on, would come back with its session id and offset and skip the middleware.
    const serverSocket = [...t.ctx.realtime.io.of('/').sockets.values()].find(
      (x) => x.data.userId === user.id,
    )!;
    const dropped = disconnected(socket);
    const reconnectOutcome = settle(socket, 5_000);
    serverSocket.conn.close();
    expect(await dropped).toBe('transport close');
    expect(await reconnectOutcome).toEqual({ connected: false, error: 'unauthorized' });
    expect(socket.connected).toBe(false);
    expect(socket.recovered).toBeFalsy();
    socket.close();
  });

  it('disconnectUser drops every live socket of that user and only theirs', async () => {
    const a = await loggedIn();
    const b = await loggedIn();
    const a1 = await connect(url, { cookie: a.cookie, reconnection: true });
    const a2 = await connect(url, { cookie: a.cookie });
    const b1 = await connect(url, { cookie: b.cookie });
    const gone1 = disconnected(a1);
    const gone2 = disconnected(a2);

    t.ctx.realtime.disconnectUser(a.user.id);
    // A server-side disconnect is final: the client does not reconnect even with reconnection on.
    expect(await gone1).toBe('io server disconnect');
    expect(await gone2).toBe('io server disconnect');
    await sleep(300);
    expect(a1.connected).toBe(false);
    expect(a1.active).toBe(false);
    expect(b1.connected).toBe(true);
    const got = next(b1, 'user_updated');
    t.ctx.realtime.toUser(b.user.id, 'user_updated', { user_id: b.user.id });
    expect(await got).toEqual({ user_id: b.user.id });
  });

  it('refuses the socket of a session that expired by idleness', async () => {
    const { user } = await makeUser(t.ctx);
    const s = await createSession(t.ctx.db, user.id, 'full', { idleHours: 24, maxDays: 7 }, {});
    const cookie = `${SESSION_COOKIE}=${s.id}`;
    const resolved = await resolveSession(t.ctx.db, s.id, policy());
    const longAgo = new Date(Date.now() - (t.ctx.config.SESSION_IDLE_HOURS + 1) * 3_600_000);
    await t.ctx.db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.idHash, resolved!.idHash));
    expect(await refusal(url, { cookie })).toBe('unauthorized');
  });
});

describe('domain events to realtime', () => {
  it('user.updated reaches the user as user_updated, and nobody else', async () => {
    const a = await loggedIn();
    const b = await loggedIn();
    const aSocket = await connect(url, { cookie: a.cookie });
    const bSocket = await connect(url, { cookie: b.cookie });
    const bSeen = record(bSocket, 'user_updated');

    const got = next(aSocket, 'user_updated');
    await t.ctx.events.publish([{ name: 'user.updated', payload: { userId: a.user.id } }]);
    expect(await got).toEqual({ user_id: a.user.id });

    await afterSentinel(bSocket, ping(b.user.id));
    expect(bSeen).toEqual([]);
  });

  it('user.logged_in reaches the user as user_logged_in', async () => {
    const a = await loggedIn();
    const socket = await connect(url, { cookie: a.cookie });
    const got = next(socket, 'user_logged_in');
    await t.ctx.events.publish([{ name: 'user.logged_in', payload: { userId: a.user.id } }]);
    expect(await got).toEqual({ user_id: a.user.id });
  });
});
