import { and, eq, sql } from 'drizzle-orm';
import { CLOUD_TEXT } from '@rushes/shared';
import type { Tx } from '../../db/client.ts';
import { cloudQueue } from '../../db/schema/index.ts';
import type { Emit } from '../../platform/events/bus.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import { notify } from '../notifications/index.ts';
import { firstWaiting, heldMachines, lockCapacity } from './cloud.sql.ts';
import './cloud.events.ts';

/**
 * The queue (spec 001 §4): when a machine of a hardware kind frees up, the first in line gets it
 * offered (machine_available) and must confirm (book) within the window, else the offer expires and
 * the next one gets it. Runs under the hardware's capacity lock, so an offer never overbooks.
 */
export async function offerFreeMachines(tx: Tx, emit: Emit, hardwareSlug: string, confirmSeconds: number) {
  const capacity = await lockCapacity(tx, hardwareSlug);
  let free = capacity - (await heldMachines(tx, hardwareSlug));
  while (free > 0) {
    const next = await firstWaiting(tx, hardwareSlug);
    if (!next) return;
    const [offered] = await tx
      .update(cloudQueue)
      .set({ status: 'offered', offeredUntil: sql`now() + make_interval(secs => ${confirmSeconds})` })
      .where(and(eq(cloudQueue.id, next.id), eq(cloudQueue.status, 'waiting')))
      .returning();
    if (!offered) return;
    await enqueueJob(tx, 'cloud.offerExpire', { entryId: next.id }, { delaySeconds: confirmSeconds });
    await notify(tx, emit, {
      userIds: [next.userId],
      type: 'cloud_session',
      title: CLOUD_TEXT.panelTitle,
      message: CLOUD_TEXT.queueOffered,
      projectId: next.projectId,
      taskId: next.taskId,
      actorUserId: null,
    });
    emit('cloud.changed', { userId: next.userId, sessionId: null });
    free -= 1;
  }
}

/** The offer expiry job: still offered and past its window → expired, and the next in line. */
export async function expireOffer(tx: Tx, emit: Emit, entryId: string, confirmSeconds: number) {
  const [expired] = await tx
    .update(cloudQueue)
    .set({ status: 'expired' })
    .where(
      and(
        eq(cloudQueue.id, entryId),
        eq(cloudQueue.status, 'offered'),
        sql`${cloudQueue.offeredUntil} <= now()`,
      ),
    )
    .returning();
  if (!expired) return false;
  emit('cloud.changed', { userId: expired.userId, sessionId: null });
  await offerFreeMachines(tx, emit, expired.hardwareSlug, confirmSeconds);
  return true;
}
