import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type Task } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { mailsTo } from '../../../test/inject.ts';
import { notificationTeamOf } from '../projects/projects.testkit.ts';
import { makeTask, call, crew, getTask, taskBody } from './tasks.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('complete a task', () => {
  it('only the assigner completes; afterwards nobody changes it anywhere', async () => {
    const { owner, bob, projectId } = await crew(t);
    const task = await makeTask(t, owner, projectId, bob);
    const byAssignee = await call(t, 'PUT', API.tasks.complete, bob, {
      task_db_id: task.task_db_id,
      role: 'editor',
    });
    expect(byAssignee.status).toBe(403);
    expect(byAssignee.body.errormessage).toBe(MSG.onlyAssignerCompletes);

    const done = await call<{ message: string; task: Task }>(t, 'PUT', API.tasks.complete, owner, {
      task_db_id: task.task_db_id,
      role: 'editor',
    });
    expect(done.body.data.message).toBe('Task marked as completed');
    expect(done.body.data.task).toMatchObject({
      task_status: 'completed',
      task_status_label: 'Completed',
      is_completed: true,
      can_edit: false,
      can_complete: false,
      can_chat: false,
    });
    const n = await call<{ notifications: { notification_type: string }[] }>(
      t,
      'GET',
      API.notifications.root,
      bob,
      { team_db_id: await notificationTeamOf(t, bob, projectId) },
    );
    expect(n.body.data.notifications.map((x) => x.notification_type)).toContain('task_completed');

    const refusals = [
      await call(t, 'PUT', API.tasks.root, owner, {
        ...taskBody(projectId, { assigned_to: bob.user.id }),
        task_db_id: task.task_db_id,
      }),
      await call(t, 'PUT', API.tasks.complete, owner, { task_db_id: task.task_db_id }),
      await call(t, 'POST', API.tasks.transfer, bob, {
        project_db_id: projectId,
        task_db_id: task.task_db_id,
        msg: 'too busy',
      }),
      await call(t, 'POST', API.tasks.chat, bob, { task_db_id: task.task_db_id, text: 'hello' }),
      await call(t, 'POST', API.tasks.chat, owner, { task_db_id: task.task_db_id, text: 'hello' }),
      await call(t, 'PUT', API.tasks.resendInvite, owner, {
        project_db_id: projectId,
        task_db_id: task.task_db_id,
        user_email: 'a@example.com',
      }),
    ];
    for (const r of refusals) {
      expect(r.status).toBe(400);
      expect(r.body.errormessage).toBe(MSG.taskReadOnly);
    }
    // Still readable.
    expect((await getTask(t, bob, task.task_db_id)).body.data.task_status).toBe('completed');
  });
});

describe('resend a task invitation', () => {
  it('the assigner resends to an invited e-mail (a fresh mail); others and unknown e-mails are refused', async () => {
    const { owner, bob, projectId } = await crew(t);
    const email = `inv-${Date.now()}@example.com`;
    const made = await call<{ task: Task }>(
      t,
      'POST',
      API.tasks.root,
      owner,
      taskBody(projectId, { user_email: email }),
    );
    const taskId = made.body.data.task.task_db_id;
    const res = await call(t, 'PUT', API.tasks.resendInvite, owner, {
      project_db_id: projectId,
      task_db_id: taskId,
      user_email: email,
      role: 'editor',
    });
    expect(res.body.data).toEqual({ message: 'Invite sent successfully' });
    expect((await mailsTo(t.ctx, email)).length).toBe(2);
    const byOther = await call(t, 'PUT', API.tasks.resendInvite, bob, {
      project_db_id: projectId,
      task_db_id: taskId,
      user_email: email,
    });
    expect(byOther.status).toBe(403);
    // An update that keeps the invited e-mail does not mail it again.
    const kept = await call(t, 'PUT', API.tasks.root, owner, {
      ...taskBody(projectId, { user_email: email }, { description: 'Reworded' }),
      task_db_id: taskId,
    });
    expect(kept.body.response).toBe(true);
    expect((await mailsTo(t.ctx, email)).length).toBe(2);
    const notInvited = await call(t, 'PUT', API.tasks.resendInvite, owner, {
      project_db_id: projectId,
      task_db_id: taskId,
      user_email: 'other@example.com',
    });
    expect(notInvited.body.errormessage).toBe(MSG.notInvited);
  });

  it('a pending admin invitation stays an admin invitation when a task names the same e-mail', async () => {
    const { owner, projectId } = await crew(t);
    const email = `adm-${Date.now()}@example.com`;
    const added = await call(t, 'POST', API.projects.collaborators, owner, {
      project_db_id: projectId,
      invited_collaborators: [email],
      role: 'admin',
    });
    expect(added.body.response).toBe(true);
    await call(t, 'POST', API.tasks.root, owner, taskBody(projectId, { user_email: email }));
    const members = await call<{ admins: { invited: string[] }; collaborators: { invited: string[] } }>(
      t,
      'GET',
      API.projects.collaborators,
      owner,
      { project_db_id: projectId },
    );
    expect(members.body.data.admins.invited).toEqual([email]);
    expect(members.body.data.collaborators.invited).toEqual([]);
  });
});
