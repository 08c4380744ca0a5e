// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { projectCard, type ProjectCard, type ServerToClientEvents, type TrayPage } from '@rushes/shared';
import { projectKeys } from './api.ts';
import { useTrayEvents } from './useTrayEvents.ts';

type Event = keyof ServerToClientEvents;
type Payload<E extends Event> = Parameters<ServerToClientEvents[E]>[0];

/** The realtime connection, faked: the hook's listeners, and a way to deliver an event to them. */
const socket = vi.hoisted(() => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    connected: true,
    on: (event: string, fn: (payload: unknown) => void) => {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(fn));
    },
    off: (event: string, fn: (payload: unknown) => void) => listeners.get(event)?.delete(fn),
    emit: () => undefined,
    listening: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
    deliver: (event: string, payload: unknown) => listeners.get(event)?.forEach((fn) => fn(payload)),
  };
});
vi.mock('../../api/socket.ts', async (original) => ({
  ...(await original<typeof import('../../api/socket.ts')>()),
  connectSocket: () => socket,
}));

const deliver = <E extends Event>(event: E, payload: Payload<E>) => act(() => socket.deliver(event, payload));

const card = (id: string, title = `Project ${id}`): ProjectCard =>
  projectCard.parse({
    project_db_id: id,
    project_id: `P-${id}`,
    team_db_id: 't1',
    title,
    storage_used: 0,
    total_assets: 0,
    created_on: '2026-01-01T00:00:00.000Z',
    role: 'collaborator',
    creator: { user_id: 'u1', name: 'Ann' },
    avatars: [],
    no_of_members: 2,
    unread_chats: 0,
  });

type Tray = InfiniteData<TrayPage, string | null>;
const KEY = projectKeys.tray('collaborated_projects', null);
const page = () => qc.getQueryData<Tray>(KEY)?.pages[0];

let qc: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={qc}>{children}</QueryClientProvider>
);
beforeEach(() => {
  qc = new QueryClient();
  qc.setQueryData<Tray>(KEY, {
    pages: [{ field: 'collaborated_projects', data: [card('a')], total_entries: 1, next_cursor: null }],
    pageParams: [null],
  });
});
afterEach(() => {
  cleanup();
  qc.clear();
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
