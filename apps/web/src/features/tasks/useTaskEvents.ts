import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerToClientEvents } from '@rushes/shared';
import { connectSocket } from '../../api/socket.ts';
import { assetKeys } from '../assets/api.ts';
import { approvalKeys } from '../approvals/api.ts';
import { taskKeys } from './api.ts';
import { addToTaskTray, removeFromTaskTray, replaceTask, setUnread } from './taskCache.ts';

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/**
 * The user's own task events, wherever they are (the shell): task_add / task_update / task_delete
 * edit the home trays (spec 002 §4) and every open copy of the task; task_chat_unread moves the
 * unread badge of a task everywhere it shows.
 */
export function useTaskEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket(queryClient);
    const onAdd = ({ tray, task }: Payload<'task_add'>) => {
      addToTaskTray(queryClient, tray, task);
      replaceTask(queryClient, task);
    };
    const onUpdate = ({ task }: Payload<'task_update'>) => replaceTask(queryClient, task);
    const onDelete = ({ tray, task_db_id }: Payload<'task_delete'>) =>
      removeFromTaskTray(queryClient, tray, task_db_id);
    const onUnread = ({ project_db_id, task_db_id, unread, chats_count }: Payload<'task_chat_unread'>) =>
      setUnread(queryClient, project_db_id, task_db_id, unread, chats_count);
    socket.on('task_add', onAdd);
    socket.on('task_update', onUpdate);
    socket.on('task_delete', onDelete);
    socket.on('task_chat_unread', onUnread);
    return () => {
      socket.off('task_add', onAdd);
      socket.off('task_update', onUpdate);
      socket.off('task_delete', onDelete);
      socket.off('task_chat_unread', onUnread);
    };
  }, [queryClient]);
}

/**
 * A project's task, brief and approval events while its page is open (the page sits in the
 * project room): refetch the task list and the task, the brief, an asset's requests; an asset's
 * new approval status is written into the asset lists at once.
 */
export function useProjectTaskEvents(projectDbId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket(queryClient);
    const mine = (id: string) => id === projectDbId;
    const onTasks = ({ project_db_id, task_db_id }: Payload<'tasks_changed'>) => {
      if (!mine(project_db_id)) return;
      void queryClient.invalidateQueries({ queryKey: taskKeys.list(projectDbId) });
      void queryClient.invalidateQueries({ queryKey: taskKeys.detail(task_db_id) });
    };
    const onBrief = ({ project_db_id }: Payload<'brief_changed'>) => {
      if (mine(project_db_id)) void queryClient.invalidateQueries({ queryKey: taskKeys.brief(projectDbId) });
    };
    const onRequests = ({ project_db_id, ingest_db_id }: Payload<'task_requests_changed'>) => {
      if (mine(project_db_id))
        void queryClient.invalidateQueries({ queryKey: approvalKeys.asset(ingest_db_id) });
    };
    const onStatus = ({ project_db_id, ingest_db_id, approval_status }: Payload<'asset_approval_status'>) => {
      if (!mine(project_db_id)) return;
      type AssetPages = { pages: { items: { ingest_db_id: string; approval_status: number }[] }[] };
      queryClient.setQueriesData<AssetPages>({ queryKey: assetKeys.project(projectDbId) }, (data) =>
        data?.pages
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                items: p.items?.map((a) => (a.ingest_db_id === ingest_db_id ? { ...a, approval_status } : a)),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: approvalKeys.asset(ingest_db_id) });
    };
    socket.on('tasks_changed', onTasks);
    socket.on('brief_changed', onBrief);
    socket.on('task_requests_changed', onRequests);
    socket.on('asset_approval_status', onStatus);
    return () => {
      socket.off('tasks_changed', onTasks);
      socket.off('brief_changed', onBrief);
      socket.off('task_requests_changed', onRequests);
      socket.off('asset_approval_status', onStatus);
    };
  }, [projectDbId, queryClient]);
}
