import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  HOME_TRAY_PAGE_SIZE,
  TASK_CHAT_PAGE_SIZE,
  TASK_LIST_PAGE_SIZE,
  type TaskTrayName,
} from '@rushes/shared';
import { projectsRoutes } from '@rushes/shared/routes/projects';
import { briefRoutes } from '@rushes/shared/routes/small';
import { taskChatRoutes, tasksRoutes } from '@rushes/shared/routes/tasks';
import { call } from '../../api/client.ts';
import { PREFETCH_FRESH_MS } from '../../api/queryKeys.ts';
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
export const useUpdateBrief = mutationHook(briefRoutes.update);
export const useCreateTask = mutationHook(tasksRoutes.create);
export const useUpdateTask = mutationHook(tasksRoutes.update);
export const useDeleteTask = mutationHook(tasksRoutes.remove);
export const useCompleteTask = mutationHook(tasksRoutes.complete);
export const useResendTaskInvite = mutationHook(tasksRoutes.resendInvite);
export const useRequestTransfer = mutationHook(tasksRoutes.requestTransfer);
export const useAnswerTransfer = mutationHook(tasksRoutes.answerTransfer);

export function useBrief(projectDbId: string) {
  return useQuery({
    queryKey: taskKeys.brief(projectDbId),
    queryFn: ({ signal }) => call(briefRoutes.get, { project_db_id: projectDbId }, { signal }),
  });
}

/** A project's tasks, newest first, keyset pages. */
export function useTaskList(projectDbId: string) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: taskKeys.list(projectDbId),
    queryFn: ({ pageParam, signal }) =>
      call(
        tasksRoutes.list,
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
      call(tasksRoutes.detail, { task_db_id: taskDbId }, { signal }).then((task) =>
        settleTask(queryClient, task),
      ),
    // the panel shows a refusal itself
    meta: { silent: true },
  });
}

export function useTaskTypes() {
  return useQuery({
    queryKey: taskKeys.types,
    queryFn: ({ signal }) => call(tasksRoutes.types, undefined, { signal }).then((d) => d.task_types),
    staleTime: Infinity,
  });
}

/** A home task tray, page by page (keyset). */
export function useTaskTray(tray: TaskTrayName) {
  return useInfiniteQuery(taskTrayQuery(useQueryClient(), tray));
}

/** The tray's query, also started by home's prefetch before the page renders. */
export function taskTrayQuery(queryClient: QueryClient, tray: TaskTrayName) {
  return infiniteQueryOptions({
    queryKey: taskKeys.tray(tray),
    queryFn: ({ pageParam, signal }) =>
      call(
        tasksRoutes.trays,
        { tray_name: tray, entries_per_page: HOME_TRAY_PAGE_SIZE, cursor: pageParam ?? undefined },
        { signal },
      ).then((page) => settlePage(queryClient, page)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: PREFETCH_FRESH_MS,
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
        taskChatRoutes.history,
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
    mutationFn: ({ text }: { text: string }) => call(taskChatRoutes.send, { task_db_id: taskDbId, text }),
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
        projectsRoutes.collaboratorSearch,
        { project_db_id: projectDbId, search_type: 'collaborators', search_text: text },
        { signal },
      ).then((d) => d.users),
    enabled,
    staleTime: 30_000,
    meta: { silent: true },
  });
}
