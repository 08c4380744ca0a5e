import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ROUTES } from '@rushes/shared';
import { clusterOfTwo, createTestApp, makeUser, type TestApp } from '../../../test/harness.ts';
import { send } from '../../../test/inject.ts';
import { sessions } from '../../db/schema/index.ts';

/**
 * The session cache (sessionCache.ts) on two API nodes of one PostgreSQL and one Redis: a session
 * each node has cached ends on the other node at once — a logout, a password change — because the
 * node that ended it tells every node after its commit. PGlite is one process's database, so this
 * needs both URLs; the single-node behaviour is tested below it.
 */
const multiInstance = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const PATH = ROUTES.cloud.time.path; // a route that reads nothing but the session

const signIn = async (t: TestApp, email: string, password: string) => {
  const res = await send(t, 'POST', API.auth.login, { body: { email, password } });
  return res.setCookie.find((c) => c.startsWith('rushes_sid='))!.split(';')[0];
};
const login = async (t: TestApp) => {
  const { email, password } = await makeUser(t.ctx);
  return { cookie: await signIn(t, email, password), email, password };
};
const status = async (t: TestApp, cookie: string) => (await send(t, 'GET', PATH, { cookie })).status;

describe.skipIf(!multiInstance)('the session cache across two nodes', () => {
  const nodes = clusterOfTwo();

  it('a logout on A is refused at once on B, which had the session cached', async () => {
    const { a, b } = nodes;
    const { cookie } = await login(a);
    expect([await status(a, cookie), await status(b, cookie)]).toEqual([200, 200]);
    expect(b.ctx.sessionCache.size).toBeGreaterThan(0);
    expect((await send(a, 'POST', API.auth.logout, { cookie })).status).toBe(200);
    // the node message travels through Redis: well under the cache's lifetime
    await expect.poll(() => status(b, cookie), { timeout: 2000, interval: 50 }).toBe(401);
    expect(await status(a, cookie)).toBe(401);
  });

  it('a password change on B ends every session of the user on A', async () => {
    const { a, b } = nodes;
    const first = await login(a);
    const second = await signIn(a, first.email, first.password);
    expect([await status(a, first.cookie), await status(a, second)]).toEqual([200, 200]);
    const res = await send(b, 'POST', API.account.changePassword, {
      cookie: first.cookie,
      body: {
        existing_password: first.password,
        new_password: `${first.password}9a`,
        confirm_new_password: `${first.password}9a`,
      },
    });
    expect(res.status).toBe(200);
    await expect.poll(() => status(a, second), { timeout: 2000, interval: 50 }).toBe(401);
    expect(await status(a, first.cookie)).toBe(401);
  });
});

describe('the session cache on one node', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('a request with a cached session sends no session read; an ended session is read again', async () => {
    const { cookie } = await login(t);
    expect(await status(t, cookie)).toBe(200);
    // the row goes behind the product's back: only a cached copy can still answer
    await t.ctx.db.delete(sessions);
    expect(await status(t, cookie)).toBe(200);
    t.ctx.sessionCache.clear();
    expect(await status(t, cookie)).toBe(401);
  });

  it('a logout ends the session on this node at once', async () => {
    const { cookie } = await login(t);
    expect(await status(t, cookie)).toBe(200);
    expect((await send(t, 'POST', API.auth.logout, { cookie })).status).toBe(200);
    expect(await status(t, cookie)).toBe(401);
  });

  it('SESSION_CACHE_MS=0 reads the session on every request', async () => {
    const off = await createTestApp({ SESSION_CACHE_MS: '0' });
    try {
      const { cookie } = await login(off);
      expect(await status(off, cookie)).toBe(200);
      await off.ctx.db.delete(sessions);
      expect(await status(off, cookie)).toBe(401);
    } finally {
      await off.close();
    }
  });
});
