import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client.ts';
import { jobs } from '../../db/schema/platform.ts';
import { openTestDatabaseOnDisk } from '../../../test/db-template.ts';
import { JobQueue } from './queue.ts';
import {
  captureLogger,
  createScratchDatabase,
  sleep,
  uniquePrefix,
  waitFor,
  type ScratchDatabase,
} from './queue.testkit.ts';

type TestJobs = Record<string, { n: number }>;

describe('JobQueue across a restart (PGlite data directory)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-jobs-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'runs after a restart the jobs scheduled before it, including one a crashed worker held',
    { timeout: 60_000 },
    async () => {
      const p = uniquePrefix();
      const before = await openTestDatabaseOnDisk(dir);
      const first = new JobQueue<TestJobs>({ db: before.db, pollMs: 50, logger: captureLogger().logger });
      // Enqueued but never run here: this process "stops" before its worker polls.
      await first.enqueue(before.db, `${p}.due`, { n: 1 });
      await first.enqueue(before.db, `${p}.timer`, { n: 2 }, { delaySeconds: 0.3 });
      const crashed = await first.enqueue(before.db, `${p}.due`, { n: 3 });
      await before.db
        .update(jobs)
        .set({ state: 'active', attempts: 1, lockedUntil: sql`now() + interval '200 milliseconds'` })
        .where(eq(jobs.id, crashed ?? -1));
      await before.close();

      const after = await openTestDatabaseOnDisk(dir);
      try {
        const second = new JobQueue<TestJobs>({ db: after.db, pollMs: 50, logger: captureLogger().logger });
        const ran: number[] = [];
        second.register(`${p}.due`, async ({ n }) => void ran.push(n));
        second.register(`${p}.timer`, async ({ n }) => void ran.push(n));
        second.start();
        await waitFor(() => ran.length === 3);
        await second.stop();
        expect(ran.sort()).toEqual([1, 2, 3]);
        const states = await after.db
          .select({ state: jobs.state, attempts: jobs.attempts })
          .from(jobs)
          .orderBy(jobs.id);
        expect(states).toEqual([
          { state: 'done', attempts: 1 },
          { state: 'done', attempts: 1 },
          { state: 'done', attempts: 2 },
        ]);
      } finally {
        await after.close();
      }
    },
  );
});

describe.runIf(process.env.DATABASE_URL)('JobQueue with two workers on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '');
    a = await openDatabase({ url: scratch.url }); // migrates
    b = await openDatabase({ url: scratch.url }); // a second pool, as another API node would have
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await scratch?.drop();
  });

  it('runs each of 50 jobs exactly once', async () => {
    const p = uniquePrefix();
    const runs = new Map<number, string[]>();
    const queues = (['a', 'b'] as const).map((worker) => {
      const queue = new JobQueue<TestJobs>({
        db: worker === 'a' ? a.db : b.db,
        pollMs: 20,
        concurrency: 4,
        logger: captureLogger().logger,
      });
      queue.register(`${p}.work`, async ({ n }) => {
        runs.set(n, [...(runs.get(n) ?? []), worker]);
        await sleep(5 + (n % 10));
      });
      return queue;
    });
    await a.db.transaction(async (tx) => {
      for (let n = 0; n < 50; n++) await queues[0].enqueue(tx, `${p}.work`, { n });
    });
    for (const queue of queues) queue.start();
    for (const queue of queues) queue.wake();
    await waitFor(async () => {
      const [r] = await a.db
        .select({ done: sql<number>`count(*)::int` })
        .from(jobs)
        .where(sql`${jobs.name} = ${`${p}.work`} and ${jobs.state} = 'done'`);
      return r.done === 50;
    }, 20_000);
    await Promise.all(queues.map((queue) => queue.stop()));

    expect(runs.size).toBe(50);
    for (const [, workers] of runs) expect(workers).toHaveLength(1);
    const rows = await a.db
      .select({ attempts: jobs.attempts })
      .from(jobs)
      .where(eq(jobs.name, `${p}.work`));
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    const byWorker = [...runs.values()].flat();
    // Both workers took part (each claims at most 4 at a time, so one cannot take all 50 at once).
    expect(new Set(byWorker).size).toBe(2);
  });
});
