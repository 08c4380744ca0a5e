/**
 * Durable jobs and timers in the `jobs` table. A job is enqueued with the same Drizzle transaction
 * as the mutation that causes it (so it exists exactly when the mutation committed), and any number
 * of workers claim due jobs with FOR UPDATE SKIP LOCKED. Delivery is at least once: a handler may
 * run again after a crash or after its lock expired, so handlers must be idempotent.
 *
 * Job names and payloads form a typed registry: modules augment `JobDefinitions`
 *
 *   declare module '../../platform/jobs/queue.ts' {
 *     interface JobDefinitions { 'mail.deliver': { mailId: string } }
 *   }
 *
 * and the server calls `assertHandlers(allJobNames)` at boot, refusing to start when one is missing.
 * Payloads are stored as jsonb: keep them plain JSON (ids, not secrets; Dates become strings).
 */
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  claimDueJobs,
  deleteQueuedBySingletonKey,
  insertJob,
  markDone,
  markFailed,
  purgeFinishedJobs,
  type ClaimedJob,
  type EnqueueOptions,
} from './jobStore.ts';

export { retryDelaySeconds, MAX_BACKOFF_SECONDS, type EnqueueOptions } from './jobStore.ts';

/** Job name → payload type. Empty here; every module adds its jobs by declaration merging. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by modules
export interface JobDefinitions {}

export type JobName = keyof JobDefinitions;
export type JobData<N extends JobName> = JobDefinitions[N];

/** What a handler learns about the run besides its payload. */
export interface JobInfo {
  id: number;
  name: string;
  /** 1 on the first run; equals maxAttempts on the last one. */
  attempts: number;
  maxAttempts: number;
}

export type JobHandler<Data> = (data: Data, job: JobInfo) => Promise<void>;

/** The part of a pino / Fastify logger the queue uses. Job payloads are never logged. */
export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobQueueOptions {
  db: Db;
  /** Interval between two polls when idle. */
  pollMs: number;
  logger: JobLogger;
  /** Handlers running at once in this process (default 2). */
  concurrency?: number;
  /** A claimed job not finished within this time is considered lost and runs again (default 300). */
  lockSeconds?: number;
}

type NameOf<Defs> = Extract<keyof Defs, string>;

/** The text stored in last_error. */
function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

/** Stops drainForTests when handlers keep enqueueing due work (a bug in the test, not the queue). */
const MAX_DRAIN_CYCLES = 10_000;

/**
 * One worker per process. `Defs` defaults to the app's registry; tests pass their own map so their
 * job names do not leak into the app's `JobName` union.
 */
export class JobQueue<Defs extends object = JobDefinitions> {
  private readonly db: Db;
  private readonly pollMs: number;
  private readonly logger: JobLogger;
  private readonly concurrency: number;
  private readonly lockSeconds: number;
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  /** Handlers in flight (each promise never rejects). */
  private readonly running = new Set<Promise<void>>();
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  /** The poll in progress, if any: polls never overlap. */
  private polling: Promise<void> | undefined;
  /** A wake-up arrived during a poll: poll again as soon as it ends. */
  private pollAgain = false;
  /** The last poll filled every free slot, so more work may be waiting when a slot frees up. */
  private maybeMore = false;

  constructor(opts: JobQueueOptions) {
    const { pollMs, concurrency = 2, lockSeconds = 300 } = opts;
    if (!(Number.isFinite(pollMs) && pollMs > 0)) throw new Error('jobs: pollMs must be > 0');
    if (!(Number.isInteger(concurrency) && concurrency >= 1))
      throw new Error('jobs: concurrency must be an integer >= 1');
    if (!(Number.isFinite(lockSeconds) && lockSeconds > 0)) throw new Error('jobs: lockSeconds must be > 0');
    this.db = opts.db;
    this.pollMs = pollMs;
    this.logger = opts.logger;
    this.concurrency = concurrency;
    this.lockSeconds = lockSeconds;
  }

  /** Registers the one handler of a job name; a second registration for the same name throws. */
  register<N extends NameOf<Defs>>(name: N, handler: JobHandler<Defs[N]>): void {
    if (this.handlers.has(name)) throw new Error(`jobs: a handler is already registered for '${name}'`);
    this.handlers.set(name, handler as JobHandler<unknown>);
  }

  /** Throws, naming them all, when any of the app's declared job names has no handler. */
  assertHandlers(names: readonly NameOf<Defs>[]): void {
    const missing = [...new Set(names)].filter((name) => !this.handlers.has(name));
    if (missing.length > 0) throw new Error(`jobs: no handler registered for ${missing.join(', ')}`);
  }

  /**
   * Adds a job, inside the caller's transaction when given one. Returns its id, or null when a
   * pending job already holds `opts.singletonKey`. Call `wake()` after the commit to run it now.
   */
  enqueue<N extends NameOf<Defs>>(
    dbOrTx: DbOrTx,
    name: N,
    data: Defs[N],
    opts?: EnqueueOptions,
  ): Promise<number | null> {
    return insertJob(dbOrTx, name, data, opts);
  }

  /** Deletes the queued job holding `singletonKey` (a timer no longer needed). False when none is queued. */
  cancel(dbOrTx: DbOrTx, singletonKey: string): Promise<boolean> {
    return deleteQueuedBySingletonKey(dbOrTx, singletonKey);
  }

