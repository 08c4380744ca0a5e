// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, TEAM_ID_STORAGE_KEY, currentUser, type ServerToClientEvents } from '@rushes/shared';
import { queryKeys } from '../../api/queryKeys.ts';
import { billingKeys } from '../../features/billing/api.ts';
import { subscriptionKeys } from '../../features/subscription/api.ts';
import { teamKeys } from '../../features/teams/api.ts';
import { useRealtime } from './useRealtime.ts';

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
const welcome = vi.hoisted(() => vi.fn());
vi.mock('../../features/teams/manageTeamWelcome.tsx', () => ({ openManageTeamWelcome: welcome }));

const deliver = <E extends Event>(event: E, payload: Payload<E>) => act(() => socket.deliver(event, payload));

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
const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? null;

let qc: QueryClient;
let fetchMock: ReturnType<typeof vi.fn>;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={qc}>{children}</QueryClientProvider>
);
beforeEach(() => {
  qc = new QueryClient();
  qc.setQueryData(queryKeys.currentUser, user);
  localStorage.setItem(TEAM_ID_STORAGE_KEY, 'studio');
  fetchMock = vi.fn(
    async () => new Response(JSON.stringify({ response: true, data: { last_team_db_id: 'personal' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  welcome.mockClear();
  renderHook(() => useRealtime(), { wrapper });
});
afterEach(() => {
  cleanup();
  qc.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('useRealtime', () => {
  it("losing the selected team switches to the personal one and drops the old team's data", () => {
    qc.setQueryData(['projects', 'tray', 'my_projects', 'studio'], { seeded: true });
    qc.setQueryData(teamKeys.list('teams'), { seeded: true });
    deliver('team_delete', { team_db_id: 'studio' });
    expect(localStorage.getItem(TEAM_ID_STORAGE_KEY)).toBe('personal');
    expect(qc.getQueryData(['projects', 'tray', 'my_projects', 'studio'])).toBeUndefined();
    expect(qc.getQueryData(queryKeys.currentUser)).toEqual(user);
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(API.teams.lastTeam);
  });

  it('losing another team only refreshes the team lists', () => {
    qc.setQueryData(['projects', 'tray', 'my_projects', 'studio'], { seeded: true });
    qc.setQueryData(teamKeys.list('teams'), { seeded: true });
    deliver('team_delete', { team_db_id: 'elsewhere' });
    expect(localStorage.getItem(TEAM_ID_STORAGE_KEY)).toBe('studio');
    expect(stale(teamKeys.list('teams'))).toBe(true);
    expect(qc.getQueryData(['projects', 'tray', 'my_projects', 'studio'])).toEqual({ seeded: true });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('billing and subscription events refresh their data; a team plan opens the welcome', () => {
    qc.setQueryData(billingKeys.detail('studio'), { seeded: true });
    qc.setQueryData(subscriptionKeys.state('studio'), { seeded: true });
    deliver('billing_detail', { team_db_id: 'studio' });
    expect(stale(billingKeys.detail('studio'))).toBe(true);
    expect(stale(subscriptionKeys.state('studio'))).toBe(false);
    deliver('subscription_changed', { team_db_id: 'studio' });
    expect(stale(subscriptionKeys.state('studio'))).toBe(true);
    deliver('subscription_detail', { team_detail: { is_team_plan: false, team: team('studio', false) } });
    expect(welcome).not.toHaveBeenCalled();
    deliver('subscription_detail', { team_detail: { is_team_plan: true, team: team('studio', false) } });
    expect(welcome).toHaveBeenCalledOnce();
  });

  it('stops listening when the shell goes', () => {
    expect(socket.listening()).toBe(6);
    cleanup();
    expect(socket.listening()).toBe(0);
  });
});
