import type { AppContext } from './context.ts';
import { purgeExpiredSessions } from './auth/sessions.ts';
import { nextClockHour } from './jobs/hourly.ts';

declare module './jobs/queue.ts' {
  interface JobDefinitions {
    'maintenance.hourly': Record<string, never>;
  }
}

/** One maintenance run per clock hour across the cluster: the hour is the singleton key. */
function scheduleNextHour(ctx: AppContext, from = Date.now()) {
  return ctx.jobs.enqueue(ctx.db, 'maintenance.hourly', {}, nextClockHour('maintenance.hourly', from));
}

/** Housekeeping: expired sessions, old finished jobs. Each run schedules the next hour's. */
export function maintenanceJob(ctx: AppContext) {
  return async () => {
    await purgeExpiredSessions(ctx.db);
    await ctx.jobs.purgeFinished(24 * 7);
    await scheduleNextHour(ctx);
  };
}

/** Called once at start-up on every node; the hour's key dedupes them. */
export async function scheduleMaintenance(ctx: AppContext) {
  await scheduleNextHour(ctx);
}
