/**
 * The SQL of the job queue, one function per statement. Everything here works on both drivers
 * (node-postgres and PGlite) and inside a caller's transaction where it takes a `DbOrTx`.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rowsOfResult } from '../../db/rows.ts';
import { jobs } from '../../db/schema/platform.ts';

export interface EnqueueOptions {
  /** Run at or after this instant (the database clock decides when "now" is). */
  runAt?: Date;
  /** Run this many seconds after the enqueuing statement (database clock). Not together with runAt. */
  delaySeconds?: number;
  /**
   * At most one pending (queued or active) job per key: a second enqueue with the same key is
   * ignored and returns null. The key is released when the job ends (done or failed), so the same
   * key can be scheduled again later — but not from the job's own handler (it is still active then).
   */
  singletonKey?: string;
  /** Total runs before the job is marked failed (default: the column default, 5). */
  maxAttempts?: number;
}

/** A claimed job, as the worker sees it. */
export interface ClaimedJob {
  id: number;
  name: string;
  data: unknown;
  /** Runs so far, this one included (1 on the first run). */
  attempts: number;
  maxAttempts: number;
}

/** Longest wait between two attempts. */
export const MAX_BACKOFF_SECONDS = 600;

/** Seconds to wait before the next attempt, after `attempts` runs: 2, 4, 8, … capped at 10 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(2 ** Math.max(attempts, 0), MAX_BACKOFF_SECONDS);
}

const rowsOf = (result: unknown) => rowsOfResult<Record<string, unknown>>(result, 'jobs');

/** Inserts a job; returns its id, or null when a pending job already holds `singletonKey`. */
export async function insertJob(
  dbOrTx: DbOrTx,
  name: string,
  data: unknown,
  opts: EnqueueOptions = {},
): Promise<number | null> {
  if (!name) throw new Error('jobs: a job needs a name');
  if (opts.runAt && opts.delaySeconds !== undefined) {
    throw new Error('jobs: give runAt or delaySeconds, not both');
  }
  if (opts.delaySeconds !== undefined && !(Number.isFinite(opts.delaySeconds) && opts.delaySeconds >= 0)) {
    throw new Error('jobs: delaySeconds must be a finite number >= 0');
  }
  if (opts.runAt && Number.isNaN(opts.runAt.getTime())) throw new Error('jobs: runAt is an invalid date');
  if (opts.maxAttempts !== undefined && !(Number.isInteger(opts.maxAttempts) && opts.maxAttempts >= 1)) {
    throw new Error('jobs: maxAttempts must be an integer >= 1');
  }
  const runAt =
    opts.runAt ??
    (opts.delaySeconds !== undefined
      ? sql`now() + make_interval(secs => ${opts.delaySeconds}::float8)`
      : undefined);
  const inserted = await dbOrTx
    .insert(jobs)
    .values({
      name,
      // jsonb: undefined would become SQL NULL and break NOT NULL; an absent payload is {}.
      data: data ?? {},
      ...(runAt !== undefined && { runAt }),
      ...(opts.singletonKey !== undefined && { singletonKey: opts.singletonKey }),
      ...(opts.maxAttempts !== undefined && { maxAttempts: opts.maxAttempts }),
    })
    .onConflictDoNothing({ target: jobs.singletonKey })
    .returning({ id: jobs.id });
  return inserted[0]?.id ?? null;
}

/** Deletes the queued job holding `singletonKey`. Returns false when none is queued (an active job runs on). */
export async function deleteQueuedBySingletonKey(dbOrTx: DbOrTx, singletonKey: string): Promise<boolean> {
  const deleted = await dbOrTx
    .delete(jobs)
    .where(and(eq(jobs.singletonKey, singletonKey), eq(jobs.state, 'queued')))
    .returning({ id: jobs.id });
  return deleted.length > 0;
}

/**
 * Claims up to `limit` due jobs in one statement: queued ones whose time has come, and active ones
 * whose lock expired (their worker died). Concurrent workers skip each other's rows. Each kind is
 * read from its own partial index in index order (an OR of the two would be a bitmap scan, which
 * walks every index entry a finished job left behind until vacuum; an index scan marks those dead
 * and skips them after). The CTEs are MATERIALIZED so the locking reads run exactly once.
 */
