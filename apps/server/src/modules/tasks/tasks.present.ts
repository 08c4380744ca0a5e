import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { taskStatusLabel, taskTypeLabel, type Task, displayName } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { afterPageNo } from '../../db/pageNo.ts';
import { projectMembers, projects, taskAssignees, taskInvites, tasks, users } from '../../db/schema/index.ts';
import { countsOf } from '../chat/index.ts';
import { encodeKeyset, isCursorId, readKeyset } from '../../platform/http/cursor.ts';

/**
 * Tasks as one viewer sees them (spec 000 §3 Task), for any number of tasks in four queries: the
 * rows with project title, assigner, transfer requester and the viewer's unread count; assignees;
 * invited e-mails. Answers in the order of `taskIds`; unknown ids are skipped.
 */
const nameOf = (u: { firstName: string; lastName: string }) => displayName(u.firstName, u.lastName);

export async function presentTasks(db: DbOrTx, viewerId: string, taskIds: string[]): Promise<Task[]> {
  if (taskIds.length === 0) return [];
  const assigner = alias(users, 'assigner');
  const requester = alias(users, 'requester');
  const rows = await db
    .select({
      t: tasks,
      projectTitle: projects.title,
      viewerRole: projectMembers.role,
      assigner: { id: assigner.id, firstName: assigner.firstName, lastName: assigner.lastName },
      requester: { id: requester.id, firstName: requester.firstName, lastName: requester.lastName },
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(assigner, eq(assigner.id, tasks.assignedBy))
    .leftJoin(requester, eq(requester.id, tasks.transferRequestedBy))
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, tasks.projectId), eq(projectMembers.userId, viewerId)),
    )
    .where(inArray(tasks.id, taskIds));
  const assignees = await db
    .select({
      taskId: taskAssignees.taskId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(taskAssignees)
    .innerJoin(users, eq(users.id, taskAssignees.userId))
    .where(inArray(taskAssignees.taskId, taskIds))
    .orderBy(taskAssignees.createdAt, users.id);
  const invites = await db
    .select({ taskId: taskInvites.taskId, email: taskInvites.email })
    .from(taskInvites)
    .where(inArray(taskInvites.taskId, taskIds))
    .orderBy(taskInvites.createdAt, taskInvites.email);

  // chats_count and the viewer's last_seen_count of each task's chat, read in one statement
  const counts = await countsOf(db, 'task', taskIds, viewerId);
  const byId = new Map(rows.map((r) => [r.t.id, r]));
  return taskIds.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const t = r.t;
    const chat = counts.get(id) ?? { chatsCount: 0, lastSeen: 0 };
    const people = assignees.filter((a) => a.taskId === id);
    const isAssigner = t.assignedBy === viewerId;
    const isAssignee = people.some((a) => a.id === viewerId);
    const open = t.status !== 'completed';
    const status = { task_status: t.status, is_transfer_request: t.isTransferRequest };
    return [
      {
        task_db_id: t.id,
        project_db_id: t.projectId,
        project_title: r.projectTitle,
        task_type: t.taskType,
        task_type_label: taskTypeLabel(t.taskType),
        task_status: t.status,
        task_status_label: taskStatusLabel(status),
        is_completed: t.status === 'completed',
        is_transfer_request: t.isTransferRequest,
        transfer_message: t.transferMessage,
        transfer_requested_by: r.requester ? { user_id: r.requester.id, name: nameOf(r.requester) } : null,
        expire_at: t.expireAt.toISOString(),
        due_date: t.dueDate,
        description: t.description,
        assigned_by: { user_id: r.assigner.id, name: nameOf(r.assigner) },
        assigned_to_user_profiles: people.map((a) => ({ user_id: a.id, name: nameOf(a) })),
        invited_team_members: invites.filter((i) => i.taskId === id).map((i) => i.email),
        unread_messages: Math.max(0, chat.chatsCount - chat.lastSeen),
        chats_count: chat.chatsCount,
        created_on: t.createdAt.toISOString(),
        updated_on: t.updatedAt.toISOString(),
        completed_on: t.completedAt ? t.completedAt.toISOString() : null,
        can_edit: isAssigner && open,
        can_complete: isAssigner && open,
        can_delete: isAssigner || r.viewerRole === 'creator' || r.viewerRole === 'admin',
        can_request_transfer: isAssignee && open && !t.isTransferRequest,
        can_answer_transfer: isAssigner && open && t.isTransferRequest,
        can_chat: open,
      },
    ];
  });
}

export async function presentTask(db: DbOrTx, viewerId: string, taskId: string): Promise<Task> {
  const [task] = await presentTasks(db, viewerId, [taskId]);
  if (!task) throw new Error(`task ${taskId} vanished`);
  return task;
}

// ---- keyset cursors: base64url of [created_at ISO, id] ----

export type Cursor = { ts: string; id: string };
export const encodeCursor = (ts: Date, id: string) => encodeKeyset([ts.toISOString(), id]);

/** An unreadable cursor starts from the first page (null), unlike the other lists' 400. */
export function decodeCursor(raw: string | undefined): Cursor | null {
  const v = raw ? readKeyset(raw) : null;
  if (
    v &&
    v.length === 2 &&
    typeof v[0] === 'string' &&
    !Number.isNaN(Date.parse(v[0])) &&
    isCursorId(v[1])
  ) {
    return { ts: v[0], id: v[1] };
  }
  return null;
}

/**
 * Where a page of a task list starts, newest first by `keys` (created_at, then the task's id): after
 * the `cursor`, or without one at the spec's page_no over the rows `from` and `where` select
 * (db/pageNo.ts). The project's list and both trays page this way.
 */
export function newestFirstAfter(o: {
  keys: [SQL, SQL];
  from: SQL;
  where: SQL | undefined;
  cursor: Cursor | null;
  page: { page_no: number; entries_per_page: number };
}): SQL | undefined {
  if (o.cursor)
    return sql`(${o.keys[0]}, ${o.keys[1]}) < (${o.cursor.ts}::timestamptz, ${o.cursor.id}::uuid)`;
  return afterPageNo({
    keys: o.keys,
    order: 'desc',
    from: o.from,
    where: o.where,
    pageNo: o.page.page_no,
    perPage: o.page.entries_per_page,
  });
}
