import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, MSG } from '@rushes/shared';
import {
  createTestApp,
  sessionCookie,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../../../test/harness.ts';
import { mailsTo, send, usersWithEmail } from '../../../test/inject.ts';
import { projectInvites, teamInvites } from '../../db/schema/index.ts';
import { apiProject } from '../../modules/projects/projects.testkit.ts';
import {
  apiTeam,
  call,
  inviteCodeIn,
  membership,
  permissionIdOf,
  person,
  type Person,
} from '../../modules/teams/teams.testkit.ts';

/**
 * What the shared invitation helper does for both kinds that the team and project tests do not
 * reach: a code only opens its own kind, and permissions gone from the catalogue are dropped.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** One address invited to a team and to a project, then signed up without a code. */
async function invitedTwice() {
  const owner = await person(t);
  const email = uniqueEmail('twice');
  const billing = await permissionIdOf(t, 'can_manage_billing');
  const teamId = await apiTeam(t, owner, { emails: [email], permissions: [billing] });
  const projectId = await apiProject(t, owner);
  await call(t, 'POST', API.projects.collaborators, owner, {
    project_db_id: projectId,
    invited_collaborators: [email],
    role: 'collaborator',
  });
  const mails = await mailsTo(t.ctx, email);
  const codeOf = (subject: string) => inviteCodeIn(mails.find((m) => m.subject.includes(subject))!.text)!;
  const teamCode = codeOf('to join');
  const projectCode = codeOf('to the project');
  await send(t, 'POST', API.auth.signup, {
    body: { first_name: 'Two', last_name: 'Codes', email, password: STRONG_PASSWORD },
  });
  const [user] = await usersWithEmail(t.ctx, email);
  const me: Person = { user, email, password: STRONG_PASSWORD, cookie: await sessionCookie(t.ctx, user) };
  return { me, teamId, projectId, teamCode, projectCode, billing };
}

describe('invite codes of two kinds', () => {
  it('a team code never opens a project invitation, nor a project code a team one', async () => {
    const { me, teamId, projectId, teamCode, projectCode } = await invitedTwice();
    const crossedToProject = await call(t, 'POST', API.projects.acceptInvite, me, { invite_code: teamCode });
    expect(crossedToProject.status).toBe(400);
    expect(crossedToProject.body.errormessage).toBe(MSG.inviteInvalid);
    const crossedToTeam = await call(t, 'POST', API.teams.acceptInvite, me, { invite_code: projectCode });
    expect(crossedToTeam.status).toBe(400);
    expect(crossedToTeam.body.errormessage).toBe(MSG.inviteInvalid);
    // Neither invitation was used up by the wrong door.
    expect(await t.ctx.db.select().from(teamInvites).where(eq(teamInvites.teamId, teamId))).toHaveLength(1);
    expect(
      await t.ctx.db.select().from(projectInvites).where(eq(projectInvites.projectId, projectId)),
    ).toHaveLength(1);
    const team = await call(t, 'POST', API.teams.acceptInvite, me, { invite_code: teamCode });
    expect(team.body).toMatchObject({ response: true, data: { message: MSG.inviteAccepted } });
    const project = await call(t, 'POST', API.projects.acceptInvite, me, { invite_code: projectCode });
    expect(project.body).toMatchObject({
      response: true,
      data: { message: MSG.projectInviteAccepted, project_db_id: projectId },
    });
  });

  it('joins with the invited permissions still in the catalogue, dropping those gone since', async () => {
    const { me, teamId, projectId, teamCode, projectCode, billing } = await invitedTwice();
    // 999999 stands for a permission deleted after the invitation was sent.
    await t.ctx.db
      .update(teamInvites)
      .set({ permissionIds: [billing, 999_999] })
      .where(eq(teamInvites.teamId, teamId));
    await t.ctx.db
      .update(projectInvites)
      .set({ permissionIds: [999_999] })
      .where(eq(projectInvites.projectId, projectId));
    const team = await call(t, 'POST', API.teams.acceptInvite, me, { invite_code: teamCode });
    expect(team.body.response).toBe(true);
    expect(await membership(t, teamId, me.user.id)).toEqual({
      isAdmin: false,
      codes: ['can_manage_billing'],
    });
    const project = await call(t, 'POST', API.projects.acceptInvite, me, { invite_code: projectCode });
    expect(project.body.response).toBe(true);
  });
});
