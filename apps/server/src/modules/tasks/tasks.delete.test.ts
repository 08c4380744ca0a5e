import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, MSG, type NotificationList, type Task } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { realtimeWorld } from '../../../test/realtimeWorld.testkit.ts';
import { connect, next } from '../../../test/realtime-helpers.ts';
import { chatConversations, notifications, taskInvites, tasks } from '../../db/schema/index.ts';
import { storedMessages } from '../chat/chat.testkit.ts';
import { members } from '../../../test/factories.ts';
import { notificationTeamOf } from '../projects/projects.testkit.ts';
import { apiTask, makeTask, call, crew, getTask, person, taskBody, type Person } from './tasks.testkit.ts';

/** Deleting a task ('Task deleted successfully', spec 002 §8). */
let t: TestApp;
let url: string;
realtimeWorld((w) => ({ t, url } = w), { closeSocketsAfterEach: true });

type Deleted = { message: string; task_db_id: string };
const remove = (who: Person | undefined, projectId: string, taskId: string) =>
  call<Deleted>(t, 'DELETE', API.tasks.root, who, { project_db_id: projectId, task_db_id: taskId });

const notificationsOf = async (who: Person, projectId: string) =>
  (
    await call<NotificationList>(t, 'GET', API.notifications.root, who, {
      team_db_id: await notificationTeamOf(t, who, projectId),
    })
  ).body.data.notifications;

const taskRow = async (taskId: string) =>
  (await t.ctx.db.select().from(tasks).where(eq(tasks.id, taskId)))[0];

/** The crew plus a project admin. */
async function world() {
  const c = await crew(t);
  const admin = await person(t, { firstName: 'Dana', lastName: 'Admin' });
  await members(t, c.projectId, [admin], 'admin');
  return { ...c, admin };
}

