import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type NotificationList } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { call, person, type Person } from '../projects/projects.testkit.ts';
import { notify } from './notifications.service.ts';

/** Notifications (spec 002 §3, §7): notify(), the list, the has_new_notification flag. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (who: Person | undefined, query: Record<string, string> = {}) =>
  call<NotificationList>(t, 'GET', API.notifications.root, who, query);

async function notifyMany(actor: Person, userIds: string[], n: number) {
  for (let i = 0; i < n; i++) {
    await t.ctx.events.transaction(t.ctx.db, (tx, emit) =>
      notify(tx, emit, {
        userIds,
        type: 'task_assigned',
        title: `Title ${i}`,
        message: `Message ${i}`,
        actorUserId: actor.user.id,
      }),
    );
  }
}

describe('notifications', () => {
  it('a new user has an empty list with show_notification and no dot', async () => {
    const res = await list(await person(t));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      show_notification: true,
      notifications: [],
      total_entries: 0,
      has_new_notification: false,
    });
  });

  it('notify() stores one per user (never the actor), raises the flag, lists newest first, 25 per page', async () => {
    const actor = await person(t, { firstName: 'Ann', lastName: 'Lee' });
    const reader = await person(t);
    const other = await person(t);
    await notifyMany(actor, [reader.user.id, reader.user.id, actor.user.id], 27);

    const first = (await list(reader)).body.data;
    expect(first.total_entries).toBe(27);
    expect(first.has_new_notification).toBe(true);
    expect(first.notifications).toHaveLength(25);
    expect(first.notifications[0]).toMatchObject({
      title: 'Title 26',
      message: 'Message 26',
      user_name: 'Ann Lee',
      notification_type: 'task_assigned',
      has_seen: false,
      project_id: null,
      task_id: null,
      asset_id: null,
    });
    const second = (await list(reader, { page_no: '2' })).body.data;
    expect(second.notifications.map((n) => n.title)).toEqual(['Title 1', 'Title 0']);

    expect((await list(actor)).body.data.total_entries).toBe(0);
    expect((await list(other)).body.data).toMatchObject({ total_entries: 0, has_new_notification: false });
  });

  it('opening the list clears has_new_notification and marks only the caller’s given entries seen', async () => {
    const actor = await person(t);
    const reader = await person(t);
    const other = await person(t);
    await notifyMany(actor, [reader.user.id, other.user.id], 2);
    const mine = (await list(reader)).body.data.notifications;
    const theirs = (await list(other)).body.data.notifications;

    const res = await call(t, 'PUT', API.notifications.seen, reader, {
      notification_ids: [mine[0].id, theirs[0].id],
    });
    expect(res.body.data).toEqual({ has_new_notification: false });
    const after = (await list(reader)).body.data;
    expect(after.has_new_notification).toBe(false);
    expect(after.notifications.map((n) => n.has_seen)).toEqual([true, false]);
    const otherAfter = (await list(other)).body.data;
    expect(otherAfter.has_new_notification).toBe(true);
    expect(otherAfter.notifications.map((n) => n.has_seen)).toEqual([false, false]);

    await notifyMany(actor, [reader.user.id], 1);
    expect((await list(reader)).body.data.has_new_notification).toBe(true);
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await list(undefined)).status).toBe(401);
    const res = await call(t, 'PUT', API.notifications.seen, undefined, {});
    expect(res.status).toBe(401);
    expect(res.body.errorcode).toBe(401);
  });
});
