import { describe, expect, it } from 'vitest';
import { API, MSG, type NotificationList } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { realtimeWorld } from '../../../test/realtimeWorld.testkit.ts';
import { afterSentinel, connect, record } from '../../../test/realtime-helpers.ts';
import { apiProject, call, person, type Person } from '../projects/projects.testkit.ts';
import { apiTeam, setPlan } from '../teams/teams.testkit.ts';
import { findPersonalTeam } from '../teams/teams.service.ts';
import { notify } from './notifications.service.ts';

/** Notifications (spec 002 §3, §7): notify(), the list and has_new_notification per selected team. */
let t: TestApp;
let url: string;
realtimeWorld((w) => ({ t, url } = w), { closeSocketsAfterEach: true });

const personalTeam = async (who: Person) => (await findPersonalTeam(t.ctx.db, who.user.id))!.id;

/** The list under a team: the reader's personal one unless named. */
const list = async (who: Person, query: Record<string, string> = {}) =>
  call<NotificationList>(t, 'GET', API.notifications.root, who, {
    team_db_id: await personalTeam(who),
    ...query,
  });

async function notifyMany(actor: Person, userIds: string[], n: number, teamId: string) {
  for (let i = 0; i < n; i++) {
    await t.ctx.events.transaction(t.ctx.db, (tx, emit) =>
      notify(tx, emit, {
        userIds,
        type: 'task_assigned',
        teamId,
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
    await notifyMany(actor, [reader.user.id, reader.user.id, actor.user.id], 27, await personalTeam(reader));

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
    // one shared team: the reader's personal one, where the other user is placed too for this test
    const teamId = await personalTeam(reader);
    await notifyMany(actor, [reader.user.id], 2, teamId);
    await notifyMany(actor, [other.user.id], 2, await personalTeam(other));
    const mine = (await list(reader)).body.data.notifications;
    const theirs = (await list(other)).body.data.notifications;

    const res = await call(t, 'PUT', API.notifications.seen, reader, {
      team_db_id: teamId,
      notification_ids: [mine[0].id, theirs[0].id],
    });
    expect(res.body.data).toEqual({ has_new_notification: false });
    const after = (await list(reader)).body.data;
    expect(after.has_new_notification).toBe(false);
    expect(after.notifications.map((n) => n.has_seen)).toEqual([true, false]);
    const otherAfter = (await list(other)).body.data;
    expect(otherAfter.has_new_notification).toBe(true);
    expect(otherAfter.notifications.map((n) => n.has_seen)).toEqual([false, false]);

    await notifyMany(actor, [reader.user.id], 1, teamId);
    expect((await list(reader)).body.data.has_new_notification).toBe(true);
  });

  it('keeps teams apart: list, dot and seen are per selected team; another team is never shown', async () => {
    const ownerA = await person(t);
    const ownerB = await person(t);
    const both = await person(t);
    const teamA = await apiTeam(t, ownerA, { ids: [both.user.id] });
    const teamB = await apiTeam(t, ownerB, { ids: [both.user.id] });
    await setPlan(t, teamB, 'enterprise');
    const projectB = await apiProject(t, ownerB, teamB);
    await notifyMany(ownerA, [both.user.id], 2, teamA);
    // from a project of team B: the team comes from the project
    await t.ctx.events.transaction(t.ctx.db, (tx, emit) =>
      notify(tx, emit, {
        userIds: [both.user.id],
        type: 'chat_mention',
        title: 'In B',
        message: 'Only under B',
        projectId: projectB,
        actorUserId: ownerB.user.id,
      }),
    );

    const underA = (await list(both, { team_db_id: teamA })).body.data;
    // each team also holds its own 'added to a team' notification
    const added = MSG.teamAddedNotificationTitle;
    expect(underA.notifications.map((n) => n.title)).toEqual(['Title 1', 'Title 0', added]);
    expect(underA).toMatchObject({ total_entries: 3, has_new_notification: true });
    const underB = (await list(both, { team_db_id: teamB })).body.data;
    expect(underB.notifications.map((n) => n.title)).toEqual(['In B', added]);
    expect(underB).toMatchObject({ total_entries: 2, has_new_notification: true });
    expect((await list(both)).body.data.total_entries).toBe(0);

    // opening A's list clears A's dot only, and cannot mark B's entries seen
    const seen = await call(t, 'PUT', API.notifications.seen, both, {
      team_db_id: teamA,
      notification_ids: [underA.notifications[0].id, underB.notifications[0].id],
    });
    expect(seen.body.response).toBe(true);
    expect((await list(both, { team_db_id: teamA })).body.data.has_new_notification).toBe(false);
    const bAfter = (await list(both, { team_db_id: teamB })).body.data;
    expect(bAfter.has_new_notification).toBe(true);
    expect(bAfter.notifications[0].has_seen).toBe(false);

    // a team the caller is not in is refused, for the list and for seen
    const outsider = await person(t);
    const refused = await list(outsider, { team_db_id: teamA });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ response: false, errormessage: MSG.noTeamAccess });
    const refusedSeen = await call(t, 'PUT', API.notifications.seen, outsider, { team_db_id: teamA });
    expect(refusedSeen.status).toBe(403);
  });

  it('the live dot names its team', async () => {
    const actor = await person(t);
    const reader = await person(t);
    const teamId = await personalTeam(reader);
    const socket = await connect(url, { cookie: reader.cookie });
    const heard = record(socket, 'has_new_notification');
    await notifyMany(actor, [reader.user.id], 1, teamId);
    await afterSentinel(socket, () =>
      t.ctx.realtime.toUser(reader.user.id, 'has_new_notification', {
        has_new_notification: false,
        team_db_id: 'sentinel',
      }),
    );
    expect(heard[0]).toEqual({ has_new_notification: true, team_db_id: teamId });
  });

  it('needs the team, and refuses anonymous callers with 401', async () => {
    const me = await person(t);
    const missing = await call(t, 'GET', API.notifications.root, me, {});
    expect(missing.status).toBe(400);
    expect((await call(t, 'GET', API.notifications.root, undefined, {})).status).toBe(401);
    const res = await call(t, 'PUT', API.notifications.seen, undefined, {});
    expect(res.status).toBe(401);
    expect(res.body.errorcode).toBe(401);
  });
});
