// @vitest-environment happy-dom
import type { InfiniteData } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chatHistory, chatMessage, type ChatCounters, type TrayPage } from '@rushes/shared';
import { deliver } from '../../test/fakeSocket.ts';
import { makeProjectCard } from '../../test/fixtures.ts';
import { qc } from '../../test/queryClient.ts';
import { freshProvidersPerTest, wrapper } from '../../test/renderWithProviders.tsx';
import { projectKeys } from '../projects/api.ts';
import { chatKeys, openChats, type HistoryData } from './api.ts';
import { useChatEvents } from './useChatEvents.ts';

vi.mock('../../api/socket.ts', (original) =>
  import('../../test/fakeSocket.ts').then((kit) => kit.withFakeSocket(original)),
);

const P = 'p1';
const counters = (chats_count: number, last_seen_count: number): ChatCounters => ({
  chats_count,
  last_seen_count,
  unread: chats_count - last_seen_count,
});

/** The project's card on home's Collaborated Projects tray. */
function seedCard(unread = 0) {
  const card = makeProjectCard(P, {
    project_id: 'P-1',
    title: 'Film',
    role: 'collaborator',
    no_of_members: 2,
    unread_chats: unread,
  });
  qc.setQueryData<InfiniteData<TrayPage, string | null>>(projectKeys.tray('collaborated_projects', null), {
    pages: [{ field: 'collaborated_projects', data: [card], total_entries: 1, next_cursor: null }],
    pageParams: [null],
  });
}
const cardUnread = () =>
  qc.getQueryData<InfiniteData<TrayPage>>(projectKeys.tray('collaborated_projects', null))?.pages[0].data[0]
    .unread_chats;
const headerCounters = () => qc.getQueryData<ChatCounters>(chatKeys.counters(P));

let fetch: ReturnType<typeof vi.fn>;
freshProvidersPerTest({ afterUnmount: () => openChats.clear() });
beforeEach(() => {
  // the counters route, when the hook needs a baseline
  fetch = vi.fn(async () => new Response(JSON.stringify({ response: true, data: counters(3, 1) })));
  vi.stubGlobal('fetch', fetch);
  renderHook(() => useChatEvents(), { wrapper });
});

describe('useChatEvents', () => {
  it('chat_message joins the open history', () => {
    const empty = chatHistory.parse({ total_entries: 0, next_before: null, messages: [] });
    qc.setQueryData<HistoryData>(chatKeys.history(P), { pages: [empty], pageParams: [null] });
    const message = chatMessage.parse({
      id: 'm1',
      project_id: P,
      user: { user_id: 'u2', user_name: 'Bo', user_badge_color: '#00f' },
      text: 'hello',
      timestamp: '2026-01-15T12:00:00.000Z',
    });
    deliver('chat_message', { project_db_id: P, message, chats_count: 1 });
    expect(qc.getQueryData<HistoryData>(chatKeys.history(P))?.pages[0].total_entries).toBe(1);
  });

  it('chat_count moves the header and the card from the counters kept', () => {
    seedCard();
    qc.setQueryData(chatKeys.counters(P), counters(4, 4));
    deliver('chat_count', { project_db_id: P, chats_count: 6, sender_id: 'u2' });
    expect(headerCounters()).toEqual(counters(6, 4));
    expect(cardUnread()).toBe(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an older chat_count that arrives late leaves the newer count on the card', () => {
    seedCard();
    qc.setQueryData(chatKeys.counters(P), counters(4, 4));
    deliver('chat_count', { project_db_id: P, chats_count: 7, sender_id: 'u2' });
    deliver('chat_count', { project_db_id: P, chats_count: 5, sender_id: 'u2' });
    expect(headerCounters()?.chats_count).toBe(7);
    expect(cardUnread()).toBe(3);
  });

  it('keeps a project whose chat is open here at 0', () => {
    seedCard();
    openChats.add(P);
    qc.setQueryData(chatKeys.counters(P), counters(4, 4));
    deliver('chat_count', { project_db_id: P, chats_count: 6, sender_id: 'u2' });
    expect(headerCounters()).toEqual(counters(6, 6));
    expect(cardUnread()).toBe(0);
  });

  it('an open chat without counters sets its card to 0 without asking the server', () => {
    seedCard(5);
    openChats.add(P);
    deliver('chat_count', { project_db_id: P, chats_count: 6, sender_id: 'u2' });
    expect(cardUnread()).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('without counters and no card shown, asks nothing', () => {
    deliver('chat_count', { project_db_id: P, chats_count: 6, sender_id: 'u2' });
    expect(fetch).not.toHaveBeenCalled();
    expect(headerCounters()).toBeUndefined();
  });

  it('without counters but a card shown, fetches the baseline once and counts from it', async () => {
    seedCard();
    deliver('chat_count', { project_db_id: P, chats_count: 6, sender_id: 'u2' });
    // the baseline answered last_seen_count 1
    await vi.waitFor(() => expect(cardUnread()).toBe(5));
    deliver('chat_count', { project_db_id: P, chats_count: 7, sender_id: 'u2' });
    expect(cardUnread()).toBe(6);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('chat_unread (read elsewhere) clears the header and the card', () => {
    seedCard(3);
    qc.setQueryData(chatKeys.counters(P), counters(6, 3));
    deliver('chat_unread', { project_db_id: P, unread: 0, chats_count: 6 });
    expect(headerCounters()).toEqual(counters(6, 6));
    expect(cardUnread()).toBe(0);
  });
});
