// @vitest-environment happy-dom
import type { InfiniteData } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API,
  flattenChatGroups,
  taskChatHistory,
  type ServerToClientEvents,
  type TaskChatHistory,
} from '@rushes/shared';
import { socket } from '../../../test/fakeSocket.ts';
import { qc } from '../../../test/queryClient.ts';
import { freshProvidersPerTest, wrapper } from '../../../test/renderWithProviders.tsx';
import type { UnreadMark } from '../taskCache.ts';
import { taskKeys } from '../taskKeys.ts';
import { useTaskChatRoom } from './useTaskChatRoom.ts';

type Payload = Parameters<ServerToClientEvents['task_chat_message']>[0];

vi.mock('../../../api/socket.ts', (original) =>
  import('../../../test/fakeSocket.ts').then((kit) => kit.withFakeSocket(original)),
);

const P = 'p1';
const T = 't1';
const message = (id: string, minute: number) => ({
  id,
  project_id: P,
  task_id: T,
  user: { user_id: 'u2', user_name: 'Bo', user_badge_color: '#00f' },
  text: `text ${id}`,
  timestamp: new Date(Date.UTC(2026, 0, 15, 12, minute)).toISOString(),
});
const deliver = (payload: Payload) => act(() => socket.deliver('task_chat_message', payload));

type History = InfiniteData<TaskChatHistory, string | null>;
const shown = () =>
  flattenChatGroups(qc.getQueryData<History>(taskKeys.chat(T))?.pages[0].messages ?? []).map((m) => m.id);
const seenCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === API.tasks.chatSeen);
const mark = () => qc.getQueryData<UnreadMark>(taskKeys.unread(T));

let fetchMock: ReturnType<typeof vi.fn>;
freshProvidersPerTest();
beforeEach(() => {
  socket.emitted.length = 0;
  // the seen route answers the task chat's counters
  const counters = { task_db_id: T, chats_count: 0, last_seen_count: 0, unread: 0 };
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ response: true, data: counters })));
  vi.stubGlobal('fetch', fetchMock);
  const empty = taskChatHistory.parse({ task_db_id: T, total_entries: 0, next_before: null, messages: [] });
  qc.setQueryData<History>(taskKeys.chat(T), { pages: [empty], pageParams: [null] });
});

describe('useTaskChatRoom', () => {
  it('joins the task room and records the chat read on opening', () => {
    qc.setQueryData<UnreadMark>(taskKeys.unread(T), { chats_count: 4, unread: 3 });
    renderHook(() => useTaskChatRoom(P, T), { wrapper });
    expect(socket.emitted[0]?.slice(0, 2)).toEqual(['join', `task:${T}`]);
    expect(mark()).toEqual({ chats_count: 4, unread: 0 });
    expect(seenCalls()).toHaveLength(1);
  });

  it("adds this task's live messages in chats_count order, read at once; ignores other tasks'", () => {
    renderHook(() => useTaskChatRoom(P, T), { wrapper });
    deliver({ task_db_id: T, message: message('m2', 2), chats_count: 2 });
    deliver({ task_db_id: T, message: message('m1', 1), chats_count: 1 });
    deliver({ task_db_id: 'other', message: message('x', 3), chats_count: 3 });
    expect(shown()).toEqual(['m1', 'm2']);
    expect(mark()).toEqual({ chats_count: 2, unread: 0 });
    // opening, then one per message of this task
    expect(seenCalls()).toHaveLength(3);
  });

  it('joins again after a reconnect, and leaves and records read on closing', () => {
    const { unmount } = renderHook(() => useTaskChatRoom(P, T), { wrapper });
    act(() => socket.deliver('connect'));
    expect(socket.emitted.filter((e) => e[0] === 'join')).toHaveLength(2);
    unmount();
    expect(socket.emitted.at(-1)).toEqual(['leave', `task:${T}`]);
    expect(seenCalls()).toHaveLength(2);
    deliver({ task_db_id: T, message: message('late', 5), chats_count: 5 });
    expect(shown()).toEqual([]);
  });
});
