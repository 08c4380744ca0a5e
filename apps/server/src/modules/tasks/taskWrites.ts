import { and, eq, inArray } from 'drizzle-orm';
import { MSG, taskTypeLabel, displayName } from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { taskAssignees, taskInvites, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { notify, type NotifyInput } from '../notifications/index.ts';
import type { ProjectAccess } from '../projects/index.ts';
import type { Emit, Recipient } from './assignees.ts';
import { taskMails } from './tasks.mails.ts';
import type { TaskRow } from './tasks.policy.ts';

/** Statements shared by the task writes: assignee sets, and telling people they were assigned. */

export const memberIdsOf = (rs: Recipient[]) => rs.flatMap((r) => (r.kind === 'member' ? [r.userId] : []));
export const inviteEmailsOf = (rs: Recipient[]) => rs.flatMap((r) => (r.kind === 'invite' ? [r.email] : []));

/** The assigner never assigns themself (My Tasks and Assigned Tasks stay apart). */
export function refuseSelf(rs: Recipient[], userId: string, field: string) {
  if (memberIdsOf(rs).includes(userId)) throw fieldError(field, MSG.cannotAssignSelf);
}

export async function currentAssigneeIds(tx: DbOrTx, taskId: string) {
  const rows = await tx
    .select({ userId: taskAssignees.userId })
    .from(taskAssignees)
    .where(eq(taskAssignees.taskId, taskId));
  return rows.map((r) => r.userId);
}

export async function currentInviteEmails(tx: DbOrTx, taskId: string) {
  const rows = await tx
    .select({ email: taskInvites.email })
    .from(taskInvites)
    .where(eq(taskInvites.taskId, taskId));
  return rows.map((r) => r.email);
}

/**
 * Makes the task's assignees exactly `userIds` and its invited e-mails exactly `emails`. Answers who
 * entered and who left (for the trays and notifications).
 */
export async function setAssignees(tx: Tx, taskId: string, userIds: string[], emails: string[]) {
  const before = await currentAssigneeIds(tx, taskId);
  const added = userIds.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !userIds.includes(id));
  if (removed.length) {
    await tx
      .delete(taskAssignees)
      .where(and(eq(taskAssignees.taskId, taskId), inArray(taskAssignees.userId, removed)));
  }
  if (added.length) await tx.insert(taskAssignees).values(added.map((userId) => ({ taskId, userId })));
  await tx.delete(taskInvites).where(eq(taskInvites.taskId, taskId));
  if (emails.length) {
    await tx
      .insert(taskInvites)
      .values(emails.map((email) => ({ taskId, email })))
      .onConflictDoNothing();
  }
  return { added, removed };
}

/** A task as the change helpers need it. */
type TaskRef = { id: string; projectId: string };

/**
 * Publishes (after commit) that a task changed, for the trays and open task panels; `added` and
 * `removed` are the assignees who entered or left.
 */
export function emitTaskChanged(
  emit: Emit,
  task: TaskRef,
  change: { created?: boolean; added?: string[]; removed?: string[] } = {},
) {
  emit('task.changed', {
    taskId: task.id,
    projectId: task.projectId,
    created: change.created ?? false,
    addedUserIds: change.added ?? [],
    removedUserIds: change.removed ?? [],
  });
}

/** Notifies people about a task: the notification leads to the task in its project. */
export async function notifyAboutTask(
  tx: Tx,
  emit: Emit,
  task: TaskRef,
  note: Omit<NotifyInput, 'projectId' | 'taskId' | 'assetId'>,
) {
  return notify(tx, emit, { ...note, projectId: task.projectId, taskId: task.id });
}

/** Notifies newly assigned members, and mails those who were named by e-mail (spec 000 §5). */
export async function tellAssigned(
  ctx: AppContext,
  tx: Tx,
  emit: Emit,
  access: ProjectAccess,
  task: TaskRow,
  recipients: Recipient[],
  addedIds: string[],
) {
  const [assigner] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, access.userId));
  const assignerName = assigner ? displayName(assigner.firstName, assigner.lastName) : 'A teammate';
  const typeLabel = taskTypeLabel(task.taskType);
  await notifyAboutTask(tx, emit, task, {
    userIds: addedIds,
    type: 'task_assigned',
    title: MSG.taskAssignedTitle,
    message: `${assignerName} assigned you a ${typeLabel} task in ${access.project.title}`,
    actorUserId: access.userId,
  });
  for (const r of recipients) {
    if (r.kind !== 'member' || !r.viaEmail || !addedIds.includes(r.userId)) continue;
    await ctx.mailer.send(
      tx,
      taskMails.assigned({
        to: r.email,
        baseUrl: ctx.config.publicUrl,
        projectId: task.projectId,
        taskId: task.id,
        projectTitle: access.project.title,
        assignerName,
        taskType: typeLabel,
      }),
    );
  }
}
