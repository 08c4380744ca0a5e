import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from '../../../test/realtime-helpers.ts';
import { createTeam } from '../../modules/teams/teams.service.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';

/**
 * Two API instances on one PostgreSQL and one Redis, as in production behind a load balancer:
 * sessions made on one authenticate on the other, and events emitted on one reach sockets on the
 * other through the Redis adapter. PGlite is one process's database, so this needs both URLs.
 */
const multiInstance = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!multiInstance)('two instances on one PostgreSQL + Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { sameDatabaseAs: a });
    urlA = await listen(a);
    urlB = await listen(b);
  });
  afterAll(async () => {
    closeAllSockets();
    // b first: a drops the database they share
    await b?.close();
    await a?.close();
  });

  const ping = (userId: string) => () =>
    a.ctx.realtime.toUser(userId, 'has_new_notification', {
      has_new_notification: true,
      team_db_id: 'sentinel',
    });

  it('both instances really are separate processes-worth of state on the same database', () => {
    expect(a.database.kind).toBe('postgres');
    expect(b.database.kind).toBe('postgres');
    expect(a.ctx.realtime.io).not.toBe(b.ctx.realtime.io);
    expect(urlA).not.toBe(urlB);
  });

  it('a session created on A authenticates a socket on B; a bogus one does not', async () => {
    const { user } = await makeUser(a.ctx);
    const cookie = await sessionCookie(a.ctx, user);
    const socket = await connect(urlB, { cookie });
    expect(socket.connected).toBe(true);
    const onB = [...b.ctx.realtime.io.of('/').sockets.values()].filter((s) => s.data.userId === user.id);
    expect(onB).toHaveLength(1);
    expect([...a.ctx.realtime.io.of('/').sockets.values()].some((s) => s.data.userId === user.id)).toBe(
      false,
    );
    expect(await refusal(urlB, { cookie: `${SESSION_COOKIE}=bogus` })).toBe('unauthorized');
  });

  it("A's toUser and domain events reach the user's socket on B, and not another user's", async () => {
    const { user } = await makeUser(a.ctx);
    const { user: other } = await makeUser(a.ctx);
    const socket = await connect(urlB, { cookie: await sessionCookie(a.ctx, user) });
    const otherSocket = await connect(urlB, { cookie: await sessionCookie(a.ctx, other) });
    const otherSeen = record(otherSocket, 'user_updated');

    const viaToUser = next(socket, 'user_updated');
    a.ctx.realtime.toUser(user.id, 'user_updated', { user_id: user.id });
    expect(await viaToUser).toEqual({ user_id: user.id });

    const viaEvent = next(socket, 'user_logged_in');
    await a.ctx.events.publish([{ name: 'user.logged_in', payload: { userId: user.id } }]);
    expect(await viaEvent).toEqual({ user_id: user.id });

    await afterSentinel(otherSocket, ping(other.id));
    expect(otherSeen).toEqual([]);
  });

  it("A's toRoom reaches a team room joined on B; a non-member on B is refused and gets nothing", async () => {
    const { user: owner } = await makeUser(a.ctx);
    const { user: outsider } = await makeUser(a.ctx);
    const team = await createTeam(a.ctx.db, { name: 'Cluster crew', ownerId: owner.id });
    const room = `team:${team.id}`;

    const ownerOnB = await connect(urlB, { cookie: await sessionCookie(a.ctx, owner) });
    const outsiderOnB = await connect(urlB, { cookie: await sessionCookie(a.ctx, outsider) });
    const outsiderSeen = record(outsiderOnB, 'team_delete');
    // B checks membership against the shared database: the team was written through A.
    expect(await join(ownerOnB, room)).toEqual({ ok: true });
    expect(await join(outsiderOnB, room)).toEqual({ ok: false, error: 'forbidden' });

    const got = next(ownerOnB, 'team_delete');
    a.ctx.realtime.toRoom(room, 'team_delete', { team_db_id: team.id });
    expect(await got).toEqual({ team_db_id: team.id });

    await afterSentinel(outsiderOnB, ping(outsider.id));
    expect(outsiderSeen).toEqual([]);
  });

  it("reaches the user's sockets on both instances at once", async () => {
    const { user } = await makeUser(a.ctx);
    const cookie = await sessionCookie(a.ctx, user);
    const onA = await connect(urlA, { cookie });
    const onB = await connect(urlB, { cookie });
    const gotA = next(onA, 'user_updated');
    const gotB = next(onB, 'user_updated');
    b.ctx.realtime.toUser(user.id, 'user_updated', { user_id: user.id });
    expect(await gotA).toEqual({ user_id: user.id });
    expect(await gotB).toEqual({ user_id: user.id });
  });

  it("A's disconnectUser drops the user's socket on B and leaves others connected", async () => {
    const { user } = await makeUser(a.ctx);
    const { user: other } = await makeUser(a.ctx);
    const socket = await connect(urlB, { cookie: await sessionCookie(a.ctx, user), reconnection: true });
    const otherSocket = await connect(urlB, { cookie: await sessionCookie(a.ctx, other) });
    const gone = disconnected(socket);
    a.ctx.realtime.disconnectUser(user.id);
    expect(await gone).toBe('io server disconnect');
    expect(socket.active).toBe(false);
    // The other user's socket on B still gets its events.
    await afterSentinel(otherSocket, ping(other.id));
    expect(otherSocket.connected).toBe(true);
  });

  it('a node message from A runs the handlers of A at once and of B through Redis; a throwing one is contained', async () => {
    const seenA: number[] = [];
    const seenB: number[] = [];
    let arrivedB: () => void = () => undefined;
    a.ctx.realtime.onEveryNode('test.cluster_ping', ({ n }) => seenA.push(n));
    b.ctx.realtime.onEveryNode('test.cluster_ping', () => {
      throw new Error('a handler that fails');
    });
    b.ctx.realtime.onEveryNode('test.cluster_ping', ({ n }) => {
      seenB.push(n);
      arrivedB();
    });
    const onB = new Promise<void>((resolve) => (arrivedB = resolve));
    a.ctx.realtime.toEveryNode('test.cluster_ping', { n: 1 });
    expect(seenA).toEqual([1]);
    await onB;
    expect(seenB).toEqual([1]);
    // and back: B's message reaches A once (a node does not hear its own broadcast twice)
    const onA = new Promise<void>((resolve) =>
      a.ctx.realtime.onEveryNode('test.cluster_ping', () => resolve()),
    );
    b.ctx.realtime.toEveryNode('test.cluster_ping', { n: 2 });
    await onA;
    expect(seenA).toEqual([1, 2]);
    expect(seenB).toEqual([1, 2]);
  });
});

declare module './realtime.ts' {
  interface NodeMessages {
    /** this file's own message between the two instances */
    'test.cluster_ping': { n: number };
  }
}
