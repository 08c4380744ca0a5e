import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, settled, type TestApp } from '../../../test/harness.ts';
import { closeAllSockets, connect, join, listen, next, record } from '../../../test/realtime-helpers.ts';
import { say } from '../../modules/chat/chat.testkit.ts';
import { studio } from '../../modules/projects/projects.testkit.ts';
import { EventBus } from './bus.ts';

/**
 * Best-effort listeners (realtime hints) run off the request path: the HTTP answer does
 * not wait for them, batches still reach listeners and sockets in commit order, one at a time, and a
 * failing listener is logged without stopping the others.
 */
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
});
afterAll(async () => {
  closeAllSockets();
  await t.close();
});

/** A promise the test opens by hand. */
function gate() {
  let open!: () => void;
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open };
}

/** Fails instead of hanging when `work` waits for something that only happens later. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('realtime hints after the answer', () => {
  it('a stuck listener delays no HTTP answer; the sockets still get every message, in commit order', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const reader = await connect(url, { cookie: collaborator.cookie });
    const counts = record(reader, 'chat_count');
    expect(await join(reader, `project:${projectId}`)).toEqual({ ok: true });
    const messages = record(reader, 'chat_message');
    const first = next(reader, 'chat_count');

    // A slow listener of the same event, behind the chat mapper: it holds the first message's batch.
    const held = gate();
    const started: number[] = [];
    t.ctx.events.on('chat.message_sent', async ({ projectId: p, chatsCount }) => {
      if (p !== projectId) return;
      started.push(chatsCount);
      if (chatsCount === 1) await held.closed;
    });

    // Every send answers while the first batch is still stuck in the slow listener.
    for (const text of ['one', 'two', 'three']) {
      const sent = await within(10_000, `send '${text}'`, say(t, owner, projectId, text));
      expect(sent.message.text).toBe(text);
    }
    expect((await first).chats_count).toBe(1); // the mapper ran before the slow listener
    expect(started).toEqual([1]); // the later batches wait for the earlier one
    expect(counts.map((c) => c.chats_count)).toEqual([1]);

    held.open();
    await settled();
    expect(started).toEqual([1, 2, 3]);
    await expect.poll(() => messages.map((m) => m.chats_count)).toEqual([1, 2, 3]);
    // Sends 2 and 3 waited in one publish round: the count (the latest state) went out once, for 3.
    expect(counts.map((c) => c.chats_count)).toEqual([1, 3]);
  });

  it('batches run one after another in commit order; a failing listener is logged, the rest still run', async () => {
    const errors: { event?: string; message: string }[] = [];
    const bus = new EventBus({
      error: (obj: { event?: string; err?: Error }) =>
        void errors.push({ event: obj.event, message: obj.err?.message ?? '' }),
    });
    const seen: string[] = [];
    let running = 0;
    bus.on('project.created', async ({ projectId }) => {
      running++;
      expect(running).toBe(1); // never two batches at once
      // the first batch is the slowest: a later one must still wait for it
      for (let i = projectId === 'a' ? 20 : 1; i > 0; i--) await new Promise((r) => setImmediate(r));
      if (projectId === 'b') {
        running--;
        throw new Error('listener broke');
      }
      seen.push(projectId);
      running--;
    });
    bus.on('project.created', ({ projectId }) => void seen.push(`${projectId}:second`));

    // Nothing of a batch runs before its caller has its answer. Earlier batches may: on PostgreSQL
    // the next transaction's round trips give the event loop the turns they run in.
    const ranFor = (projectId: string) => seen.filter((s) => s.startsWith(projectId));
    for (const projectId of ['a', 'b', 'c']) {
      await bus.transaction(t.ctx.db, async (_tx, emit) => emit('project.created', { projectId }));
      expect(ranFor(projectId)).toEqual([]);
    }
    await bus.publish([{ name: 'project.created', payload: { projectId: 'd' } }]);
    expect(ranFor('d')).toEqual([]);
    await bus.idle();
    expect(seen).toEqual(['a', 'a:second', 'b:second', 'c', 'c:second', 'd', 'd:second']);
    expect(errors).toEqual([{ event: 'project.created', message: 'listener broke' }]);
  });

  it('an at-commit listener has run when the transaction returns, and never for a rollback', async () => {
    const errors: string[] = [];
    const bus = new EventBus({ error: (obj: { err?: Error }) => void errors.push(obj.err?.message ?? '') });
    const ran: string[] = [];
    bus.on('project.changed', ({ projectId }) => void ran.push(`${projectId}:queued`));
    bus.on('project.changed', ({ projectId }) => void ran.push(projectId), { atCommit: true });
    bus.on(
      'project.changed',
      () => {
        throw new Error('at-commit broke');
      },
      { atCommit: true },
    );
    const change = { addedUserIds: [], removedUserIds: [], members: false };
    await bus.transaction(t.ctx.db, async (_tx, emit) =>
      emit('project.changed', { projectId: 'a', ...change }),
    );
    expect(ran).toEqual(['a']);
    await expect(
      bus.transaction(t.ctx.db, async (_tx, emit) => {
        emit('project.changed', { projectId: 'b', ...change });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await bus.idle();
    expect(ran).toEqual(['a', 'a:queued']);
    expect(errors).toEqual(['at-commit broke']);
  });
});
