import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type CurrentUser } from '@rushes/shared';
import { teamMembers } from '../../db/schema/index.ts';
import { homeTraysReader } from '../../homeTrays.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { send } from '../../../test/inject.ts';
import { call, crew, person, type Errors, type Person } from './teams.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const checkLogin = (cookie: string) => send<CurrentUser>(t, 'GET', API.auth.checkLogin, { cookie });
const remember = (who: Person | undefined, body: Record<string, unknown>) =>
  call<{ last_team_db_id: string } & Errors>(t, 'PUT', API.teams.lastTeam, who, body);

describe('PUT /api/teams/last-team: the team a browser with no stored choice opens on', () => {
  it('keeps the team a member switched to, and check-login gives it to their other browsers', async () => {
    const { member, teamId } = await crew(t);
    expect((await checkLogin(member.cookie)).body.data.last_team_db_id).toBeNull();
    const res = await remember(member, { team_db_id: teamId });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ last_team_db_id: teamId });
    expect((await checkLogin(member.cookie)).body.data.last_team_db_id).toBe(teamId);
  });

  it('refuses a team the caller is not in, and keeps what they had', async () => {
    const { teamId } = await crew(t);
    const mine = await crew(t);
    await remember(mine.member, { team_db_id: mine.teamId });
    const refused = await remember(mine.member, { team_db_id: teamId });
    expect([403, 404]).toContain(refused.status);
    expect((await checkLogin(mine.member.cookie)).body.data.last_team_db_id).toBe(mine.teamId);
    expect((await remember(undefined, { team_db_id: teamId })).status).toBe(401);
  });

  it('answers a field error for a missing or malformed team, changing nothing', async () => {
    const me = await person(t);
    for (const body of [{}, { team_db_id: 'not-a-team' }, { team_db_id: 42 }]) {
      const res = await remember(me, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.errors).toHaveProperty('team_db_id');
    }
    expect((await checkLogin(me.cookie)).body.data.last_team_db_id).toBeNull();
  });

  it('is passed over once the user has left the team: check-login gives none, home opens on the personal team', async () => {
    const { member, teamId } = await crew(t);
    await remember(member, { team_db_id: teamId });
    const readTrays = homeTraysReader(t.ctx);
    const before = (await checkLogin(member.cookie)).body.data;
    // home's index.html, from a browser that has stored no team (no team cookie)
    expect((await readTrays(before, null)).my_projects?.team_db_id).toBe(teamId);

    await t.ctx.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, member.user.id)));
    const after = (await checkLogin(member.cookie)).body.data;
    expect(after.last_team_db_id).toBeNull();
    const personal = after.teams.find((x) => x.is_personal)!.team_db_id;
    expect((await readTrays(after, null)).my_projects?.team_db_id).toBe(personal);
  });
});
