import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  groupChatMessages,
  type SendTaskChatBody,
  type TaskChatCounters,
  type TaskChatHistory,
  type TaskChatMessage,
  type TaskChatQuery,
} from '@rushes/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { taskChatCounters, taskChatMessages, taskChatSeen, tasks, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { messageId, parseCursor, senderColumns, nameOf, type Sender } from '../chat/index.ts';
import './tasks.events.ts';
import { emitTaskChanged } from './taskWrites.ts';
import { authorizeTask, authorizeTaskWrite, canReadTask } from './tasks.policy.ts';

type Row = typeof taskChatMessages.$inferSelect;

function present(row: Row, projectId: string, sender: Sender): TaskChatMessage {
  return {
    id: row.id,
    project_id: projectId,
    task_id: row.taskId,
    user: { user_id: sender.id, user_name: nameOf(sender), user_badge_color: sender.badgeColor },
    text: row.text,
    timestamp: row.createdAt.toISOString(),
  };
}

const cursorOf = (row: Row) => `${row.createdAt.toISOString()}_${row.id}`;

async function bump(tx: Tx, taskId: string): Promise<number> {
  const [row] = await tx
    .insert(taskChatCounters)
    .values({ taskId, chatsCount: 1 })
    .onConflictDoUpdate({
      target: taskChatCounters.taskId,
      set: { chatsCount: sql`${taskChatCounters.chatsCount} + 1` },
    })
    .returning({ chatsCount: taskChatCounters.chatsCount });
  return row.chatsCount;
}

/** last_seen_count = chats_count for one user, in one statement. */
async function recordSeen(tx: DbOrTx, taskId: string, userId: string): Promise<number> {
  const current = sql`coalesce((select ${taskChatCounters.chatsCount} from ${taskChatCounters} where ${taskChatCounters.taskId} = ${taskId}), 0)`;
  const [row] = await tx
    .insert(taskChatSeen)
    .values({ taskId, userId, lastSeenCount: current })
    .onConflictDoUpdate({
      target: [taskChatSeen.taskId, taskChatSeen.userId],
      set: { lastSeenCount: current },
    })
    .returning({ lastSeenCount: taskChatSeen.lastSeenCount });
  return row.lastSeenCount;
}

/**
 * Task chat (spec 000 §4, §5, §7): whoever may read the task reads and writes its chat (not once it
 * is completed); 10 per page by keyset on (created_at, id), grouped by the project chat's rule;
 * chats_count per task bumped atomically in the send transaction; unread per user = chats_count −
 * last_seen_count, pushed after the commit. An assignee's first message moves Pending to In Progress.
 */
export function createTaskChatService(ctx: AppContext) {
  const { db, events } = ctx;

  return {
    async history(userId: string, q: TaskChatQuery): Promise<TaskChatHistory> {
      const access = await authorizeTask(db, userId, q.task_db_id, canReadTask);
      const where = [eq(taskChatMessages.taskId, q.task_db_id)];
      if (q.before) {
        const c = parseCursor(q.before);
        where.push(
          sql`(${taskChatMessages.createdAt}, ${taskChatMessages.id}) < (${c.ts}::timestamptz, ${c.id}::uuid)`,
        );
      }
      const rows = await db
        .select({ m: taskChatMessages, sender: senderColumns })
        .from(taskChatMessages)
        .innerJoin(users, eq(users.id, taskChatMessages.userId))
        .where(and(...where))
        .orderBy(desc(taskChatMessages.createdAt), desc(taskChatMessages.id))
        .limit(q.entries_per_page + 1)
        .offset(q.before ? 0 : (q.page_no - 1) * q.entries_per_page);
      const page = rows.slice(0, q.entries_per_page);
      const [{ total }] = await db
        .select({ total: count() })
        .from(taskChatMessages)
        .where(eq(taskChatMessages.taskId, q.task_db_id));
      const oldest = page.at(-1);
      return {
        task_db_id: q.task_db_id,
        total_entries: total,
        next_before: rows.length > page.length && oldest ? cursorOf(oldest.m) : null,
        messages: groupChatMessages(
          page.reverse().map((r) => present(r.m, access.task.projectId, r.sender)),
          { timeZone: q.tz, now: new Date() },
        ),
      };
    },

    async send(
      userId: string,
      body: SendTaskChatBody,
    ): Promise<{ message: TaskChatMessage; chats_count: number }> {
      return events.transaction(db, async (tx, emit) => {
        // The task row lock orders senders of one task; clock_timestamp() after it keeps commit
        // order and (created_at, id) order the same, so a page read between two sends has no gap.
        const access = await authorizeTaskWrite(tx, userId, body.task_db_id, canReadTask);
        const t = access.task;
        const [row] = await tx
          .insert(taskChatMessages)
          .values({
            id: messageId(),
            taskId: t.id,
            userId,
            text: body.text,
            createdAt: sql`clock_timestamp()`,
          })
          .returning();
        const chatsCount = await bump(tx, t.id);
        const [sender] = await tx.select(senderColumns).from(users).where(eq(users.id, userId));
        if (!sender) throw notFound();
        if (access.isAssignee) {
          const started = await tx
            .update(tasks)
            .set({
              startedAt: sql`now()`,
              status: sql`case when ${tasks.status} = 'pending' then 'in_progress' else ${tasks.status} end`,
              updatedAt: sql`now()`,
            })
            .where(and(eq(tasks.id, t.id), isNull(tasks.startedAt)))
            .returning({ id: tasks.id });
          if (started.length) {
            emitTaskChanged(emit, t);
          }
        }
        const message = present(row, t.projectId, sender);
        emit('task.chat_sent', {
          taskId: t.id,
          projectId: t.projectId,
          senderId: userId,
          message,
          chatsCount,
        });
        return { message, chats_count: chatsCount };
      });
    },

    /** The caller read the chat: last_seen_count = chats_count. */
    async seen(userId: string, taskId: string): Promise<TaskChatCounters> {
      return events.transaction(db, async (tx, emit) => {
        const access = await authorizeTask(tx, userId, taskId, canReadTask);
        const seen = await recordSeen(tx, taskId, userId);
        emit('task.chat_seen', { taskId, projectId: access.task.projectId, userId, chatsCount: seen });
        return { task_db_id: taskId, chats_count: seen, last_seen_count: seen, unread: 0 };
      });
    },
  };
}

/** Unread counts of the people on a task (assigner and assignees) but one, in one query. */
export async function unreadOnTask(db: DbOrTx, taskId: string, exceptUserId: string) {
  const rows = await db.execute(sql`
    select p.user_id, coalesce(c.chats_count, 0)::int as chats_count, coalesce(s.last_seen_count, 0)::int as last_seen
    from (
      select assigned_by as user_id from ${tasks} where id = ${taskId}
      union select user_id from task_assignees where task_id = ${taskId}
    ) p
    left join ${taskChatCounters} c on c.task_id = ${taskId}
    left join ${taskChatSeen} s on s.task_id = ${taskId} and s.user_id = p.user_id
    where p.user_id <> ${exceptUserId}`);
  const list = (rows as unknown as { rows: { user_id: string; chats_count: number; last_seen: number }[] })
    .rows;
  return list.map((r) => ({
    userId: r.user_id,
    chatsCount: Number(r.chats_count),
    unread: Math.max(0, Number(r.chats_count) - Number(r.last_seen)),
  }));
}
