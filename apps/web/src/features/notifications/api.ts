import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationList } from '@rushes/shared';
import { notificationsRoutes } from '@rushes/shared/routes/small';
import { call } from '../../api/client.ts';
import { useSelectedTeam } from '../../api/currentUser.ts';

/**
 * Notifications (spec 002 §7): the list 25 per page and the has_new_notification flag, both of the
 * selected team (team_db_id): another team's notifications never show under it.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (teamDbId: string) => ['notifications', 'list', teamDbId] as const,
  settings: ['notifications', 'settings'] as const,
};

export type NotificationData = InfiniteData<NotificationList, unknown>;

/** The selected team's id ('' before the shell has one: the list then waits). */
export function useSelectedTeamId(): string {
  return useSelectedTeam().team?.team_db_id ?? '';
}

/** `wanted`: false keeps the list from being asked yet (the top bar's bell waits for the first paint). */
export function useNotifications(wanted = true) {
  const teamDbId = useSelectedTeamId();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(teamDbId),
    queryFn: ({ pageParam, signal }) =>
      call(
        notificationsRoutes.list,
        { entries_per_page: NOTIFICATIONS_PAGE_SIZE, page_no: pageParam, team_db_id: teamDbId },
        { signal },
      ),
    enabled: wanted && Boolean(teamDbId),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.notifications.length, 0) < last.total_entries &&
      last.notifications.length > 0
        ? all.length + 1
        : undefined,
  });
}

/** The flag as the cache holds it (the first page answers it; realtime and opening the list change it). */
export function hasNewIn(data: NotificationData | undefined): boolean {
  return Boolean(data?.pages[0]?.has_new_notification);
}

export function setHasNew(queryClient: QueryClient, teamDbId: string, flag: boolean): void {
  queryClient.setQueryData<NotificationData>(notificationKeys.list(teamDbId), (data) =>
    data && data.pages.length
      ? { ...data, pages: data.pages.map((p, i) => (i === 0 ? { ...p, has_new_notification: flag } : p)) }
      : data,
  );
}

/** Opening the team's list clears its flag (PUT seen) and marks the shown entries seen. */
export async function markSeen(queryClient: QueryClient, teamDbId: string, ids: string[]): Promise<void> {
  setHasNew(queryClient, teamDbId, false);
  await call(notificationsRoutes.seen, { team_db_id: teamDbId, notification_ids: ids.slice(0, 100) });
  // A list fetch that left before the server cleared the flag would bring the dot back: drop it.
  await queryClient.cancelQueries({ queryKey: notificationKeys.list(teamDbId) });
  setHasNew(queryClient, teamDbId, false);
}

/** The e-mail digest setting (off by default). */
export function useDigestSetting() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => call(notificationsRoutes.settings, undefined, { signal }),
  });
  const update = useMutation({
    mutationFn: (email_digest: boolean) => call(notificationsRoutes.updateSettings, { email_digest }),
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.settings, data),
  });
  return { query, update };
}
