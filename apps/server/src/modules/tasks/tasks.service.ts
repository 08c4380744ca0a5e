import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  MSG,
  expiryInstant,
  parseDueDate,
  TASK_TYPES,
  taskTypeLabel,
  type CreateTaskBody,
  type TaskListQuery,
  type TaskPage,
  type UpdateTaskBody,
} from '@rushes/shared';
import { taskInvites, tasks } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { fieldError, forbidden } from '../../platform/http/errors.ts';
import type { ProjectAccess } from '../projects/index.ts';
import { inviteToProject, resolveRecipients } from './assignees.ts';
import './tasks.events.ts';
import { cancelExpiry, scheduleExpiry } from './tasks.jobs.ts';
import { notify, removeTaskNotifications } from '../notifications/index.ts';
import {
  authorizeAssignerEdit,
  authorizeTaskWrite,
  canDeleteTask,
  canManageTask,
  loadTaskAccess,
  sameProject,
} from './tasks.policy.ts';
import { decodeCursor, encodeCursor, newestFirstAfter, presentTask, presentTasks } from './tasks.present.ts';
import {
  currentAssigneeIds,
  currentInviteEmails,
  emitTaskChanged,
  inviteEmailsOf,
  memberIdsOf,
  notifyAboutTask,
  refuseSelf,
  setAssignees,
  tellAssigned,
} from './taskWrites.ts';

const assigneeFields = { ids: 'assigned_to', emails: 'user_email' };
const one = (v: string | undefined) => (v ? [v] : []);

/**
 * Tasks (spec 000 §3, §4, §6, §7). Who may: project members read and create; the assigner changes,
 * completes and resends invitations; a completed task is read-only (authorizeTaskWrite); the
 * assigner or a project creator/admin deletes (canDeleteTask).
 */
