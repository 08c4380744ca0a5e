import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, AWS_REGIONS, MSG, type CurrentUser, type Permission, type TeamDetail } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { findTeam } from './teams.service.ts';
import {
  apiTeam,
  call,
  crew,
  membership,
  permissionIdOf,
  person,
  setPlan,
  teamName,
  type Errors,
} from './teams.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Row = {
  team_db_id: string;
  team_id: string;
  name: string;
  is_admin: boolean;
  is_personal: boolean;
  no_of_users: number;
  subscription: string;
  aws_config: { region: string; region_name: string } | null;
  detail: { avatars: { user_db_id: string; name: string; user_badge_color: string }[] };
};

const createBody = (over: Record<string, unknown> = {}) => ({
  name: teamName(),
  aws_region: 'ap-south-1',
  user_emails: [],
  user_db_ids: [],
  permissions: [],
  ...over,
});

describe('POST /api/teams (create)', () => {
  it('creates a team: the creator owns it with every permission, members get the default set', async () => {
    const owner = await person(t);
    const member = await person(t);
    const name = teamName('Studio');
    const res = await call<{ message: string; team_db_id: string }>(t, 'POST', API.teams.root, owner, {
      name,
      aws_region: 'ap-south-1',
      user_db_ids: [member.user.id],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.teamCreated } });
    const team = await findTeam(t.ctx.db, res.body.data.team_db_id);
    expect(team).toMatchObject({ name, awsRegion: 'ap-south-1', ownerId: owner.user.id, isPersonal: false });
    expect(await membership(t, team!.id, owner.user.id)).toEqual({
      isAdmin: true,
      codes: ['added_as_team_owner'],
    });
    expect(await membership(t, team!.id, member.user.id)).toEqual({
      isAdmin: false,
      codes: ['can_create_projects', 'can_view_app_integration'],
    });
  });

  it('gives listed members the chosen permissions; choosing the owner code makes them an owner', async () => {
    const owner = await person(t);
    const a = await person(t);
    const ownerCode = await permissionIdOf(t, 'added_as_team_owner');
    const id = await apiTeam(t, owner, { ids: [a.user.id], permissions: [ownerCode] });
    expect(await membership(t, id, a.user.id)).toEqual({ isAdmin: true, codes: ['added_as_team_owner'] });
  });

  it.each([
    ['name', { name: undefined }, MSG.required],
    ['name', { name: '   ' }, MSG.required],
    ['name', { name: 'x'.repeat(31) }, MSG.teamNameTooLong],
    ['name', { name: 'Team #1!' }, MSG.removeSpecialCharacters],
    ['aws_region', { aws_region: undefined }, MSG.required],
    ['aws_region', { aws_region: 'mars-north-1' }, MSG.required],
    ['members', {}, MSG.required],
    ['user_emails.0', { user_emails: ['not-an-email'] }, MSG.invalidEmail],
  ])('refuses %s %j with its message', async (field, over, message) => {
    const owner = await person(t);
    const members = field === 'members' ? {} : { user_emails: ['x@example.com'] };
    const res = await call<Errors>(t, 'POST', API.teams.root, owner, createBody({ ...members, ...over }));
    expect(res.status).toBe(400);
    expect(res.body.response).toBe(false);
    expect(res.body.data.errors[field]).toBe(message);
  });

  it('accepts a 30-character name (31 is refused above)', async () => {
    const owner = await person(t);
    const other = await person(t);
    const res = await call(t, 'POST', API.teams.root, owner, {
      ...createBody({ name: 'y'.repeat(30) }),
      user_db_ids: [other.user.id],
    });
    expect(res.body.response).toBe(true);
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await call(
      t,
      'POST',
      API.teams.root,
      undefined,
      createBody({ user_emails: ['a@example.com'] }),
    );
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ response: false, errorcode: 401 });
  });
});

