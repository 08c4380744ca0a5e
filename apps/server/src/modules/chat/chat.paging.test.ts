import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type ChatCounters, type ChatHistory } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { capture } from '../../../test/plans.ts';
import { call, crowd, flatTexts, history, say } from './chat.testkit.ts';

/** History paging stable under concurrent sends, and counters exact under concurrency (spec 000 §4). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const idsOf = (h: ChatHistory) =>
  h.messages.flatMap((d) => d.messages.flatMap((g) => g.messages.map((m) => m.id)));

describe('history paging', () => {
  it('pages back until total_entries with no duplicates and no gaps while others send', async () => {
    const { owner, others, projectId } = await crowd(t, 2);
    const [ann, bob] = others;
    for (let i = 0; i < 45; i++) await say(t, i % 3 === 0 ? ann : owner, projectId, `m${i}`);

    const first = (await history(t, bob, projectId)).body.data;
    expect(first.total_entries).toBe(45);
    expect(flatTexts(first)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 25}`));
    const seen = [...idsOf(first)];
    const texts = [...flatTexts(first)];
    let before = first.next_before;
    let pages = 1;
    while (before) {
      // Others keep talking between pages: a page_no offset would shift; the cursor does not.
      await say(t, ann, projectId, `live ${pages}a`);
      await say(t, owner, projectId, `live ${pages}b`);
      const page = (await history(t, bob, projectId, { before, page_no: String(pages + 1) })).body.data;
      seen.unshift(...idsOf(page));
      texts.unshift(...flatTexts(page));
      before = page.next_before;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect(texts).toEqual(Array.from({ length: 45 }, (_, i) => `m${i}`));
    const latest = (await history(t, bob, projectId)).body.data;
    expect(latest.total_entries).toBe(49);
    expect(flatTexts(latest).slice(-4)).toEqual(['live 1a', 'live 1b', 'live 2a', 'live 2b']);
  });

  it('reads a page, its counters and senders in one statement, past the last page too', async () => {
    const { owner, others, projectId } = await crowd(t, 1);
    for (let i = 0; i < 5; i++) await say(t, i % 2 ? others[0] : owner, projectId, `n${i}`);
    const queries: Record<string, string>[] = [
      {},
      { page_no: '2', entries_per_page: '3' },
      { page_no: '9' },
      { before: '3' },
    ];
    for (const q of queries) {
      let page!: ChatHistory;
      const sent = await capture(t.ctx.db, async () => {
        page = (await history(t, owner, projectId, q)).body.data;
      });
      expect(sent.filter((s) => /chat_/.test(s.sql))).toHaveLength(1);
      expect(page.total_entries).toBe(5);
    }
    const second = (await history(t, owner, projectId, { page_no: '2', entries_per_page: '3' })).body.data;
    expect(flatTexts(second)).toEqual(['n0', 'n1']);
    expect((await history(t, owner, projectId, { page_no: '9' })).body.data.messages).toEqual([]);
  });

  it('answers next_before null on the last page, an empty chat as no groups, and refuses a bad cursor', async () => {
    const { owner, projectId } = await crowd(t, 0);
    const empty = (await history(t, owner, projectId)).body.data;
    expect(empty).toEqual({ total_entries: 0, next_before: null, messages: [] });
    for (let i = 0; i < 20; i++) await say(t, owner, projectId, `x${i}`);
    const full = (await history(t, owner, projectId)).body.data;
    expect(full.next_before).toBeNull();
    expect(flatTexts(full)).toHaveLength(20);
    // one user's 20 messages of today are one group
    expect(full.messages).toHaveLength(1);
    expect(full.messages[0].messages).toHaveLength(1);
    const bad = await history(t, owner, projectId, { before: 'not-a-cursor' });
    expect(bad.status).toBe(400);
    const small = (await history(t, owner, projectId, { entries_per_page: '5', page_no: '2' })).body.data;
    expect(flatTexts(small)).toEqual(['x10', 'x11', 'x12', 'x13', 'x14']);
  });
});

describe('chat counters', () => {
  it('are exact after 200 concurrent sends from 10 users', async () => {
    const { owner, others, projectId } = await crowd(t, 9);
    const people = [owner, ...others];
    // everyone but the last member has read the empty chat; then 200 sends race
    await call(t, 'PUT', API.chat.seen, others[0], { project_db_id: projectId });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call<{ chats_count: number }>(t, 'POST', API.chat.root, people[i % 10], {
          project_db_id: projectId,
          text: `burst ${i}`,
        }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    // each send saw its own increment: the answered counts are exactly 1..200
    expect(results.map((r) => r.body.data.chats_count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    const counters = await call<ChatCounters>(t, 'GET', API.chat.counters, others[1], {
      project_db_id: projectId,
    });
    expect(counters.body.data).toEqual({ chats_count: 200, last_seen_count: 0, unread: 200 });
    expect((await history(t, owner, projectId)).body.data.total_entries).toBe(200);

    const left = await call<ChatCounters>(t, 'PUT', API.chat.seen, others[1], { project_db_id: projectId });
    expect(left.body.data).toEqual({ chats_count: 200, last_seen_count: 200, unread: 0 });
    await say(t, owner, projectId, 'one more');
    const after = await call<ChatCounters>(t, 'GET', API.chat.counters, others[1], {
      project_db_id: projectId,
    });
    expect(after.body.data).toEqual({ chats_count: 201, last_seen_count: 200, unread: 1 });
  });
});

describe('message ids', () => {
  it('are UUIDv7 and increase within one millisecond', async () => {
    const { messageId } = await import('./messageId.ts');
    const ids = Array.from({ length: 50 }, () => messageId(1_700_000_000_000));
    expect(
      ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)),
    ).toBe(true);
    expect([...ids].sort()).toEqual(ids);
  });
});
