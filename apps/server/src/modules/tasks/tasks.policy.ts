import { eq } from 'drizzle-orm';
import { MSG } from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { taskAssignees, tasks } from '../../db/schema/index.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { badRequest, forbidden } from '../../platform/http/errors.ts';
import { stringField, type Policy } from '../../platform/policies.ts';
import { loadProjectAccess, type ProjectAccess } from '../projects/index.ts';

export type TaskRow = typeof tasks.$inferSelect;

/** Who the caller is on one task: a project member, maybe its assigner, maybe an assignee. */
export interface TaskAccess {
  task: TaskRow;
  project: ProjectAccess;
  isAssigner: boolean;
  isAssignee: boolean;
}

const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/**
 * The caller's access to a task, or null when the task is unknown or the caller is no member of its
 * project (so guessed ids reveal nothing). `lock` takes the row lock for a write.
 */
export async function loadTaskAccess(
  db: DbOrTx,
  userId: string,
  taskId: string,
  opts: { lock?: boolean } = {},
): Promise<TaskAccess | null> {
  if (!isUuid(taskId)) return null;
  const query = db.select().from(tasks).where(eq(tasks.id, taskId)).limit(1);
  const [task] = opts.lock ? await query.for('update') : await query;
  if (!task) return null;
  const project = await loadProjectAccess(db, userId, task.projectId);
  if (!project) return null;
  const assignees = await db
    .select({ userId: taskAssignees.userId })
    .from(taskAssignees)
    .where(eq(taskAssignees.taskId, taskId));
  return {
    task,
    project,
    isAssigner: task.assignedBy === userId,
    isAssignee: assignees.some((a) => a.userId === userId),
  };
}

// ---- one rule per action (spec 000 §4, §6; docs/decisions/0008-tasks-and-approvals.md) ----

export type TaskRule = (a: TaskAccess) => boolean;
/** Project members read a task, its chat, and join task:{id}. */
export const canReadTask: TaskRule = () => true;
/** Only the assigner changes, completes, answers transfers and resends invitations. */
export const canManageTask: TaskRule = (a) => a.isAssigner;
/**
 * Deleting a task: its assigner, or the project's creator or an admin (project admins
 * oversee every task of the project; docs/decisions/0014-behaviours-settled-by-user-trial.md). A completed task may be deleted too.
 */
export const canDeleteTask: TaskRule = (a) =>
  a.isAssigner || a.project.role === 'creator' || a.project.role === 'admin';
/** Only an assignee asks for a transfer. */
export const canRequestTransfer: TaskRule = (a) => a.isAssignee;

const notReadable = () => forbidden(MSG.taskNotFound);

/** Loads and applies a rule: unknown or unreadable → 403 'Task not found'; refused → 403 `refusal`. */
export async function authorizeTask(
  db: DbOrTx,
  userId: string,
  taskId: string,
  rule: TaskRule,
  refusal: string = MSG.forbidden,
): Promise<TaskAccess> {
  const access = await loadTaskAccess(db, userId, taskId);
  if (!access) throw notReadable();
  if (!rule(access)) throw forbidden(refusal);
  return access;
}

/**
 * For writes: locks the task row, applies the rule, and refuses any change to a completed task —
 * a completed task is read-only for everyone (spec 000 §4).
 */
export async function authorizeTaskWrite(
  tx: Tx,
  userId: string,
  taskId: string,
  rule: TaskRule,
  refusal: string = MSG.forbidden,
): Promise<TaskAccess> {
  const access = await loadTaskAccess(tx, userId, taskId, { lock: true });
  if (!access) throw notReadable();
  if (access.task.status === 'completed') throw badRequest(MSG.taskReadOnly);
  if (!rule(access)) throw forbidden(refusal);
  return access;
}

/** The assigner changing an open task (edit it, resend an invitation, answer a transfer). */
export const authorizeAssignerEdit = (tx: Tx, userId: string, taskId: string) =>
  authorizeTaskWrite(tx, userId, taskId, canManageTask, MSG.onlyAssignerEdits);

/** A task id given with a project id must belong to it (ids are checked, never trusted). */
export function sameProject(access: TaskAccess, projectId: string) {
  if (access.task.projectId !== projectId) throw forbidden(MSG.taskNotFound);
}

/**
 * A route policy on the task named by `task_db_id` (`authorizeTask`), run once before the handler.
 * Only for reads: writes lock the row and refuse completed tasks in their transaction
 * (`authorizeTaskWrite`), so the write routes keep that check in the service.
 */
export const taskPolicy = (rule: TaskRule): Policy<TaskAccess> => ({
  reads: 'task_db_id',
  check: (ctx) => (req) => authorizeTask(ctx.db, userIdOf(req), stringField(req, 'task_db_id'), rule),
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'tasks.canReadTask': TaskAccess;
  }
}

/** The room rule: whoever may read the task joins task:{id}. */
export const canJoinTaskRoom = async (db: DbOrTx, userId: string, taskId: string) =>
  (await loadTaskAccess(db, userId, taskId)) !== null;
