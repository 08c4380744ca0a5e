import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type ProjectMembers, type TrayPage } from '@rushes/shared';
import {
  createTestApp,
  lastMailTo,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../../../test/harness.ts';
import { send } from '../../../test/inject.ts';
import { inviteCodeIn } from '../teams/teams.testkit.ts';
import { addMembers, apiProject, call, person, setCodes, studio } from './projects.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const members = (who: Parameters<typeof call>[3], projectId: string) =>
  call<ProjectMembers>(t, 'GET', API.projects.collaborators, who, { project_db_id: projectId });

describe('GET /api/projects/collaborators', () => {
  it('groups creator, admins and collaborators with members and invited e-mails', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const admin = await person(t);
    await addMembers(t, owner, projectId, [admin], 'admin');
    const invited = uniqueEmail('guest');
    await call(t, 'POST', API.projects.collaborators, owner, {
      project_db_id: projectId,
      invited_collaborators: [invited],
    });
    const res = await members(collaborator, projectId);
    expect(res.body.data.creator.members.map((m) => m.user_id)).toEqual([owner.user.id]);
    expect(res.body.data.admins.members.map((m) => m.user_id)).toEqual([admin.user.id]);
    expect(res.body.data.collaborators).toEqual({
      members: [
        expect.objectContaining({ user_id: collaborator.user.id, name: 'Test User', user_badge: null }),
      ],
      invited: [invited],
    });
    expect((await members(await person(t), projectId)).status).toBe(403);
    expect((await members(undefined, projectId)).status).toBe(401);
  });
});

