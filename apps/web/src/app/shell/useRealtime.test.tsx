// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, TEAM_ID_STORAGE_KEY } from '@rushes/shared';
import { queryKeys } from '../../api/queryKeys.ts';
import { billingKeys } from '../../features/billing/api.ts';
import { subscriptionKeys } from '../../features/subscription/api.ts';
import { teamKeys } from '../../features/teams/api.ts';
import { deliver, socket } from '../../test/fakeSocket.ts';
import { makeUser, team } from '../../test/fixtures.ts';
import { qc } from '../../test/queryClient.ts';
import { freshProvidersPerTest, wrapper } from '../../test/renderWithProviders.tsx';
import { useRealtime } from './useRealtime.ts';

vi.mock('../../api/socket.ts', (original) =>
  import('../../test/fakeSocket.ts').then((kit) => kit.withFakeSocket(original)),
);
const welcome = vi.hoisted(() => vi.fn());
vi.mock('../../features/teams/manageTeamWelcome.tsx', () => ({ openManageTeamWelcome: welcome }));

const user = makeUser();
const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? null;

let fetchMock: ReturnType<typeof vi.fn>;
freshProvidersPerTest({ afterUnmount: () => localStorage.clear() });
beforeEach(() => {
  qc.setQueryData(queryKeys.currentUser, user);
  localStorage.setItem(TEAM_ID_STORAGE_KEY, 'studio');
  fetchMock = vi.fn(
    async () => new Response(JSON.stringify({ response: true, data: { last_team_db_id: 'personal' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  welcome.mockClear();
  renderHook(() => useRealtime(), { wrapper });
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
