import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Task, TaskPage, TaskTrayName, TaskTrayPage } from '@rushes/shared';
import { taskKeys } from './api.ts';

/** A paged task list: a home tray or a project's task list. */
type Pages = InfiniteData<TaskTrayPage | TaskPage, string | null>;

const holds = (data: Pages, id: string) => data.pages.some((p) => p.data.some((t) => t.task_db_id === id));

function mapTasks(data: Pages, change: (task: Task) => Task): Pages {
  return { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.map(change) })) };
}

const withTotal = (data: Pages, total: number): Pages => ({
  ...data,
  pages: data.pages.map((p) => ({ ...p, total_entries: Math.max(0, total) })),
});

/**
 * Tray updates (spec 002 §4): add puts the card first and raises the total by one (a card already
 * there is replaced instead).
 */
export function addToTaskTray(queryClient: QueryClient, tray: TaskTrayName, task: Task): void {
  queryClient.setQueryData<Pages>(taskKeys.tray(tray), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (holds(data, task.task_db_id))
      return mapTasks(data, (t) => (t.task_db_id === task.task_db_id ? task : t));
    const [first, ...rest] = data.pages;
    return withTotal(
      { ...data, pages: [{ ...first, data: [task, ...first.data] }, ...rest] },
      first.total_entries + 1,
    );
  });
}

/** Delete removes the card by task_db_id and lowers the total by one. */
export function removeFromTaskTray(queryClient: QueryClient, tray: TaskTrayName, taskDbId: string): void {
  queryClient.setQueryData<Pages>(taskKeys.tray(tray), (data) => {
    if (!data || !holds(data, taskDbId)) return data;
    const next = {
      ...data,
      pages: data.pages.map((p) => ({ ...p, data: p.data.filter((t) => t.task_db_id !== taskDbId) })),
    };
    return withTotal(next, data.pages[0].total_entries - 1);
  });
}

/** Replaces a task wherever it is shown: the trays, its project's list and its detail. */
export function replaceTask(queryClient: QueryClient, task: Task): void {
  const swap = (t: Task) => (t.task_db_id === task.task_db_id ? task : t);
  queryClient.setQueriesData<Pages>({ queryKey: taskKeys.trays }, (data) =>
    data && holds(data, task.task_db_id) ? mapTasks(data, swap) : data,
  );
  queryClient.setQueryData<Pages>(taskKeys.list(task.project_db_id), (data) =>
    data && holds(data, task.task_db_id) ? mapTasks(data, swap) : data,
  );
  queryClient.setQueryData<Task>(taskKeys.detail(task.task_db_id), (data) => (data ? task : data));
}

/** A task's unread count changed (task_chat_unread): every place that shows its badge follows. */
export function setUnread(
  queryClient: QueryClient,
  projectDbId: string,
  taskDbId: string,
  unread: number,
): void {
  const patch = (t: Task) => (t.task_db_id === taskDbId ? { ...t, unread_messages: unread } : t);
  queryClient.setQueriesData<Pages>({ queryKey: taskKeys.trays }, (data) =>
    data && holds(data, taskDbId) ? mapTasks(data, patch) : data,
  );
  queryClient.setQueryData<Pages>(taskKeys.list(projectDbId), (data) =>
    data && holds(data, taskDbId) ? mapTasks(data, patch) : data,
  );
  queryClient.setQueryData<Task>(taskKeys.detail(taskDbId), (data) => (data ? patch(data) : data));
}
