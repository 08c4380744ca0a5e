import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/platform.ts';
import { JobQueue, retryDelaySeconds, type JobInfo } from './queue.ts';
import { claimDueJobs } from './jobStore.ts';
import { capture, explain } from '../../../test/plans.ts';
import { backends, captureLogger, useJobsDatabase } from './queue.testkit.ts';

describe.each(backends)('JobQueue on $kind', ({ url }) => {
  const t = useJobsDatabase(url);
  const { newQueue, row, makeDue, secondsUntilRun } = t;
  let db: Db;
  let p: string;
  beforeEach(() => {
    db = t.db;
    p = t.prefix;
  });

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

  it('claims each kind of due job from its partial index in index order, never by a bitmap scan', async () => {
    // a history of finished jobs, as a busy server keeps for hours: the claim must not walk it
    await db.execute(sql`
      insert into jobs (name, state, finished_at)
      select ${`${p}.history`}, 'done', now() from generate_series(1, 3000)`);
    await db.execute(sql`analyze jobs`);
    const sent = await capture(db, () => claimDueJobs(db, 2, 60));
    const plan = await explain(db, sent[0]);
    expect(plan, plan).toMatch(/Index Scan using jobs_queued_idx/);
    expect(plan, plan).toMatch(/Index Scan using jobs_lock_expiry_idx/);
    expect(plan, plan).not.toMatch(/Bitmap|Seq Scan on jobs/);
  });
});
