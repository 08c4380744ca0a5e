import type { AppContext } from '../../platform/context.ts';
import { purgeAudit } from './audit.service.ts';

declare module '../../platform/jobs/queue.ts' {
  interface JobDefinitions {
    'audit.purge': Record<string, never>;
  }
}

/**
 * The next daily purge: 03:00 UTC after `from`, keyed by that day, so every node of a cluster
 * scheduling it enqueues one run.
 */
export function nextPurge(from = Date.now()) {
  const day = 86_400_000;
  const at = Math.floor(from / day) * day + 3 * 3_600_000;
  const runAt = new Date(at > from ? at : at + day);
  return { runAt, singletonKey: `audit.purge:${runAt.toISOString().slice(0, 10)}` };
}

export const schedulePurge = (ctx: AppContext, from = Date.now()) =>
  ctx.jobs.enqueue(ctx.db, 'audit.purge', {}, nextPurge(from));

/** The 'audit.purge' handler: deletes what is past the retention, then books tomorrow's run. */
export function purgeJob(ctx: AppContext) {
  return async () => {
    await purgeAudit(ctx);
    await schedulePurge(ctx);
  };
}
