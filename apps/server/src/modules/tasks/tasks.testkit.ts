import { API, formatDate, type Task } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { people, project, task, type TaskOptions } from '../../../test/factories.ts';
import {
  addMembers,
  apiProject,
  call,
  person,
  projectTitle,
  type Person,
} from '../projects/projects.testkit.ts';

/** Test helpers for tasks, task chat, brief and approvals: a project crew and tasks made through the API. */

export { addMembers, apiProject, call, person, type Person };

/** 'dd MMM yyyy' of today + `days` (UTC), as the date picker sends it. */
export const dueIn = (days: number) => formatDate(Date.now() + days * 86_400_000, 'UTC');

/**
 * A creator, two collaborators and an outsider (no member), written directly (test/factories.ts):
 * the world of a test, not its subject, so no API round trips, notifications or realtime hints.
 */
export async function crew(t: TestApp) {
  const [owner, bob, cara, outsider] = await people(t, [
    'Ava Owner',
    'Bob Editor',
    'Cara Colorist',
    'Otto Outsider',
  ]);
  const projectId = await project(t, owner, { title: projectTitle(), members: [bob, cara] });
  return { owner, bob, cara, outsider, projectId };
}

export const taskBody = (
  projectId: string,
  assignee: { assigned_to?: string; user_email?: string },
  extra: Record<string, unknown> = {},
) => ({
  project_db_id: projectId,
  task_type: 'editing',
  ...assignee,
  expire_at: dueIn(3),
  description: 'Cut the trailer to 30 seconds',
  tz: 'UTC',
  ...extra,
});

/** Creates a task through the API as `by` for `to` and answers it. */
export async function apiTask(
  t: TestApp,
  by: Person,
  projectId: string,
  to: Person,
  extra: Record<string, unknown> = {},
) {
  const res = await call<{ task: Task }>(
    t,
    'POST',
    API.tasks.root,
    by,
    taskBody(projectId, { assigned_to: to.user.id }, extra),
  );
  if (!res.body.response) throw new Error(`task not created: ${res.body.errormessage}`);
  return res.body.data.task;
}

export const getTask = (t: TestApp, who: Person | undefined, taskId: string) =>
  call<Task>(t, 'GET', API.tasks.detail, who, { task_db_id: taskId });

/**
 * A pending task of `by` for `to`, written directly (test/factories.ts): for tests whose subject is
 * what happens to a task, not its creation (no assignment notification or mail, no realtime hint).
 */
export async function makeTask(
  t: TestApp,
  by: Person,
  projectId: string,
  to: Person,
  opts: TaskOptions = {},
) {
  return { task_db_id: await task(t, by, projectId, to, opts) };
}
