import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, PLANS, type CurrentPlan, type CurrentUser } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { mailsTo } from '../../../test/inject.ts';
import { listPlans, UPGRADE_IMAGE_PATH, UPGRADE_LINK } from './plans.service.ts';
import { countCreatedTeams } from '../teams/teams.service.ts';
import { apiTeam, call, crew, person, setPlan, type Person } from '../teams/teams.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const upgrade = (message: string) => ({
  response: false,
  errormessage: message,
  errorcode: 403,
  data: {
    upgrade_required: {
      image_url: `http://localhost:80${UPGRADE_IMAGE_PATH}`,
      title: MSG.upgradeTitle,
      message,
      sub_title: MSG.upgradeSubTitle,
      button_text: MSG.upgradeButton,
      website_link: UPGRADE_LINK,
    },
  },
});

const personalOf = async (who: Person) =>
  (await call<CurrentUser>(t, 'GET', API.auth.checkLogin, who)).body.data.teams.find((x) => x.is_personal)!;

describe('the plan catalogue', () => {
  it('in the database equals PLANS (codes, titles, limits, storage)', async () => {
    const rows = await listPlans(t.ctx.db);
    const fromDb = rows
      .map((r) => ({
        code: r.code,
        title: r.title,
        amount: r.amount,
        is_free: r.isFree,
        is_enterprise: r.isEnterprise,
        is_team_plan: r.isTeamPlan,
        team_limit: r.teamLimit,
        collaborators_limit: r.collaboratorsLimit,
        project_limit: r.projectLimit,
        no_of_concurrent_systems: r.concurrentSystems,
        machine_hour_limit: r.machineHourLimit,
        storage: r.storageGb,
        amount_per_gb_storage: r.amountPerGbStorage,
        storage_size_addition_step: r.storageStepGb,
      }))
      .sort((a, b) => a.code.localeCompare(b.code));
    expect(fromDb).toEqual([...PLANS].sort((a, b) => a.code.localeCompare(b.code)));
  });

  it('shows the plan title as the subscription of every team', async () => {
    const { owner, teamId } = await crew(t);
    await setPlan(t, teamId, 'sme');
    const teams = (await call<CurrentUser>(t, 'GET', API.auth.checkLogin, owner)).body.data.teams;
    expect(teams.map((x) => x.subscription)).toEqual(['Free', 'SME']);
  });
});

