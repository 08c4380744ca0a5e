import { InfiniteQueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { API, notificationList, type NotificationList } from '@rushes/shared';
import { freshQueryClientPerTest, qc } from '../../test/queryClient.ts';
import { hasNewIn, markSeen, notificationKeys, setHasNew, type NotificationData } from './api.ts';

const TEAM = 'team-1';

/** A list page as the API answers it (checked against the shared schema). */
const page = (hasNew: boolean, ids: string[] = []): NotificationList =>
  notificationList.parse({
    show_notification: true,
    notifications: ids.map((id) => ({
      id,
      title: 'Task',
      message: 'assigned you a task',
      user_name: 'Ann',
      created_on: '2026-01-15T12:00:00.000Z',
      project_id: null,
      task_id: null,
      asset_id: null,
      asset_url: null,
      has_seen: false,
      image_url: null,
      notification_type: 'task',
      chat_title: null,
      task_assigned_to: null,
      c2e_session_db_id: null,
    })),
    total_entries: 30,
    has_new_notification: hasNew,
  });

const seed = (teamDbId: string, pages: NotificationList[]) =>
  qc.setQueryData<NotificationData>(notificationKeys.list(teamDbId), {
    pages,
    pageParams: pages.map((_, i) => i + 1),
  });
const read = (teamDbId = TEAM) => qc.getQueryData<NotificationData>(notificationKeys.list(teamDbId));

freshQueryClientPerTest();

describe('setHasNew and hasNewIn', () => {
  it('sets the flag on the first page, which is the one read', () => {
    seed(TEAM, [page(false, ['a']), page(false, ['b'])]);
    setHasNew(qc, TEAM, true);
    expect(read()?.pages.map((p) => p.has_new_notification)).toEqual([true, false]);
    expect(hasNewIn(read())).toBe(true);
    expect(read()?.pages[1].notifications[0].id).toBe('b');
    // a later page's flag is as old as that page: only the first one counts
    expect(hasNewIn({ pages: [page(false), page(true)], pageParams: [1, 2] })).toBe(false);
  });

  it("only touches the named team's list", () => {
    seed(TEAM, [page(false)]);
    seed('team-2', [page(false)]);
    setHasNew(qc, 'team-2', true);
    expect(hasNewIn(read())).toBe(false);
    expect(hasNewIn(read('team-2'))).toBe(true);
  });

  it('makes no list that was never fetched, and leaves one without pages alone', () => {
    setHasNew(qc, TEAM, true);
    expect(read()).toBeUndefined();
    expect(hasNewIn(undefined)).toBe(false);
    seed(TEAM, []);
    setHasNew(qc, TEAM, true);
    expect(read()?.pages).toEqual([]);
    expect(hasNewIn(read())).toBe(false);
  });
});

describe('markSeen', () => {
  it('clears the flag at once and tells the server which entries were shown', async () => {
    seed(TEAM, [page(true, ['a', 'b'])]);
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ response: true, data: { has_new_notification: false } })),
    );
    vi.stubGlobal('fetch', fetch);
    const done = markSeen(qc, TEAM, ['a', 'b']);
    expect(hasNewIn(read())).toBe(false);
    await done;
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(API.notifications.seen);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ team_db_id: TEAM, notification_ids: ['a', 'b'] });
  });

  it('sends at most 100 ids', async () => {
    seed(TEAM, [page(true)]);
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ response: true, data: { has_new_notification: false } })),
    );
    vi.stubGlobal('fetch', fetch);
    await markSeen(
      qc,
      TEAM,
      Array.from({ length: 130 }, (_, i) => `n${i}`),
    );
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body)).notification_ids).toHaveLength(100);
  });

  it('drops a list fetch that left before the server cleared the flag', async () => {
    seed(TEAM, [page(true, ['a'])]);
    let listFetches = 0;
    // the open list (an observer) refetches; the server still answers the old flag
    const observer = new InfiniteQueryObserver(qc, {
      queryKey: notificationKeys.list(TEAM),
      queryFn: () => {
        listFetches += 1;
        return new Promise<NotificationList>((resolve) => setTimeout(() => resolve(page(true, ['a'])), 20));
      },
      initialPageParam: 1,
      getNextPageParam: () => undefined,
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => {});
    void observer.refetch();
    await vi.waitFor(() => expect(listFetches).toBe(1));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ response: true, data: { has_new_notification: false } })),
      ),
    );
    await markSeen(qc, TEAM, ['a']);
    await new Promise((r) => setTimeout(r, 40));
    expect(hasNewIn(read())).toBe(false);
    stop();
  });

  it('clears the flag again when a list fetch answered the old flag while the seen call was on its way', async () => {
    seed(TEAM, [page(true, ['a'])]);
    const observer = new InfiniteQueryObserver(qc, {
      queryKey: notificationKeys.list(TEAM),
      queryFn: () =>
        new Promise<NotificationList>((resolve) => setTimeout(() => resolve(page(true, ['a'])), 5)),
      initialPageParam: 1,
      getNextPageParam: () => undefined,
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        // the list's refetch lands before the server answers the seen call
        await new Promise((r) => setTimeout(r, 20));
        return new Response(JSON.stringify({ response: true, data: { has_new_notification: false } }));
      }),
    );
    const done = markSeen(qc, TEAM, ['a']);
    void observer.refetch();
    await done;
    expect(hasNewIn(read())).toBe(false);
    stop();
  });
});
