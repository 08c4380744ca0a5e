// @vitest-environment happy-dom
import type { InfiniteData } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectCard, TrayPage } from '@rushes/shared';
import { deliver, socket } from '../../test/fakeSocket.ts';
import { makeProjectCard } from '../../test/fixtures.ts';
import { qc } from '../../test/queryClient.ts';
import { freshProvidersPerTest, wrapper } from '../../test/renderWithProviders.tsx';
import { projectKeys } from './api.ts';
import { useTrayEvents } from './useTrayEvents.ts';

vi.mock('../../api/socket.ts', (original) =>
  import('../../test/fakeSocket.ts').then((kit) => kit.withFakeSocket(original)),
);

const card = (id: string, title = `Project ${id}`): ProjectCard =>
  makeProjectCard(id, { title, role: 'collaborator', no_of_members: 2 });

type Tray = InfiniteData<TrayPage, string | null>;
const KEY = projectKeys.tray('collaborated_projects', null);
const page = () => qc.getQueryData<Tray>(KEY)?.pages[0];

freshProvidersPerTest();
beforeEach(() => {
  qc.setQueryData<Tray>(KEY, {
    pages: [{ field: 'collaborated_projects', data: [card('a')], total_entries: 1, next_cursor: null }],
    pageParams: [null],
  });
});

describe('useTrayEvents', () => {
  it('adds, updates and removes project cards as the events say', () => {
    renderHook(() => useTrayEvents(), { wrapper });
    deliver('project_add', { tray: 'collaborated_projects', project: card('b') });
    expect(page()?.data.map((c) => c.project_db_id)).toEqual(['b', 'a']);
    deliver('project_update', { tray: 'collaborated_projects', project: card('a', 'Renamed') });
    expect(page()?.data.map((c) => c.title)).toEqual(['Project b', 'Renamed']);
    deliver('project_delete', { project_db_id: 'b' });
    expect(page()?.data.map((c) => c.project_db_id)).toEqual(['a']);
    expect(page()?.total_entries).toBe(1);
  });

  it('stops listening when unmounted', () => {
    const { unmount } = renderHook(() => useTrayEvents(), { wrapper });
    expect(socket.listening()).toBe(3);
    unmount();
    expect(socket.listening()).toBe(0);
  });
});
