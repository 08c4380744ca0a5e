// @vitest-environment happy-dom
import type { InfiniteData } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEAM_ID_STORAGE_KEY, UI, type NotificationList, type ServerToClientEvents } from '@rushes/shared';
import { queryKeys } from '../../api/queryKeys.ts';
import { PanelContext } from '../../app/panels/PanelContext.ts';
import { socket } from '../../test/fakeSocket.ts';
import { makeUser } from '../../test/fixtures.ts';
import { qc } from '../../test/queryClient.ts';
import { freshProvidersPerTest, renderWithProviders, settle } from '../../test/renderWithProviders.tsx';
import { notificationKeys } from './api.ts';
import { NotificationBell } from './NotificationBell.tsx';

type Payload = Parameters<ServerToClientEvents['has_new_notification']>[0];

vi.mock('../../api/socket.ts', (original) =>
  import('../../test/fakeSocket.ts').then((kit) => kit.withFakeSocket(original)),
);
const deliver = async (payload: Payload) => {
  act(() => socket.deliver('has_new_notification', payload));
  await settle();
};

const user = makeUser();
const list = (hasNew: boolean): InfiniteData<NotificationList, unknown> => ({
  pages: [{ show_notification: true, notifications: [], total_entries: 0, has_new_notification: hasNew }],
  pageParams: [1],
});
const flag = (teamDbId: string) =>
  qc.getQueryData<InfiniteData<NotificationList>>(notificationKeys.list(teamDbId))?.pages[0]
    .has_new_notification;
const bell = () => screen.getByRole('button');

const open = vi.fn();
freshProvidersPerTest({
  client: { defaultOptions: { queries: { staleTime: Infinity } } },
  afterUnmount: () => localStorage.clear(),
});
beforeEach(() => {
  qc.setQueryData(queryKeys.currentUser, user);
  localStorage.setItem(TEAM_ID_STORAGE_KEY, 'studio');
  qc.setQueryData(notificationKeys.list('studio'), list(false));
  qc.setQueryData(notificationKeys.list('personal'), list(false));
  // nothing is refetched for real here
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
  renderWithProviders(
    <PanelContext.Provider value={{ open, close: () => {} }}>
      <NotificationBell />
    </PanelContext.Provider>,
  );
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
