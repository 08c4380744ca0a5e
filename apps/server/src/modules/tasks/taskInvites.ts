import { and, eq, inArray } from 'drizzle-orm';
import { taskAssignees, taskInvites, tasks } from '../../db/schema/index.ts';
import { MSG } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { userIdsByEmail } from '../users/index.ts';
import './tasks.events.ts';
import { emitTaskChanged, notifyAboutTask } from './taskWrites.ts';

/**
 * When people join a project (an invitation accepted, or added by a manager), the tasks of that
 * project waiting for their e-mail become theirs: the address turns into an assignee, in one
 * transaction, idempotently (a second run finds nothing to claim).
 */
export async function claimTaskInvites(ctx: AppContext, projectId: string, userIds: string[]) {
  await ctx.events.transaction(ctx.db, async (tx, emit) => {
    const joiners = await userIdsByEmail(tx, userIds);
    if (joiners.size === 0) return;
    const waiting = await tx
      .select({ taskId: taskInvites.taskId, email: taskInvites.email, assignedBy: tasks.assignedBy })
      .from(taskInvites)
      .innerJoin(tasks, eq(tasks.id, taskInvites.taskId))
      .where(and(eq(tasks.projectId, projectId), inArray(taskInvites.email, [...joiners.keys()])));
    for (const w of waiting) {
      const personId = joiners.get(w.email);
      if (!personId) continue;
      await tx
        .delete(taskInvites)
        .where(and(eq(taskInvites.taskId, w.taskId), eq(taskInvites.email, w.email)));
      if (personId === w.assignedBy) continue;
      const added = await tx
        .insert(taskAssignees)
        .values({ taskId: w.taskId, userId: personId })
        .onConflictDoNothing()
        .returning({ userId: taskAssignees.userId });
      const task = { id: w.taskId, projectId };
      const addedIds = added.map((a) => a.userId);
      await notifyAboutTask(tx, emit, task, {
        userIds: addedIds,
        type: 'task_assigned',
        title: MSG.taskAssignedTitle,
        message: MSG.taskAssignedOnJoinNotification,
        actorUserId: w.assignedBy,
      });
      emitTaskChanged(emit, task, { added: addedIds });
    }
  });
}
