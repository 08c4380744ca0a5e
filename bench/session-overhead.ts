import { performance } from 'node:perf_hooks';
import { API } from '@rushes/shared';
import { createTestApp, makeUser, sessionCookie } from '../apps/server/test/harness.ts';
import { interleave, report } from './stats.ts';

/**
 * What an authenticated read costs over a public one: GET check-login (session by hashed id, user,
 * teams with member counts and 2FA flags, upgrade wait, all in one statement) against
 * GET /api/health, through app.inject on PGlite, or on PostgreSQL with DATABASE_URL. Requests per
 * batch: 300; 7 interleaved pairs.
 */
const BATCH = 300;

export async function run() {
  const t = await createTestApp();
  const { user } = await makeUser(t.ctx);
  const cookie = await sessionCookie(t.ctx, user);
  const batch = (url: string, headers: Record<string, string>) => async () => {
    const start = performance.now();
    for (let i = 0; i < BATCH; i++) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    }
    return ((performance.now() - start) / BATCH) * 1000; // µs per request
  };
  await batch(API.health, {})(); // warm-up
  const r = await interleave(7, batch(API.health, {}), batch(API.auth.checkLogin, { cookie }));
  report(
    `check-login (authenticated: session, user, teams, upgrade wait — one statement) vs health (public), µs per request, app.inject on ${t.database.kind}`,
    'µs',
    r,
  );
  await t.close();
}
