import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  PROJECT_CHAT_PAGE_SIZE,
  type ChatCounters,
  type ChatHistory,
  type ChatMessage,
} from '@rushes/shared';
import { chatRoutes } from '@rushes/shared/routes/tasks';
import { call } from '../../api/client.ts';
import { userTimeZone } from '../../ui/timeZone.ts';
import { addLiveMessage, type ChatPages } from './live.ts';

/** Project chat data (spec 000 §7): history pages, counters. Keys under ['chat', projectDbId]. */
export const chatKeys = {
  project: (projectDbId: string) => ['chat', projectDbId] as const,
  history: (projectDbId: string) => ['chat', projectDbId, 'history'] as const,
  counters: (projectDbId: string) => ['chat', projectDbId, 'counters'] as const,
};

export type HistoryData = ChatPages<ChatHistory>;

/** History, newest page first; each next page is older (keyset `before`), until next_before is null. */
export function useChatHistory(projectDbId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.history(projectDbId),
    queryFn: ({ pageParam, signal }) =>
      call(
        chatRoutes.history,
        {
          project_db_id: projectDbId,
          entries_per_page: PROJECT_CHAT_PAGE_SIZE,
          tz: userTimeZone(),
          ...(pageParam ? { before: pageParam } : {}),
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
    // the panel shows 'Something went wrong. Try reloading the chat again' itself
    meta: { silent: true },
    // live messages keep the cache current while the panel is open; reopening reloads
    staleTime: 0,
    gcTime: 0,
  });
}

/** A live or just-sent project chat message joins the open history in chats_count order (live.ts). */
export const addLiveChatMessage = (queryClient: QueryClient, message: ChatMessage, chatsCount?: number) =>
  addLiveMessage(queryClient, chatKeys.history(message.project_id), message, chatsCount);

export function useSendChat(projectDbId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string; mention_user_ids: string[] }) =>
      call(chatRoutes.send, {
        project_db_id: projectDbId,
        ...body,
      }),
    onSuccess: ({ message, chats_count }) => addLiveChatMessage(queryClient, message, chats_count),
    // the input shows 'Something went wrong' itself (spec 000 §9 chat send failure)
    meta: { silent: true },
  });
}

/** Leaving the chat records last_seen_count = chats_count; the unread count drops to 0 at once. */
export function recordChatSeen(queryClient: QueryClient, projectDbId: string): void {
  queryClient.setQueryData<ChatCounters>(chatKeys.counters(projectDbId), (old) =>
    old ? { ...old, last_seen_count: old.chats_count, unread: 0 } : old,
  );
  void call(chatRoutes.seen, { project_db_id: projectDbId })
    .then((c) => queryClient.setQueryData(chatKeys.counters(projectDbId), c))
    .catch(() => undefined);
}

export function useChatCounters(projectDbId: string) {
  return useQuery({
    queryKey: chatKeys.counters(projectDbId),
    queryFn: ({ signal }) => call(chatRoutes.counters, { project_db_id: projectDbId }, { signal }),
    meta: { silent: true },
  });
}

/**
 * A new unread state for the page header's counters; answers the counters kept. Payloads may arrive
 * out of order under concurrent sends: the highest chats_count wins (at equal counts, the lower
 * unread).
 */
export function setUnread(
  queryClient: QueryClient,
  projectDbId: string,
  next: { unread: number; chats_count: number },
): ChatCounters | undefined {
  return queryClient.setQueryData<ChatCounters>(chatKeys.counters(projectDbId), (old) => {
    if (!old) return old;
    const newer =
      next.chats_count > old.chats_count ||
      (next.chats_count === old.chats_count && next.unread < old.unread);
    if (!newer) return old;
    const { chats_count, unread } = next;
    return { chats_count, last_seen_count: chats_count - unread, unread };
  });
}

/**
 * chat_count → unread by the server's rule: chats_count − last_seen_count (never below 0); the
 * baseline is the counters' last_seen_count (from the counters route, or a chat_unread reset).
 */
export const unreadAt = (counters: ChatCounters, chatsCount: number) => ({
  chats_count: chatsCount,
  unread: Math.max(0, chatsCount - counters.last_seen_count),
});

/** The project's counters from the cache, else fetched once (kept: they are the unread baseline). */
export function ensureChatCounters(queryClient: QueryClient, projectDbId: string): Promise<ChatCounters> {
  return queryClient.ensureQueryData({
    queryKey: chatKeys.counters(projectDbId),
    queryFn: ({ signal }) => call(chatRoutes.counters, { project_db_id: projectDbId }, { signal }),
    gcTime: Infinity,
  });
}

/** Projects whose chat panel is open here: their unread count stays 0 until the reader leaves. */
export const openChats = new Set<string>();