describe('POST /api/projects/collaborators', () => {
  it('adds users by id and existing users by e-mail at once', async () => {
    const { owner, projectId } = await studio(t);
    const byId = await person(t);
    const byEmail = await person(t);
    const res = await call(t, 'POST', API.projects.collaborators, owner, {
      project_db_id: projectId,
      collabrated_with: [byId.user.id],
      invited_collaborators: [byEmail.email.toUpperCase()],
      role: 'collaborator',
    });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.collaboratorsUpdated } });
    const list = await members(owner, projectId);
    expect(list.body.data.collaborators.members.map((m) => m.user_id)).toEqual(
      expect.arrayContaining([byId.user.id, byEmail.user.id]),
    );
    expect(list.body.data.collaborators.invited).toEqual([]);
    expect(await lastMailTo(t.ctx, byEmail.email)).toBeNull();
  });

  it('invites an unknown e-mail; signing up through the mailed link joins the project', async () => {
    const { owner, projectId } = await studio(t);
    const email = uniqueEmail('newcomer');
    await call(t, 'POST', API.projects.collaborators, owner, {
      project_db_id: projectId,
      invited_collaborators: [email],
    });
    const mail = await lastMailTo(t.ctx, email);
    expect(mail?.text).toContain('/signup?inviteCode=prj_');
    const code = inviteCodeIn(mail!.text)!;
    const signup = await send(t, 'POST', API.auth.signup, {
      body: { first_name: 'New', last_name: 'Comer', email, password: STRONG_PASSWORD, invite_code: code },
    });
    expect(signup.body).toMatchObject({ response: true, data: { message: MSG.emailVerified } });
    const login = await send(t, 'POST', API.auth.login, { body: { email, password: STRONG_PASSWORD } });
    const cookie = login.sessionCookie!;
    const trays = await send<TrayPage>(t, 'GET', API.projects.trays, {
      cookie,
      query: { tray_name: 'collaborated_projects' },
    });
    expect(trays.body.data.data.map((p) => [p.project_db_id, p.role])).toEqual([[projectId, 'collaborator']]);
    const list = await members(owner, projectId);
    expect(list.body.data.collaborators.invited).toEqual([]);
    // The code worked once.
    const reuse = await send(t, 'POST', API.projects.acceptInvite, { cookie, body: { invite_code: code } });
    expect(reuse.status).toBe(400);
    expect(reuse.body.errormessage).toBe(MSG.inviteInvalid);
  });

  it('an account made later joins by logging in with the code, or through the accept route', async () => {
    const { owner, projectId } = await studio(t);
    const late = uniqueEmail('late');
    await call(t, 'POST', API.projects.collaborators, owner, {
      project_db_id: projectId,
      invited_collaborators: [late],
      role: 'admin',
    });
    const code = inviteCodeIn((await lastMailTo(t.ctx, late))!.text)!;
    await send(t, 'POST', API.auth.signup, {
      body: { first_name: 'La', last_name: 'Te', email: late, password: STRONG_PASSWORD, invite_code: code },
    });
    const someoneElse = await person(t);
    const wrong = await call(t, 'POST', API.projects.acceptInvite, someoneElse, { invite_code: code });
    expect(wrong.status).toBe(400);
    const list = await members(owner, projectId);
    expect(list.body.data.admins.members.map((m) => m.name)).toEqual(['La Te']);
  });

  it('validates: nobody chosen, bad e-mail, unknown user, everyone already a member', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const empty = await call(t, 'POST', API.projects.collaborators, owner, { project_db_id: projectId });
    expect(empty.body.errormessage).toBe(MSG.required);
    const bad = await call(t, 'POST', API.projects.collaborators, owner, {
      project_db_id: projectId,
      invited_collaborators: ['not-an-email'],
    });
    expect(bad.body.errormessage).toBe(MSG.invalidEmail);
    const unknown = await call(t, 'POST', API.projects.collaborators, owner, {
      project_db_id: projectId,
      collabrated_with: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.body.errormessage).toBe(MSG.noUserFound);
    const again = await call(t, 'POST', API.projects.collaborators, owner, {
      project_db_id: projectId,
      collabrated_with: [collaborator.user.id],
    });
    expect(again.body.errormessage).toBe(MSG.alreadyCollaborator);
  });

  it('refuses strangers, members without can_add_update_collaborators, and collaborators adding admins', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const target = await person(t);
    const body = { project_db_id: projectId, collabrated_with: [target.user.id] };
    expect((await call(t, 'POST', API.projects.collaborators, await person(t), body)).status).toBe(403);
    expect((await call(t, 'POST', API.projects.collaborators, collaborator, body)).status).toBe(403);
    await setCodes(t, projectId, collaborator.user.id, ['can_add_update_collaborators']);
    const asAdmin = await call(t, 'POST', API.projects.collaborators, collaborator, {
      ...body,
      role: 'admin',
    });
    expect(asAdmin.status).toBe(403);
    expect((await call(t, 'POST', API.projects.collaborators, collaborator, body)).body.response).toBe(true);
    expect((await call(t, 'POST', API.projects.collaborators, undefined, body)).status).toBe(401);
    expect((await members(owner, projectId)).body.data.admins.members).toEqual([]);
  });
});

describe('PUT /api/projects/collaborators (resend invite)', () => {
  it('mails a fresh code; the old one stops working', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const email = uniqueEmail('resend');
    await call(t, 'POST', API.projects.collaborators, owner, {
      project_db_id: projectId,
      invited_collaborators: [email],
    });
    const firstCode = inviteCodeIn((await lastMailTo(t.ctx, email))!.text)!;
    const res = await call(t, 'PUT', API.projects.collaborators, owner, {
      project_db_id: projectId,
      user_email: email,
      role: 'collaborator',
    });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.inviteSent } });
    const secondCode = inviteCodeIn((await lastMailTo(t.ctx, email))!.text)!;
    expect(secondCode).not.toBe(firstCode);
    const stale = await send(t, 'POST', API.auth.signup, {
      body: { first_name: 'A', last_name: 'B', email, password: STRONG_PASSWORD, invite_code: firstCode },
    });
    expect(stale.body.errormessage).toBe(MSG.inviteInvalid);
    const missing = await call(t, 'PUT', API.projects.collaborators, owner, {
      project_db_id: projectId,
      user_email: uniqueEmail('never'),
      role: 'collaborator',
    });
    expect(missing.status).toBe(404);
    const refused = await call(t, 'PUT', API.projects.collaborators, collaborator, {
      project_db_id: projectId,
      user_email: email,
      role: 'collaborator',
    });
    expect(refused.status).toBe(403);
  });
});

