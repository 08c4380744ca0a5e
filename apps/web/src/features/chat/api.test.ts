import { describe, expect, it, vi } from 'vitest';
import { API, chatHistory, chatMessage, type ChatCounters } from '@rushes/shared';
import { freshQueryClientPerTest, qc } from '../../test/queryClient.ts';
import {
  addLiveChatMessage,
  chatKeys,
  ensureChatCounters,
  recordChatSeen,
  setUnread,
  unreadAt,
  type HistoryData,
} from './api.ts';

const P = 'p1';
const counters = (chats_count: number, last_seen_count: number): ChatCounters => ({
  chats_count,
  last_seen_count,
  unread: chats_count - last_seen_count,
});
const read = () => qc.getQueryData<ChatCounters>(chatKeys.counters(P));

/** The server's answers: each call to fetch takes the next one, wrapped in the API's envelope. */
function serverAnswers(...answers: unknown[]) {
  const fetch = vi.fn(async () => {
    const data = answers.shift();
    return new Response(JSON.stringify({ response: true, data }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

freshQueryClientPerTest();

describe('setUnread (the page header counters)', () => {
  it('takes a count with a higher chats_count and answers the counters kept', () => {
    qc.setQueryData(chatKeys.counters(P), counters(4, 4));
    const kept = setUnread(qc, P, { chats_count: 6, unread: 2 });
    expect(kept).toEqual({ chats_count: 6, last_seen_count: 4, unread: 2 });
    expect(read()).toEqual(kept);
  });

  it('ignores a count that arrives after a newer one', () => {
    qc.setQueryData(chatKeys.counters(P), counters(6, 4));
    expect(setUnread(qc, P, { chats_count: 5, unread: 1 })).toEqual(counters(6, 4));
    expect(read()).toEqual(counters(6, 4));
  });

  it('at an equal chats_count takes the lower unread only', () => {
    qc.setQueryData(chatKeys.counters(P), counters(6, 4));
    setUnread(qc, P, { chats_count: 6, unread: 3 });
    expect(read()?.unread).toBe(2);
    setUnread(qc, P, { chats_count: 6, unread: 0 });
    expect(read()).toEqual({ chats_count: 6, last_seen_count: 6, unread: 0 });
  });

  it('makes no counters that were never fetched', () => {
    expect(setUnread(qc, P, { chats_count: 6, unread: 2 })).toBeUndefined();
    expect(read()).toBeUndefined();
  });
});

describe('unreadAt', () => {
  it('is chats_count minus the last seen count, never below zero', () => {
    expect(unreadAt(counters(4, 3), 9)).toEqual({ chats_count: 9, unread: 6 });
    expect(unreadAt(counters(4, 4), 2)).toEqual({ chats_count: 2, unread: 0 });
  });
});

describe('recordChatSeen', () => {
  it('drops the unread count at once, then keeps what the server answers', async () => {
    qc.setQueryData(chatKeys.counters(P), counters(8, 5));
    const fetch = serverAnswers(counters(9, 9));
    recordChatSeen(qc, P);
    expect(read()).toEqual({ chats_count: 8, last_seen_count: 8, unread: 0 });
    await vi.waitFor(() => expect(read()).toEqual(counters(9, 9)));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(API.chat.seen);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toMatchObject({ project_db_id: P });
  });

  it('keeps the optimistic counters when the server fails', async () => {
    qc.setQueryData(chatKeys.counters(P), counters(8, 5));
    const fetch = vi.fn(async () => new Response('', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    recordChatSeen(qc, P);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(read()).toEqual({ chats_count: 8, last_seen_count: 8, unread: 0 });
  });
});

describe('ensureChatCounters', () => {
  it('answers cached counters without asking the server', async () => {
    qc.setQueryData(chatKeys.counters(P), counters(3, 1));
    const fetch = serverAnswers();
    await expect(ensureChatCounters(qc, P)).resolves.toEqual(counters(3, 1));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches once and keeps them as the baseline', async () => {
    const fetch = serverAnswers(counters(5, 2));
    const [a, b] = await Promise.all([ensureChatCounters(qc, P), ensureChatCounters(qc, P)]);
    expect(a).toEqual(counters(5, 2));
    expect(b).toEqual(a);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(read()).toEqual(counters(5, 2));
  });
});

describe('addLiveChatMessage', () => {
  it("adds the message to its own project's open history", () => {
    const empty = chatHistory.parse({ total_entries: 0, next_before: null, messages: [] });
    qc.setQueryData<HistoryData>(chatKeys.history(P), { pages: [empty], pageParams: [null] });
    qc.setQueryData<HistoryData>(chatKeys.history('p2'), { pages: [empty], pageParams: [null] });
    const m = chatMessage.parse({
      id: 'm1',
      project_id: P,
      user: { user_id: 'u1', user_name: 'Ann', user_badge_color: '#f00' },
      text: 'hi',
      timestamp: '2026-01-15T12:00:00.000Z',
    });
    addLiveChatMessage(qc, m, 1);
    expect(qc.getQueryData<HistoryData>(chatKeys.history(P))?.pages[0].total_entries).toBe(1);
    expect(qc.getQueryData<HistoryData>(chatKeys.history('p2'))?.pages[0].total_entries).toBe(0);
  });
});
