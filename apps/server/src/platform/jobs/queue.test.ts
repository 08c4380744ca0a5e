import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/platform.ts';
import { JobQueue, retryDelaySeconds, type JobInfo } from './queue.ts';
import {
  captureLogger,
  createScratchDatabase,
  sleep,
  uniquePrefix,
  waitFor,
  type ScratchDatabase,
} from './queue.testkit.ts';

type Payload = { n?: number; secret?: string };
/** Test job names are dynamic (a prefix per test), so the test registry maps any name to Payload. */
type TestJobs = Record<string, Payload>;

const backends = [
  { kind: 'pglite', url: undefined as string | undefined },
  ...(process.env.DATABASE_URL ? [{ kind: 'postgres', url: process.env.DATABASE_URL }] : []),
];

describe.each(backends)('JobQueue on $kind', ({ url }) => {
  let database: Database;
  let scratch: ScratchDatabase | undefined;
  let db: Db;
  let p: string;

  beforeAll(async () => {
    scratch = url ? await createScratchDatabase(url) : undefined;
    database = await openDatabase({ url: scratch?.url });
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });
  beforeEach(async () => {
    p = uniquePrefix();
    // Our own database: start every test from an empty table so drain counts are exact.
    if (!scratch || scratch.isolated) await db.delete(jobs);
  });

  const newQueue = (opts: { concurrency?: number; lockSeconds?: number; pollMs?: number } = {}) => {
    const { logger, lines } = captureLogger();
    const queue = new JobQueue<TestJobs>({ db, pollMs: 60_000, logger, ...opts });
    return { queue, lines };
  };
  const row = async (id: number | null) => {
    const [found] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.id, id ?? -1));
    return found;
  };
  /** Moves a job's run_at to now, as if its delay had elapsed. */
  const makeDue = (id: number | null) =>
    db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, id ?? -1));
  const secondsUntilRun = async (id: number | null) => {
    const [r] = await db
      .select({ s: sql<number>`extract(epoch from ${jobs.runAt} - now())::float8` })
      .from(jobs)
      .where(eq(jobs.id, id ?? -1));
    return Number(r.s);
  };

  it('runs an enqueued job with its typed data and marks it done', async () => {
    const { logger } = captureLogger();
    const queue = new JobQueue<Record<`${string}.echo`, { text: string; count: number }>>({
      db,
      pollMs: 1000,
      logger,
    });
    const seen: { data: { text: string; count: number }; job: JobInfo }[] = [];
    queue.register(`${p}.echo`, async (data, job) => {
      expectTypeOf(data).toEqualTypeOf<{ text: string; count: number }>();
      seen.push({ data, job });
    });
    const id = await queue.enqueue(db, `${p}.echo`, { text: 'hi', count: 2 });
    const typeOnly = () => {
      // @ts-expect-error the payload is typed by the registry
      void queue.enqueue(db, `${p}.echo`, { text: 'hi' });
      // @ts-expect-error so is the name
      queue.register(`${p}.other`, async () => {});
    };
    void typeOnly;

    expect(id).toBeTypeOf('number');
    expect(await queue.drainForTests()).toBe(1);
    expect(seen).toEqual([
      { data: { text: 'hi', count: 2 }, job: { id, name: `${p}.echo`, attempts: 1, maxAttempts: 5 } },
    ]);
    const done = await row(id);
    expect(done.state).toBe('done');
    expect(done.attempts).toBe(1);
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(done.lockedUntil).toBeNull();
    expect(await queue.drainForTests()).toBe(0);
  });

  it('enqueues inside the caller transaction: rolled back never runs, committed runs', async () => {
    const { queue } = newQueue();
    const ran: number[] = [];
    queue.register(`${p}.tx`, async (data) => void ran.push(data.n ?? 0));
    await expect(
      db.transaction(async (tx) => {
        await queue.enqueue(tx, `${p}.tx`, { n: 1 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await db.transaction(async (tx) => {
      await queue.enqueue(tx, `${p}.tx`, { n: 2 });
    });
    expect(await queue.drainForTests()).toBe(1);
    expect(ran).toEqual([2]);
    expect(
      await db
        .select()
        .from(jobs)
        .where(like(jobs.name, `${p}%`)),
    ).toHaveLength(1);
  });

  it('does not run a delayed job before its time, and runs it after', async () => {
    const { queue } = newQueue();
    const ran: number[] = [];
    queue.register(`${p}.later`, async (data) => void ran.push(data.n ?? 0));
    const future = await queue.enqueue(
      db,
      `${p}.later`,
      { n: 1 },
      { runAt: new Date(Date.now() + 3600_000) },
    );
    const delayed = await queue.enqueue(db, `${p}.later`, { n: 2 }, { delaySeconds: 120 });
    await queue.enqueue(db, `${p}.later`, { n: 3 }, { runAt: new Date(Date.now() - 60_000) });
    expect(await secondsUntilRun(delayed)).toBeGreaterThan(110);
    expect(await queue.drainForTests()).toBe(1);
    expect(ran).toEqual([3]);

    await makeDue(future);
    expect(await queue.drainForTests()).toBe(1);
    expect(ran).toEqual([3, 1]);
    expect((await row(delayed)).state).toBe('queued');
  });

  it('retries a failing job with exponential backoff, then succeeds', async () => {
    const { queue, lines } = newQueue();
    queue.register(`${p}.flaky`, async (_data, job) => {
      if (job.attempts < 3) throw new Error(`boom ${job.attempts}`);
    });
    const id = await queue.enqueue(db, `${p}.flaky`, {});

    expect(await queue.drainForTests()).toBe(1);
    let r = await row(id);
    expect([r.state, r.attempts, r.lastError]).toEqual(['queued', 1, 'boom 1']);
    expect(await secondsUntilRun(id)).toBeGreaterThan(1);
    expect(await secondsUntilRun(id)).toBeLessThanOrEqual(2.5);
    expect(await queue.drainForTests()).toBe(0); // not due during its backoff

    await makeDue(id);
    expect(await queue.drainForTests()).toBe(1);
    r = await row(id);
    expect([r.state, r.attempts, r.lastError]).toEqual(['queued', 2, 'boom 2']);
    expect(await secondsUntilRun(id)).toBeGreaterThan(3);
    expect(await secondsUntilRun(id)).toBeLessThanOrEqual(4.5);

    await makeDue(id);
    expect(await queue.drainForTests()).toBe(1);
    r = await row(id);
    expect([r.state, r.attempts]).toEqual(['done', 3]);
    expect(lines.filter((l) => l.msg === 'job failed; will retry')).toHaveLength(2);
    expect([1, 2, 3, 9, 10, 30].map(retryDelaySeconds)).toEqual([2, 4, 8, 512, 600, 600]);
  });

  it('marks a job failed with last_error when its attempts are exhausted', async () => {
    const { queue, lines } = newQueue();
    queue.register(`${p}.bad`, async () => {
      throw new Error('always broken');
    });
    const id = await queue.enqueue(db, `${p}.bad`, {}, { maxAttempts: 2 });
    expect(await queue.drainForTests()).toBe(1);
    await makeDue(id);
    expect(await queue.drainForTests()).toBe(1);
    const r = await row(id);
    expect([r.state, r.attempts, r.lastError]).toEqual(['failed', 2, 'always broken']);
    expect(r.finishedAt).toBeInstanceOf(Date);
    await makeDue(id);
    expect(await queue.drainForTests()).toBe(0);
    expect(lines.at(-1)).toMatchObject({ level: 'error', msg: 'job failed; no attempts left' });
  });

  it('fails a job that has no handler', async () => {
    const { queue } = newQueue();
    const id = await queue.enqueue(db, `${p}.orphan`, {});
    expect(await queue.drainForTests()).toBe(1);
    const r = await row(id);
    expect([r.state, r.lastError]).toEqual(['failed', 'no handler']);
  });

  it('dedupes by singletonKey while pending, and frees the key once the job ended', async () => {
    const { queue } = newQueue();
    let runs = 0;
    queue.register(`${p}.once`, async () => void runs++);
    const key = `${p}:key`;
    const first = await queue.enqueue(db, `${p}.once`, {}, { singletonKey: key });
    const second = await db.transaction((tx) => queue.enqueue(tx, `${p}.once`, {}, { singletonKey: key }));
    expect(first).toBeTypeOf('number');
    expect(second).toBeNull();
    expect(await queue.drainForTests()).toBe(1);
    expect(runs).toBe(1);
    expect((await row(first)).singletonKey).toBeNull();
    expect(await queue.enqueue(db, `${p}.once`, {}, { singletonKey: key })).toBeTypeOf('number');
  });

  it('cancels a queued job by its singletonKey', async () => {
    const { queue } = newQueue();
    let runs = 0;
    queue.register(`${p}.timer`, async () => void runs++);
    const id = await queue.enqueue(db, `${p}.timer`, {}, { singletonKey: `${p}:t`, delaySeconds: 60 });
    expect(await db.transaction((tx) => queue.cancel(tx, `${p}:t`))).toBe(true);
    expect(await row(id)).toBeUndefined();
    expect(await queue.cancel(db, `${p}:t`)).toBe(false);
    expect(await queue.drainForTests()).toBe(0);
    expect(runs).toBe(0);
  });

  it('refuses a second handler for a name, and missing handlers at boot', () => {
    const { queue } = newQueue();
    queue.register(`${p}.a`, async () => {});
    expect(() => queue.register(`${p}.a`, async () => {})).toThrow(/already registered/);
    expect(() => queue.assertHandlers([`${p}.a`])).not.toThrow();
    expect(() => queue.assertHandlers([`${p}.a`, `${p}.b`, `${p}.c`])).toThrow(
      `no handler registered for ${p}.b, ${p}.c`,
    );
  });

  it('picks up a job left active by a crashed worker once its lock expired', async () => {
    const { queue } = newQueue();
    const ran: number[] = [];
    queue.register(`${p}.crash`, async (data, job) => void ran.push((data.n ?? 0) * 10 + job.attempts));
    const expired = await queue.enqueue(db, `${p}.crash`, { n: 1 });
    const held = await queue.enqueue(db, `${p}.crash`, { n: 2 });
    const lastTry = await queue.enqueue(db, `${p}.crash`, { n: 3 }, { maxAttempts: 1 });
    const lockAt = (id: number | null, offset: string) =>
      db
        .update(jobs)
        .set({ state: 'active', attempts: 1, lockedUntil: sql`now() + ${offset}::interval` })
        .where(eq(jobs.id, id ?? -1));
    await lockAt(expired, '-1 minute');
    await lockAt(held, '5 minutes'); // its worker is alive: leave it alone
    await lockAt(lastTry, '-1 minute');

    expect(await queue.drainForTests()).toBe(2);
    expect(ran).toEqual([12]);
    expect((await row(expired)).state).toBe('done');
    expect((await row(held)).state).toBe('active');
    const failed = await row(lastTry);
    expect([failed.state, failed.lastError]).toEqual([
      'failed',
      'lock expired during the last attempt (worker lost?)',
    ]);
  });

  it('discards the outcome of a run whose claim was taken over', async () => {
    const { queue, lines } = newQueue();
    queue.register(`${p}.slow`, async (_data, job) => {
      // Another worker re-claimed the job meanwhile (its lock expired): attempts moved on.
      await db
        .update(jobs)
        .set({ attempts: job.attempts + 1 })
        .where(eq(jobs.id, job.id));
    });
    const id = await queue.enqueue(db, `${p}.slow`, {});
    expect(await queue.drainForTests()).toBe(1);
    expect((await row(id)).state).toBe('active');
    expect(lines.at(-1)?.msg).toBe('job finished after its lock was lost; outcome discarded');
  });

  it('polls when started, wakes on demand, and stop() waits for running handlers', async () => {
    const { queue } = newQueue({ pollMs: 60_000 });
    let finished = 0;
    queue.register(`${p}.bg`, async () => {
      await sleep(200);
      finished++;
    });
    queue.start();
    await expect(queue.drainForTests()).rejects.toThrow(/not started/);
    await sleep(50); // the first poll found nothing; the next is a minute away
    const id = await queue.enqueue(db, `${p}.bg`, {});
    queue.wake();
    await waitFor(async () => (await row(id)).state === 'active', 5000);
    await queue.stop();
    expect(finished).toBe(1);
    expect((await row(id)).state).toBe('done');
  });

  it('never logs job data', async () => {
    const { queue, lines } = newQueue();
    queue.register(`${p}.ok`, async () => {});
    queue.register(`${p}.ko`, async () => {
      throw new Error('nope');
    });
    await queue.enqueue(db, `${p}.ok`, { secret: 'hunter2-ok' });
    await queue.enqueue(db, `${p}.ko`, { secret: 'hunter2-ko' }, { maxAttempts: 1 });
    await queue.enqueue(db, `${p}.none`, { secret: 'hunter2-none' });
    expect(await queue.drainForTests()).toBe(3);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line.obj).toHaveProperty('jobId');
    expect(JSON.stringify(lines)).not.toContain('hunter2');
  });

  it('purges finished jobs older than the given age', async () => {
    const { queue } = newQueue();
    const ids: (number | null)[] = [];
    for (let i = 0; i < 4; i++) ids.push(await queue.enqueue(db, `${p}.old`, {}));
    const finish = (id: number | null, state: 'done' | 'failed', hoursAgo: number) =>
      db
        .update(jobs)
        .set({ state, finishedAt: sql`now() - make_interval(hours => ${hoursAgo}::int)` })
        .where(eq(jobs.id, id ?? -1));
    await finish(ids[0], 'done', 48);
    await finish(ids[1], 'done', 1);
    await finish(ids[2], 'failed', 48);
    expect(await queue.purgeFinished(24)).toBe(1);
    expect(await queue.purgeFinished(24, { includeFailed: true })).toBe(1);
    const left = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(like(jobs.name, `${p}%`));
    expect(left.map((r) => r.id).sort()).toEqual([ids[1], ids[3]].sort());
  });
});
