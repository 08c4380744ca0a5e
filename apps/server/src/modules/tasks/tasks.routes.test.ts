import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, TASK_TYPES, type Task, type TaskPage } from '@rushes/shared';
import { createTestApp, lastMailTo, type TestApp } from '../../../test/harness.ts';
import { setCodes, notificationTeamOf } from '../projects/projects.testkit.ts';
import { apiTask, call, crew, dueIn, getTask, person, taskBody } from './tasks.testkit.ts';

type Errors = { errors: Record<string, string> };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('task types', () => {
  it('answers title, field and can_select; approval and review are not selectable; anonymous 401', async () => {
    const p = await person(t);
    const res = await call<{ task_types: typeof TASK_TYPES }>(t, 'GET', API.tasks.types, p);
    expect(res.body.data.task_types).toContainEqual({ field: 'editing', title: 'Editing', can_select: true });
    expect(res.body.data.task_types).toContainEqual({
      field: 'task_approval',
      title: 'Approval',
      can_select: false,
    });
    expect((await call(t, 'GET', API.tasks.types, undefined)).status).toBe(401);
  });
});

describe('create a task', () => {
  it('a member assigns a member: Pending, detail shows type label, assigner, assignee, description, expiry', async () => {
    const { owner, bob, projectId } = await crew(t);
    const res = await call<{ message: string; task: Task }>(
      t,
      'POST',
      API.tasks.root,
      owner,
      taskBody(projectId, { assigned_to: bob.user.id }, { expire_at: dueIn(2), task_type: 'color_grading' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('Task created successfully');
    const task = res.body.data.task;
    expect(task).toMatchObject({
      project_db_id: projectId,
      task_type: 'color_grading',
      task_type_label: 'Color Grading',
      task_status: 'pending',
      task_status_label: 'Pending',
      is_completed: false,
      is_transfer_request: false,
      description: 'Cut the trailer to 30 seconds',
      assigned_by: { user_id: owner.user.id, name: 'Ava Owner' },
      assigned_to_user_profiles: [{ user_id: bob.user.id, name: 'Bob Editor' }],
      invited_team_members: [],
      unread_messages: 0,
      chats_count: 0,
      can_edit: true,
      can_complete: true,
    });
    // Due in two days: expires at the end of that day (UTC here).
    const due = new Date(Date.now() + 2 * 86_400_000);
    expect(task.expire_at).toBe(
      new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate() + 1)).toISOString(),
    );
    const seen = await getTask(t, bob, task.task_db_id);
    expect(seen.body.data).toMatchObject({
      can_edit: false,
      can_complete: false,
      can_request_transfer: true,
    });
    // The assignee is notified.
    const n = await call<{ notifications: { notification_type: string; task_id: string }[] }>(
      t,
      'GET',
      API.notifications.root,
      bob,
      { team_db_id: await notificationTeamOf(t, bob, projectId) },
    );
    expect(n.body.data.notifications[0]).toMatchObject({
      notification_type: 'task_assigned',
      task_id: task.task_db_id,
    });
  });

  it('every field is required: This field is required', async () => {
    const { owner, projectId } = await crew(t);
    const res = await call<Errors>(t, 'POST', API.tasks.root, owner, { project_db_id: projectId });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toMatchObject({
      task_type: MSG.required,
      assigned_to: MSG.required,
      expire_at: MSG.required,
      description: MSG.required,
    });
    const blank = await call<Errors>(
      t,
      'POST',
      API.tasks.root,
      owner,
      taskBody(projectId, {}, { description: '   ', expire_at: '' }),
    );
    expect(blank.body.data.errors.description).toBe(MSG.required);
    expect(blank.body.data.errors.expire_at).toBe(MSG.required);
  });

  it('a past or impossible due date: Enter valid date; today is accepted', async () => {
    const { owner, bob, projectId } = await crew(t);
    for (const expire_at of [dueIn(-1), '31 Feb 2099', 'tomorrow', '2099-13-01']) {
      const res = await call<Errors>(
        t,
        'POST',
        API.tasks.root,
        owner,
        taskBody(projectId, { assigned_to: bob.user.id }, { expire_at }),
      );
      expect(res.status, expire_at).toBe(400);
      expect(res.body.errormessage).toBe('Enter valid date');
      expect(res.body.data.errors.expire_at).toBe('Enter valid date');
    }
    const today = await call(
      t,
      'POST',
      API.tasks.root,
      owner,
      taskBody(projectId, { assigned_to: bob.user.id }, { expire_at: dueIn(0) }),
    );
    expect(today.status).toBe(200);
  });

  it('the assignee must be a project member, not the assigner; one of assigned_to or user_email', async () => {
    const { owner, bob, outsider, projectId } = await crew(t);
    const notMember = await call(
      t,
      'POST',
      API.tasks.root,
      owner,
      taskBody(projectId, { assigned_to: outsider.user.id }),
    );
    expect(notMember.body.errormessage).toBe(MSG.assigneeNotMember);
    const self = await call(
      t,
      'POST',
      API.tasks.root,
      owner,
      taskBody(projectId, { assigned_to: owner.user.id }),
    );
    expect(self.body.errormessage).toBe(MSG.cannotAssignSelf);
    const both = await call<Errors>(
      t,
      'POST',
      API.tasks.root,
      owner,
      taskBody(projectId, { assigned_to: bob.user.id, user_email: 'x@example.com' }),
    );
    expect(both.body.data.errors.user_email).toBe(MSG.pickOneAssignee);
    const badMail = await call<Errors>(
      t,
      'POST',
      API.tasks.root,
      owner,
      taskBody(projectId, { user_email: 'nope' }),
    );
    expect(badMail.body.data.errors.user_email).toBe(MSG.invalidEmail);
  });

  it('a typed e-mail of nobody yet: user_email is invited to the project by a real mail and listed', async () => {
    const { owner, projectId } = await crew(t);
    const email = `new-${Date.now()}@example.com`;
    const res = await call<{ task: Task }>(
      t,
      'POST',
      API.tasks.root,
      owner,
      taskBody(projectId, { user_email: email.toUpperCase() }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.task.invited_team_members).toEqual([email]);
    expect(res.body.data.task.assigned_to_user_profiles).toEqual([]);
    const mail = await lastMailTo(t.ctx, email);
    expect(mail?.text).toContain('/signup?inviteCode=prj_');
  });

  it('a typed e-mail of an account outside the project adds them as collaborator, assigns and mails them', async () => {
    const { owner, outsider, projectId } = await crew(t);
    const res = await call<{ task: Task }>(
      t,
      'POST',
      API.tasks.root,
      owner,
      taskBody(projectId, { user_email: outsider.email }),
    );
    expect(res.body.data.task.assigned_to_user_profiles).toEqual([
      { user_id: outsider.user.id, name: 'Otto Outsider' },
    ]);
    expect((await lastMailTo(t.ctx, outsider.email))?.subject).toContain('assigned you a task');
    expect((await getTask(t, outsider, res.body.data.task.task_db_id)).status).toBe(200);
  });

  it('bringing a new person in by e-mail needs can_add_update_collaborators', async () => {
    const { bob, cara, projectId } = await crew(t);
    await setCodes(t, projectId, bob.user.id, []);
    const res = await call<Errors>(
      t,
      'POST',
      API.tasks.root,
      bob,
      taskBody(projectId, { user_email: `x-${Date.now()}@example.com` }),
    );
    expect(res.status).toBe(400);
    expect(res.body.data.errors.user_email).toBe(MSG.forbidden);
    // A member's e-mail is just that member.
    const ok = await call<{ task: Task }>(
      t,
      'POST',
      API.tasks.root,
      bob,
      taskBody(projectId, { user_email: cara.email }),
    );
    expect(ok.body.data.task.assigned_to_user_profiles[0].user_id).toBe(cara.user.id);
  });

  it('non-members and anonymous callers are refused', async () => {
    const { bob, outsider, projectId } = await crew(t);
    const res = await call(
      t,
      'POST',
      API.tasks.root,
      outsider,
      taskBody(projectId, { assigned_to: bob.user.id }),
    );
    expect(res.status).toBe(403);
    expect(res.body.errormessage).toBe(MSG.noProjectAccess);
    expect(
      (await call(t, 'POST', API.tasks.root, undefined, taskBody(projectId, { assigned_to: bob.user.id })))
        .status,
    ).toBe(401);
  });
});

describe('read tasks', () => {
  it('a non-member cannot read a task by its id, nor list the project; unknown ids answer the same', async () => {
    const { owner, bob, outsider, projectId } = await crew(t);
    const task = await apiTask(t, owner, projectId, bob);
    const guessed = await getTask(t, outsider, task.task_db_id);
    expect(guessed.status).toBe(403);
    expect(guessed.body.errormessage).toBe(MSG.taskNotFound);
    const unknown = await getTask(t, owner, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(403);
    expect(unknown.body.errormessage).toBe(MSG.taskNotFound);
    expect((await call(t, 'GET', API.tasks.root, outsider, { project_db_id: projectId })).status).toBe(403);
    expect((await getTask(t, undefined, task.task_db_id)).status).toBe(401);
  });

  it('lists a project newest first by keyset, stable while tasks are added', async () => {
    const { owner, bob, projectId } = await crew(t);
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await apiTask(t, owner, projectId, bob, { description: `task ${i}` })).task_db_id);
    const first = await call<TaskPage>(t, 'GET', API.tasks.root, bob, {
      project_db_id: projectId,
      entries_per_page: '2',
    });
    expect(first.body.data.total_entries).toBe(5);
    expect(first.body.data.data.map((x) => x.task_db_id)).toEqual([made[4], made[3]]);
    await apiTask(t, owner, projectId, bob, { description: 'newer' });
    const second = await call<TaskPage>(t, 'GET', API.tasks.root, bob, {
      project_db_id: projectId,
      entries_per_page: '2',
      cursor: first.body.data.next_cursor!,
    });
    expect(second.body.data.data.map((x) => x.task_db_id)).toEqual([made[2], made[1]]);
    const third = await call<TaskPage>(t, 'GET', API.tasks.root, bob, {
      project_db_id: projectId,
      entries_per_page: '2',
      cursor: second.body.data.next_cursor!,
    });
    expect(third.body.data.data.map((x) => x.task_db_id)).toEqual([made[0]]);
    expect(third.body.data.next_cursor).toBeNull();
  });
});

describe('update a task', () => {
  it('the assigner changes type, date, description and assignee: Task updated successfully', async () => {
    const { owner, bob, cara, projectId } = await crew(t);
    const task = await apiTask(t, owner, projectId, bob);
    const res = await call<{ message: string; task: Task }>(t, 'PUT', API.tasks.root, owner, {
      ...taskBody(
        projectId,
        { assigned_to: cara.user.id },
        { task_type: 'subtitles', description: 'Subtitle it', expire_at: dueIn(5) },
      ),
      task_db_id: task.task_db_id,
      form_action: 'update',
    });
    expect(res.body.data.message).toBe('Task updated successfully');
    expect(res.body.data.task).toMatchObject({
      task_type_label: 'Subtitles',
      description: 'Subtitle it',
      assigned_to_user_profiles: [{ user_id: cara.user.id, name: 'Cara Colorist' }],
    });
  });

  it('nobody but the assigner updates; validation messages apply; a task of another project is refused', async () => {
    const { owner, bob, outsider, projectId } = await crew(t);
    const task = await apiTask(t, owner, projectId, bob);
    const body = { ...taskBody(projectId, { assigned_to: bob.user.id }), task_db_id: task.task_db_id };
    const byAssignee = await call(t, 'PUT', API.tasks.root, bob, body);
    expect(byAssignee.status).toBe(403);
    expect(byAssignee.body.errormessage).toBe(MSG.onlyAssignerEdits);
    expect((await call(t, 'PUT', API.tasks.root, outsider, body)).status).toBe(403);
    const past = await call(t, 'PUT', API.tasks.root, owner, { ...body, expire_at: dueIn(-3) });
    expect(past.body.errormessage).toBe('Enter valid date');
    const other = await crew(t);
    const wrongProject = await call(t, 'PUT', API.tasks.root, owner, {
      ...body,
      project_db_id: other.projectId,
    });
    expect(wrongProject.status).toBe(403);
  });
});
