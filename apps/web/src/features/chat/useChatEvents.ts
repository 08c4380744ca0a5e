import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChatCounters, ServerToClientEvents } from '@rushes/shared';
import { connectSocket } from '../../api/socket.ts';
import { holdsCard, setCardUnread } from '../projects/trayCache.ts';
import { addLiveChatMessage, chatKeys, ensureChatCounters, openChats, setUnread, unreadAt } from './api.ts';

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Live chat (spec 000 §7): chat_message (project room, heard while the project page is open) joins
 * the open history in chats_count order; chat_count (user room, one broadcast per send to every
 * other member) moves the project's unread count — chats_count − this user's last_seen_count — on
 * its page header and home card; chat_unread (user room) is this user leaving the chat elsewhere:
 * unread 0. Per project the highest chats_count wins. A project whose chat is open here stays at 0
 * (leaving records it seen).
 */
export function useChatEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket(queryClient);
    const show = (projectDbId: string, next: { unread: number; chats_count: number }) => {
      const kept = setUnread(queryClient, projectDbId, next);
      setCardUnread(queryClient, projectDbId, kept?.unread ?? next.unread);
    };
    const fromCounters = (projectDbId: string, counters: ChatCounters, chatsCount: number) =>
      show(
        projectDbId,
        openChats.has(projectDbId) ? { chats_count: chatsCount, unread: 0 } : unreadAt(counters, chatsCount),
      );

    const onMessage = ({ message, chats_count }: Payload<'chat_message'>) =>
      addLiveChatMessage(queryClient, message, chats_count);
    const onCount = ({ project_db_id, chats_count }: Payload<'chat_count'>) => {
      const counters = queryClient.getQueryData<ChatCounters>(chatKeys.counters(project_db_id));
      if (counters) return fromCounters(project_db_id, counters, chats_count);
      if (openChats.has(project_db_id)) return setCardUnread(queryClient, project_db_id, 0);
      // No baseline yet: only a shown home card needs one; its counters are fetched once and kept.
      if (!holdsCard(queryClient, project_db_id)) return;
      void ensureChatCounters(queryClient, project_db_id)
        .then((c) => fromCounters(project_db_id, c, chats_count))
        .catch(() => undefined);
    };
    const onUnread = ({ project_db_id, chats_count }: Payload<'chat_unread'>) =>
      show(project_db_id, { chats_count, unread: 0 });
    socket.on('chat_message', onMessage);
    socket.on('chat_count', onCount);
    socket.on('chat_unread', onUnread);
    return () => {
      socket.off('chat_message', onMessage);
      socket.off('chat_count', onCount);
      socket.off('chat_unread', onUnread);
    };
  }, [queryClient]);
}
