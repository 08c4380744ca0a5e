import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import {
  API,
  appendChatMessage,
  flattenChatGroups,
  type ServerToClientEvents,
  type TaskChatHistory,
  type TaskChatMessage,
} from '@rushes/shared';
import { api } from '../../../api/client.ts';
import { connectSocket } from '../../../api/socket.ts';
import { taskKeys, userTimeZone } from '../api.ts';
import { setUnread } from '../taskCache.ts';

type History = InfiniteData<TaskChatHistory, string | null>;
type Payload = Parameters<ServerToClientEvents['task_chat_message']>[0];

/** Adds a message to the newest page of the cached history, unless it is already there. */
export function appendToHistory(
  queryClient: ReturnType<typeof useQueryClient>,
  taskDbId: string,
  message: TaskChatMessage,
): void {
  queryClient.setQueryData<History>(taskKeys.chat(taskDbId), (data) => {
    if (!data || data.pages.length === 0) return data;
    const known = data.pages.some((p) => flattenChatGroups(p.messages).some((m) => m.id === message.id));
    if (known) return data;
    const [newest, ...older] = data.pages;
    const messages = appendChatMessage(newest.messages, message, { timeZone: userTimeZone() });
    return {
      ...data,
      pages: [{ ...newest, messages, total_entries: newest.total_entries + 1 }, ...older],
    };
  });
}

/**
 * While a task chat is open: the socket sits in the task:{id} room (joined again after a
 * reconnect), live messages join the history, and the chat is marked read on open, on every
 * message that arrives while it is open, and on leaving (the unread badge clears everywhere).
 */
export function useTaskChatRoom(projectDbId: string, taskDbId: string): void {
  const queryClient = useQueryClient();

  const markSeen = useCallback(
    (chatsCount?: number) => {
      setUnread(queryClient, projectDbId, taskDbId, 0, chatsCount);
      void api.put(API.tasks.chatSeen, { task_db_id: taskDbId }).catch(() => undefined);
    },
    [queryClient, projectDbId, taskDbId],
  );

  useEffect(() => {
    const socket = connectSocket(queryClient);
    const room = `task:${taskDbId}`;
    const join = () => socket.emit('join', room, () => undefined);
    if (socket.connected) join();
    markSeen();

    const onMessage = ({ task_db_id, message, chats_count }: Payload) => {
      if (task_db_id !== taskDbId) return;
      appendToHistory(queryClient, taskDbId, message);
      markSeen(chats_count);
    };
    socket.on('connect', join);
    socket.on('task_chat_message', onMessage);
    return () => {
      socket.off('connect', join);
      socket.off('task_chat_message', onMessage);
      socket.emit('leave', room);
      // leaving records what was read up to now (the contract: on opening and on closing)
      markSeen();
    };
  }, [queryClient, taskDbId, markSeen]);
}
