import { describe, expect, it } from 'vitest';
import { API, type Task, type TaskTrayPage } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { realtimeWorld } from '../../../test/realtimeWorld.testkit.ts';
import { afterSentinel, connect, next, record } from '../../../test/realtime-helpers.ts';
import { apiTask, makeTask, call, crew } from './tasks.testkit.ts';

let t: TestApp;
let url: string;
realtimeWorld((w) => ({ t, url } = w));

const tray = (who: Parameters<typeof call>[3], tray_name: string, extra: Record<string, string> = {}) =>
  call<TaskTrayPage>(t, 'GET', API.tasks.trays, who, { tray_name, ...extra });

describe('home task trays', () => {
  it("'My Tasks' holds what was assigned to me, 'Assigned Tasks' what I assigned; keyset pages of 10", async () => {
    const { owner, bob, projectId } = await crew(t);
    const made: string[] = [];
    for (let i = 0; i < 12; i++) made.push((await makeTask(t, owner, projectId, bob)).task_db_id);
    const given = await tray(owner, 'assigned_tasks');
    expect(given.body.data.field).toBe('assigned_tasks');
    expect(given.body.data.total_entries).toBe(12);
    expect(given.body.data.data.map((x) => x.task_db_id)).toEqual(made.slice(2).reverse());
    const rest = await tray(owner, 'assigned_tasks', { cursor: given.body.data.next_cursor! });
    expect(rest.body.data.data.map((x) => x.task_db_id)).toEqual([made[1], made[0]]);
    expect(rest.body.data.next_cursor).toBeNull();

    const mine = await tray(bob, 'my_tasks');
    expect(mine.body.data.total_entries).toBe(12);
    expect(mine.body.data.data[0]).toMatchObject({
      task_db_id: made[11],
      project_title: expect.any(String),
    });
    expect((await tray(bob, 'assigned_tasks')).body.data.total_entries).toBe(0);
    expect((await tray(owner, 'my_tasks')).body.data.total_entries).toBe(0);
    expect((await tray(undefined, 'assigned_tasks')).status).toBe(401);
  });

  it('a member removed from the project no longer sees its tasks in the tray', async () => {
    const { owner, bob, projectId } = await crew(t);
    const task = await makeTask(t, owner, projectId, bob);
    expect((await tray(bob, 'my_tasks')).body.data.total_entries).toBe(1);
    const removed = await call(t, 'DELETE', API.projects.collaborators, owner, {
      project_db_id: projectId,
      user_db_id: bob.user.id,
      role: 'collaborator',
    });
    expect(removed.body.response).toBe(true);
    expect((await tray(bob, 'my_tasks')).body.data.total_entries).toBe(0);
    // Changes to the task no longer reach them live either.
    const socket = await connect(url, { cookie: bob.cookie });
    const heard = record(socket, 'task_update');
    const ownerSocket = await connect(url, { cookie: owner.cookie });
    const ownerHeard = next(ownerSocket, 'task_update');
    await call(t, 'PUT', API.tasks.complete, owner, { task_db_id: task.task_db_id });
    expect((await ownerHeard).task.task_status).toBe('completed');
    await afterSentinel(socket, () =>
      t.ctx.realtime.toUser(bob.user.id, 'has_new_notification', {
        has_new_notification: true,
        team_db_id: 'sentinel',
      }),
    );
    expect(heard).toEqual([]);
  });

  it('live: the assignee gets task_add in My Tasks, the assigner in Assigned Tasks; a reassigned one task_delete', async () => {
    const { owner, bob, cara, projectId } = await crew(t);
    const bobSocket = await connect(url, { cookie: bob.cookie });
    const ownerSocket = await connect(url, { cookie: owner.cookie });
    const bobGets = next(bobSocket, 'task_add');
    const ownerGets = next(ownerSocket, 'task_add');
    const task = await apiTask(t, owner, projectId, bob);
    const added = await bobGets;
    expect(added.tray).toBe('my_tasks');
    expect(added.task).toMatchObject({
      task_db_id: task.task_db_id,
      can_request_transfer: true,
      can_edit: false,
    });
    expect((await ownerGets).tray).toBe('assigned_tasks');

    const gone = next(bobSocket, 'task_delete');
    const caraSocket = await connect(url, { cookie: cara.cookie });
    const caraGets = next(caraSocket, 'task_add');
    await call<{ task: Task }>(t, 'PUT', API.tasks.root, owner, {
      project_db_id: projectId,
      task_db_id: task.task_db_id,
      task_type: 'editing',
      assigned_to: cara.user.id,
      expire_at: task.due_date,
      description: task.description,
      tz: 'UTC',
    });
    expect(await gone).toEqual({ tray: 'my_tasks', task_db_id: task.task_db_id });
    expect((await caraGets).task.task_db_id).toBe(task.task_db_id);
  });
});
