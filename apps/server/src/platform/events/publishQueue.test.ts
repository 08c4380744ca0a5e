import { afterEach, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { PublishQueue, type PublishQueueOptions, type QueuedListener } from './publishQueue.ts';
import { installPublishPriority } from './publishPriority.ts';
import type { EventBus } from './bus.ts';

/** The publish queue of the event bus: measured, coalescing, and ahead of new HTTP work when it lags. */

const gate = () => {
  let open: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open };
};

function queueWith(listeners: Record<string, QueuedListener[]>, opts: Partial<PublishQueueOptions> = {}) {
  const warnings: object[] = [];
  const errors: object[] = [];
  const queue = new PublishQueue({
    log: { error: (obj) => void errors.push(obj), warn: (obj) => void warnings.push(obj) },
    listenersOf: (name) => listeners[name],
    ...opts,
  });
  return { queue, warnings, errors };
}

afterEach(() => vi.restoreAllMocks());

describe('PublishQueue', () => {
  it('counts what waits and its oldest age; runs in commit order on a later turn; nothing is dropped', async () => {
    const seen: number[] = [];
    const { queue } = queueWith({ e: [{ run: (p) => void seen.push(p as number) }] });
    expect(queue.stats()).toMatchObject({ pending: 0, oldestAgeMs: 0 });
    const t0 = Date.now();
    for (let i = 1; i <= 500; i++) queue.push([{ name: 'e', payload: i }]);
    const waiting = queue.stats(t0 + 1234);
    expect(waiting.pending).toBe(500);
    expect(waiting.oldestAgeMs).toBeGreaterThanOrEqual(1234 - (Date.now() - t0));
    expect(seen).toEqual([]); // not before the caller's turn ends
    await queue.idle();
    expect(seen).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(queue.stats()).toMatchObject({ pending: 0, oldestAgeMs: 0, published: 500, coalesced: 0 });
  });

  it('a coalescing listener runs once per key per round, for the last event; the others run for every event', async () => {
    const counts: string[] = [];
    const messages: string[] = [];
    const { queue } = queueWith({
      sent: [
        { run: (p) => void messages.push((p as { id: string }).id) },
        {
          run: (p) => void counts.push((p as { id: string }).id),
          coalesce: (p) => (p as { room: string }).room,
        },
      ],
    });
    const ev = (room: string, id: string) => ({ name: 'sent', payload: { room, id } });
    queue.push([ev('a', 'a1'), ev('b', 'b1'), ev('a', 'a2')]);
    queue.push([ev('a', 'a3')]);
    await queue.idle();
    expect(messages).toEqual(['a1', 'b1', 'a2', 'a3']);
    expect(counts).toEqual(['b1', 'a3']);
    expect(queue.stats().coalesced).toBe(2);
  });

  it('a detached listener never holds the rounds: later hints run while its read waits; one run per key, then the latest', async () => {
    const reads = new Map<string, ReturnType<typeof gate>>();
    const cards: string[] = [];
    const chat: number[] = [];
    const { queue } = queueWith({
      upload: [
        {
          run: async (p) => {
            const { key, n } = p as { key: string; n: number };
            const g = gate();
            reads.set(`${key}${n}`, g);
            await g.closed; // a database read waiting for a pool connection
            cards.push(`${key}${n}`);
          },
          coalesce: (p) => (p as { key: string }).key,
          detached: true,
        },
      ],
      chat: [{ run: (p) => void chat.push(p as number) }],
    });
    queue.push([{ name: 'upload', payload: { key: 'a', n: 1 } }]);
    queue.push([{ name: 'chat', payload: 1 }]);
    await new Promise((r) => setImmediate(r));
    queue.push([{ name: 'upload', payload: { key: 'a', n: 2 } }]);
    queue.push([{ name: 'upload', payload: { key: 'b', n: 1 } }]);
    queue.push([{ name: 'upload', payload: { key: 'a', n: 3 } }]);
    queue.push([{ name: 'chat', payload: 2 }]);
    await vi.waitFor(() => expect(chat).toEqual([1, 2]));
    // a1 still reading: chat went by; b runs beside it; a2 was replaced by a3 while a1 ran
    expect(queue.stats().pending).toBe(0);
    expect([...reads.keys()].sort()).toEqual(['a1', 'b1']);
    let settled = false;
    const idle = queue.idle().then(() => (settled = true));
    reads.get('b1')!.open();
    reads.get('a1')!.open();
    await vi.waitFor(() => expect(reads.has('a3')).toBe(true));
    expect(settled).toBe(false); // idle waits for the detached runs too
    reads.get('a3')!.open();
    await idle;
    expect(cards).toEqual(['b1', 'a1', 'a3']);
  });

  it('warns when the oldest waits longer than warnAfterMs, at most once per 10 s', async () => {
    const held = gate();
    const { queue, warnings } = queueWith({ e: [{ run: () => held.closed }] }, { warnAfterMs: 2000 });
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    queue.push([{ name: 'e', payload: 1 }]);
    now += 1999;
    queue.push([{ name: 'e', payload: 2 }]);
    expect(warnings).toEqual([]);
    now += 1;
    queue.push([{ name: 'e', payload: 3 }]);
    now += 5000;
    queue.push([{ name: 'e', payload: 4 }]);
    expect(warnings).toEqual([{ pending: 3, oldestAgeMs: 2000 }]);
    now += 5000;
    queue.push([{ name: 'e', payload: 5 }]);
    expect(warnings).toHaveLength(2);
    held.open();
    await queue.idle();
  });

  it('hold: nothing while it keeps up; past maxEvents a hold ends once what was committed before it is published', async () => {
    const held = gate();
    const order: string[] = [];
    const { queue } = queueWith(
      { e: [{ run: async (p) => (p === 1 ? held.closed : undefined) }] },
      { maxEvents: 3, priorityAfterMs: 0, maxHoldMs: 60_000 },
    );
    queue.push([{ name: 'e', payload: 1 }]);
    queue.push([{ name: 'e', payload: 2 }]);
    expect(queue.hold()).toBeUndefined();
    queue.push([{ name: 'e', payload: 3 }]);
    const hold = queue.hold()!;
    expect(hold).toBeInstanceOf(Promise);
    void hold.then(() => order.push(`released after ${queue.stats().published} published`));
    // committed after the hold began: the hold does not wait for these
    queue.push([{ name: 'e', payload: 4 }]);
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([]);
    held.open();
    await hold;
    expect(order).toEqual(['released after 3 published']);
    await queue.idle();
    expect(queue.stats()).toMatchObject({ held: 1, holdTimeouts: 0, published: 4 });
  });

  it('hold by age (priorityAfterMs), released by maxHoldMs when a listener is stuck', async () => {
    const held = gate();
    const { queue } = queueWith({ e: [{ run: () => held.closed }] }, { priorityAfterMs: 250, maxHoldMs: 20 });
    const start = Date.now();
    let now = start;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    queue.push([{ name: 'e', payload: 1 }]);
    now = start + 249;
    expect(queue.hold()).toBeUndefined();
    now = start + 250;
    const hold = queue.hold();
    expect(hold).toBeDefined();
    await hold; // the stuck listener never ends: the timer releases it
    expect(queue.stats()).toMatchObject({ held: 1, holdTimeouts: 1, pending: 1 });
    held.open();
    await queue.idle();
  });

  it('installPublishPriority: a request arriving while the path lags runs after the hints before it; health never waits', async () => {
    const held = gate();
    const order: string[] = [];
    const { queue } = queueWith(
      { e: [{ run: async () => (await held.closed, void order.push('published')) }] },
      { maxEvents: 1, maxHoldMs: 60_000 },
    );
    const bus = { holdForPublishing: () => queue.hold() } as unknown as EventBus;
    const app = Fastify();
    installPublishPriority(app, bus, ['/health']);
    app.get('/work', async () => (order.push('request'), 'ok'));
    app.get('/health', async () => (order.push('health'), 'ok'));
    await app.ready();

    queue.push([{ name: 'e', payload: 1 }]);
    const work = app.inject({ method: 'GET', url: '/work?x=1' });
    const health = await app.inject({ method: 'GET', url: '/health?probe=1' });
    expect(health.statusCode).toBe(200);
    expect(order).toEqual(['health']);
    held.open();
    expect((await work).statusCode).toBe(200);
    expect(order).toEqual(['health', 'published', 'request']);
    await app.close();
  });
});
