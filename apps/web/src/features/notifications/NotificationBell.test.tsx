// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TEAM_ID_STORAGE_KEY,
  UI,
  currentUser,
  type NotificationList,
  type ServerToClientEvents,
} from '@rushes/shared';
import { queryKeys } from '../../api/queryKeys.ts';
import { PanelContext } from '../../app/panels/PanelContext.ts';
import { notificationKeys } from './api.ts';
import { NotificationBell } from './NotificationBell.tsx';

type Payload = Parameters<ServerToClientEvents['has_new_notification']>[0];

/** The realtime connection, faked: the bell's listener, and a way to deliver an event to it. */
const socket = vi.hoisted(() => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    connected: true,
    on: (event: string, fn: (payload: unknown) => void) => {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(fn));
    },
    off: (event: string, fn: (payload: unknown) => void) => listeners.get(event)?.delete(fn),
    emit: () => undefined,
    deliver: (event: string, payload: unknown) => listeners.get(event)?.forEach((fn) => fn(payload)),
  };
});
vi.mock('../../api/socket.ts', async (original) => ({
  ...(await original<typeof import('../../api/socket.ts')>()),
  connectSocket: () => socket,
}));
/** TanStack Query tells the bell on a zero timeout */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const deliver = async (payload: Payload) => {
  act(() => socket.deliver('has_new_notification', payload));
  await settle();
};

const team = (id: string, personal: boolean) => ({
  team_db_id: id,
  team_id: id.toUpperCase(),
  name: id,
  is_admin: true,
  is_personal: personal,
  no_of_users: 1,
  created_on: '2026-01-01T00:00:00.000Z',
  is_active: true,
  subscription: 'free',
  two_factor_authentication_enabled: false,
});
const user = currentUser.parse({
  user_id: 'u1',
  name: 'Ann Lee',
  first_name: 'Ann',
  last_name: 'Lee',
  username: 'ann',
  email: 'ann@example.com',
  user_badge_color: '#f00',
  waiting_time: 0,
  is_subscription_upgrade_in_progress: false,
  two_factor_authentication_enabled: false,
  is_two_factor_authentication_enabled_by_team: false,
  organisation_db_id: 'o1',
  teams: [team('personal', true), team('studio', false)],
  last_team_db_id: null,
});
const list = (hasNew: boolean): InfiniteData<NotificationList, unknown> => ({
  pages: [{ show_notification: true, notifications: [], total_entries: 0, has_new_notification: hasNew }],
  pageParams: [1],
});
const flag = (teamDbId: string) =>
  qc.getQueryData<InfiniteData<NotificationList>>(notificationKeys.list(teamDbId))?.pages[0]
    .has_new_notification;
const bell = () => screen.getByRole('button');

let qc: QueryClient;
const open = vi.fn();
beforeEach(() => {
  qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  qc.setQueryData(queryKeys.currentUser, user);
  localStorage.setItem(TEAM_ID_STORAGE_KEY, 'studio');
  qc.setQueryData(notificationKeys.list('studio'), list(false));
  qc.setQueryData(notificationKeys.list('personal'), list(false));
  // nothing is refetched for real here
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={qc}>
        <PanelContext.Provider value={{ open, close: () => {} }}>
          <NotificationBell />
        </PanelContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
});
afterEach(() => {
  cleanup();
  qc.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('NotificationBell', () => {
  it("shows the dot when the selected team's flag arrives, and refreshes its list", async () => {
    expect(bell().getAttribute('aria-label')).toBe(UI.notifications);
    await deliver({ team_db_id: 'studio', has_new_notification: true });
    expect(flag('studio')).toBe(true);
    expect(bell().getAttribute('aria-label')).toBe(UI.newNotifications);
    expect(qc.getQueryState(notificationKeys.list('studio'))?.isInvalidated).toBe(true);
  });

  it("ignores another team's flag", async () => {
    await deliver({ team_db_id: 'personal', has_new_notification: true });
    expect(flag('personal')).toBe(false);
    expect(bell().getAttribute('data-has-new')).toBe('false');
  });

  it('clears the dot when the flag is cleared elsewhere, without a refetch', async () => {
    qc.setQueryData(notificationKeys.list('studio'), list(true));
    await settle();
    expect(bell().getAttribute('data-has-new')).toBe('true');
    await deliver({ team_db_id: 'studio', has_new_notification: false });
    expect(flag('studio')).toBe(false);
    expect(bell().getAttribute('data-has-new')).toBe('false');
    expect(qc.getQueryState(notificationKeys.list('studio'))?.isInvalidated).toBe(false);
  });

  it('opens the notification panel', () => {
    act(() => bell().click());
    expect(open).toHaveBeenCalledWith('notifications', {});
  });
});
