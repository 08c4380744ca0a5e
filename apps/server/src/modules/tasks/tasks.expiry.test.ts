import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { API, type Task } from '@rushes/shared';
import { jobs, tasks } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { bootOnDisk, createTestApp, type TestApp } from '../../../test/harness.ts';
import { waitFor } from '../../platform/jobs/queue.testkit.ts';
import { apiTask, call, crew, dueIn, getTask } from './tasks.testkit.ts';

/**
 * Expiry runs as a durable timer (a 'tasks.expire' job at expire_at). The job clock is the
 * database's now(): tests move a task's expire_at and its timer's run_at into the past, as the
 * passing of time would, and let the queue's production claim path run them.
 */
const expiryJobs = (db: Db, taskId: string) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, 'tasks.expire'), sql`${jobs.data}->>'taskId' = ${taskId}`));

/** Time reaches the task's expiry: expire_at and the queued timer's run_at are now in the past. */
async function reachExpiry(db: Db, taskId: string, opts: { timerOnly?: boolean } = {}) {
  if (!opts.timerOnly) {
    await db
      .update(tasks)
      .set({ expireAt: sql`now() - interval '1 second'` })
      .where(eq(tasks.id, taskId));
  }
  await db
    .update(jobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(
      and(eq(jobs.name, 'tasks.expire'), eq(jobs.state, 'queued'), sql`${jobs.data}->>'taskId' = ${taskId}`),
    );
}

describe('task expiry (one app)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creating a task queues its timer at expire_at; before then nothing happens, at expire_at it turns Expired', async () => {
    const { owner, bob, projectId } = await crew(t);
    const task = await apiTask(t, owner, projectId, bob, { expire_at: dueIn(0) });
    const [timer] = await expiryJobs(t.ctx.db, task.task_db_id);
    expect(timer).toMatchObject({ state: 'queued' });
    expect(timer.runAt.toISOString()).toBe(task.expire_at);

    await t.ctx.jobs.drainForTests();
    expect((await getTask(t, bob, task.task_db_id)).body.data.task_status).toBe('pending');

    await reachExpiry(t.ctx.db, task.task_db_id);
    expect(await t.ctx.jobs.drainForTests()).toBeGreaterThanOrEqual(1);
    const seen = (await getTask(t, bob, task.task_db_id)).body.data;
    expect(seen).toMatchObject({ task_status: 'expired', task_status_label: 'Expired' });
  });

  it('a timer that fires before expire_at (a moved date) changes nothing', async () => {
    const { owner, bob, projectId } = await crew(t);
    const task = await apiTask(t, owner, projectId, bob);
    await reachExpiry(t.ctx.db, task.task_db_id, { timerOnly: true });
    await t.ctx.jobs.drainForTests();
    expect((await getTask(t, bob, task.task_db_id)).body.data.task_status).toBe('pending');
  });

  it('a new due date replaces the timer and reopens an expired task; completing cancels the timer', async () => {
    const { owner, bob, projectId } = await crew(t);
    const task = await apiTask(t, owner, projectId, bob, { expire_at: dueIn(0) });
    await reachExpiry(t.ctx.db, task.task_db_id);
    await t.ctx.jobs.drainForTests();
    const res = await call<{ task: Task }>(t, 'PUT', API.tasks.root, owner, {
      project_db_id: projectId,
      task_db_id: task.task_db_id,
      task_type: 'editing',
      assigned_to: bob.user.id,
      expire_at: dueIn(4),
      description: task.description,
      tz: 'UTC',
    });
    expect(res.body.data.task.task_status).toBe('pending');
    const queued = (await expiryJobs(t.ctx.db, task.task_db_id)).filter((j) => j.state === 'queued');
    expect(queued.map((j) => j.runAt.toISOString())).toEqual([res.body.data.task.expire_at]);

    await call(t, 'PUT', API.tasks.complete, owner, { task_db_id: task.task_db_id });
    expect((await expiryJobs(t.ctx.db, task.task_db_id)).filter((j) => j.state === 'queued')).toEqual([]);
  });
});

describe('task expiry across a restart (same data directory)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-tasks-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const boot = (secret: string) => bootOnDisk(dir, secret);

  it('a timer queued before a restart turns the task Expired after it', { timeout: 60_000 }, async () => {
    const secret = randomBytes(32).toString('base64url');
    const first = await boot(secret);
    const { owner, bob, projectId } = await crew(first.t);
    const task = await apiTask(first.t, owner, projectId, bob, { expire_at: dueIn(1) });
    // The process stops before the due day ends; meanwhile the time passes.
    await reachExpiry(first.t.ctx.db, task.task_db_id);
    await first.close();

    const second = await boot(secret);
    try {
      second.t.ctx.jobs.start();
      await waitFor(async () => {
        const [row] = await second.t.ctx.db.select().from(tasks).where(eq(tasks.id, task.task_db_id));
        return row.status === 'expired';
      });
      const seen = await getTask(second.t, bob, task.task_db_id);
      expect(seen.body.data.task_status_label).toBe('Expired');
    } finally {
      await second.close();
    }
  });
});
