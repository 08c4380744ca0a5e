import { InfiniteQueryObserver, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  taskPage,
  taskTrayPage,
  type Task,
  type TaskPage,
  type TaskTrayName,
  type TaskTrayPage,
} from '@rushes/shared';
import { makeTask } from '../../test/fixtures.ts';
import { freshQueryClientPerTest, qc } from '../../test/queryClient.ts';
import {
  addToTaskTray,
  removeFromTaskTray,
  replaceTask,
  settlePage,
  settleTask,
  setUnread,
  type UnreadMark,
} from './taskCache.ts';
import { taskKeys } from './taskKeys.ts';

type Pages = InfiniteData<TaskTrayPage | TaskPage, string | null>;

const PROJECT = 'project-1';

/** A task as the API answers it (checked against the shared schema). */
const task = (id: string, over: Partial<Task> = {}): Task =>
  makeTask(id, { project_db_id: PROJECT, ...over });

/** A home tray of several loaded pages, each carrying the tray's total. */
function seedTray(qc: QueryClient, tray: TaskTrayName, pages: Task[][], total: number) {
  qc.setQueryData<Pages>(taskKeys.tray(tray), {
    pages: pages.map((data, i) =>
      taskTrayPage.parse({ field: tray, data, total_entries: total, next_cursor: `c${i + 1}` }),
    ),
    pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)),
  });
}

function seedList(qc: QueryClient, pages: Task[][], total: number) {
  qc.setQueryData<Pages>(taskKeys.list(PROJECT), {
    pages: pages.map((data) => taskPage.parse({ data, total_entries: total, next_cursor: null })),
    pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)),
  });
}

const tray = (qc: QueryClient, name: TaskTrayName) => qc.getQueryData<Pages>(taskKeys.tray(name));
const list = (qc: QueryClient) => qc.getQueryData<Pages>(taskKeys.list(PROJECT));
const ids = (data: Pages | undefined) => data?.pages.map((p) => p.data.map((t) => t.task_db_id));
const totals = (data: Pages | undefined) => data?.pages.map((p) => p.total_entries);

freshQueryClientPerTest();

describe('addToTaskTray', () => {
  it('puts the task first and raises the total on every page of that tray only', () => {
    seedTray(qc, 'my_tasks', [[task('a')], [task('b')]], 2);
    seedTray(qc, 'assigned_tasks', [[task('x')]], 1);
    addToTaskTray(qc, 'my_tasks', task('n'));
    expect(ids(tray(qc, 'my_tasks'))).toEqual([['n', 'a'], ['b']]);
    expect(totals(tray(qc, 'my_tasks'))).toEqual([3, 3]);
    expect(ids(tray(qc, 'assigned_tasks'))).toEqual([['x']]);
  });

  it('replaces a task already in the tray instead of adding it twice', () => {
    seedTray(qc, 'my_tasks', [[task('a')], [task('b')]], 2);
    addToTaskTray(qc, 'my_tasks', task('b', { description: 'changed' }));
    expect(ids(tray(qc, 'my_tasks'))).toEqual([['a'], ['b']]);
    expect(totals(tray(qc, 'my_tasks'))).toEqual([2, 2]);
    expect(tray(qc, 'my_tasks')?.pages[1].data[0].description).toBe('changed');
  });

  it('leaves a tray that was never loaded alone', () => {
    addToTaskTray(qc, 'my_tasks', task('n'));
    expect(tray(qc, 'my_tasks')).toBeUndefined();
  });

  it('leaves a tray with no pages alone', () => {
    qc.setQueryData<Pages>(taskKeys.tray('my_tasks'), { pages: [], pageParams: [] });
    addToTaskTray(qc, 'my_tasks', task('n'));
    expect(tray(qc, 'my_tasks')?.pages).toEqual([]);
  });

  it('refetches a loaded tray whose refetch is in flight, so its older answer does not win', async () => {
    seedTray(qc, 'my_tasks', [[task('a')]], 1);
    const run = trayFetches(qc, ['a']);
    void qc.refetchQueries({ queryKey: taskKeys.tray('my_tasks') });
    await vi.waitFor(() => expect(run.calls()).toBe(1));
    run.server.unshift('n');
    addToTaskTray(qc, 'my_tasks', task('n'));
    run.release();
    await vi.waitFor(() => expect(qc.isFetching()).toBe(0));
    expect(ids(tray(qc, 'my_tasks'))).toEqual([['n', 'a']]);
    run.stop();
  });

  // The cache holds no data during the first fetch, and a plain refetch would join that fetch
  // (whose answer predates the add) instead of starting a new one.
  it('converges when the task arrives while the tray is still loading', async () => {
    const run = trayFetches(qc, ['a']);
    await vi.waitFor(() => expect(run.calls()).toBe(1));
    run.server.unshift('n');
    addToTaskTray(qc, 'my_tasks', task('n'));
    run.release();
    await vi.waitFor(() => expect(qc.isFetching()).toBe(0));
    expect(run.calls()).toBe(2);
    expect(ids(tray(qc, 'my_tasks'))).toEqual([['n', 'a']]);
    run.stop();
  });

  it('leaves a tray nobody shows empty when its prefetch is in flight, and its hook fetches the task', async () => {
    const run = trayFetches(qc, ['a'], { shown: false });
    void qc.prefetchInfiniteQuery(run.options);
    await vi.waitFor(() => expect(run.calls()).toBe(1));
    run.server.unshift('n');
    addToTaskTray(qc, 'my_tasks', task('n'));
    expect(qc.isFetching()).toBe(0);
    run.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(tray(qc, 'my_tasks')).toBeUndefined();
    const stop = new InfiniteQueryObserver(qc, run.options).subscribe(() => {});
    await vi.waitFor(() => expect(ids(tray(qc, 'my_tasks'))).toEqual([['n', 'a']]));
    stop();
  });

  it('refetches a loaded tray nobody shows whose refetch is in flight', async () => {
    seedTray(qc, 'my_tasks', [[task('a')]], 1);
    const run = trayFetches(qc, ['a'], { shown: false });
    void qc.fetchInfiniteQuery({ ...run.options, staleTime: 0 });
    await vi.waitFor(() => expect(run.calls()).toBe(1));
    run.server.unshift('n');
    addToTaskTray(qc, 'my_tasks', task('n'));
    run.release();
    await vi.waitFor(() => expect(qc.isFetching()).toBe(0));
    expect(ids(tray(qc, 'my_tasks'))).toEqual([['n', 'a']]);
  });
});

