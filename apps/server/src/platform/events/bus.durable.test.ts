import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOfResult } from '../../db/rows.ts';
import { EventBus, type DeliverData } from './bus.ts';

/**
 * Durable subscribers on a bus of their own over the test database: jobs enqueued in the
 * emitting transaction, none for a rollback or a filtered event, and the misuses refused.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const log = { error: () => undefined };
const deliveries = async (subscriber: string) =>
  (
    await t.ctx.db
      .select({ data: jobs.data })
      .from(jobs)
      .where(eq(jobs.name, 'events.deliver'))
      .orderBy(jobs.id)
  )
    .map((j) => j.data as DeliverData)
    .filter((d) => d.subscriber === subscriber);
const changed = (projectId: string, added: string[]) => ({
  projectId,
  addedUserIds: added,
  removedUserIds: [],
  members: true,
});

describe('durable event subscribers', () => {
  it('enqueue one job per subscriber in the transaction, run by deliver; best-effort listeners after the commit', async () => {
    let wakes = 0;
    const bus = new EventBus(log, () => wakes++);
    const ran: string[] = [];
    const seen: string[] = [];
    bus.on('project.changed', (p) => void ran.push(p.projectId), {
      durable: true,
      id: 'test.a',
      when: (p) => p.addedUserIds.length > 0,
    });
    bus.on('project.changed', (p) => void seen.push(p.projectId));

    await bus.transaction(t.ctx.db, async (_tx, emit) => {
      emit('project.changed', changed('p1', ['u1']));
      emit('project.changed', changed('p2', [])); // filtered out by `when`
    });
    expect(seen).toEqual([]); // after the commit, but not before the transaction answered
    await bus.idle();
    expect(ran).toEqual([]); // not after the commit: a job does it
    expect(seen).toEqual(['p1', 'p2']);
    expect(wakes).toBe(1);
    const [job] = await deliveries('test.a');
    expect(await deliveries('test.a')).toHaveLength(1);
    expect(job).toEqual({
      subscriber: 'test.a',
      event: 'project.changed',
      payload: changed('p1', ['u1']),
      eventId: expect.any(String),
    });

    await bus.deliver(job);
    expect(ran).toEqual(['p1']);
  });

  it('a filter may read in the emitting transaction: it sees what the transaction wrote', async () => {
    const bus = new EventBus(log);
    bus.on('project.changed', () => undefined, {
      durable: true,
      id: 'test.reads',
      // true only for the project whose marker row this transaction inserted
      when: async (p, tx) => {
        const found = await tx.execute(sql`select 1 from filter_marks where project_id = ${p.projectId}`);
        return rowsOfResult(found).length > 0;
      },
    });
    await t.ctx.db.execute(sql`create table if not exists filter_marks (project_id text)`);
    await bus.transaction(t.ctx.db, async (tx, emit) => {
      await tx.execute(sql`insert into filter_marks values ('marked')`);
      emit('project.changed', changed('marked', ['u1']));
      emit('project.changed', changed('unmarked', ['u1']));
    });
    expect(
      (await deliveries('test.reads')).map((d) => (d.payload as { projectId: string }).projectId),
    ).toEqual(['marked']);
  });

  it('a rolled-back transaction enqueues nothing', async () => {
    const bus = new EventBus(log);
    bus.on('project.changed', () => undefined, { durable: true, id: 'test.b' });
    await expect(
      bus.transaction(t.ctx.db, async (tx, emit) => {
        emit('project.changed', changed('p3', ['u1']));
        await tx.execute(sql`select 1`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await deliveries('test.b')).toEqual([]);
  });

  it('refuses a durable event outside a transaction, a late or duplicate subscriber, and an unknown one', async () => {
    const bus = new EventBus(log);
    bus.on('project.changed', () => undefined, { durable: true, id: 'test.c' });
    expect(() => bus.on('project.changed', () => undefined, { durable: true, id: 'test.c' })).toThrow(
      /registered twice/,
    );
    await expect(bus.publish([{ name: 'project.changed', payload: changed('p4', []) }])).rejects.toThrow(
      /durable subscribers/,
    );
    await bus.transaction(t.ctx.db, async () => undefined);
    expect(() => bus.on('project.changed', () => undefined, { durable: true, id: 'test.d' })).toThrow(
      /after start/,
    );
    await expect(
      bus.deliver({ subscriber: 'test.gone', event: 'project.changed', payload: {} }),
    ).rejects.toThrow(/no durable subscriber/);
  });
});