describe('GET /api/teams', () => {
  it('tab=teams lists the caller’s non-personal teams with region, avatars (at most 4) and role', async () => {
    const owner = await person(t);
    const people = await Promise.all([1, 2, 3].map(() => person(t)));
    const id = await apiTeam(t, owner, { ids: people.map((p) => p.user.id) });
    const fifth = await person(t);
    await call(t, 'PUT', API.teams.root, owner, { team_id: id, name: 'Renamed crew' });
    await setPlan(t, id, 'pro');
    await call(t, 'POST', API.teams.members, owner, { team_id: id, user_db_ids: [fifth.user.id] });

    const res = await call<{ teams: Row[] }>(t, 'GET', API.teams.root, owner, { tab: 'teams' });
    expect(res.body.response).toBe(true);
    expect(res.body.data.teams).toHaveLength(1);
    const [row] = res.body.data.teams;
    expect(row).toMatchObject({
      team_db_id: id,
      name: 'Renamed crew',
      is_admin: true,
      is_personal: false,
      no_of_users: 5,
      subscription: 'Pro',
      aws_config: { region: 'eu-west-1', region_name: 'Europe (Ireland)' },
    });
    expect(row.team_id).toMatch(/^TM[A-Z2-9]{8}$/);
    expect(row.detail.avatars).toHaveLength(4);
    expect(row.detail.avatars[0]).toEqual({
      user_db_id: owner.user.id,
      name: 'Test User',
      user_badge_color: owner.user.badgeColor,
    });

    const asMember = await call<{ teams: Row[] }>(t, 'GET', API.teams.root, people[0]);
    expect(asMember.body.data.teams.map((r) => [r.team_db_id, r.is_admin])).toEqual([[id, false]]);
  });

  it('tab=users lists the members of teams the caller owns, with their teams and earliest date', async () => {
    const owner = await person(t);
    const a = await person(t);
    const b = await person(t);
    const first = await apiTeam(t, owner, { ids: [a.user.id] }, 'First crew');
    const personalOwner = (await call<CurrentUser>(t, 'GET', API.auth.checkLogin, owner)).body.data.teams[0];
    await setPlan(t, personalOwner.team_db_id, 'pro');
    await apiTeam(t, owner, { ids: [a.user.id, b.user.id] }, 'Second crew');
    // A team where the owner is only a member does not count.
    const stranger = await person(t);
    await apiTeam(t, stranger, { ids: [owner.user.id] });

    const res = await call<{ users: { user_db_id: string; teams: string[]; created_on: string }[] }>(
      t,
      'GET',
      API.teams.root,
      owner,
      { tab: 'users' },
    );
    expect(res.body.response).toBe(true);
    const users = res.body.data.users;
    expect(users.map((u) => u.user_db_id)).toEqual([a.user.id, b.user.id]);
    expect(users[0].teams).toEqual(['First crew', 'Second crew']);
    expect(users[1].teams).toEqual(['Second crew']);
    expect(first).toBeTruthy();
    // A plain member sees nobody.
    const asMember = await call<{ users: unknown[] }>(t, 'GET', API.teams.root, a, { tab: 'users' });
    expect(asMember.body.data.users).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    expect((await call(t, 'GET', API.teams.root, undefined)).status).toBe(401);
  });
});

describe('GET /api/teams/detail', () => {
  it('answers the summary, owners, members, invites, region and the caller’s own permissions', async () => {
    const { owner, member, teamId } = await crew(t);
    await call(t, 'POST', API.teams.members, owner, { team_id: teamId, user_emails: ['later@example.com'] });
    type Detail = { team: { team_db_id: string; detail: TeamDetail; permissions: Permission[] } };
    const res = await call<Detail>(t, 'GET', API.teams.detail, member, { team_id: teamId });
    expect(res.body.response).toBe(true);
    const { detail, permissions } = res.body.data.team;
    expect(detail.owners.map((o) => o.user_db_id)).toEqual([owner.user.id]);
    expect(detail.members.map((o) => o.user_db_id)).toEqual([member.user.id]);
    expect(detail.invited_users).toEqual(['later@example.com']);
    expect(detail.aws_region).toEqual({ region: 'eu-west-1', region_name: 'Europe (Ireland)' });
    expect(permissions.filter((p) => p.is_selected).map((p) => p.code)).toEqual([
      'can_view_app_integration',
      'can_create_projects',
    ]);
    const asOwner = await call<Detail>(t, 'GET', API.teams.detail, owner, { team_id: teamId });
    expect(asOwner.body.data.team.permissions.every((p) => p.is_selected)).toBe(true);
  });

  it('refuses a member of another team (403) and an anonymous caller (401)', async () => {
    const { teamId } = await crew(t);
    const outsider = await person(t);
    const res = await call(t, 'GET', API.teams.detail, outsider, { team_id: teamId });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ response: false, errormessage: MSG.noTeamAccess, errorcode: 403 });
    expect((await call(t, 'GET', API.teams.detail, undefined, { team_id: teamId })).status).toBe(401);
    const bad = await call<Errors>(t, 'GET', API.teams.detail, outsider, { team_id: 'nope' });
    expect(bad.body.data.errors.team_id).toBe(MSG.required);
  });
});

describe('GET /api/teams/aws-regions and check-permission', () => {
  it('lists the regions', async () => {
    const me = await person(t);
    const res = await call<{ aws_configs: unknown[] }>(t, 'GET', API.teams.regions, me);
    expect(res.body.data.aws_configs).toEqual(AWS_REGIONS);
    expect((await call(t, 'GET', API.teams.regions, undefined)).status).toBe(401);
  });

  it('allows creating while under the plan’s team limit', async () => {
    const me = await person(t);
    const res = await call(t, 'GET', API.teams.checkPermission, me);
    expect(res.body).toEqual({ response: true, data: { can_create_team: true }, errormessage: '' });
    expect((await call(t, 'GET', API.teams.checkPermission, undefined)).status).toBe(401);
  });
});