describe('delete a task', () => {
  it('the assigner deletes it: chat and notifications about it go, the assignee is notified and both trays hear it', async () => {
    const { bob, cara, projectId } = await world();
    const task = await apiTask(t, bob, projectId, cara);
    expect(task.can_delete).toBe(true);
    const said = await call(t, 'POST', API.tasks.chat, cara, { task_db_id: task.task_db_id, text: 'On it' });
    expect(said.body.response).toBe(true);
    const assignerSocket = await connect(url, { cookie: bob.cookie });
    const assigneeSocket = await connect(url, { cookie: cara.cookie });
    const assignerHears = next(assignerSocket, 'task_delete');
    const assigneeHears = next(assigneeSocket, 'task_delete');

    const res = await remove(bob, projectId, task.task_db_id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      response: true,
      data: { message: MSG.taskDeleted, task_db_id: task.task_db_id },
      errormessage: '',
    });
    expect(MSG.taskDeleted).toBe('Task deleted successfully');
    expect(await assignerHears).toEqual({ tray: 'assigned_tasks', task_db_id: task.task_db_id });
    expect(await assigneeHears).toEqual({ tray: 'my_tasks', task_db_id: task.task_db_id });

    expect(await taskRow(task.task_db_id)).toBeUndefined();
    expect(await storedMessages(t.ctx.db, 'task', task.task_db_id)).toEqual([]);
    expect(
      await t.ctx.db.select().from(chatConversations).where(eq(chatConversations.ownerId, task.task_db_id)),
    ).toEqual([]);
    expect(
      await t.ctx.db.select().from(notifications).where(eq(notifications.taskId, task.task_db_id)),
    ).toEqual([]);
    const caraNotes = await notificationsOf(cara, projectId);
    expect(caraNotes[0]).toMatchObject({
      notification_type: 'task_deleted',
      title: MSG.taskDeletedTitle,
      message: expect.stringMatching(/^The Editing task in .+ was deleted$/),
      project_id: projectId,
      task_id: null,
    });
    expect(caraNotes.some((n) => n.notification_type === 'task_assigned')).toBe(false);
    expect((await getTask(t, bob, task.task_db_id)).body.errormessage).toBe(MSG.taskNotFound);
  });

  it('a project admin and the creator delete a task they did not assign; the assigner is notified', async () => {
    const { owner, admin, bob, cara, projectId } = await world();
    const first = await makeTask(t, bob, projectId, cara);
    expect((await getTask(t, admin, first.task_db_id)).body.data.can_delete).toBe(true);
    expect((await remove(admin, projectId, first.task_db_id)).body.data.message).toBe(MSG.taskDeleted);
    expect((await notificationsOf(bob, projectId))[0].notification_type).toBe('task_deleted');

    const second = await makeTask(t, bob, projectId, cara);
    expect((await getTask(t, owner, second.task_db_id)).body.data.can_delete).toBe(true);
    expect((await remove(owner, projectId, second.task_db_id)).body.response).toBe(true);
    expect(await taskRow(second.task_db_id)).toBeUndefined();
  });

  it('refuses the assignee, another collaborator, another team and anonymous callers; nothing is deleted', async () => {
    const { owner, bob, cara, outsider, projectId } = await world();
    const task = await makeTask(t, owner, projectId, bob);
    const seenByAssignee = await getTask(t, bob, task.task_db_id);
    expect(seenByAssignee.body.data.can_delete).toBe(false);
    expect((await getTask(t, cara, task.task_db_id)).body.data.can_delete).toBe(false);

    const byAssignee = await remove(bob, projectId, task.task_db_id);
    expect(byAssignee.status).toBe(403);
    expect(byAssignee.body.errormessage).toBe(MSG.onlyAssignerOrAdminDeletes);
    const byMember = await remove(cara, projectId, task.task_db_id);
    expect(byMember.status).toBe(403);
    expect(byMember.body.errormessage).toBe(MSG.onlyAssignerOrAdminDeletes);
    const byOutsider = await remove(outsider, projectId, task.task_db_id);
    expect(byOutsider.status).toBe(403);
    expect(byOutsider.body.errormessage).toBe(MSG.taskNotFound);

    // another team's admin, naming their own project with this task's id
    const other = await world();
    const wrongProject = await remove(other.owner, other.projectId, task.task_db_id);
    expect(wrongProject.status).toBe(403);
    expect(wrongProject.body.errormessage).toBe(MSG.taskNotFound);
    // the right person naming the wrong project
    expect((await remove(owner, other.projectId, task.task_db_id)).status).toBe(403);

    const anonymous = await remove(undefined, projectId, task.task_db_id);
    expect(anonymous.status).toBe(401);
    const bad = await call<{ errors: Record<string, string> }>(t, 'DELETE', API.tasks.root, owner, {
      project_db_id: projectId,
    });
    expect(bad.status).toBe(400);
    expect(await taskRow(task.task_db_id)).toBeDefined();
  });

  it('takes its pending invitations with it, and a completed task can be deleted too', async () => {
    const { owner, bob, projectId } = await world();
    const invited = await call<{ task: Task }>(
      t,
      'POST',
      API.tasks.root,
      owner,
      taskBody(projectId, { user_email: 'not.yet.here@example.com' }),
    );
    expect(invited.body.response).toBe(true);
    const taskId = invited.body.data.task.task_db_id;
    const invitesOf = () => t.ctx.db.select().from(taskInvites).where(eq(taskInvites.taskId, taskId));
    expect(await invitesOf()).toHaveLength(1);
    expect((await remove(owner, projectId, taskId)).body.response).toBe(true);
    expect(await invitesOf()).toEqual([]);

    const done = await makeTask(t, owner, projectId, bob);
    await call(t, 'PUT', API.tasks.complete, owner, { task_db_id: done.task_db_id, role: 'editor' });
    expect((await remove(owner, projectId, done.task_db_id)).body.response).toBe(true);
  });
});