/**
 * A mounted My Tasks tray (an observer, as on home; none when `shown` is false) whose fetches wait
 * for `release`; each answers the server's tasks as they were when it left.
 */
function trayFetches(client: QueryClient, initial: string[], { shown = true } = {}) {
  const server = [...initial];
  let calls = 0;
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const options = {
    queryKey: taskKeys.tray('my_tasks'),
    queryFn: async () => {
      calls += 1;
      const data = server.map((id) => task(id));
      await gate;
      return taskTrayPage.parse({ field: 'my_tasks', data, total_entries: data.length, next_cursor: null });
    },
    initialPageParam: null as string | null,
    getNextPageParam: () => undefined,
    staleTime: Infinity,
  };
  const stop = shown ? new InfiniteQueryObserver(client, options).subscribe(() => {}) : () => {};
  return { server, options, calls: () => calls, release: () => release(), stop };
}

describe('removeFromTaskTray', () => {
  it('removes the task from whichever page holds it and lowers the total', () => {
    seedTray(qc, 'assigned_tasks', [[task('a'), task('b')], [task('c')]], 3);
    removeFromTaskTray(qc, 'assigned_tasks', 'c');
    expect(ids(tray(qc, 'assigned_tasks'))).toEqual([['a', 'b'], []]);
    expect(totals(tray(qc, 'assigned_tasks'))).toEqual([2, 2]);
  });

  it('ignores a task the tray does not hold (a repeated delete leaves the total alone)', () => {
    seedTray(qc, 'assigned_tasks', [[task('a'), task('b')]], 2);
    removeFromTaskTray(qc, 'assigned_tasks', 'a');
    removeFromTaskTray(qc, 'assigned_tasks', 'a');
    expect(totals(tray(qc, 'assigned_tasks'))).toEqual([1]);
  });

  it('converges when the task goes while the tray is still loading', async () => {
    const run = trayFetches(qc, ['a', 'b']);
    await vi.waitFor(() => expect(run.calls()).toBe(1));
    run.server.splice(1, 1);
    removeFromTaskTray(qc, 'my_tasks', 'b');
    run.release();
    await vi.waitFor(() => expect(qc.isFetching()).toBe(0));
    expect(ids(tray(qc, 'my_tasks'))).toEqual([['a']]);
    run.stop();
  });

  it('only touches the named tray and never goes below zero', () => {
    seedTray(qc, 'my_tasks', [[task('a')]], 0);
    seedTray(qc, 'assigned_tasks', [[task('a')]], 1);
    removeFromTaskTray(qc, 'my_tasks', 'a');
    expect(totals(tray(qc, 'my_tasks'))).toEqual([0]);
    expect(ids(tray(qc, 'assigned_tasks'))).toEqual([['a']]);
  });
});

