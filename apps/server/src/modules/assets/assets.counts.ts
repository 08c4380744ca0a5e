import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import { assetEntries, assetVersions, assets } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ModuleLog } from '../../platform/modules.ts';
import { nextClockHour } from '../../platform/jobs/hourly.ts';

declare module '../../platform/jobs/queue.ts' {
  interface JobDefinitions {
    /** Recounts asset_entries (and the in_stack marks) and fixes what drifted; hourly. */
    'assets.check_counts': Record<string, never>;
  }
}

/** Count rows checked per transaction. */
const BATCH = 500;

/**
 * The hourly check of the kept counts: triggers keep asset_entries in the writing
 * transaction, this corrects whatever drifted anyway (a manual edit, a bug). Each batch locks its
 * count rows first (a writer's trigger takes the same row lock), then counts with a snapshot taken
 * after the lock, so a write in flight is either seen by the count or applied after the fix.
 * Answers how many rows it corrected.
 */
export async function checkAssetCounts(ctx: AppContext): Promise<number> {
  let fixed = 0;
  // in_stack mirrors asset_versions
  const marks = await rowsOf<{ id: string }>(
    ctx.db,
    sql`update ${assets} a set in_stack = not a.in_stack
      where a.in_stack <> exists (select 1 from ${assetVersions} v where v.asset_id = a.id) returning a.id`,
  );
  fixed += marks.length;
  // containers whose count row is missing
  const missing = await rowsOf<{ id: string }>(
    ctx.db,
    sql`insert into ${assetEntries} (container_id, project_id, entries)
      select coalesce(a.parent_id, a.project_id), a.project_id, count(*) filter (where not a.in_stack)::int
      from ${assets} a
      where not exists (select 1 from ${assetEntries} e where e.container_id = coalesce(a.parent_id, a.project_id))
      group by 1, 2
      on conflict (container_id) do nothing
      returning container_id as id`,
  );
  fixed += missing.length;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const locked = await rowsOf<{ id: string; entries: number }>(
        tx,
        sql`select container_id as id, entries from ${assetEntries} where container_id > ${after}::uuid
          order by container_id limit ${BATCH} for update`,
      );
      if (locked.length === 0) return null;
      const ids = sql.param(locked.map((r) => r.id));
      const corrected = await rowsOf<{ id: string }>(
        tx,
        sql`update ${assetEntries} e set entries = c.n::int
          from unnest(${ids}::uuid[]) as k(id)
          cross join lateral (
            select (select count(*) from ${assets} a where a.parent_id = k.id and not a.in_stack)
              + (select count(*) from ${assets} a
                 where a.parent_id is null and a.project_id = k.id and not a.in_stack) as n
          ) c
          where e.container_id = k.id and e.entries <> c.n
          returning e.container_id as id`,
      );
      return { last: locked[locked.length - 1].id, fixed: corrected.length };
    });
    if (!batch) break;
    fixed += batch.fixed;
    after = batch.last;
  }
  return fixed;
}

/** One check per clock hour across the cluster (the hour is the singleton key). */
export function scheduleCountCheck(ctx: AppContext, from = Date.now()) {
  return ctx.jobs.enqueue(ctx.db, 'assets.check_counts', {}, nextClockHour('assets.check_counts', from));
}

/** The 'assets.check_counts' handler (declared by the assets manifest). */
export function checkCountsJob(ctx: AppContext, log: ModuleLog) {
  return async () => {
    const fixed = await checkAssetCounts(ctx);
    if (fixed > 0) log.warn({ fixed }, 'asset counts corrected');
    await scheduleCountCheck(ctx);
  };
}
