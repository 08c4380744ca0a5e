import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, flattenChatGroups, type ChatDateGroup, type ChatMessage, type TrayPage } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { apiTask, crew, getTask, type Person } from '../tasks/tasks.testkit.ts';
import { call, storedMessages } from './chat.testkit.ts';
import { appendMessage, type ConversationRef } from './conversations.ts';

/**
 * One chat core, one ordering guarantee: the project chat and the task chat both take
 * the conversation row's lock and the database clock, so the messages of one conversation are
 * strictly ordered, in the order of chats_count, whichever chat they are in.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Sent = { message: ChatMessage; chats_count: number };
interface Chat {
  ref: ConversationRef;
  ownerId: string;
  send: (who: Person, text: string) => Promise<{ status: number; body: { data: Sent } }>;
  history: (who: Person) => Promise<{ total_entries: number; messages: ChatDateGroup[] }>;
}

/** A project with a task, and the chat of the given kind in it, used through the HTTP API. */
async function chatOf(kind: 'project' | 'task') {
  const world = await crew(t);
  const { owner, bob, projectId } = world;
  if (kind === 'project') {
    const chat: Chat = {
      ref: { kind, projectId },
      ownerId: projectId,
      send: (who, text) => call<Sent>(t, 'POST', API.chat.root, who, { project_db_id: projectId, text }),
      history: async (who) =>
        (
          await call<{ total_entries: number; messages: ChatDateGroup[] }>(t, 'GET', API.chat.root, who, {
            project_db_id: projectId,
            entries_per_page: '100',
          })
        ).body.data,
    };
    return { ...world, chat };
  }
  const task = await apiTask(t, owner, projectId, bob);
  const taskId = task.task_db_id;
  const chat: Chat = {
    ref: { kind, projectId, taskId },
    ownerId: taskId,
    send: (who, text) => call<Sent>(t, 'POST', API.tasks.chat, who, { task_db_id: taskId, text }),
    history: async (who) =>
      (
        await call<{ total_entries: number; messages: ChatDateGroup[] }>(t, 'GET', API.tasks.chat, who, {
          task_db_id: taskId,
          entries_per_page: '100',
        })
      ).body.data,
  };
  return { ...world, chat };
}

describe.each(['project', 'task'] as const)('the %s chat on the chat core', (kind) => {
  it('concurrent sends get chats_count 1..n, stored as seq, and history shows them in that order with time never going back', async () => {
    const { owner, bob, chat } = await chatOf(kind);
    const n = 16;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => chat.send(i % 2 ? owner : bob, `c${i}`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(n).fill(200));
    const sent = results.map((r) => r.body.data);
    const byCount = [...sent].sort((a, b) => a.chats_count - b.chats_count);
    expect(byCount.map((s) => s.chats_count)).toEqual(Array.from({ length: n }, (_, i) => i + 1));

    // stored: seq is the count each send answered
    const stored = await storedMessages(t.ctx.db, kind, chat.ownerId);
    expect(stored.map((m) => [m.id, m.seq])).toEqual(byCount.map((s) => [s.message.id, s.chats_count]));
    // the clock read after the lock never goes back as seq goes up
    for (let i = 1; i < stored.length; i++)
      expect(stored[i].createdAt.getTime()).toBeGreaterThanOrEqual(stored[i - 1].createdAt.getTime());

    // read back: the order of the counter
    const page = await chat.history(owner);
    expect(page.total_entries).toBe(n);
    expect(flattenChatGroups(page.messages).map((m) => m.id)).toEqual(byCount.map((s) => s.message.id));
  });

  it('the spec page_no counts pages down from the newest over the same keyset; next_before continues it', async () => {
    const { owner, chat } = await chatOf(kind);
    for (let i = 1; i <= 7; i++) await chat.send(owner, `m${i}`);
    const url = kind === 'project' ? API.chat.root : API.tasks.chat;
    const key = kind === 'project' ? { project_db_id: chat.ownerId } : { task_db_id: chat.ownerId };
    const page = async (q: Record<string, string>) =>
      (
        await call<{ next_before: string | null; messages: ChatDateGroup[] }>(t, 'GET', url, owner, {
          ...key,
          entries_per_page: '3',
          ...q,
        })
      ).body.data;
    const texts = (p: { messages: ChatDateGroup[] }) => flattenChatGroups(p.messages).map((m) => m.text);
    const first = await page({});
    expect(texts(first)).toEqual(['m5', 'm6', 'm7']);
    expect(texts(await page({ page_no: '2' }))).toEqual(['m2', 'm3', 'm4']);
    expect(texts(await page({ page_no: '3' }))).toEqual(['m1']);
    expect(texts(await page({ page_no: '4' }))).toEqual([]);
    const second = await page({ before: first.next_before! });
    expect(texts(second)).toEqual(['m2', 'm3', 'm4']);
    // a cursor of the form handed out before the chat core still works
    const [m5] = (await storedMessages(t.ctx.db, kind, chat.ownerId)).filter((m) => m.text === 'm5');
    expect(texts(await page({ before: `${m5.createdAt.toISOString()}_${m5.id}` }))).toEqual([
      'm2',
      'm3',
      'm4',
    ]);
  });
});

