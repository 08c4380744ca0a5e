import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { flattenChatGroups, insertChatMessage, type ChatDateGroup, type ChatMessage } from '@rushes/shared';
import { userTimeZone } from '../../ui/timeZone.ts';

/**
 * The web half of the chat core, the same for every chat (project, task): history pages
 * in an infinite query, newest page first, and live or just-sent messages joining the newest page
 * in the server's order (chats_count).
 */

/** One history page of any chat (the task chat's also carries task_db_id). */
export interface ChatPage {
  total_entries: number;
  next_before: string | null;
  messages: ChatDateGroup[];
}
export type ChatPages<P extends ChatPage = ChatPage> = InfiniteData<P, string | null>;

/** chats_count of the live messages heard per chat (message id → count), the last few hundred. */
const liveCounts = new Map<string, Map<string, number>>();
const LIVE_COUNTS_KEPT = 500;

function rememberCount(chat: string, messageId: string, chatsCount: number): Map<string, number> {
  const counts = liveCounts.get(chat) ?? new Map<string, number>();
  liveCounts.set(chat, counts);
  counts.set(messageId, chatsCount);
  if (counts.size > LIVE_COUNTS_KEPT) counts.delete(counts.keys().next().value as string);
  return counts;
}

/**
 * A live or just-sent message joins the newest page of the history cached under `historyKey` by
 * the shared grouping rule (same user today: appended to the last group, else a new group under
 * 'Today'); a message already shown is ignored. Messages can overtake each other (two API nodes,
 * overlapping commits), so with its chats_count a message goes before the live ones stored after
 * it, and the page is regrouped: the order shown is the server's.
 */
export function addLiveMessage(
  queryClient: QueryClient,
  historyKey: QueryKey,
  message: ChatMessage,
  chatsCount?: number,
): void {
  const counts =
    chatsCount === undefined ? undefined : rememberCount(JSON.stringify(historyKey), message.id, chatsCount);
  queryClient.setQueryData<ChatPages>(historyKey, (data) => {
    if (!data || data.pages.length === 0) return data;
    const known = data.pages.some((p) => flattenChatGroups(p.messages).some((m) => m.id === message.id));
    if (known) return data;
    const [newest, ...older] = data.pages;
    const later = (id: string) =>
      counts !== undefined && chatsCount !== undefined && (counts.get(id) ?? -1) > chatsCount;
    const messages = insertChatMessage(newest.messages, message, later, { timeZone: userTimeZone() });
    return {
      ...data,
      pages: [{ ...newest, messages, total_entries: newest.total_entries + 1 }, ...older],
    };
  });
}
