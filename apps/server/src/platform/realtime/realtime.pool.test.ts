import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, sessionCookie, type TestApp } from '../../../test/harness.ts';
import { closeAllSockets, connect, join, listen } from '../../../test/realtime-helpers.ts';
import { createTeam } from '../../modules/teams/teams.service.ts';

/**
 * On PostgreSQL the realtime server reads through connections of its own (db/client.ts): with every
 * connection of the main pool taken (HTTP requests queued behind a saturated pool, as during a
 * restart under load), a socket still connects and joins its room.
 */
describe.skipIf(!process.env.DATABASE_URL)('the realtime server’s own connections', () => {
  let t: TestApp;
  let url: string;
  const held: pg.PoolClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t);
  });
  afterAll(async () => {
    closeAllSockets();
    for (const client of held.splice(0)) client.release();
    await t?.close();
  });

  it('a socket connects and joins while the main pool has no connection free', async () => {
    const { user } = await makeUser(t.ctx);
    const team = await createTeam(t.ctx.db, { name: 'Pool crew', ownerId: user.id });
    const cookie = await sessionCookie(t.ctx, user);
    expect(t.database.realtimeDb).toBeDefined();

    const main = (t.ctx.db as unknown as { $client: pg.Pool }).$client;
    for (let i = 0; i < main.options.max; i++) held.push(await main.connect());
    expect(main.idleCount).toBe(0);
    // the session cache must not answer for the database: this session was never read
    t.ctx.sessionCache.clear();

    const socket = await connect(url, { cookie });
    expect(await join(socket, `team:${team.id}`)).toEqual({ ok: true });
    expect(main.waitingCount).toBe(0);
  });
});
