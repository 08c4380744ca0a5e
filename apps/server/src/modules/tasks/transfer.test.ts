import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type Task } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { notificationTeamOf } from '../projects/projects.testkit.ts';
import { makeTask, call, crew, getTask } from './tasks.testkit.ts';

type Errors = { errors: Record<string, string> };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ask = (who: Parameters<typeof call>[3], projectId: string, taskId: string, msg: unknown) =>
  call<{ message: string; task: Task } & Errors>(t, 'POST', API.tasks.transfer, who, {
    project_db_id: projectId,
    task_db_id: taskId,
    msg,
  });

describe('task transfer', () => {
  it('an assignee asks with a reason: Transfer request created; the task shows Transfer Request to everyone', async () => {
    const { owner, bob, projectId } = await crew(t);
    const task = await makeTask(t, owner, projectId, bob);
    const empty = await ask(bob, projectId, task.task_db_id, '  ');
    expect(empty.status).toBe(400);
    expect(empty.body.data.errors.msg).toBe(MSG.required);

    const res = await ask(bob, projectId, task.task_db_id, 'Out sick this week');
    expect(res.body.data.message).toBe('Transfer request created');
    expect(res.body.data.task).toMatchObject({
      is_transfer_request: true,
      transfer_message: 'Out sick this week',
      task_status_label: 'Transfer Request',
      transfer_requested_by: { user_id: bob.user.id, name: 'Bob Editor' },
      can_request_transfer: false,
    });
    const seenByAssigner = await getTask(t, owner, task.task_db_id);
    expect(seenByAssigner.body.data.can_answer_transfer).toBe(true);
    const n = await call<{ notifications: { notification_type: string }[] }>(
      t,
      'GET',
      API.notifications.root,
      owner,
      { team_db_id: await notificationTeamOf(t, owner, projectId) },
    );
    expect(n.body.data.notifications[0].notification_type).toBe('task_transfer');

    const again = await ask(bob, projectId, task.task_db_id, 'again');
    expect(again.body.errormessage).toBe(MSG.transferPending);
  });

  it('only an assignee asks; the assigner, other members and outsiders are refused', async () => {
    const { owner, bob, cara, outsider, projectId } = await crew(t);
    const task = await makeTask(t, owner, projectId, bob);
    for (const who of [owner, cara]) {
      const res = await ask(who, projectId, task.task_db_id, 'please');
      expect(res.status).toBe(403);
      expect(res.body.errormessage).toBe(MSG.onlyAssigneeTransfers);
    }
    expect((await ask(outsider, projectId, task.task_db_id, 'please')).status).toBe(403);
  });

  it('the assigner accepts by naming the new assignee: the requester leaves, the new one joins', async () => {
    const { owner, bob, cara, projectId } = await crew(t);
    const task = await makeTask(t, owner, projectId, bob);
    await ask(bob, projectId, task.task_db_id, 'Cara knows colour better');
    const byBob = await call(t, 'PUT', API.tasks.transfer, bob, {
      task_db_id: task.task_db_id,
      action: 'accept',
      assigned_to: cara.user.id,
    });
    expect(byBob.status).toBe(403);
    const missing = await call<Errors>(t, 'PUT', API.tasks.transfer, owner, {
      task_db_id: task.task_db_id,
      action: 'accept',
    });
    expect(missing.body.data.errors.assigned_to).toBe(MSG.required);

    const res = await call<{ message: string; task: Task }>(t, 'PUT', API.tasks.transfer, owner, {
      task_db_id: task.task_db_id,
      action: 'accept',
      assigned_to: cara.user.id,
    });
    expect(res.body.data.message).toBe(MSG.transferAccepted);
    expect(res.body.data.task).toMatchObject({
      is_transfer_request: false,
      transfer_message: null,
      task_status_label: 'Pending',
      assigned_to_user_profiles: [{ user_id: cara.user.id, name: 'Cara Colorist' }],
    });
    // Bob may still read the task as a member, but is no longer on it.
    expect((await getTask(t, bob, task.task_db_id)).body.data.can_request_transfer).toBe(false);
  });

  it('the assigner declines: the request is cleared and the assignee stays; no request, no answer', async () => {
    const { owner, bob, projectId } = await crew(t);
    const task = await makeTask(t, owner, projectId, bob);
    const none = await call(t, 'PUT', API.tasks.transfer, owner, {
      task_db_id: task.task_db_id,
      action: 'decline',
    });
    expect(none.body.errormessage).toBe(MSG.noTransferRequest);
    await ask(bob, projectId, task.task_db_id, 'busy');
    const res = await call<{ message: string; task: Task }>(t, 'PUT', API.tasks.transfer, owner, {
      task_db_id: task.task_db_id,
      action: 'decline',
    });
    expect(res.body.data.message).toBe(MSG.transferDeclined);
    expect(res.body.data.task).toMatchObject({
      is_transfer_request: false,
      assigned_to_user_profiles: [{ user_id: bob.user.id, name: 'Bob Editor' }],
    });
    const n = await call<{ notifications: { notification_type: string; message: string }[] }>(
      t,
      'GET',
      API.notifications.root,
      bob,
      { team_db_id: await notificationTeamOf(t, bob, projectId) },
    );
    expect(n.body.data.notifications[0].message).toContain('declined');
  });
});
