import { beforeEach, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/platform.ts';
import { backends, sleep, useJobsDatabase, waitFor } from './queue.testkit.ts';

describe.each(backends)('JobQueue worker on $kind', ({ url }) => {
  const t = useJobsDatabase(url);
  const { newQueue, row } = t;
  let db: Db;
  let p: string;
  beforeEach(() => {
    db = t.db;
    p = t.prefix;
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