describe('replaceTask', () => {
  it('replaces the task in both trays, its project list and its detail', () => {
    const old = task('a');
    seedTray(qc, 'my_tasks', [[task('z'), old]], 2);
    seedTray(qc, 'assigned_tasks', [[old]], 1);
    seedList(qc, [[task('y')], [old]], 2);
    qc.setQueryData(taskKeys.detail('a'), old);
    const done = task('a', { task_status: 'completed', is_completed: true });
    replaceTask(qc, done);
    expect(tray(qc, 'my_tasks')?.pages[0].data.map((t) => t.is_completed)).toEqual([false, true]);
    expect(tray(qc, 'assigned_tasks')?.pages[0].data[0].task_status).toBe('completed');
    expect(list(qc)?.pages[1].data[0].task_status).toBe('completed');
    expect(list(qc)?.pages[0].data[0].task_status).toBe('pending');
    expect(qc.getQueryData<Task>(taskKeys.detail('a'))?.task_status).toBe('completed');
    expect(totals(tray(qc, 'my_tasks'))).toEqual([2]);
  });

  it('adds the task nowhere it was not shown, and makes no detail', () => {
    seedTray(qc, 'my_tasks', [[task('z')]], 1);
    seedList(qc, [[task('y')]], 1);
    replaceTask(qc, task('a'));
    expect(ids(tray(qc, 'my_tasks'))).toEqual([['z']]);
    expect(ids(list(qc))).toEqual([['y']]);
    expect(qc.getQueryData(taskKeys.detail('a'))).toBeUndefined();
  });

  it('keeps a newer unread count than the copy that arrives', () => {
    seedTray(qc, 'my_tasks', [[task('a', { chats_count: 5, unread_messages: 2 })]], 1);
    setUnread(qc, PROJECT, 'a', 3, 6);
    // an older copy (a refetch that left before the sixth message) arrives after the live count
    replaceTask(qc, task('a', { chats_count: 5, unread_messages: 2, description: 'edited' }));
    const shown = tray(qc, 'my_tasks')?.pages[0].data[0];
    expect(shown).toMatchObject({ description: 'edited', chats_count: 6, unread_messages: 3 });
  });
});

describe('settleTask and settlePage', () => {
  it('keeps the mark with the higher chats_count, whatever order they come in', () => {
    expect(settleTask(qc, task('a', { chats_count: 4, unread_messages: 1 }))).toMatchObject({
      chats_count: 4,
      unread_messages: 1,
    });
    expect(settleTask(qc, task('a', { chats_count: 3, unread_messages: 0 }))).toMatchObject({
      chats_count: 4,
      unread_messages: 1,
    });
    expect(settleTask(qc, task('a', { chats_count: 7, unread_messages: 3 }))).toMatchObject({
      chats_count: 7,
      unread_messages: 3,
    });
  });

  it('at an equal chats_count keeps the lower unread (more seen)', () => {
    settleTask(qc, task('a', { chats_count: 4, unread_messages: 0 }));
    expect(settleTask(qc, task('a', { chats_count: 4, unread_messages: 2 })).unread_messages).toBe(0);
  });

  it('answers the same task object when nothing newer was heard', () => {
    const t = task('a', { chats_count: 1, unread_messages: 1 });
    expect(settleTask(qc, t)).toBe(t);
  });

  it('settles every task of a fetched page and keeps the page fields', () => {
    setUnread(qc, PROJECT, 'b', 0, 9);
    const page = taskTrayPage.parse({
      field: 'my_tasks',
      data: [
        task('a', { unread_messages: 1, chats_count: 1 }),
        task('b', { unread_messages: 4, chats_count: 8 }),
      ],
      total_entries: 2,
      next_cursor: 'next',
    });
    const settled = settlePage(qc, page);
    expect(settled.next_cursor).toBe('next');
    expect(settled.data.map((t) => [t.chats_count, t.unread_messages])).toEqual([
      [1, 1],
      [9, 0],
    ]);
  });
});

describe('setUnread', () => {
  it('moves the badge in the trays, the project list and the detail', () => {
    const t = task('a', { chats_count: 2, unread_messages: 0 });
    seedTray(qc, 'my_tasks', [[task('z'), t]], 2);
    seedList(qc, [[t]], 1);
    qc.setQueryData(taskKeys.detail('a'), t);
    setUnread(qc, PROJECT, 'a', 3, 5);
    const want = { chats_count: 5, unread_messages: 3 };
    expect(tray(qc, 'my_tasks')?.pages[0].data[1]).toMatchObject(want);
    expect(tray(qc, 'my_tasks')?.pages[0].data[0]).toMatchObject({ chats_count: 0, unread_messages: 0 });
    expect(list(qc)?.pages[0].data[0]).toMatchObject(want);
    expect(qc.getQueryData<Task>(taskKeys.detail('a'))).toMatchObject(want);
    expect(qc.getQueryData<UnreadMark>(taskKeys.unread('a'))).toEqual({ chats_count: 5, unread: 3 });
  });

  it('ignores an older count that arrives late', () => {
    seedTray(qc, 'my_tasks', [[task('a')]], 1);
    setUnread(qc, PROJECT, 'a', 2, 10);
    setUnread(qc, PROJECT, 'a', 1, 9);
    expect(tray(qc, 'my_tasks')?.pages[0].data[0]).toMatchObject({ chats_count: 10, unread_messages: 2 });
  });

  it('read here without a count: 0 at the newest count known', () => {
    seedTray(qc, 'my_tasks', [[task('a')]], 1);
    setUnread(qc, PROJECT, 'a', 4, 12);
    setUnread(qc, PROJECT, 'a', 0);
    expect(tray(qc, 'my_tasks')?.pages[0].data[0]).toMatchObject({ chats_count: 12, unread_messages: 0 });
  });

  it('makes no list or detail that was not cached', () => {
    setUnread(qc, PROJECT, 'a', 1, 1);
    expect(list(qc)).toBeUndefined();
    expect(qc.getQueryData(taskKeys.detail('a'))).toBeUndefined();
    expect(tray(qc, 'my_tasks')).toBeUndefined();
  });
});