describe('DELETE /api/projects/collaborators', () => {
  it("removes a member or an invite with '<Role> deleted successfully'", async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const admin = await person(t);
    await addMembers(t, owner, projectId, [admin], 'admin');
    const email = uniqueEmail('gone');
    await call(t, 'POST', API.projects.collaborators, owner, {
      project_db_id: projectId,
      invited_collaborators: [email],
    });
    const del = (body: Record<string, unknown>) =>
      call(t, 'DELETE', API.projects.collaborators, owner, { project_db_id: projectId, ...body });
    expect((await del({ role: 'collaborator', user_db_id: collaborator.user.id })).body.data).toEqual({
      message: 'Collaborator deleted successfully',
    });
    expect((await del({ role: 'admin', user_db_id: admin.user.id })).body.data).toEqual({
      message: 'Admin deleted successfully',
    });
    expect((await del({ role: 'collaborator', user_email: email })).body.response).toBe(true);
    const list = await members(owner, projectId);
    expect(list.body.data.admins.members).toEqual([]);
    expect(list.body.data.collaborators).toEqual({ members: [], invited: [] });
    expect((await call(t, 'GET', API.projects.info, collaborator, { project_db_id: projectId })).status).toBe(
      403,
    );
    expect((await del({ role: 'collaborator', user_db_id: collaborator.user.id })).status).toBe(404);
  });

  it('refuses removing oneself, the creator, without the code, and a wrong role', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const admin = await person(t);
    await addMembers(t, owner, projectId, [admin], 'admin');
    const self = await call(t, 'DELETE', API.projects.collaborators, admin, {
      project_db_id: projectId,
      role: 'admin',
      user_db_id: admin.user.id,
    });
    expect(self.body.errormessage).toBe(MSG.cannotRemoveYourself);
    const creator = await call(t, 'DELETE', API.projects.collaborators, admin, {
      project_db_id: projectId,
      role: 'creator',
      user_db_id: owner.user.id,
    });
    expect(creator.status).toBe(400);
    const noCode = await call(t, 'DELETE', API.projects.collaborators, collaborator, {
      project_db_id: projectId,
      role: 'admin',
      user_db_id: admin.user.id,
    });
    expect(noCode.status).toBe(403);
    const wrongRole = await call(t, 'DELETE', API.projects.collaborators, owner, {
      project_db_id: projectId,
      role: 'admin',
      user_db_id: collaborator.user.id,
    });
    expect(wrongRole.status).toBe(404);
    const both = await call(t, 'DELETE', API.projects.collaborators, owner, {
      project_db_id: projectId,
      role: 'collaborator',
    });
    expect(both.body.errormessage).toBe(MSG.required);
  });
});

describe('GET /api/projects/collaborators/search', () => {
  it("finds the project's other members by name (mentions)", async () => {
    const owner = await person(t, { firstName: 'Olga', lastName: 'Owner' });
    const mate = await person(t, { firstName: 'Mira', lastName: 'Mate' });
    const projectId = await apiProject(t, owner);
    await addMembers(t, owner, projectId, [mate]);
    const res = await call<{ users: unknown[] }>(t, 'GET', API.projects.collaboratorSearch, owner, {
      project_db_id: projectId,
      search_type: 'collaborators',
      search_text: 'mir',
    });
    expect(res.body.data.users).toEqual([{ user_id: mate.user.id, name: 'Mira Mate' }]);
    const none = await call<{ users: unknown[] }>(t, 'GET', API.projects.collaboratorSearch, owner, {
      project_db_id: projectId,
      search_text: 'olga',
    });
    expect(none.body.data.users).toEqual([]);
    const stranger = await call(t, 'GET', API.projects.collaboratorSearch, await person(t), {
      project_db_id: projectId,
    });
    expect(stranger.status).toBe(403);
  });
});
