import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tasks } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { JobData, JobHandler } from '../../platform/jobs/queue.ts';
import './tasks.events.ts';
import { emitTaskChanged } from './taskWrites.ts';

/**
 * Task expiry (spec 000 §4 Expired) as a durable timer: a 'tasks.expire' job whose run-at is the
 * task's expire_at, written in the transaction that sets the date, so it survives restarts and runs
 * on whichever node claims it. The key carries the instant: moving the date cancels the old timer
 * and queues a new one; a timer that runs anyway checks expire_at against the database clock.
 */
const keyOf = (taskId: string, expireAt: Date) => `tasks.expire:${taskId}:${expireAt.toISOString()}`;

export async function scheduleExpiry(ctx: AppContext, tx: Tx, taskId: string, expireAt: Date) {
  await ctx.jobs.enqueue(
    tx,
    'tasks.expire',
    { taskId },
    { runAt: expireAt, singletonKey: keyOf(taskId, expireAt) },
  );
}

export async function cancelExpiry(ctx: AppContext, tx: Tx, taskId: string, expireAt: Date) {
  await ctx.jobs.cancel(tx, keyOf(taskId, expireAt));
}

/** The 'tasks.expire' handler (declared by the tasks manifest). */
export function expireTaskJob(ctx: AppContext): JobHandler<JobData<'tasks.expire'>> {
  const { db, events } = ctx;
  return async ({ taskId }) => {
    await events.transaction(db, async (tx, emit) => {
      const expired = await tx
        .update(tasks)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(
          and(
            eq(tasks.id, taskId),
            inArray(tasks.status, ['pending', 'in_progress']),
            lte(tasks.expireAt, sql`now()`),
          ),
        )
        .returning({ projectId: tasks.projectId });
      if (expired[0]) {
        emitTaskChanged(emit, { id: taskId, projectId: expired[0].projectId });
      }
    });
  };
}
