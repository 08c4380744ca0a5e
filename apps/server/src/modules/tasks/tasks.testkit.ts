import { API, formatDate, type Task } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { addMembers, apiProject, call, person, type Person } from '../projects/projects.testkit.ts';

/** Test helpers for tasks, task chat, brief and approvals: a project crew and tasks made through the API. */

export { addMembers, apiProject, call, person, type Person };

/** 'dd MMM yyyy' of today + `days` (UTC), as the date picker sends it. */
export const dueIn = (days: number) => formatDate(Date.now() + days * 86_400_000, 'UTC');

/** A creator, two collaborators and an outsider (no member). */
export async function crew(t: TestApp) {
  const owner = await person(t, { firstName: 'Ava', lastName: 'Owner' });
  const bob = await person(t, { firstName: 'Bob', lastName: 'Editor' });
  const cara = await person(t, { firstName: 'Cara', lastName: 'Colorist' });
  const outsider = await person(t, { firstName: 'Otto', lastName: 'Outsider' });
  const projectId = await apiProject(t, owner);
  await addMembers(t, owner, projectId, [bob, cara]);
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
