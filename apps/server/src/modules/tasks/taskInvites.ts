import { and, eq, inArray, sql } from 'drizzle-orm';
import { taskAssignees, taskInvites, tasks, users } from '../../db/schema/index.ts';
import { MSG } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { notify } from '../notifications/notifications.service.ts';
import './tasks.events.ts';

/**
 * When people join a project (an invitation accepted, or added by a manager), the tasks of that
 * project waiting for their e-mail become theirs: the address turns into an assignee, in one
 * transaction, idempotently (a second run finds nothing to claim).
 */
export async function claimTaskInvites(ctx: AppContext, projectId: string, userIds: string[]) {
  await ctx.events.transaction(ctx.db, async (tx, emit) => {
    const people = await tx
      .select({ id: users.id, email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(users.id, userIds));
    if (people.length === 0) return;
    const waiting = await tx
      .select({ taskId: taskInvites.taskId, email: taskInvites.email, assignedBy: tasks.assignedBy })
      .from(taskInvites)
      .innerJoin(tasks, eq(tasks.id, taskInvites.taskId))
      .where(
        and(
          eq(tasks.projectId, projectId),
          inArray(
            taskInvites.email,
            people.map((p) => p.email),
          ),
        ),
      );
    for (const w of waiting) {
      const person = people.find((p) => p.email === w.email);
      if (!person) continue;
      await tx
        .delete(taskInvites)
        .where(and(eq(taskInvites.taskId, w.taskId), eq(taskInvites.email, w.email)));
      if (person.id === w.assignedBy) continue;
      const added = await tx
        .insert(taskAssignees)
        .values({ taskId: w.taskId, userId: person.id })
        .onConflictDoNothing()
        .returning({ userId: taskAssignees.userId });
      await notify(tx, emit, {
        userIds: added.map((a) => a.userId),
        type: 'task_assigned',
        title: MSG.taskAssignedTitle,
        message: 'You were assigned a task in a project you just joined',
        projectId,
        taskId: w.taskId,
        actorUserId: w.assignedBy,
      });
      emit('task.changed', {
        taskId: w.taskId,
        projectId,
        created: false,
        addedUserIds: added.map((a) => a.userId),
        removedUserIds: [],
      });
    }
  });
}
