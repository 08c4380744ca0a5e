// @vitest-environment happy-dom
import type { InfiniteData } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  assetItem,
  assetPage,
  taskTrayPage,
  type AssetPage,
  type Task,
  type TaskTrayPage,
} from '@rushes/shared';
import { deliver, socket } from '../../test/fakeSocket.ts';
import { makeTask } from '../../test/fixtures.ts';
import { qc } from '../../test/queryClient.ts';
import { freshProvidersPerTest, wrapper } from '../../test/renderWithProviders.tsx';
import { assetKeys } from '../assets/api.ts';
import { approvalKeys } from '../approvals/api.ts';
import { taskKeys } from './taskKeys.ts';
import { useProjectTaskEvents, useTaskEvents } from './useTaskEvents.ts';

vi.mock('../../api/socket.ts', (original) =>
  import('../../test/fakeSocket.ts').then((kit) => kit.withFakeSocket(original)),
);

const PROJECT = 'project-1';
const task = (id: string, over: Partial<Task> = {}): Task =>
  makeTask(id, { project_db_id: PROJECT, ...over });

type Tray = InfiniteData<TaskTrayPage, string | null>;
const seedTray = (ids: string[]) =>
  qc.setQueryData<Tray>(taskKeys.tray('my_tasks'), {
    pages: [
      taskTrayPage.parse({
        field: 'my_tasks',
        data: ids.map((id) => task(id)),
        total_entries: ids.length,
        next_cursor: null,
      }),
    ],
    pageParams: [null],
  });
const tray = () => qc.getQueryData<Tray>(taskKeys.tray('my_tasks'))?.pages[0];

freshProvidersPerTest();

describe('useTaskEvents', () => {
  it('task_add puts the task in its tray and refreshes an open copy of it', () => {
    seedTray(['a']);
    qc.setQueryData(taskKeys.detail('n'), task('n'));
    renderHook(() => useTaskEvents(), { wrapper });
    deliver('task_add', { tray: 'my_tasks', task: task('n', { description: 'new' }) });
    expect(tray()?.data.map((t) => t.task_db_id)).toEqual(['n', 'a']);
    expect(tray()?.total_entries).toBe(2);
    expect(qc.getQueryData<Task>(taskKeys.detail('n'))?.description).toBe('new');
  });

  it('task_update replaces the task; task_delete removes it from the tray named', () => {
    seedTray(['a', 'b']);
    renderHook(() => useTaskEvents(), { wrapper });
    deliver('task_update', { tray: 'my_tasks', task: task('b', { description: 'edited' }) });
    expect(tray()?.data[1].description).toBe('edited');
    deliver('task_delete', { tray: 'assigned_tasks', task_db_id: 'a' });
    expect(tray()?.data).toHaveLength(2);
    deliver('task_delete', { tray: 'my_tasks', task_db_id: 'a' });
    expect(tray()?.data.map((t) => t.task_db_id)).toEqual(['b']);
    expect(tray()?.total_entries).toBe(1);
  });

  it('task_chat_unread moves the badge', () => {
    seedTray(['a']);
    renderHook(() => useTaskEvents(), { wrapper });
    deliver('task_chat_unread', { project_db_id: PROJECT, task_db_id: 'a', unread: 2, chats_count: 4 });
    expect(tray()?.data[0]).toMatchObject({ unread_messages: 2, chats_count: 4 });
  });

  it('stops listening when unmounted', () => {
    const { unmount } = renderHook(() => useTaskEvents(), { wrapper });
    expect(socket.listening('task_add')).toBe(1);
    unmount();
    for (const e of ['task_add', 'task_update', 'task_delete', 'task_chat_unread'])
      expect(socket.listening(e)).toBe(0);
  });
});

describe('useProjectTaskEvents: asset_approval_status', () => {
  const asset = (id: string, status: number) =>
    assetItem.parse({
      ingest_db_id: id,
      title: id,
      file_type: 'video',
      is_folder: false,
      folder_path: '/',
      parent_db_id: null,
      thumbnail: null,
      created_on: '2026-01-01T00:00:00.000Z',
      background_color: null,
      approval_status: status,
      status: 1,
      size: 1,
      extension: 'mp4',
    });
  const pages = (...items: ReturnType<typeof asset>[][]): InfiniteData<AssetPage, string | null> => ({
    pages: items.map((list) =>
      assetPage.parse({ items: list, next_cursor: null, total_entries: 3, breadcrumbs: [] }),
    ),
    pageParams: items.map((_, i) => (i ? `c${i}` : null)),
  });
  const statuses = (key: readonly unknown[]) =>
    qc
      .getQueryData<InfiniteData<AssetPage>>(key)
      ?.pages.map((p) => p.items.map((a) => `${a.ingest_db_id}:${a.approval_status}`));

  it('writes the status into every list and search of the project that shows the asset', () => {
    const folder = assetKeys.list(PROJECT, null);
    const search = assetKeys.search(PROJECT, 'clip');
    const other = assetKeys.list('project-2', null);
    qc.setQueryData(folder, pages([asset('x', 0)], [asset('y', 0), asset('z', 0)]));
    qc.setQueryData(search, pages([asset('y', 0)]));
    qc.setQueryData(other, pages([asset('y', 0)]));
    const metadata = { keywords: ['a'] };
    qc.setQueryData(assetKeys.metadata(PROJECT, 'y'), metadata);
    renderHook(() => useProjectTaskEvents(PROJECT), { wrapper });
    deliver('asset_approval_status', { project_db_id: PROJECT, ingest_db_id: 'y', approval_status: 2 });
    expect(statuses(folder)).toEqual([['x:0'], ['y:2', 'z:0']]);
    expect(statuses(search)).toEqual([['y:2']]);
    expect(statuses(other)).toEqual([['y:0']]);
    // a query under the project's key that is no list is left as it is
    expect(qc.getQueryData(assetKeys.metadata(PROJECT, 'y'))).toBe(metadata);
  });

  it("ignores another project's event and refetches the asset's requests for its own", () => {
    const folder = assetKeys.list(PROJECT, null);
    qc.setQueryData(folder, pages([asset('y', 0)]));
    qc.setQueryData(approvalKeys.asset('y'), { requests: [] });
    renderHook(() => useProjectTaskEvents(PROJECT), { wrapper });
    deliver('asset_approval_status', { project_db_id: 'project-2', ingest_db_id: 'y', approval_status: 2 });
    expect(statuses(folder)).toEqual([['y:0']]);
    expect(qc.getQueryState(approvalKeys.asset('y'))?.isInvalidated).toBe(false);
    deliver('asset_approval_status', { project_db_id: PROJECT, ingest_db_id: 'y', approval_status: 1 });
    expect(statuses(folder)).toEqual([['y:1']]);
    expect(qc.getQueryState(approvalKeys.asset('y'))?.isInvalidated).toBe(true);
  });

  it('tasks_changed refetches the list and the task; another project is ignored', () => {
    qc.setQueryData(taskKeys.list(PROJECT), { pages: [], pageParams: [] });
    qc.setQueryData(taskKeys.detail('a'), task('a'));
    renderHook(() => useProjectTaskEvents(PROJECT), { wrapper });
    deliver('tasks_changed', { project_db_id: 'project-2', task_db_id: 'a' });
    expect(qc.getQueryState(taskKeys.detail('a'))?.isInvalidated).toBe(false);
    deliver('tasks_changed', { project_db_id: PROJECT, task_db_id: 'a' });
    expect(qc.getQueryState(taskKeys.list(PROJECT))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(taskKeys.detail('a'))?.isInvalidated).toBe(true);
  });
});
