// @vitest-environment happy-dom
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEAM_ID_STORAGE_KEY, type Task, type TaskTrayPage, type TrayPage } from '@rushes/shared';
import { queryKeys } from '../../api/queryKeys.ts';
import { takeBootData, takeBootTrays, type BootTrays } from '../../app/bootData.ts';
import { bootElement, makeTask, makeUser } from '../../test/fixtures.ts';
import { projectKeys } from '../projects/api.ts';
import { taskKeys } from '../tasks/taskKeys.ts';
import { prefetchHome } from './prefetch.ts';
import { sharedAssetsKey } from './sharedAssets.ts';

/** The app's cache is made by app/queryClient.ts; here each test gets a fresh one. */
const holder = vi.hoisted(() => ({ qc: null as unknown as QueryClient }));
vi.mock('../../app/queryClient.ts', () => ({ getQueryClient: () => holder.qc }));

const user = makeUser();
const task = (id: string, over: Partial<Task>): Task =>
  makeTask(id, { project_db_id: 'p1', description: '', assigned_to_user_profiles: [], ...over });

const taskTray = (field: 'my_tasks' | 'assigned_tasks', data: Task[]): TaskTrayPage => ({
  field,
  data,
  total_entries: data.length,
  next_cursor: null,
});
const projectTray = (field: 'my_projects' | 'collaborated_projects'): TrayPage => ({
  field,
  data: [],
  total_entries: 7,
  next_cursor: 'more',
});

/** home's index.html: the user and the trays, My Projects of the team the server resolved */
function boot(trays: BootTrays) {
  bootElement(JSON.stringify({ user, trays }));
  takeBootData(holder.qc);
}

const firstPage = (key: readonly unknown[]) => holder.qc.getQueryData<InfiniteData<unknown>>(key)?.pages;
/** the trays the server is asked for (their tray_name) */
const asked = () =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').searchParams.get('tray_name'));

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  holder.qc = new QueryClient();
  localStorage.clear();
  // answers never arrive: the test only looks at what is seeded and what is asked for
  fetchMock = vi.fn(() => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  takeBootTrays();
  holder.qc.clear();
  vi.unstubAllGlobals();
});

describe('prefetchHome', () => {
  it('seeds every tray index.html carried as its first page, and asks for none of them', async () => {
    const mine = task('t1', { unread_messages: 2, chats_count: 5 });
    boot({
      my_tasks: taskTray('my_tasks', [mine]),
      assigned_tasks: taskTray('assigned_tasks', []),
      shared_assets: { field: 'shared_assets', data: [], total_entries: 0, next_cursor: null },
      collaborated_projects: projectTray('collaborated_projects'),
      my_projects: { team_db_id: 'personal', page: projectTray('my_projects') },
    });
    await prefetchHome();
    expect(firstPage(taskKeys.tray('my_tasks'))).toEqual([taskTray('my_tasks', [mine])]);
    expect(holder.qc.getQueryData(taskKeys.tray('my_tasks'))).toMatchObject({ pageParams: [null] });
    expect(firstPage(taskKeys.tray('assigned_tasks'))).toEqual([taskTray('assigned_tasks', [])]);
    expect(firstPage(sharedAssetsKey)).toHaveLength(1);
    expect(firstPage(projectKeys.tray('collaborated_projects', null))).toEqual([
      projectTray('collaborated_projects'),
    ]);
    expect(firstPage(projectKeys.tray('my_projects', 'personal'))).toEqual([projectTray('my_projects')]);
    // the task's unread count is remembered, so an older live count cannot undo it
    expect(holder.qc.getQueryData(taskKeys.unread('t1'))).toEqual({ chats_count: 5, unread: 2 });
    expect(asked()).toEqual([]);
  });

  it("asks for My Projects when the server's team is not the one selected here", async () => {
    localStorage.setItem(TEAM_ID_STORAGE_KEY, 'studio');
    boot({
      collaborated_projects: projectTray('collaborated_projects'),
      my_projects: { team_db_id: 'personal', page: projectTray('my_projects') },
    });
    await prefetchHome();
    expect(firstPage(projectKeys.tray('my_projects', 'personal'))).toBeUndefined();
    expect(firstPage(projectKeys.tray('my_projects', 'studio'))).toBeUndefined();
    expect(asked().sort()).toEqual(['assigned_tasks', 'my_projects', 'my_tasks', 'shared_assets']);
  });

  it('on a later visit (the trays already taken) asks for every tray', async () => {
    boot({ collaborated_projects: projectTray('collaborated_projects') });
    takeBootTrays();
    await prefetchHome();
    expect(holder.qc.getQueryData(projectKeys.tray('collaborated_projects', null))).toBeUndefined();
    expect(asked()).toHaveLength(5);
  });

  it('logged out: seeds and asks for nothing', async () => {
    holder.qc.setQueryDefaults(queryKeys.currentUser, { retry: false });
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({ response: false, data: null, errormessage: 'Log in', errorcode: 401 }),
          {
            status: 401,
          },
        ),
    );
    await prefetchHome();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(holder.qc.getQueryCache().findAll({ queryKey: ['tasks'] })).toHaveLength(0);
  });
});
