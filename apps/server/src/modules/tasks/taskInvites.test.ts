import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Task, type TaskRequest, type TaskRequestList, type TaskTrayPage } from '@rushes/shared';
import {
  createTestApp,
  lastMailTo,
  sessionCookie,
  STRONG_PASSWORD,
  testPasswordHash,
  type TestApp,
} from '../../../test/harness.ts';
import { createUser } from '../accounts/users.service.ts';
import { insertFile } from '../projects/projects.testkit.ts';
import { call, crew, getTask, taskBody, type Person } from './tasks.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Someone signs up under the invited address and accepts the code from the mail. */
async function acceptInvite(email: string): Promise<Person> {
  const mail = await lastMailTo(t.ctx, email);
  const code = decodeURIComponent(/inviteCode=([^&\s]+)/.exec(mail?.text ?? '')?.[1] ?? '');
  const user = await createUser(t.ctx.db, {
    email,
    firstName: 'Nia',
    lastName: 'Newcomer',
    passwordHash: await testPasswordHash(),
    verified: true,
  });
  const who: Person = { user, email, password: STRONG_PASSWORD, cookie: await sessionCookie(t.ctx, user) };
  const res = await call(t, 'POST', API.projects.acceptInvite, who, { invite_code: code });
  if (!res.body.response) throw new Error(`not accepted: ${res.body.errormessage}`);
  // The claims are durable subscribers: jobs enqueued in the joining transaction.
  await t.ctx.jobs.drainForTests();
  return who;
}

describe('invited e-mails become people on the task and the request when they join', () => {
  it('the task invitee joins the project: assignee, in their My Tasks; the request lists them as reviewer', async () => {
    const { owner, projectId } = await crew(t);
    const email = `join-${Date.now()}@example.com`;
    const made = await call<{ task: Task }>(
      t,
      'POST',
      API.tasks.root,
      owner,
      taskBody(projectId, { user_email: email }),
    );
    const taskId = made.body.data.task.task_db_id;
    const asset = await insertFile(t, projectId);
    const req = await call<{ task_request: TaskRequest }>(t, 'POST', API.approvals.root, owner, {
      ingest_db_id: asset.id,
      user_emails: [email],
      task_type: 'task_review',
      comment: 'Your eyes please',
    });
    expect(req.body.data.task_request.invited).toEqual([email]);

    const newcomer = await acceptInvite(email);
    const task = (await getTask(t, newcomer, taskId)).body.data;
    expect(task.invited_team_members).toEqual([]);
    expect(task.assigned_to_user_profiles).toEqual([{ user_id: newcomer.user.id, name: 'Nia Newcomer' }]);
    expect(task.can_request_transfer).toBe(true);
    const tray = await call<TaskTrayPage>(t, 'GET', API.tasks.trays, newcomer, {
      tray_name: 'my_tasks',
    });
    expect(tray.body.data.data.map((x) => x.task_db_id)).toEqual([taskId]);
    const requests = await call<TaskRequestList>(t, 'GET', API.approvals.root, newcomer, {
      ingest_db_id: asset.id,
    });
    expect(requests.body.data.can_set_status).toBe(true);
    expect(requests.body.data.requests[0]).toMatchObject({
      invited: [],
      users: [{ user_id: newcomer.user.id }],
    });
  });
});
