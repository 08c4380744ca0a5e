import type { AppContext } from './context.ts';
import type { JobName } from './jobs/queue.ts';
import { purgeExpiredSessions } from './auth/sessions.ts';

declare module './jobs/queue.ts' {
  interface JobDefinitions {
    'maintenance.hourly': Record<string, never>;
  }
}

/** Every job name the app declares; boot fails if one has no handler (typed registry, DESIGN §7). */
export const JOB_NAMES = ['mail.deliver', 'maintenance.hourly'] as const satisfies readonly JobName[];

const HOURLY_KEY = 'maintenance.hourly';

/** Housekeeping: expired sessions, finished jobs. Re-schedules itself once an hour (one per cluster). */
export function registerPlatformJobs(ctx: AppContext) {
  const { jobs, db } = ctx;
  jobs.register('maintenance.hourly', async () => {
    await purgeExpiredSessions(db);
    await jobs.purgeFinished(24 * 7);
    await jobs.cancel(db, HOURLY_KEY);
    await jobs.enqueue(db, 'maintenance.hourly', {}, { delaySeconds: 3600, singletonKey: HOURLY_KEY });
  });
}

/** Called once at start-up: makes sure the hourly job exists (the singleton key dedupes across nodes). */
export async function scheduleMaintenance(ctx: AppContext) {
  await ctx.jobs.enqueue(ctx.db, 'maintenance.hourly', {}, { delaySeconds: 60, singletonKey: HOURLY_KEY });
}
