import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API, MSG, type TeamDetail } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { mailsTo } from '../../../test/inject.ts';
import { teamInvites, teamMemberPermissions } from '../../db/schema/index.ts';
import {
  apiTeam,
  call,
  crew,
  inviteCodeIn,
  membership,
  permissionIdOf,
  person,
  type Errors,
} from './teams.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const detailOf = async (who: Parameters<typeof call>[3], teamId: string) =>
  (await call<{ team_detail: TeamDetail }>(t, 'GET', API.teams.members, who, { team_id: teamId })).body.data
    .team_detail;

async function invitesOf(teamId: string) {
  return t.ctx.db.select().from(teamInvites).where(eq(teamInvites.teamId, teamId));
}

describe('GET /api/teams/members', () => {
  it('lists owners as Team Admins, other members and pending invites (bare e-mails)', async () => {
    const { owner, member, teamId } = await crew(t);
    const coOwner = await person(t);
    await call(t, 'POST', API.teams.members, owner, {
      team_id: teamId,
      user_db_ids: [coOwner.user.id],
      user_emails: ['pending@example.com'],
      permissions: [await permissionIdOf(t, 'added_as_team_owner')],
    });
    const detail = await detailOf(member, teamId);
    expect(detail.owners.map((o) => o.user_db_id).sort()).toEqual([owner.user.id, coOwner.user.id].sort());
    expect(detail.owners.every((o) => o.is_owner)).toBe(true);
    expect(detail.members).toEqual([
      expect.objectContaining({ user_db_id: member.user.id, email: member.email, is_owner: false }),
    ]);
    expect(detail.invited_users).toEqual(['pending@example.com']);
  });

  it('refuses an outsider (403) and an anonymous caller (401)', async () => {
    const { teamId } = await crew(t);
    const outsider = await person(t);
    const res = await call(t, 'GET', API.teams.members, outsider, { team_id: teamId });
    expect(res.body).toMatchObject({ response: false, errormessage: MSG.noTeamAccess, errorcode: 403 });
    expect((await call(t, 'GET', API.teams.members, undefined, { team_id: teamId })).status).toBe(401);
  });
});

