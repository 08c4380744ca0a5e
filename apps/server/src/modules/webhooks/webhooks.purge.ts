import { and, inArray, lt, ne } from 'drizzle-orm';
import { webhookDeliveries } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import './webhooks.events.ts';

const DAY = 86_400_000;
/** rows one delete takes, so a large backlog never holds one long lock */
const BATCH = 5000;

/**
 * The next daily purge: 03:30 UTC after `from`, keyed by that day, so every node of a cluster
 * scheduling it at start-up enqueues one run.
 */
export function nextDeliveriesPurge(from = Date.now()) {
  const at = Math.floor(from / DAY) * DAY + 3.5 * 3_600_000;
  const runAt = new Date(at > from ? at : at + DAY);
  return { runAt, singletonKey: `webhooks.purge:${runAt.toISOString().slice(0, 10)}` };
}

export const scheduleDeliveriesPurge = (ctx: AppContext, from = Date.now()) =>
  ctx.jobs.enqueue(ctx.db, 'webhooks.purge', {}, nextDeliveriesPurge(from));

/**
 * Deletes the deliveries (with their attempts) made more than WEBHOOK_DELIVERY_RETENTION_DAYS ago;
 * one still waiting for an attempt stays until it settles. Returns how many went.
 */
export async function purgeDeliveries(ctx: AppContext, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.config.WEBHOOK_DELIVERY_RETENTION_DAYS * DAY);
  const old = and(lt(webhookDeliveries.createdAt, cutoff), ne(webhookDeliveries.status, 'pending'));
  let total = 0;
  for (;;) {
    const batch = ctx.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(old).limit(BATCH);
    const gone = await ctx.db
      .delete(webhookDeliveries)
      .where(inArray(webhookDeliveries.id, batch))
      .returning({ id: webhookDeliveries.id });
    total += gone.length;
    if (gone.length < BATCH) return total;
  }
}

/** The 'webhooks.purge' handler: deletes what is past the retention, then books tomorrow's run. */
export function purgeDeliveriesJob(ctx: AppContext) {
  return async () => {
    await purgeDeliveries(ctx);
    await scheduleDeliveriesPurge(ctx);
  };
}
