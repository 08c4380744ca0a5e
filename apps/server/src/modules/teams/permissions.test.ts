import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { API, DEFAULT_MEMBER_PERMISSIONS, MSG, TEAM_PERMISSIONS, type Permission } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { CODE_MAIL, newestCode } from '../../../test/inject.ts';
import { permissions } from '../../db/schema/index.ts';
import { findTeam } from './teams.service.ts';
import { call, crew, membership, permissionIdOf, person, type Errors } from './teams.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Perms = { permissions: Permission[] };
const selected = (list: Permission[]) => list.filter((p) => p.is_selected).map((p) => p.code);
const OWNER = 'added_as_team_owner';

describe('the permission catalogue', () => {
  it('in the database equals TEAM_PERMISSIONS (codes, titles, order)', async () => {
    const rows = await t.ctx.db.select().from(permissions).orderBy(asc(permissions.sortOrder));
    expect(rows.map((r) => ({ code: r.code, title: r.title }))).toEqual(
      TEAM_PERMISSIONS.map((p) => ({ ...p })),
    );
  });

  it('GET /api/teams/permissions answers it with the default member set selected', async () => {
    const me = await person(t);
    const res = await call<Perms>(t, 'GET', API.teams.permissions, me);
    expect(res.body.response).toBe(true);
    expect(res.body.data.permissions.map((p) => p.code)).toEqual(TEAM_PERMISSIONS.map((p) => p.code));
    expect(selected(res.body.data.permissions).sort()).toEqual([...DEFAULT_MEMBER_PERMISSIONS].sort());
    expect(res.body.data.permissions.every((p) => !p.is_disabled && p.permission_db_id > 0)).toBe(true);
  });

  it('with team_id only for a member of that team; never anonymously', async () => {
    const { teamId, member } = await crew(t);
    const outsider = await person(t);
    expect((await call(t, 'GET', API.teams.permissions, member, { team_id: teamId })).body.response).toBe(
      true,
    );
    const res = await call(t, 'GET', API.teams.permissions, outsider, { team_id: teamId });
    expect(res.status).toBe(403);
    expect((await call(t, 'GET', API.teams.permissions, undefined)).status).toBe(401);
  });
});

describe('GET /api/teams/member-permissions', () => {
  it('shows a member’s own rows as selected', async () => {
    const { owner, member, teamId } = await crew(t);
    const res = await call<Perms>(t, 'GET', API.teams.memberPermissions, owner, {
      team_id: teamId,
      user_db_id: member.user.id,
    });
    expect(selected(res.body.data.permissions).sort()).toEqual([...DEFAULT_MEMBER_PERMISSIONS].sort());
    expect(res.body.data.permissions.some((p) => p.is_disabled)).toBe(false);
  });

  it('shows an owner with every permission selected and all but the owner entry disabled', async () => {
    const { owner, member, teamId } = await crew(t);
    await call(t, 'POST', API.teams.memberPermissions, owner, {
      team_id: teamId,
      user_db_id: member.user.id,
      permissions: [await permissionIdOf(t, OWNER)],
    });
    const res = await call<Perms>(t, 'GET', API.teams.memberPermissions, owner, {
      team_id: teamId,
      user_db_id: member.user.id,
    });
    const list = res.body.data.permissions;
    expect(list.every((p) => p.is_selected)).toBe(true);
    expect(list.filter((p) => !p.is_disabled).map((p) => p.code)).toEqual([OWNER]);
  });

  it('lets a member read their own set but nobody else’s; refuses outsiders and anonymous callers', async () => {
    const { owner, member, teamId } = await crew(t);
    const own = await call<Perms>(t, 'GET', API.teams.memberPermissions, member, {
      team_id: teamId,
      user_db_id: member.user.id,
    });
    expect(own.body.response).toBe(true);
    const others = await call(t, 'GET', API.teams.memberPermissions, member, {
      team_id: teamId,
      user_db_id: owner.user.id,
    });
    expect(others.status).toBe(403);
    const outsider = await person(t);
    const q = { team_id: teamId, user_db_id: member.user.id };
    expect((await call(t, 'GET', API.teams.memberPermissions, outsider, q)).body.errormessage).toBe(
      MSG.noTeamAccess,
    );
    expect((await call(t, 'GET', API.teams.memberPermissions, undefined, q)).status).toBe(401);
    const notMember = await call(t, 'GET', API.teams.memberPermissions, owner, {
      team_id: teamId,
      user_db_id: outsider.user.id,
    });
    expect(notMember.status).toBe(404);
  });
});