export function createTasksService(ctx: AppContext) {
  const { db, events } = ctx;

  return {
    types: () => ({ task_types: TASK_TYPES.map((t) => ({ ...t })) }),

    /** Any member creates (the route's policy, projects.canViewProject, checked before the handler). */
    async create(access: ProjectAccess, body: CreateTaskBody) {
      const { userId } = access;
      const taskId = await events.transaction(db, async (tx, emit) => {
        const recipients = await resolveRecipients(
          ctx,
          tx,
          emit,
          access,
          { userIds: one(body.assigned_to), emails: one(body.user_email) },
          assigneeFields,
        );
        refuseSelf(recipients, userId, body.assigned_to ? 'assigned_to' : 'user_email');
        const day = parseDueDate(body.expire_at)!;
        const [task] = await tx
          .insert(tasks)
          .values({
            projectId: access.project.id,
            taskType: body.task_type,
            description: body.description,
            dueDate: day,
            expireAt: expiryInstant(day, body.tz),
            assignedBy: userId,
          })
          .returning();
        const { added } = await setAssignees(
          tx,
          task.id,
          memberIdsOf(recipients),
          inviteEmailsOf(recipients),
        );
        await scheduleExpiry(ctx, tx, task.id, task.expireAt);
        await tellAssigned(ctx, tx, emit, access, task, recipients, added);
        emitTaskChanged(emit, task, { created: true, added });
        return task.id;
      });
      ctx.jobs.wake();
      return { message: MSG.taskCreated, task_db_id: taskId, task: await presentTask(db, userId, taskId) };
    },

    async update(userId: string, body: UpdateTaskBody) {
      await events.transaction(db, async (tx, emit) => {
        const access = await authorizeAssignerEdit(tx, userId, body.task_db_id);
        sameProject(access, body.project_db_id);
        const before = access.task;
        const recipients = await resolveRecipients(
          ctx,
          tx,
          emit,
          access.project,
          { userIds: one(body.assigned_to), emails: one(body.user_email) },
          assigneeFields,
          { waiting: await currentInviteEmails(tx, before.id) },
        );
        refuseSelf(recipients, userId, body.assigned_to ? 'assigned_to' : 'user_email');
        const day = parseDueDate(body.expire_at)!;
        const expireAt = expiryInstant(day, body.tz);
        const memberIds = memberIdsOf(recipients);
        const { added, removed } = await setAssignees(tx, before.id, memberIds, inviteEmailsOf(recipients));
        // A transfer asked by someone who is no longer on the task is settled by this change.
        const transferSettled =
          before.transferRequestedBy !== null && !memberIds.includes(before.transferRequestedBy);
        const [task] = await tx
          .update(tasks)
          .set({
            taskType: body.task_type,
            description: body.description,
            dueDate: day,
            expireAt,
            // A new date reopens an expired task.
            status:
              before.status === 'expired' ? (before.startedAt ? 'in_progress' : 'pending') : before.status,
            ...(transferSettled
              ? { isTransferRequest: false, transferMessage: null, transferRequestedBy: null }
              : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(tasks.id, before.id))
          .returning();
        if (expireAt.getTime() !== before.expireAt.getTime()) {
          await cancelExpiry(ctx, tx, before.id, before.expireAt);
          await scheduleExpiry(ctx, tx, before.id, expireAt);
        }
        await tellAssigned(ctx, tx, emit, access.project, task, recipients, added);
        emitTaskChanged(emit, task, { added, removed });
      });
      ctx.jobs.wake();
      return {
        message: MSG.taskUpdated,
        task_db_id: body.task_db_id,
        task: await presentTask(db, userId, body.task_db_id),
      };
    },

    /** Readers of the task (the route's policy, tasks.canReadTask, checked before the handler). */
    async detail(userId: string, taskId: string) {
      return presentTask(db, userId, taskId);
    },

    /** A project's tasks, newest first, by keyset on (created_at, id). */
    async list(userId: string, q: TaskListQuery): Promise<TaskPage> {
      const cursor = decodeCursor(q.cursor);
      const where: (SQL | undefined)[] = [eq(tasks.projectId, q.project_db_id)];
      where.push(
        newestFirstAfter({
          keys: [sql`${tasks.createdAt}`, sql`${tasks.id}`],
          from: sql`${tasks}`,
          where: eq(tasks.projectId, q.project_db_id),
          cursor,
          page: q,
        }),
      );
      const rows = await db
        .select({ id: tasks.id, createdAt: tasks.createdAt })
        .from(tasks)
        .where(and(...where))
        .orderBy(desc(tasks.createdAt), desc(tasks.id))
        .limit(q.entries_per_page + 1);
      const page = rows.slice(0, q.entries_per_page);
      const [{ total }] = await db
        .select({ total: count() })
        .from(tasks)
        .where(eq(tasks.projectId, q.project_db_id));
      const last = page.at(-1);
      return {
        total_entries: total,
        data: await presentTasks(
          db,
          userId,
          page.map((r) => r.id),
        ),
        next_cursor: rows.length > page.length && last ? encodeCursor(last.createdAt, last.id) : null,
      };
    },

    /** Only the assigner completes (spec 000 §4); the task is read-only afterwards. */
    async complete(userId: string, taskId: string) {
      await events.transaction(db, async (tx, emit) => {
        const access = await authorizeTaskWrite(tx, userId, taskId, canManageTask, MSG.onlyAssignerCompletes);
        const t = access.task;
        await tx
          .update(tasks)
          .set({
            status: 'completed',
            completedAt: sql`now()`,
            isTransferRequest: false,
            updatedAt: sql`now()`,
          })
          .where(eq(tasks.id, t.id));
        await cancelExpiry(ctx, tx, t.id, t.expireAt);
        await notifyAboutTask(tx, emit, t, {
          userIds: await currentAssigneeIds(tx, t.id),
          type: 'task_completed',
          title: MSG.taskCompletedTitle,
          message: MSG.taskCompletedNotification(access.project.project.title),
          actorUserId: userId,
        });
        emitTaskChanged(emit, t);
        emit('task.completed', { taskId: t.id, projectId: t.projectId });
      });
      return { message: MSG.taskCompleted, task: await presentTask(db, userId, taskId) };
    },

    /**
     * Deletes a task ('Task deleted successfully', spec 002 §8): its chat, unread counters,
     * assignees and invitations go with it (foreign keys cascade), its expiry job is cancelled and
     * notifications pointing at it are removed. The assignees are notified; trays update live.
     */
    async remove(userId: string, body: { project_db_id: string; task_db_id: string }) {
      await events.transaction(db, async (tx, emit) => {
        const access = await loadTaskAccess(tx, userId, body.task_db_id, { lock: true });
        if (!access) throw forbidden(MSG.taskNotFound);
        sameProject(access, body.project_db_id);
        if (!canDeleteTask(access)) throw forbidden(MSG.onlyAssignerOrAdminDeletes);
        const t = access.task;
        const assigneeIds = await currentAssigneeIds(tx, t.id);
        await cancelExpiry(ctx, tx, t.id, t.expireAt);
        await removeTaskNotifications(tx, t.id);
        await tx.delete(tasks).where(eq(tasks.id, t.id));
        await notify(tx, emit, {
          userIds: [...assigneeIds, t.assignedBy],
          type: 'task_deleted',
          title: MSG.taskDeletedTitle,
          message: MSG.taskDeletedNotification(access.project.project.title, taskTypeLabel(t.taskType)),
          projectId: t.projectId,
          actorUserId: userId,
        });
        emit('task.deleted', { taskId: t.id, projectId: t.projectId, assignerId: t.assignedBy, assigneeIds });
      });
      return { message: MSG.taskDeleted, task_db_id: body.task_db_id };
    },

    /** Mails a fresh invitation to an e-mail the task is still waiting for (the assigner). */
    async resendInvite(
      userId: string,
      body: { project_db_id: string; task_db_id: string; user_email: string },
    ) {
      await events.transaction(db, async (tx) => {
        const access = await authorizeAssignerEdit(tx, userId, body.task_db_id);
        sameProject(access, body.project_db_id);
        const email = body.user_email.toLowerCase();
        const [invite] = await tx
          .select({ email: taskInvites.email })
          .from(taskInvites)
          .where(and(eq(taskInvites.taskId, access.task.id), eq(taskInvites.email, email)));
        if (!invite) throw fieldError('user_email', MSG.notInvited);
        await inviteToProject(ctx, tx, access.project, email);
      });
      ctx.jobs.wake();
      return { message: MSG.inviteSent };
    },
  };
}