/** The unread count on the project's card in the viewer's home tray. */
async function cardUnread(who: Person, projectId: string) {
  const res = await call<TrayPage>(t, 'GET', API.projects.trays, who, {
    tray_name: 'collaborated_projects',
    entries_per_page: 20,
  });
  return res.body.data.data.find((p) => p.project_db_id === projectId)?.unread_chats;
}

describe('conversations of one project stay apart', () => {
  it("task chat sends move neither the project's chats_count nor its unread on the cards, and the other way round", async () => {
    const { owner, bob, projectId } = await crew(t);
    const task = await apiTask(t, owner, projectId, bob);
    const other = await apiTask(t, owner, projectId, bob);
    for (const text of ['t1', 't2', 't3'])
      await call(t, 'POST', API.tasks.chat, owner, { task_db_id: task.task_db_id, text });
    const sent = await call<Sent>(t, 'POST', API.chat.root, owner, { project_db_id: projectId, text: 'p1' });
    expect(sent.body.data.chats_count).toBe(1);
    const counters = await call(t, 'GET', API.chat.counters, bob, { project_db_id: projectId });
    expect(counters.body.data).toEqual({ chats_count: 1, last_seen_count: 0, unread: 1 });
    expect(await cardUnread(bob, projectId)).toBe(1);
    expect((await getTask(t, bob, task.task_db_id)).body.data).toMatchObject({
      chats_count: 3,
      unread_messages: 3,
    });
    expect((await getTask(t, bob, other.task_db_id)).body.data).toMatchObject({
      chats_count: 0,
      unread_messages: 0,
    });
    // reading the task chat leaves the project chat unread, and the other way round
    await call(t, 'PUT', API.tasks.chatSeen, bob, { task_db_id: task.task_db_id });
    expect(await cardUnread(bob, projectId)).toBe(1);
    await call(t, 'PUT', API.chat.seen, bob, { project_db_id: projectId });
    await call(t, 'POST', API.tasks.chat, owner, { task_db_id: task.task_db_id, text: 't4' });
    expect((await getTask(t, bob, task.task_db_id)).body.data).toMatchObject({
      chats_count: 4,
      unread_messages: 1,
    });
    expect(await cardUnread(bob, projectId)).toBe(0);
  });
});

/** Real concurrency needs a second connection: PGlite has one, so this runs on PostgreSQL. */
describe.skipIf(!process.env.DATABASE_URL)('the conversation lock (PostgreSQL)', () => {
  it.each(['project', 'task'] as const)(
    '%s chat: a send waits for an open send of the same conversation and comes after it',
    async (kind) => {
      const { owner, bob, chat } = await chatOf(kind);
      await chat.send(owner, 'first');
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let held!: (row: { id: string; createdAt: Date; seq: number }) => void;
      const holding = new Promise<{ id: string; createdAt: Date; seq: number }>(
        (resolve) => (held = resolve),
      );
      const open = t.ctx.db.transaction(async (tx) => {
        const { row } = await appendMessage(tx, chat.ref, { userId: owner.user.id, text: 'held' });
        held(row);
        await gate;
      });
      const first = await holding;
      expect(first.seq).toBe(2);

      let done = false;
      const waiting = chat.send(bob, 'after').then((r) => ((done = true), r));
      // the second send is blocked on a lock (of the conversation row) while the first is open
      for (;;) {
        const waits = (await t.ctx.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] };
        const [row] = waits.rows;
        if (row.n > 0) break;
        expect(done).toBe(false);
      }
      expect(done).toBe(false);
      release();
      await open;
      const second = (await waiting).body.data;
      expect(second.chats_count).toBe(3);
      expect(new Date(second.message.timestamp).getTime()).toBeGreaterThanOrEqual(first.createdAt.getTime());
      const stored = await storedMessages(t.ctx.db, kind, chat.ownerId);
      expect(stored.map((m) => [m.text, m.seq])).toEqual([
        ['first', 1],
        ['held', 2],
        ['after', 3],
      ]);
      const page = await chat.history(owner);
      expect(flattenChatGroups(page.messages).map((m) => m.text)).toEqual(['first', 'held', 'after']);
    },
  );
});