describe('POST /api/teams/member-permissions', () => {
  it('replaces the set; the owner code makes an admin and removing it takes admin away', async () => {
    const { owner, member, teamId } = await crew(t);
    const billing = await permissionIdOf(t, 'can_manage_billing');
    const res = await call(t, 'POST', API.teams.memberPermissions, owner, {
      team_id: teamId,
      user_db_id: member.user.id,
      permissions: [billing],
    });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.permissionsUpdated } });
    expect(await membership(t, teamId, member.user.id)).toEqual({
      isAdmin: false,
      codes: ['can_manage_billing'],
    });

    await call(t, 'POST', API.teams.memberPermissions, owner, {
      team_id: teamId,
      user_db_id: member.user.id,
      permissions: [await permissionIdOf(t, OWNER)],
    });
    expect(await membership(t, teamId, member.user.id)).toMatchObject({ isAdmin: true });
    // Now an owner, the member may manage the team.
    const rename = await call(t, 'PUT', API.teams.root, member, { team_id: teamId, name: 'Co owned' });
    expect(rename.body.response).toBe(true);

    await call(t, 'POST', API.teams.memberPermissions, owner, {
      team_id: teamId,
      user_db_id: member.user.id,
      permissions: [],
    });
    expect(await membership(t, teamId, member.user.id)).toEqual({ isAdmin: false, codes: [] });
    const refused = await call(t, 'PUT', API.teams.root, member, { team_id: teamId, name: 'Not any more' });
    expect(refused.status).toBe(403);
  });

  it('keeps the creator an owner whatever is sent', async () => {
    const { owner, member, teamId } = await crew(t);
    await call(t, 'POST', API.teams.memberPermissions, owner, {
      team_id: teamId,
      user_db_id: member.user.id,
      permissions: [await permissionIdOf(t, OWNER)],
    });
    const res = await call(t, 'POST', API.teams.memberPermissions, member, {
      team_id: teamId,
      user_db_id: owner.user.id,
      permissions: [],
    });
    expect(res.body.response).toBe(true);
    expect(await membership(t, teamId, owner.user.id)).toEqual({ isAdmin: true, codes: [OWNER] });
  });

  it('refuses unknown permission ids with nothing changed', async () => {
    const { owner, member, teamId } = await crew(t);
    const res = await call<Errors>(t, 'POST', API.teams.memberPermissions, owner, {
      team_id: teamId,
      user_db_id: member.user.id,
      permissions: [await permissionIdOf(t, 'can_delete_team'), 424242],
    });
    expect(res.status).toBe(400);
    expect(res.body.data.errors.permissions).toBe(MSG.noPermissionsFound);
    expect((await membership(t, teamId, member.user.id))!.codes).toEqual(
      [...DEFAULT_MEMBER_PERMISSIONS].sort(),
    );
    const missing = await call<Errors>(t, 'POST', API.teams.memberPermissions, owner, {
      team_id: teamId,
      user_db_id: member.user.id,
    });
    expect(missing.body.data.errors.permissions).toBeDefined();
  });

  it('refuses a non-admin member (even for themselves), an outsider and an anonymous caller', async () => {
    const { member, teamId } = await crew(t);
    const outsider = await person(t);
    const body = {
      team_id: teamId,
      user_db_id: member.user.id,
      permissions: [await permissionIdOf(t, OWNER)],
    };
    expect((await call(t, 'POST', API.teams.memberPermissions, member, body)).body.errormessage).toBe(
      MSG.forbidden,
    );
    expect((await call(t, 'POST', API.teams.memberPermissions, outsider, body)).body.errormessage).toBe(
      MSG.noTeamAccess,
    );
    expect((await call(t, 'POST', API.teams.memberPermissions, undefined, body)).status).toBe(401);
    expect(await membership(t, teamId, member.user.id)).toMatchObject({ isAdmin: false });
  });
});

describe('team two-factor under the owner rule', () => {
  it('lets a member holding added_as_team_owner turn team two-factor on; a plain member is refused', async () => {
    const { owner, member, teamId } = await crew(t);
    const plain = await person(t);
    await call(t, 'POST', API.teams.members, owner, { team_id: teamId, user_db_ids: [plain.user.id] });
    const refused = await call(t, 'POST', API.account.twoFactorSend, plain, {
      scope: 'team',
      team_id: teamId,
    });
    expect(refused.status).toBe(403);

    await call(t, 'POST', API.teams.memberPermissions, owner, {
      team_id: teamId,
      user_db_id: member.user.id,
      permissions: [await permissionIdOf(t, OWNER)],
    });
    const sent = await call(t, 'POST', API.account.twoFactorSend, member, { scope: 'team', team_id: teamId });
    expect(sent.body.response).toBe(true);
    const otp = await newestCode(t.ctx, member.email, CODE_MAIL.team);
    const res = await call(t, 'PUT', API.account.twoFactorVerify, member, {
      scope: 'team',
      team_id: teamId,
      otp,
      two_factor_authentication_enabled: true,
    });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.twoFactorEnabled } });
    expect((await findTeam(t.ctx.db, teamId))!.twoFactorEnabled).toBe(true);
  });
});
