import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type CurrentUser } from '@rushes/shared';
import { eq } from 'drizzle-orm';
import { teams as teamsTable } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { person, people, team } from '../../../test/factories.ts';
import { send, sessionExists, updateSession } from '../../../test/inject.ts';
import { capture } from '../../../test/plans.ts';

/**
 * check-login reads the session, its user, teams and upgrade wait in one statement (accounts'
 * `currentUserJoin`): the answer must be what the separate reads gave, and a dead session
 * must still be refused.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNAUTHORIZED = { response: false, data: null, errormessage: MSG.loginAgain, errorcode: 401 };
const checkLogin = (cookie?: string) => send<CurrentUser>(t, 'GET', API.auth.checkLogin, { cookie });

describe('GET /auth/check-login in one statement', () => {
  it('answers the user with every team, personal first, from one statement', async () => {
    const me = await person(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const [a, b] = await people(t, ['Grace Hopper', 'Alan Turing']);
    const mine = await team(t, me, { name: 'Mine', members: [a, b] });
    const theirs = await team(t, a, { name: 'Theirs', members: [me] });
    await checkLogin(me.cookie); // prepares the statement and refreshes last use

    let res!: Awaited<ReturnType<typeof checkLogin>>;
    const sent = await capture(t.ctx.db, async () => {
      res = await checkLogin(me.cookie);
    });
    expect(sent).toHaveLength(1);
    expect(res.status).toBe(200);
    const user = res.body.data;
    expect(user).toMatchObject({
      user_id: me.user.id,
      name: 'Ada Lovelace',
      email: me.email,
      username: me.user.username,
      user_badge_color: me.user.badgeColor,
      two_factor_authentication_enabled: false,
      is_two_factor_authentication_enabled_by_team: false,
      is_subscription_upgrade_in_progress: false,
      waiting_time: 0,
    });
    expect(user.teams.map((x) => [x.name, x.is_admin, x.no_of_users])).toEqual([
      ["Ada's account", true, 1],
      ['Mine', true, 3],
      ['Theirs', false, 2],
    ]);
    expect(user.teams.map((x) => x.team_db_id).slice(1)).toEqual([mine, theirs]);
    expect(user.organisation_db_id).toBe(user.teams[0].team_db_id);
    for (const x of user.teams) expect(new Date(x.created_on).toISOString()).toBe(x.created_on);
  });

  it('reports two-factor enforced by a team', async () => {
    const me = await person(t);
    const other = await person(t);
    const enforcing = await team(t, other, { members: [me] });
    await t.ctx.db.update(teamsTable).set({ twoFactorEnabled: true }).where(eq(teamsTable.id, enforcing));
    const user = (await checkLogin(me.cookie)).body.data;
    expect(user.two_factor_authentication_enabled).toBe(true);
    expect(user.is_two_factor_authentication_enabled_by_team).toBe(true);
    expect(user.teams.find((x) => x.team_db_id === enforcing)?.two_factor_authentication_enabled).toBe(true);
  });

  it('refuses a session that expired, and deletes it', async () => {
    const me = await person(t);
    await checkLogin(me.cookie);
    await updateSession(t.ctx, me.cookie, { expiresAt: new Date(Date.now() - 1000) });
    const res = await checkLogin(me.cookie);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
    expect(await sessionExists(t.ctx, me.cookie)).toBe(false);
  });

  it('refuses a session ended by logout', async () => {
    const me = await person(t);
    expect((await checkLogin(me.cookie)).status).toBe(200);
    expect((await send(t, 'POST', API.auth.logout, { cookie: me.cookie, body: {} })).status).toBe(200);
    const res = await checkLogin(me.cookie);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it('refuses a pending two-factor session', async () => {
    const me = await person(t);
    await updateSession(t.ctx, me.cookie, { kind: 'pending_2fa' });
    expect((await checkLogin(me.cookie)).body).toEqual(UNAUTHORIZED);
  });
});
