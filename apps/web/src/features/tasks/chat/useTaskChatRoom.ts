import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { type ServerToClientEvents } from '@rushes/shared';
import { taskChatRoutes } from '@rushes/shared/routes/tasks';
import { call } from '../../../api/client.ts';
import { connectSocket } from '../../../api/socket.ts';
import { addLiveMessage } from '../../chat/live.ts';
import { taskKeys } from '../api.ts';
import { setUnread } from '../taskCache.ts';

type Payload = Parameters<ServerToClientEvents['task_chat_message']>[0];

/**
 * While a task chat is open: the socket sits in the task:{id} room (joined again after a
 * reconnect), live messages join the history in chats_count order (the chat core's rule, as in the
 * project chat), and the chat is marked read on open, on every message that arrives while it is
 * open, and on leaving (the unread badge clears everywhere).
 */
export function useTaskChatRoom(projectDbId: string, taskDbId: string): void {
  const queryClient = useQueryClient();

  const markSeen = useCallback(
    (chatsCount?: number) => {
      setUnread(queryClient, projectDbId, taskDbId, 0, chatsCount);
      void call(taskChatRoutes.seen, { task_db_id: taskDbId }).catch(() => undefined);
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
      addLiveMessage(queryClient, taskKeys.chat(taskDbId), message, chats_count);
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
