import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, addedYouTo, type NotificationList } from '@rushes/shared';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { addMembers, apiProject, projectTitle, teamOfProject } from '../projects/projects.testkit.ts';
import { findPersonalTeam } from '../teams/teams.service.ts';
import { apiTeam, call, person, teamName, type Person } from '../teams/teams.testkit.ts';

/** Adding someone who has an account to a team or project notifies them (spec 002 §3), once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const listOf = async (who: Person, teamId: string) =>
  (await call<NotificationList>(t, 'GET', API.notifications.root, who, { team_db_id: teamId })).body.data;

describe('invite notifications', () => {
  it('a team created with an existing user (by id and by e-mail) notifies each; invitees without an account get none', async () => {
    const owner = await person(t, { firstName: 'Olga', lastName: 'Owner' });
    const byId = await person(t);
    const byEmail = await person(t);
    const name = teamName();
    const teamId = await apiTeam(
      t,
      owner,
      { ids: [byId.user.id], emails: [byEmail.email, uniqueEmail('nobody')] },
      name,
    );

    for (const who of [byId, byEmail]) {
      const list = await listOf(who, teamId);
      expect(list.has_new_notification).toBe(true);
      expect(list.notifications).toHaveLength(1);
      expect(list.notifications[0]).toMatchObject({
        notification_type: 'team_invite',
        title: MSG.teamAddedNotificationTitle,
        message: addedYouTo('Olga Owner', name),
        user_name: 'Olga Owner',
      });
    }
    expect((await listOf(owner, teamId)).total_entries).toBe(0);
  });

  it('adding members to an existing team notifies only the new ones', async () => {
    const owner = await person(t);
    const first = await person(t);
    const second = await person(t);
    const teamId = await apiTeam(t, owner, { ids: [first.user.id] });
    const res = await call(t, 'POST', API.teams.members, owner, {
      team_id: teamId,
      user_db_ids: [first.user.id, second.user.id],
      user_emails: [],
      permissions: [],
    });
    expect(res.body.response).toBe(true);
    expect((await listOf(first, teamId)).total_entries).toBe(1);
    expect((await listOf(second, teamId)).notifications.map((n) => n.notification_type)).toEqual([
      'team_invite',
    ]);
  });

  it('adding a collaborator to a project notifies them with the project id; a present member is not notified again', async () => {
    const owner = await person(t, { firstName: 'Pia', lastName: 'Producer' });
    const collaborator = await person(t);
    const title = projectTitle('Notify');
    const projectId = await apiProject(t, owner, undefined, title);
    await addMembers(t, owner, projectId, [collaborator]);

    // not a member of the project's team: listed under their own account (My Account)
    const teamId = (await findPersonalTeam(t.ctx.db, collaborator.user.id))!.id;
    expect(teamId).not.toBe(await teamOfProject(t, projectId));
    const list = await listOf(collaborator, teamId);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      notification_type: 'project_invite',
      title: MSG.projectAddedNotificationTitle,
      message: addedYouTo('Pia Producer', title),
      project_id: projectId,
    });
    const again = await call(t, 'POST', API.projects.collaborators, owner, {
      project_db_id: projectId,
      collabrated_with: [collaborator.user.id],
      role: 'collaborator',
    });
    expect(again.body.errormessage).toBe(MSG.alreadyCollaborator);
    expect((await listOf(collaborator, teamId)).total_entries).toBe(1);
  });
});
