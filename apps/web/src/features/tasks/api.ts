import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ROUTES,
  HOME_TRAY_PAGE_SIZE,
  TASK_CHAT_PAGE_SIZE,
  TASK_LIST_PAGE_SIZE,
  type TaskTrayName,
} from '@rushes/shared';
import { call } from '../../api/client.ts';
import { userTimeZone } from '../../ui/timeZone.ts';
import { addLiveMessage } from '../chat/live.ts';
import { mutationHook } from '../../api/mutation.ts';
import { settlePage, settleTask } from './taskCache.ts';
import { taskKeys } from './taskKeys.ts';

/**
 * Tasks, brief and task chat data (spec 000 §7). Every key starts with 'tasks', so a change
 * anywhere can refresh all of it; one project's keys start with ['tasks', 'project', id].
 */
export { taskKeys } from './taskKeys.ts';

// Writes (each screen adds its toasts and cache updates through the hook's options).
export const useUpdateBrief = mutationHook(ROUTES.brief.update);
export const useCreateTask = mutationHook(ROUTES.tasks.create);
export const useUpdateTask = mutationHook(ROUTES.tasks.update);
export const useDeleteTask = mutationHook(ROUTES.tasks.remove);
export const useCompleteTask = mutationHook(ROUTES.tasks.complete);
export const useResendTaskInvite = mutationHook(ROUTES.tasks.resendInvite);
export const useRequestTransfer = mutationHook(ROUTES.tasks.requestTransfer);
export const useAnswerTransfer = mutationHook(ROUTES.tasks.answerTransfer);

export function useBrief(projectDbId: string) {
  return useQuery({
    queryKey: taskKeys.brief(projectDbId),
    queryFn: ({ signal }) => call(ROUTES.brief.get, { project_db_id: projectDbId }, { signal }),
  });
}

/** A project's tasks, newest first, keyset pages. */
export function useTaskList(projectDbId: string) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: taskKeys.list(projectDbId),
    queryFn: ({ pageParam, signal }) =>
      call(
        ROUTES.tasks.list,
        {
          project_db_id: projectDbId,
          entries_per_page: TASK_LIST_PAGE_SIZE,
          cursor: pageParam ?? undefined,
        },
        { signal },
      ).then((page) => settlePage(queryClient, page)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useTask(taskDbId: string, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    enabled: enabled && Boolean(taskDbId),
    queryKey: taskKeys.detail(taskDbId),
    queryFn: ({ signal }) =>
      call(ROUTES.tasks.detail, { task_db_id: taskDbId }, { signal }).then((task) =>
        settleTask(queryClient, task),
      ),
    // the panel shows a refusal itself
    meta: { silent: true },
  });
}

export function useTaskTypes() {
  return useQuery({
    queryKey: taskKeys.types,
    queryFn: ({ signal }) => call(ROUTES.tasks.types, undefined, { signal }).then((d) => d.task_types),
    staleTime: Infinity,
  });
}

/** A home task tray, page by page (keyset). */
export function useTaskTray(tray: TaskTrayName) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: taskKeys.tray(tray),
    queryFn: ({ pageParam, signal }) =>
      call(
        ROUTES.tasks.trays,
        { tray_name: tray, entries_per_page: HOME_TRAY_PAGE_SIZE, cursor: pageParam ?? undefined },
        { signal },
      ).then((page) => settlePage(queryClient, page)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/**
 * A task's chat history: the first page is the newest; each next page is older (keyset `before`),
 * stable while others send. Live messages are appended to the first page by the chat panel.
 */
export function useTaskChat(taskDbId: string) {
  return useInfiniteQuery({
    queryKey: taskKeys.chat(taskDbId),
    queryFn: ({ pageParam, signal }) =>
      call(
        ROUTES.taskChat.history,
        {
          task_db_id: taskDbId,
          entries_per_page: TASK_CHAT_PAGE_SIZE,
          before: pageParam ?? undefined,
          tz: userTimeZone(),
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
    // the panel shows 'Something went wrong. Try reloading the chat again' itself
    meta: { silent: true },
    // live messages keep it current while the panel is open; closing it forgets the history, so
    // the next opening starts again from the newest page (nothing sent meanwhile is missed)
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Sends a task chat message; the stored message joins the open history in chats_count order. */
export function useSendTaskChat(taskDbId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text }: { text: string }) => call(ROUTES.taskChat.send, { task_db_id: taskDbId, text }),
    onSuccess: ({ message, chats_count }) =>
      addLiveMessage(queryClient, taskKeys.chat(taskDbId), message, chats_count),
  });
}

/** Project members by name from USER_SEARCH_MIN characters (assignee and reviewer pickers). */
export function useMemberSearch(projectDbId: string, text: string, enabled: boolean) {
  return useQuery({
    queryKey: taskKeys.memberSearch(projectDbId, text),
    queryFn: ({ signal }) =>
      call(
        ROUTES.projects.collaboratorSearch,
        { project_db_id: projectDbId, search_type: 'collaborators', search_text: text },
        { signal },
      ).then((d) => d.users),
    enabled,
    staleTime: 30_000,
    meta: { silent: true },
  });
}
