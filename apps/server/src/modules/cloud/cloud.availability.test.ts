import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLOUD_API, CLOUD_TEXT, MSG } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { cloudCapacity } from '../../db/schema/index.ts';
import { makeTask } from '../tasks/tasks.testkit.ts';
import { setProviderForTests, type CloudProvider } from './cloud.providers.ts';
import { runsEverything } from './cloud.runnable.ts';
import { availability, book, call, cloudWorld, config, end, queue, time } from './cloud.testkit.ts';

/**
 * What the availability and queue calls answer (spec 001 §4 steps 2 and 4, §8): a hardware with no
 * machine at all (capacity 0, or a provider that cannot start one) is 'Resource is not available'
 * (the wizard goes back to the type step); all of its machines busy is an answer with available
 * false and machine_inqueue (the not-available step, which offers the queue). And the task a booking
 * names must be a task of its project.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CLOUD_PROVIDER: 'simulated' });
});
afterAll(() => t?.close());

const setCapacity = (hardware: string, capacity: number) =>
  t.ctx.db.update(cloudCapacity).set({ capacity }).where(eq(cloudCapacity.hardwareSlug, hardware));

describe('no machine at all vs all machines busy', () => {
  it('capacity 0: availability and queue answer Resource is not available; nothing is queued', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    await setCapacity('performance', 0);
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const res = await availability(t, owner, projectId, 'performance');
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ response: false, errormessage: CLOUD_TEXT.resourceNotAvailable });
      const q = await queue(t, owner, projectId, 'performance');
      expect(q.status).toBe(409);
      expect(q.body.errormessage).toBe(CLOUD_TEXT.resourceNotAvailable);
      expect((await time(t, owner)).body.data.queue).toBeNull();
      // another hardware still has machines
      expect((await availability(t, owner, projectId, 'standard')).body.data.available).toBe(true);
      expect(String(warn.mock.calls[0]?.[1])).toMatch(/performance has no machine \(capacity 0/);
    } finally {
      warn.mockRestore();
      await setCapacity('performance', 1);
    }
  });

  it('a provider that cannot start a machine: Resource is not available', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const broken: CloudProvider = {
      name: 'simulated',
      runnable: async (c) => runsEverything(c),
      unavailableReason: async () => 'the local provider needs x11vnc on PATH',
      start: () => Promise.reject(new Error('unreachable')),
      stop: async () => undefined,
      running: () => false,
      close: async () => undefined,
    };
    setProviderForTests(t.ctx, broken);
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const res = await availability(t, owner, projectId);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ response: false, errormessage: CLOUD_TEXT.resourceNotAvailable });
      expect((await queue(t, owner, projectId)).body.errormessage).toBe(CLOUD_TEXT.resourceNotAvailable);
      // the operator reads why in the log line itself
      expect(warn.mock.calls.map((c) => String(c[1]))).toContain(
        'cloud: resource not available: the local provider needs x11vnc on PATH',
      );
    } finally {
      warn.mockRestore();
      setProviderForTests(t.ctx, undefined as unknown as CloudProvider);
    }
  });

  it('all machines busy: available false, machine_inqueue; the queue takes the request', async () => {
    const { owner, others, projectId } = await cloudWorld(t, 1);
    // performance has 1 machine
    const taken = (await book(t, owner, projectId, { hardware: 'performance' })).body.data;
    const res = await availability(t, others[0]!, projectId, 'performance');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      response: true,
      data: { available: false, machine_status: 'machine_inqueue', in_queue: false },
    });
    const q = await queue(t, others[0]!, projectId, 'performance');
    expect(q.body.data).toMatchObject({ machine_status: 'machine_inqueue', position: 1 });
    await call(t, 'PUT', CLOUD_API.cancelQueue, others[0]!, {
      cloud_resource_queue_id: q.body.data.cloud_resource_queue_id,
    });
    await t.ctx.jobs.drainForTests();
    await end(t, owner, projectId, taken.cloud_access_db_id);
    await t.ctx.jobs.drainForTests();
  });
});

describe('the task a cloud call names belongs to its project', () => {
  it("another team's task or a random id is refused; the project's own task is accepted", async () => {
    const { owner, others, projectId } = await cloudWorld(t, 1);
    const mine = (await makeTask(t, owner, projectId, others[0]!)).task_db_id;
    const stranger = await cloudWorld(t, 1);
    const theirs = (await makeTask(t, stranger.owner, stranger.projectId, stranger.others[0]!)).task_db_id;
    const c = config();
    const body = (task: string) => ({
      project_db_id: projectId,
      task_db_id: task,
      task_type: 'task',
      duration: 60,
      cloud_configuration_db_id: c.id,
    });
    for (const task of [theirs, randomUUID()]) {
      for (const path of [CLOUD_API.availability, CLOUD_API.queue]) {
        const res = await call(t, 'POST', path, owner, body(task));
        expect(res.status, path).toBe(403);
        expect(res.body, path).toMatchObject({ response: false, errormessage: MSG.taskNotFound });
      }
      const start = await call(t, 'POST', CLOUD_API.start, owner, {
        ...body(task),
        hardware_slug: c.hardware,
        software_slug: c.software,
        plugin_slug: c.plugins,
        timezone: { name: 'UTC', offset: 0 },
      });
      expect(start.body.errormessage).toBe(MSG.taskNotFound);
      const lookup = await call(t, 'GET', CLOUD_API.softwares, owner, {
        project_db_id: projectId,
        task_db_id: task,
      });
      expect(lookup.body.errormessage).toBe(MSG.taskNotFound);
    }
    expect((await time(t, owner)).body.data.queue).toBeNull();
    expect((await time(t, owner)).body.data.session).toBeNull();

    const ok = await call(t, 'POST', CLOUD_API.availability, owner, body(mine));
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ available: true });
    const q = await call<{ cloud_resource_queue_id: string }>(t, 'POST', CLOUD_API.queue, owner, body(mine));
    expect(q.status).toBe(200);
    await call(t, 'PUT', CLOUD_API.cancelQueue, owner, {
      cloud_resource_queue_id: q.body.data.cloud_resource_queue_id,
    });
    await t.ctx.jobs.drainForTests();
  });
});
