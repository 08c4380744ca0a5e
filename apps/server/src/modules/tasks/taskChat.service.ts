import { and, eq, isNull, sql } from 'drizzle-orm';
import type {
  SendTaskChatBody,
  TaskChatCounters,
  TaskChatHistory,
  TaskChatMessage,
  TaskChatQuery,
} from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { taskAssignees, tasks } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  appendMessage,
  markSeen,
  pageMessages,
  presentChatMessage,
  unreadOfPeople,
  type ConversationRef,
  type MessageRow,
  type Sender,
} from '../chat/index.ts';
import './tasks.events.ts';
import { emitTaskChanged } from './taskWrites.ts';
import { authorizeTaskWrite, canReadTask, type TaskAccess } from './tasks.policy.ts';

const taskChat = (t: { id: string; projectId: string }): ConversationRef => ({
  kind: 'task',
  projectId: t.projectId,
  taskId: t.id,
});

function present(row: MessageRow, sender: Sender, t: { id: string; projectId: string }): TaskChatMessage {
  return { ...presentChatMessage(row, sender, t.projectId), task_id: t.id };
}

/**
 * Task chat (spec 000 §4, §5, §7): whoever may read the task reads and writes its chat (not once it
 * is completed); 10 per page. Storage, chats_count, last_seen_count, keyset paging, the shared
 * grouping rule and the ordering guarantee are the chat core's (modules/chat, conversation kind
 * 'task'), the same as the project chat's. An assignee's first message moves Pending to In Progress.
 */
export function createTaskChatService(ctx: AppContext) {
  const { db, events } = ctx;

  return {
    /** Readers of the task (the route's policy, tasks.canReadTask, loaded the task before the handler). */
    async history(access: TaskAccess, q: TaskChatQuery): Promise<TaskChatHistory> {
      const t = access.task;
      const page = await pageMessages(db, taskChat(t), q, (row, sender) => present(row, sender, t));
      return { task_db_id: q.task_db_id, ...page };
    },

    async send(
      userId: string,
      body: SendTaskChatBody,
    ): Promise<{ message: TaskChatMessage; chats_count: number }> {
      return events.transaction(db, async (tx, emit) => {
        const access = await authorizeTaskWrite(tx, userId, body.task_db_id, canReadTask);
        const t = access.task;
        const { row, sender, chatsCount } = await appendMessage(tx, taskChat(t), { userId, text: body.text });
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
        const message = present(row, sender, t);
        // Read here, in the send's transaction: the hint after the commit carries each other
        // person's unread, so publishing it reads no database.
        const unread = await unreadOnTask(tx, t.id, userId);
        emit('task.chat_sent', {
          taskId: t.id,
          projectId: t.projectId,
          senderId: userId,
          message,
          chatsCount,
          unread,
        });
        return { message, chats_count: chatsCount };
      });
    },

    /** The caller read the chat: last_seen_count = chats_count. */
    async seen(access: TaskAccess): Promise<TaskChatCounters> {
      const { userId } = access.project;
      const taskId = access.task.id;
      return events.transaction(db, async (tx, emit) => {
        const seen = await markSeen(tx, taskChat(access.task), userId);
        emit('task.chat_seen', { taskId, projectId: access.task.projectId, userId, chatsCount: seen });
        return { task_db_id: taskId, chats_count: seen, last_seen_count: seen, unread: 0 };
      });
    },
  };
}

/** Unread counts of the people on a task (assigner and assignees) but one. */
export async function unreadOnTask(db: DbOrTx, taskId: string, exceptUserId: string) {
  const [task] = await db
    .select({ projectId: tasks.projectId, assignedBy: tasks.assignedBy })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  if (!task) return [];
  const assignees = await db
    .select({ userId: taskAssignees.userId })
    .from(taskAssignees)
    .where(eq(taskAssignees.taskId, taskId));
  const people = [...new Set([task.assignedBy, ...assignees.map((a) => a.userId)])].filter(
    (id) => id !== exceptUserId,
  );
  return unreadOfPeople(db, taskChat({ id: taskId, projectId: task.projectId }), people);
}