describe('POST /api/teams/members', () => {
  it('grants no permissions for an explicit empty choice; only an absent field means the defaults', async () => {
    const { owner, teamId } = await crew(t);
    const none = await person(t);
    const res = await call(t, 'POST', API.teams.members, owner, {
      team_id: teamId,
      user_db_ids: [none.user.id],
      user_emails: ['nobody.rights@example.com'],
      permissions: [],
    });
    expect(res.body.response).toBe(true);
    expect(await membership(t, teamId, none.user.id)).toEqual({ isAdmin: false, codes: [] });
    const [invite] = await invitesOf(teamId);
    expect(invite.permissionIds).toEqual([]);

    // crew() creates its team without a permissions field: its member holds the defaults
    const other = await crew(t);
    expect((await membership(t, other.teamId, other.member.user.id))!.codes).toEqual([
      'can_create_projects',
      'can_view_app_integration',
    ]);
  });

  it('adds users by id and by e-mail, skips present members and invites unknown e-mails', async () => {
    const { owner, member, teamId } = await crew(t);
    const byEmail = await person(t);
    const res = await call(t, 'POST', API.teams.members, owner, {
      team_id: teamId,
      user_db_ids: [member.user.id],
      user_emails: [byEmail.email.toUpperCase(), 'New.Person@Example.com'],
    });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.membersAdded } });
    expect(await membership(t, teamId, byEmail.user.id)).toEqual({
      isAdmin: false,
      codes: ['can_create_projects', 'can_view_app_integration'],
    });
    const detail = await detailOf(owner, teamId);
    expect(detail.members.map((m) => m.user_db_id).sort()).toEqual([member.user.id, byEmail.user.id].sort());
    expect(detail.invited_users).toEqual(['new.person@example.com']);

    const [invite] = await invitesOf(teamId);
    const [mail] = await mailsTo(t.ctx, 'new.person@example.com');
    const code = inviteCodeIn(mail.text)!;
    expect(mail.text).toContain(
      `http://localhost:3000/signup?inviteCode=${code}&email=${encodeURIComponent('new.person@example.com')}`,
    );
    expect(mail.text).toContain(`http://localhost:3000/login?inviteCode=${code}`);
    expect(invite.tokenHash).not.toBe(code);
    expect(invite.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const days = (invite.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    // Adding the same people again changes nothing: no duplicate member, one invite row.
    const again = await call(t, 'POST', API.teams.members, owner, {
      team_id: teamId,
      user_db_ids: [byEmail.user.id],
      user_emails: ['new.person@example.com'],
    });
    expect(again.body.response).toBe(true);
    expect((await detailOf(owner, teamId)).members).toHaveLength(2);
    expect(await invitesOf(teamId)).toHaveLength(1);
  });

  it('validates: members required, valid e-mails, known user ids and permission ids', async () => {
    const { owner, teamId } = await crew(t);
    const none = await call<Errors>(t, 'POST', API.teams.members, owner, { team_id: teamId });
    expect(none.body.data.errors.members).toBe(MSG.required);
    const badEmail = await call<Errors>(t, 'POST', API.teams.members, owner, {
      team_id: teamId,
      user_emails: ['nope'],
    });
    expect(badEmail.body.data.errors['user_emails.0']).toBe(MSG.invalidEmail);
    const unknownUser = await call<Errors>(t, 'POST', API.teams.members, owner, {
      team_id: teamId,
      user_db_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownUser.body.data.errors.user_db_ids).toBe(MSG.noUserFound);
    const badPermission = await call<Errors>(t, 'POST', API.teams.members, owner, {
      team_id: teamId,
      user_emails: ['x@example.com'],
      permissions: [99999],
    });
    expect(badPermission.body.data.errors.permissions).toBe(MSG.noPermissionsFound);
    expect(await invitesOf(teamId)).toHaveLength(0);
  });

  it('refuses a non-admin member, an outsider and an anonymous caller', async () => {
    const { member, teamId } = await crew(t);
    const outsider = await person(t);
    const body = { team_id: teamId, user_emails: ['someone@example.com'] };
    const asMember = await call(t, 'POST', API.teams.members, member, body);
    expect(asMember.body).toMatchObject({ errormessage: MSG.forbidden, errorcode: 403 });
    expect((await call(t, 'POST', API.teams.members, outsider, body)).body.errormessage).toBe(
      MSG.noTeamAccess,
    );
    expect((await call(t, 'POST', API.teams.members, undefined, body)).status).toBe(401);
    expect(await invitesOf(teamId)).toHaveLength(0);
  });
});

