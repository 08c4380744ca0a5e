import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Task, TaskPage, TaskTrayName, TaskTrayPage } from '@rushes/shared';
import { taskKeys } from './taskKeys.ts';

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
export function addToTaskTray(queryClient: QueryClient, tray: TaskTrayName, arrived: Task): void {
  const task = settleTask(queryClient, arrived);
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
  refetchIfInFlight(queryClient, taskKeys.tray(tray));
}

/**
 * A live change that meets a fetch of the same list already on its way (begun before the change
 * committed, e.g. the tray still loading) would be overwritten by that fetch's older answer: cancel
 * it and fetch again, so the list converges on the server's state.
 *
 * TanStack Query's refetch cancels a fetch in flight only when the query already holds data; a
 * query still on its first fetch would have the refetch join that fetch, whose answer predates the
 * change. So that first fetch is cancelled outright (back to its empty, idle state: there is no
 * data to lose). A list holding data is refetched with `cancelRefetch`, which drops the old fetch
 * silently and keeps the patched data shown meanwhile. Every list is refetched, shown or not: one
 * not shown would otherwise take the old answer as fresh. One with no data and nobody showing it
 * (a prefetch) is left empty, and its hook fetches it when it mounts.
 */
function refetchIfInFlight(queryClient: QueryClient, queryKey: readonly unknown[]): void {
  const filters = { queryKey, exact: true } as const;
  if (queryClient.isFetching(filters) === 0) return;
  if (queryClient.getQueryData(queryKey) === undefined) void queryClient.cancelQueries(filters);
  void queryClient.invalidateQueries({ ...filters, refetchType: 'all' }, { cancelRefetch: true });
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
  refetchIfInFlight(queryClient, taskKeys.tray(tray));
}

/** Replaces a task wherever it is shown: the trays, its project's list and its detail. */
export function replaceTask(queryClient: QueryClient, arrived: Task): void {
  const task = settleTask(queryClient, arrived);
  const swap = (t: Task) => (t.task_db_id === task.task_db_id ? task : t);
  queryClient.setQueriesData<Pages>({ queryKey: taskKeys.trays }, (data) =>
    data && holds(data, task.task_db_id) ? mapTasks(data, swap) : data,
  );
  queryClient.setQueryData<Pages>(taskKeys.list(task.project_db_id), (data) =>
    data && holds(data, task.task_db_id) ? mapTasks(data, swap) : data,
  );
  queryClient.setQueryData<Task>(taskKeys.detail(task.task_db_id), (data) => (data ? task : data));
}

/** A task's unread count at a point of its chat: chats_count only grows, so does last_seen_count. */
export interface UnreadMark {
  chats_count: number;
  unread: number;
}

/** Later of two marks: the higher chats_count, or at an equal count the lower unread (more seen). */
const isNewer = (a: UnreadMark, b: UnreadMark) =>
  a.chats_count > b.chats_count || (a.chats_count === b.chats_count && a.unread < b.unread);

/**
 * Keeps the newest mark heard for a task (from a live event or any copy of the task) and answers
 * it. Live counts and refetched tasks race (a refetch the first message caused can answer after
 * the second message's live count): whichever comes last, the newest one wins, so every badge
 * converges to the server's count.
 */
function settle(queryClient: QueryClient, taskDbId: string, mark: UnreadMark): UnreadMark {
  const key = taskKeys.unread(taskDbId);
  const known = queryClient.getQueryData<UnreadMark>(key);
  if (known && !isNewer(mark, known)) return known;
  queryClient.setQueryData<UnreadMark>(key, mark);
  return mark;
}

/** A task as it arrived (an answer or an event), with the newest unread count heard for it. */
export function settleTask(queryClient: QueryClient, task: Task): Task {
  const best = settle(queryClient, task.task_db_id, {
    chats_count: task.chats_count,
    unread: task.unread_messages,
  });
  return best.chats_count === task.chats_count && best.unread === task.unread_messages
    ? task
    : { ...task, chats_count: best.chats_count, unread_messages: best.unread };
}

/** Every task of a fetched page, settled. */
export function settlePage<P extends { data: Task[] }>(queryClient: QueryClient, page: P): P {
  return { ...page, data: page.data.map((t) => settleTask(queryClient, t)) };
}

/**
 * A task's unread count changed (task_chat_unread, or read here): every place that shows its badge
 * follows, unless a newer count was already heard. Read here without a count (`chats_count`
 * undefined): 0 at the newest count known (the server records seen at its count, never lower).
 */
export function setUnread(
  queryClient: QueryClient,
  projectDbId: string,
  taskDbId: string,
  unread: number,
  chatsCount?: number,
): void {
  const known = queryClient.getQueryData<UnreadMark>(taskKeys.unread(taskDbId));
  const best = settle(queryClient, taskDbId, {
    chats_count: chatsCount ?? known?.chats_count ?? 0,
    unread,
  });
  const patch = (t: Task) =>
    t.task_db_id === taskDbId ? { ...t, unread_messages: best.unread, chats_count: best.chats_count } : t;
  queryClient.setQueriesData<Pages>({ queryKey: taskKeys.trays }, (data) =>
    data && holds(data, taskDbId) ? mapTasks(data, patch) : data,
  );
  queryClient.setQueryData<Pages>(taskKeys.list(projectDbId), (data) =>
    data && holds(data, taskDbId) ? mapTasks(data, patch) : data,
  );
  queryClient.setQueryData<Task>(taskKeys.detail(taskDbId), (data) => (data ? patch(data) : data));
}
