import { and, eq, inArray } from 'drizzle-orm';
import type { TaskTrayName } from '@rushes/shared';
import { projectMembers, tasks } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import './tasks.events.ts';
import { claimTaskInvites } from './taskInvites.ts';
import { canJoinTaskRoom } from './tasks.policy.ts';
import { presentTask } from './tasks.present.ts';
import { currentAssigneeIds } from './taskWrites.ts';

/**
 * Tasks → realtime (DESIGN §5; spec 002 §3 tray updates). The project room hears that a task
 * changed (the list refetches through the API); the assigner's 'My Tasks' and each assignee's
 * 'Assigned Tasks' get the card as that person sees it (add first / replace / remove). Task chat
 * messages go to task:{id}, joined by whoever may read the task; unread counts to the user rooms of
 * the people on the task.
 */
export function registerTaskMappers(ctx: AppContext) {
  const { events, realtime, db } = ctx;

  events.on('task.changed', async ({ taskId, projectId, created, addedUserIds, removedUserIds }) => {
    realtime.toRoom(`project:${projectId}`, 'tasks_changed', {
      project_db_id: projectId,
      task_db_id: taskId,
    });
    const [row] = await db.select({ assignedBy: tasks.assignedBy }).from(tasks).where(eq(tasks.id, taskId));
    if (!row) return;
    const people = [row.assignedBy, ...(await currentAssigneeIds(db, taskId))];
    // Only people still in the project hear about its tasks (someone removed keeps no window on it).
    const members = new Set(
      (
        await db
          .select({ userId: projectMembers.userId })
          .from(projectMembers)
          .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.userId, people)))
      ).map((m) => m.userId),
    );
    const send = async (userId: string, tray: TaskTrayName, isNew: boolean) => {
      if (!members.has(userId)) return;
      const task = await presentTask(db, userId, taskId);
      realtime.toUser(userId, isNew ? 'task_add' : 'task_update', { tray, task });
    };
    await send(row.assignedBy, 'assigned_tasks', created);
    for (const userId of people.slice(1)) {
      await send(userId, 'my_tasks', addedUserIds.includes(userId));
    }
    for (const userId of removedUserIds) {
      realtime.toUser(userId, 'task_delete', { tray: 'my_tasks', task_db_id: taskId });
    }
  });

  events.on('task.deleted', ({ taskId, projectId, assignerId, assigneeIds }) => {
    realtime.toRoom(`project:${projectId}`, 'tasks_changed', {
      project_db_id: projectId,
      task_db_id: taskId,
    });
    realtime.toUser(assignerId, 'task_delete', { tray: 'assigned_tasks', task_db_id: taskId });
    for (const userId of assigneeIds) {
      realtime.toUser(userId, 'task_delete', { tray: 'my_tasks', task_db_id: taskId });
    }
    for (const userId of [assignerId, ...assigneeIds]) realtime.evictUser(userId, `task:${taskId}`);
  });

  events.on('task.chat_sent', ({ taskId, projectId, message, chatsCount, unread }) => {
    realtime.toRoom(`task:${taskId}`, 'task_chat_message', {
      task_db_id: taskId,
      message,
      chats_count: chatsCount,
    });
    for (const m of unread) {
      realtime.toUser(m.userId, 'task_chat_unread', {
        task_db_id: taskId,
        project_db_id: projectId,
        unread: m.unread,
        chats_count: m.chatsCount,
      });
    }
  });

  events.on('task.chat_seen', ({ taskId, projectId, userId, chatsCount }) =>
    realtime.toUser(userId, 'task_chat_unread', {
      task_db_id: taskId,
      project_db_id: projectId,
      unread: 0,
      chats_count: chatsCount,
    }),
  );

  // People who join a project take over the tasks waiting for their e-mail: a durable subscriber
  // (a job enqueued in the joining transaction), so a crash after that commit loses no assignment.
  events.on(
    'project.changed',
    ({ projectId, addedUserIds }) => claimTaskInvites(ctx, projectId, addedUserIds),
    {
      durable: true,
      id: 'tasks.claim_invites',
      when: ({ addedUserIds }) => addedUserIds.length > 0,
    },
  );

  // People who leave a project leave its task rooms (they may no longer read those tasks).
  events.on('project.changed', async ({ projectId, removedUserIds }) => {
    if (removedUserIds.length) {
      const ids = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.projectId, projectId));
      for (const userId of removedUserIds) for (const t of ids) realtime.evictUser(userId, `task:${t.id}`);
    }
  });
}

/** Joining task:{id} needs the right to read the task. */
export function taskRoom(ctx: AppContext) {
  return (userId: string, taskId: string) => canJoinTaskRoom(ctx.db, userId, taskId);
}