describe('PUT /api/teams/members (remove one)', () => {
  it('removes a member by id and drops their permission rows', async () => {
    const { owner, member, teamId } = await crew(t);
    const res = await call(t, 'PUT', API.teams.members, owner, {
      team_id: teamId,
      user_db_id: member.user.id,
    });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.memberRemoved } });
    expect(await membership(t, teamId, member.user.id)).toBeNull();
    const rows = await t.ctx.db
      .select()
      .from(teamMemberPermissions)
      .where(and(eq(teamMemberPermissions.teamId, teamId), eq(teamMemberPermissions.userId, member.user.id)));
    expect(rows).toEqual([]);
  });

  it('removes a pending invite by e-mail, or a member by their e-mail', async () => {
    const { owner, member, teamId } = await crew(t);
    await call(t, 'POST', API.teams.members, owner, { team_id: teamId, user_emails: ['gone@example.com'] });
    const invite = await call(t, 'PUT', API.teams.members, owner, {
      team_id: teamId,
      user_email: 'gone@example.com',
    });
    expect(invite.body.data).toEqual({ message: MSG.memberRemoved });
    expect(await invitesOf(teamId)).toHaveLength(0);
    const byEmail = await call(t, 'PUT', API.teams.members, owner, {
      team_id: teamId,
      user_email: member.email,
    });
    expect(byEmail.body.response).toBe(true);
    expect(await membership(t, teamId, member.user.id)).toBeNull();
    const unknown = await call(t, 'PUT', API.teams.members, owner, {
      team_id: teamId,
      user_email: 'never@example.com',
    });
    expect(unknown.status).toBe(404);
  });

  it('needs exactly one of user_db_id or user_email', async () => {
    const { owner, member, teamId } = await crew(t);
    const none = await call<Errors>(t, 'PUT', API.teams.members, owner, { team_id: teamId });
    expect(none.body.data.errors.user_db_id).toBe(MSG.required);
    const both = await call<Errors>(t, 'PUT', API.teams.members, owner, {
      team_id: teamId,
      user_db_id: member.user.id,
      user_email: member.email,
    });
    expect(both.status).toBe(400);
  });

  it('refuses removing oneself (by id or e-mail) and the creator', async () => {
    const { owner, teamId } = await crew(t);
    const coOwner = await person(t);
    await call(t, 'POST', API.teams.members, owner, {
      team_id: teamId,
      user_db_ids: [coOwner.user.id],
      permissions: [await permissionIdOf(t, 'added_as_team_owner')],
    });
    for (const body of [{ user_db_id: owner.user.id }, { user_email: owner.email }]) {
      const res = await call(t, 'PUT', API.teams.members, owner, { team_id: teamId, ...body });
      expect(res.body).toMatchObject({ response: false, errormessage: MSG.cannotRemoveSelf });
    }
    const creator = await call(t, 'PUT', API.teams.members, coOwner, {
      team_id: teamId,
      user_db_id: owner.user.id,
    });
    expect(creator.body.errormessage).toBe(MSG.cannotRemoveCreator);
    expect(await membership(t, teamId, owner.user.id)).not.toBeNull();
    // A co-owner may remove another member.
    const other = await person(t);
    await call(t, 'POST', API.teams.members, owner, { team_id: teamId, user_db_ids: [other.user.id] });
    const ok = await call(t, 'PUT', API.teams.members, coOwner, {
      team_id: teamId,
      user_db_id: other.user.id,
    });
    expect(ok.body.response).toBe(true);
  });

  it('refuses a non-admin member, an outsider and an anonymous caller', async () => {
    const { owner, member, teamId } = await crew(t);
    const outsider = await person(t);
    const body = { team_id: teamId, user_db_id: owner.user.id };
    expect((await call(t, 'PUT', API.teams.members, member, body)).body.errormessage).toBe(MSG.forbidden);
    expect((await call(t, 'PUT', API.teams.members, outsider, body)).body.errormessage).toBe(
      MSG.noTeamAccess,
    );
    expect((await call(t, 'PUT', API.teams.members, undefined, body)).status).toBe(401);
    expect(await membership(t, teamId, member.user.id)).not.toBeNull();
  });
});

describe('DELETE /api/teams/members', () => {
  it('deletes a member, refusing oneself, non-admins and outsiders', async () => {
    const owner = await person(t);
    const a = await person(t);
    const b = await person(t);
    const teamId = await apiTeam(t, owner, { ids: [a.user.id, b.user.id] });
    const self = await call(t, 'DELETE', API.teams.members, owner, {
      team_id: teamId,
      user_db_id: owner.user.id,
    });
    expect(self.body.errormessage).toBe(MSG.cannotRemoveSelf);
    const asMember = await call(t, 'DELETE', API.teams.members, a, {
      team_id: teamId,
      user_db_id: b.user.id,
    });
    expect(asMember.status).toBe(403);
    const outsider = await person(t);
    const asOutsider = await call(t, 'DELETE', API.teams.members, outsider, {
      team_id: teamId,
      user_db_id: b.user.id,
    });
    expect(asOutsider.body.errormessage).toBe(MSG.noTeamAccess);
    expect(
      (await call(t, 'DELETE', API.teams.members, undefined, { team_id: teamId, user_db_id: b.user.id }))
        .status,
    ).toBe(401);
    const missing = await call<Errors>(t, 'DELETE', API.teams.members, owner, { team_id: teamId });
    expect(missing.body.data.errors.user_db_id).toBe(MSG.required);

    const res = await call(t, 'DELETE', API.teams.members, owner, { team_id: teamId, user_db_id: b.user.id });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.deletedUser } });
    expect(await membership(t, teamId, b.user.id)).toBeNull();
    expect(await membership(t, teamId, a.user.id)).not.toBeNull();
  });
});
