import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerToClientEvents } from '@rushes/shared';
import { connectSocket } from '../../api/socket.ts';
import { setCardUnread } from '../projects/trayCache.ts';
import { addLiveMessage, openChats, setUnread } from './api.ts';

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Live chat (spec 000 §7): chat_message (project room, heard while the project page is open) joins
 * the open history under 'Today'; chat_unread (user room) updates the project's unread count on its
 * page header and home card. Payloads can arrive out of order: per project the highest chats_count
 * wins. A project whose chat is open here stays at 0 (leaving records it seen).
 */
export function useChatEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket(queryClient);
    const latest = new Map<string, { chats_count: number; unread: number }>();
    const onMessage = ({ message }: Payload<'chat_message'>) => addLiveMessage(queryClient, message);
    const onUnread = ({ project_db_id, unread, chats_count }: Payload<'chat_unread'>) => {
      const seen = openChats.has(project_db_id);
      const next = { chats_count, unread: seen ? 0 : unread };
      const last = latest.get(project_db_id);
      if (
        last &&
        (last.chats_count > chats_count || (last.chats_count === chats_count && last.unread < next.unread))
      )
        return;
      latest.set(project_db_id, next);
      setUnread(queryClient, project_db_id, next);
      setCardUnread(queryClient, project_db_id, next.unread);
    };
    socket.on('chat_message', onMessage);
    socket.on('chat_unread', onUnread);
    return () => {
      socket.off('chat_message', onMessage);
      socket.off('chat_unread', onUnread);
    };
  }, [queryClient]);
}