describe('PUT /api/teams (update)', () => {
  it('renames; the region stays locked even when one is sent', async () => {
    const { owner, teamId } = await crew(t);
    const res = await call(t, 'PUT', API.teams.root, owner, {
      team_id: teamId,
      name: 'New name',
      aws_region: 'us-east-1',
    });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.teamUpdated } });
    expect(await findTeam(t.ctx.db, teamId)).toMatchObject({ name: 'New name', awsRegion: 'eu-west-1' });
  });

  it('adds optional members on update, skipping present ones', async () => {
    const { owner, member, teamId } = await crew(t);
    const extra = await person(t);
    const res = await call(t, 'PUT', API.teams.root, owner, {
      team_id: teamId,
      name: 'Grown',
      user_db_ids: [member.user.id, extra.user.id],
    });
    expect(res.body.response).toBe(true);
    expect(await membership(t, teamId, extra.user.id)).toMatchObject({ isAdmin: false });
    expect((await findTeam(t.ctx.db, teamId))!.name).toBe('Grown');
  });

  it('validates the name', async () => {
    const { owner, teamId } = await crew(t);
    const long = await call<Errors>(t, 'PUT', API.teams.root, owner, {
      team_id: teamId,
      name: 'z'.repeat(31),
    });
    expect(long.body.data.errors.name).toBe(MSG.teamNameTooLong);
    const special = await call<Errors>(t, 'PUT', API.teams.root, owner, { team_id: teamId, name: 'a/b' });
    expect(special.body.data.errors.name).toBe(MSG.removeSpecialCharacters);
    const ok30 = await call(t, 'PUT', API.teams.root, owner, { team_id: teamId, name: 'z'.repeat(30) });
    expect(ok30.body.response).toBe(true);
  });

  it('refuses a non-admin member, an outsider, the personal account and an anonymous caller', async () => {
    const { owner, member, teamId } = await crew(t);
    const outsider = await person(t);
    const asMember = await call(t, 'PUT', API.teams.root, member, { team_id: teamId, name: 'Mine now' });
    expect(asMember.status).toBe(403);
    expect(asMember.body.errormessage).toBe(MSG.forbidden);
    const asOutsider = await call(t, 'PUT', API.teams.root, outsider, { team_id: teamId, name: 'Mine now' });
    expect(asOutsider.body).toMatchObject({ errormessage: MSG.noTeamAccess, errorcode: 403 });
    expect((await call(t, 'PUT', API.teams.root, undefined, { team_id: teamId, name: 'X' })).status).toBe(
      401,
    );
    const personal = (await call<CurrentUser>(t, 'GET', API.auth.checkLogin, owner)).body.data.teams[0];
    const asPersonal = await call(t, 'PUT', API.teams.root, owner, {
      team_id: personal.team_db_id,
      name: 'Renamed',
    });
    expect(asPersonal.body).toMatchObject({ response: false, errormessage: MSG.personalTeamLocked });
    expect((await findTeam(t.ctx.db, teamId))!.name).not.toBe('Mine now');
  });
});

describe('DELETE /api/teams', () => {
  it('refuses a name that does not match exactly, then deletes with the right name', async () => {
    const { owner, member, teamId } = await crew(t);
    const name = (await findTeam(t.ctx.db, teamId))!.name;
    const wrong = await call<Errors>(t, 'DELETE', API.teams.root, owner, {
      team_id: teamId,
      name: name.toUpperCase(),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      errormessage: MSG.teamNameMismatch,
      data: { errors: { name: MSG.teamNameMismatch } },
    });
    expect(await findTeam(t.ctx.db, teamId)).not.toBeNull();

    const res = await call(t, 'DELETE', API.teams.root, owner, { team_id: teamId, name });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.teamDeleted } });
    expect(await findTeam(t.ctx.db, teamId)).toBeNull();
    expect(await membership(t, teamId, member.user.id)).toBeNull();
  });

  it('needs can_delete_team: a plain member is refused, a member holding it may delete', async () => {
    const owner = await person(t);
    const plain = await person(t);
    const deleter = await person(t);
    const teamId = await apiTeam(t, owner, { ids: [plain.user.id] });
    await call(t, 'POST', API.teams.members, owner, {
      team_id: teamId,
      user_db_ids: [deleter.user.id],
      permissions: [await permissionIdOf(t, 'can_delete_team')],
    });
    const name = (await findTeam(t.ctx.db, teamId))!.name;
    const refused = await call(t, 'DELETE', API.teams.root, plain, { team_id: teamId, name });
    expect(refused.status).toBe(403);
    const outsider = await person(t);
    expect((await call(t, 'DELETE', API.teams.root, outsider, { team_id: teamId, name })).status).toBe(403);
    expect((await call(t, 'DELETE', API.teams.root, undefined, { team_id: teamId, name })).status).toBe(401);
    expect(await findTeam(t.ctx.db, teamId)).not.toBeNull();
    const allowed = await call(t, 'DELETE', API.teams.root, deleter, { team_id: teamId, name });
    expect(allowed.body.response).toBe(true);
  });

  it('never deletes the personal account', async () => {
    const me = await person(t);
    const personal = (await call<CurrentUser>(t, 'GET', API.auth.checkLogin, me)).body.data.teams[0];
    const res = await call(t, 'DELETE', API.teams.root, me, {
      team_id: personal.team_db_id,
      name: personal.name,
    });
    expect(res.status).toBe(403);
    expect(await findTeam(t.ctx.db, personal.team_db_id)).not.toBeNull();
  });
});