  /** Deletes done jobs (and failed ones with `includeFailed`) finished more than `olderThanHours` ago. */
  purgeFinished(olderThanHours: number, opts?: { includeFailed?: boolean }): Promise<number> {
    return purgeFinishedJobs(this.db, olderThanHours, opts);
  }

  /** Starts polling: once now, then every `pollMs` (the timer does not keep the process alive). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.logger.info({ concurrency: this.concurrency, pollMs: this.pollMs }, 'job queue started');
    this.schedule(0);
  }

  /** Stops polling and waits for running handlers to finish (graceful shutdown). */
  async stop(): Promise<void> {
    if (!this.started && !this.polling && this.running.size === 0) return;
    this.started = false;
    this.pollAgain = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.polling;
    await this.settle();
    this.logger.info({}, 'job queue stopped');
  }

  /** Polls now instead of at the next tick (e.g. after committing a transaction that enqueued work). */
  wake(): void {
    if (!this.started) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.schedule(0);
  }

  /**
   * For tests: runs poll cycles (the production claim path) until no due job remains, waiting for
   * each batch, and returns how many jobs were claimed. Refuses a started queue.
   */
  async drainForTests(): Promise<number> {
    if (this.started) throw new Error('jobs: drainForTests() needs a queue that is not started');
    let ran = 0;
    for (let cycle = 0; cycle < MAX_DRAIN_CYCLES; cycle++) {
      const claimed = await this.pollOnce();
      ran += claimed;
      if (claimed === 0 && this.running.size === 0) return ran;
      await this.settle();
    }
    throw new Error(`jobs: drainForTests() still finds due jobs after ${MAX_DRAIN_CYCLES} cycles`);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  /** One turn of the loop: poll, then arm the timer for the next turn. Never runs twice at once. */
  private async tick(): Promise<void> {
    this.timer = undefined;
    if (!this.started || this.polling) return;
    this.polling = this.pollOnce().then(
      () => undefined,
      (err: unknown) => this.logger.error({ err }, 'job queue poll failed'),
    );
    await this.polling;
    this.polling = undefined;
    if (!this.started) return;
    const again = this.pollAgain;
    this.pollAgain = false;
    this.schedule(again ? 0 : this.pollMs);
  }

  /** Claims as many due jobs as there are free slots and starts their handlers. */
  private async pollOnce(): Promise<number> {
    const free = this.concurrency - this.running.size;
    if (free <= 0) {
      this.maybeMore = true;
      return 0;
    }
    const claimed = await claimDueJobs(this.db, free, this.lockSeconds);
    this.maybeMore = claimed.length === free;
    for (const job of claimed) {
      const run: Promise<void> = this.runJob(job).finally(() => {
        this.running.delete(run);
        if (this.maybeMore) this.wake();
      });
      this.running.add(run);
    }
    return claimed.length;
  }

  private async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** Runs one claimed job and records the outcome. Never throws. */
  private async runJob(job: ClaimedJob): Promise<void> {
    const log = { jobId: job.id, jobName: job.name, attempt: job.attempts, maxAttempts: job.maxAttempts };
    try {
      const handler = this.handlers.get(job.name);
      if (!handler) {
        await markFailed(this.db, job, 'no handler', true);
        this.logger.error(log, 'job failed: no handler');
        return;
      }
      if (job.attempts > job.maxAttempts) {
        // Re-claimed after its lock expired on what was already the last attempt.
        await markFailed(this.db, job, 'lock expired during the last attempt (worker lost?)', true);
        this.logger.error(log, 'job failed: lock expired during the last attempt');
        return;
      }
      const started = performance.now();
      let error: unknown;
      let ok = false;
      try {
        await handler(job.data, {
          id: job.id,
          name: job.name,
          attempts: job.attempts,
          maxAttempts: job.maxAttempts,
        });
        ok = true;
      } catch (err) {
        error = err;
      }
      const ms = Math.round(performance.now() - started);
      if (ok) {
        if (await markDone(this.db, job)) this.logger.info({ ...log, ms }, 'job done');
        else this.logger.warn({ ...log, ms }, 'job finished after its lock was lost; outcome discarded');
        return;
      }
      const state = await markFailed(this.db, job, messageOf(error));
      if (state === 'queued') this.logger.warn({ ...log, ms, err: error }, 'job failed; will retry');
      else if (state === 'failed')
        this.logger.error({ ...log, ms, err: error }, 'job failed; no attempts left');
      else
        this.logger.warn({ ...log, ms, err: error }, 'job failed after its lock was lost; outcome discarded');
    } catch (err) {
      // The database refused the bookkeeping: the lock expires and the job runs again.
      this.logger.error({ ...log, err }, 'job bookkeeping failed');
    }
  }
}

/**
 * Enqueues a job of the app's registry without a queue instance (services that only write).
 * Same semantics as `JobQueue.enqueue`; the workers pick it up at their next poll.
 */
export function enqueueJob<N extends JobName>(
  dbOrTx: DbOrTx,
  name: N,
  data: JobDefinitions[N],
  opts?: EnqueueOptions,
): Promise<number | null> {
  return insertJob(dbOrTx, name, data, opts);
}