describe('team limit', () => {
  it('on Free allows one team beyond the personal account, then answers upgrade_required', async () => {
    const owner = await person(t);
    const other = await person(t);
    await apiTeam(t, owner, { ids: [other.user.id] });
    const check = await call(t, 'GET', API.teams.checkPermission, owner);
    expect(check.status).toBe(403);
    expect(check.body).toEqual(upgrade(MSG.upgradeTeamLimit));
    const res = await call(t, 'POST', API.teams.root, owner, {
      name: 'One too many',
      aws_region: 'us-east-1',
      user_db_ids: [other.user.id],
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(upgrade(MSG.upgradeTeamLimit));
    expect(await countCreatedTeams(t.ctx.db, owner.user.id)).toBe(1);
  });

  it('follows the account plan: Pro allows 3; Enterprise is unlimited', async () => {
    const owner = await person(t);
    const other = await person(t);
    await setPlan(t, (await personalOf(owner)).team_db_id, 'pro');
    for (let i = 0; i < 3; i++) await apiTeam(t, owner, { ids: [other.user.id] });
    expect((await call(t, 'GET', API.teams.checkPermission, owner)).status).toBe(403);
    await setPlan(t, (await personalOf(owner)).team_db_id, 'enterprise');
    await apiTeam(t, owner, { ids: [other.user.id] });
    expect(await countCreatedTeams(t.ctx.db, owner.user.id)).toBe(4);
  });

  it('does not count teams the user only belongs to', async () => {
    const owner = await person(t);
    const me = await person(t);
    await apiTeam(t, owner, { ids: [me.user.id] });
    expect((await call(t, 'GET', API.teams.checkPermission, me)).body.response).toBe(true);
  });
});

describe('collaborators limit', () => {
  it('on Free counts members (not the creator) plus pending invites, up to 3', async () => {
    const owner = await person(t);
    const [a, b, c] = await Promise.all([person(t), person(t), person(t)]);
    const teamId = await apiTeam(t, owner, { ids: [a.user.id, b.user.id], emails: ['third@example.com'] });
    const res = await call(t, 'POST', API.teams.members, owner, {
      team_id: teamId,
      user_db_ids: [c.user.id],
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(upgrade(MSG.upgradeCollaboratorLimit));
    const invite = await call(t, 'POST', API.teams.members, owner, {
      team_id: teamId,
      user_emails: ['fourth@example.com'],
    });
    expect(invite.body).toEqual(upgrade(MSG.upgradeCollaboratorLimit));
    expect(await mailsTo(t.ctx, 'fourth@example.com')).toHaveLength(0);
    // Re-adding people already counted is not growth.
    const same = await call(t, 'POST', API.teams.members, owner, {
      team_id: teamId,
      user_db_ids: [a.user.id],
      user_emails: ['third@example.com'],
    });
    expect(same.body.response).toBe(true);
    // Removing an invite makes room again.
    await call(t, 'PUT', API.teams.members, owner, { team_id: teamId, user_email: 'third@example.com' });
    expect(
      (await call(t, 'POST', API.teams.members, owner, { team_id: teamId, user_db_ids: [c.user.id] })).body
        .response,
    ).toBe(true);
  });

  it('refuses creating a team with more members than the plan allows, creating nothing', async () => {
    const owner = await person(t);
    const res = await call(t, 'POST', API.teams.root, owner, {
      name: 'Too big',
      aws_region: 'us-east-1',
      user_emails: ['a1@example.com', 'a2@example.com', 'a3@example.com', 'a4@example.com'],
    });
    expect(res.body).toEqual(upgrade(MSG.upgradeCollaboratorLimit));
    expect(await countCreatedTeams(t.ctx.db, owner.user.id)).toBe(0);
    expect(await mailsTo(t.ctx, 'a1@example.com')).toHaveLength(0);
  });

  it('uses the team’s own plan', async () => {
    const owner = await person(t);
    const people = await Promise.all([1, 2, 3, 4].map(() => person(t)));
    const teamId = await apiTeam(t, owner, { ids: people.slice(0, 3).map((p) => p.user.id) });
    await setPlan(t, teamId, 'pro');
    const res = await call(t, 'POST', API.teams.members, owner, {
      team_id: teamId,
      user_db_ids: [people[3].user.id],
    });
    expect(res.body.response).toBe(true);
  });
});

describe('GET /api/teams/current-plan', () => {
  it('answers limits (false when unlimited) and usage', async () => {
    const { owner, member, teamId } = await crew(t);
    await call(t, 'POST', API.teams.members, owner, { team_id: teamId, user_emails: ['soon@example.com'] });
    const res = await call<CurrentPlan>(t, 'GET', API.teams.currentPlan, member, { team_id: teamId });
    expect(res.body.data).toEqual({
      title: 'Free',
      is_team_plan: false,
      project_limit: 3,
      projects: 0,
      no_of_concurrent_systems: 1,
      team_limit: 1,
      no_of_teams: 1,
      collaborators_limit: 3,
      no_of_collaborators: 2,
      machine_hour_limit: 5,
      machines_hours: 0,
      storage: 10,
    });
    await setPlan(t, teamId, 'enterprise');
    const unlimited = await call<CurrentPlan>(t, 'GET', API.teams.currentPlan, owner, { team_id: teamId });
    expect(unlimited.body.data).toMatchObject({
      title: 'Enterprise',
      is_team_plan: true,
      project_limit: false,
      collaborators_limit: false,
      machine_hour_limit: false,
      no_of_concurrent_systems: false,
      team_limit: 1,
    });
  });

  it('refuses an outsider and an anonymous caller', async () => {
    const { teamId } = await crew(t);
    const outsider = await person(t);
    const res = await call(t, 'GET', API.teams.currentPlan, outsider, { team_id: teamId });
    expect(res.body).toMatchObject({ response: false, errormessage: MSG.noTeamAccess, errorcode: 403 });
    expect((await call(t, 'GET', API.teams.currentPlan, undefined, { team_id: teamId })).status).toBe(401);
  });
});