export async function claimDueJobs(db: Db, limit: number, lockSeconds: number): Promise<ClaimedJob[]> {
  if (limit <= 0) return [];
  const result = await db.execute(sql`
    WITH queued AS MATERIALIZED (
      SELECT id, run_at FROM jobs
      WHERE state = 'queued' AND run_at <= now()
      ORDER BY run_at, id
      LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED
    ), expired AS MATERIALIZED (
      SELECT id, run_at FROM jobs
      WHERE state = 'active' AND locked_until < now()
      ORDER BY locked_until
      LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED
    ), due AS (
      SELECT id FROM (SELECT * FROM queued UNION ALL SELECT * FROM expired) both_kinds
      ORDER BY run_at, id
      LIMIT ${limit}::int
    )
    UPDATE jobs
    SET state = 'active',
        attempts = jobs.attempts + 1,
        locked_until = now() + make_interval(secs => ${lockSeconds}::float8)
    FROM due
    WHERE jobs.id = due.id
    RETURNING jobs.id, jobs.name, jobs.data, jobs.attempts, jobs.max_attempts`);
  return rowsOf(result).map((row) => ({
    // int8 comes back as a string from node-postgres and as a number from PGlite.
    id: Number(row.id),
    name: String(row.name),
    data: row.data,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
  }));
}

/**
 * The guard of every state change after a run: the row must still be the run we claimed. If our
 * lock expired and another worker re-claimed the job, `attempts` moved on and our result is dropped.
 */
function stillOurs(job: ClaimedJob) {
  return and(eq(jobs.id, job.id), eq(jobs.state, 'active'), eq(jobs.attempts, job.attempts));
}

/**
 * Pushes a running job's lock `seconds` ahead (a long handler's heartbeat, e.g. a video proxy
 * encode), so no other worker re-claims it meanwhile. False when the claim was already lost.
 */
export async function extendLock(
  db: Db,
  job: Pick<ClaimedJob, 'id' | 'attempts'>,
  seconds: number,
): Promise<boolean> {
  const updated = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${seconds}::float8)` })
    .where(and(eq(jobs.id, job.id), eq(jobs.state, 'active'), eq(jobs.attempts, job.attempts)))
    .returning({ id: jobs.id });
  return updated.length > 0;
}

/** Marks a run done (last_error of an earlier attempt stays, as history). False when the claim was lost. */
export async function markDone(db: Db, job: ClaimedJob): Promise<boolean> {
  const updated = await db
    .update(jobs)
    .set({ state: 'done', finishedAt: sql`now()`, lockedUntil: null, singletonKey: null })
    .where(stillOurs(job))
    .returning({ id: jobs.id });
  return updated.length > 0;
}

/**
 * Records a failed run: back to 'queued' with an exponential backoff while attempts remain, else
 * 'failed' (or straight to 'failed' when `final`). Returns the new state, or null when the claim was lost.
 */
export async function markFailed(
  db: Db,
  job: ClaimedJob,
  error: string,
  final = false,
): Promise<'queued' | 'failed' | null> {
  const failed = final || job.attempts >= job.maxAttempts;
  const lastError = error.length > 2000 ? `${error.slice(0, 2000)}…` : error;
  const updated = await db
    .update(jobs)
    .set(
      failed
        ? { state: 'failed', finishedAt: sql`now()`, lockedUntil: null, lastError, singletonKey: null }
        : {
            state: 'queued',
            runAt: sql`now() + make_interval(secs => ${retryDelaySeconds(job.attempts)}::float8)`,
            lockedUntil: null,
            lastError,
          },
    )
    .where(stillOurs(job))
    .returning({ id: jobs.id });
  if (updated.length === 0) return null;
  return failed ? 'failed' : 'queued';
}

/** Deletes done (and, when asked, failed) jobs that finished more than `olderThanHours` ago. */
export async function purgeFinishedJobs(
  dbOrTx: DbOrTx,
  olderThanHours: number,
  opts: { includeFailed?: boolean } = {},
): Promise<number> {
  if (!(Number.isFinite(olderThanHours) && olderThanHours >= 0)) {
    throw new Error('jobs: olderThanHours must be a finite number >= 0');
  }
  const states: ('done' | 'failed')[] = opts.includeFailed ? ['done', 'failed'] : ['done'];
  const deleted = await dbOrTx
    .delete(jobs)
    .where(
      and(
        inArray(jobs.state, states),
        lt(jobs.finishedAt, sql`now() - make_interval(secs => ${olderThanHours * 3600}::float8)`),
      ),
    )
    .returning({ id: jobs.id });
  return deleted.length;
}

/** Pending jobs per name: due (waiting for a worker), scheduled (for later) and active. */
export async function countPendingJobs(
  db: Db,
): Promise<{ name: string; due: number; scheduled: number; active: number }[]> {
  // Only queued and active rows: the two partial indexes skip the done and failed history.
  const rows = rowsOf(
    await db.execute(sql`
      select name,
        count(*) filter (where state = 'queued' and run_at <= now())::int as due,
        count(*) filter (where state = 'queued' and run_at > now())::int as scheduled,
        count(*) filter (where state = 'active')::int as active
      from ${jobs} where state in ('queued', 'active') group by name`),
  );
  return rows.map((r) => ({
    name: String(r.name),
    due: Number(r.due),
    scheduled: Number(r.scheduled),
    active: Number(r.active),
  }));
}
