import { describe, expect, it } from 'vitest';
import { API, type ChatCounters } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { realtimeWorld } from '../../../test/realtimeWorld.testkit.ts';
import { afterSentinel, connect, join, next, record } from '../../../test/realtime-helpers.ts';
import { notificationTeamOf, studio } from '../projects/projects.testkit.ts';
import { addMembers, call, person, say, type Person } from './chat.testkit.ts';

/** Chat over Socket.IO (DESIGN §5): the project room, unread counts and the notification dot. */
let t: TestApp;
let url: string;
realtimeWorld((w) => ({ t, url } = w));

const ping = (userId: string) => () =>
  t.ctx.realtime.toUser(userId, 'has_new_notification', {
    has_new_notification: true,
    team_db_id: 'sentinel',
  });

describe('project chat realtime', () => {
  it('a member in project:{id} receives the stored message; a non-member cannot join and gets nothing', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const outsider = await person(t);
    const member = await connect(url, { cookie: collaborator.cookie });
    const stranger = await connect(url, { cookie: outsider.cookie });
    expect(await join(member, `project:${projectId}`)).toEqual({ ok: true });
    expect(await join(stranger, `project:${projectId}`)).toEqual({ ok: false, error: 'forbidden' });
    const strangerSaw = record(stranger, 'chat_message');

    const got = next(member, 'chat_message');
    const sent = await say(t, owner, projectId, '<b>hi</b>');
    const payload = await got;
    expect(payload).toEqual({ project_db_id: projectId, message: sent.message, chats_count: 1 });
    expect(payload.message.text).toBe('<b>hi</b>');

    await afterSentinel(stranger, ping(outsider.user.id));
    expect(strangerSaw).toEqual([]);
  });

  it('a mentioned member gets has_new_notification; the sender and an unmentioned member do not', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const mentioned = await connect(url, { cookie: collaborator.cookie });
    const sender = await connect(url, { cookie: owner.cookie });
    const senderDots = record(sender, 'has_new_notification');

    const dot = next(mentioned, 'has_new_notification');
    await say(t, owner, projectId, '@Test look', [collaborator.user.id, owner.user.id]);
    const teamId = await notificationTeamOf(t, collaborator, projectId);
    expect(await dot).toEqual({ has_new_notification: true, team_db_id: teamId });

    const cleared = next(mentioned, 'has_new_notification');
    await call(t, 'PUT', API.notifications.seen, collaborator, { team_db_id: teamId });
    expect(await cleared).toEqual({ has_new_notification: false, team_db_id: teamId });

    await afterSentinel(sender, ping(owner.user.id));
    expect(senderDots).toEqual([{ has_new_notification: true, team_db_id: 'sentinel' }]); // only the sentinel
  });

  it('one chat_count per send reaches every other member; chats_count − last_seen_count is the counters route unread, and leaving sends 0', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const third = await person(t);
    await addMembers(t, owner, projectId, [third]);
    const reader = await connect(url, { cookie: collaborator.cookie });
    const readerTab2 = await connect(url, { cookie: collaborator.cookie });
    const other = await connect(url, { cookie: third.cookie });
    const sender = await connect(url, { cookie: owner.cookie });
    const senderCounts = record(sender, 'chat_count');
    const readerCounts = record(reader, 'chat_count');
    const tab2Counts = record(readerTab2, 'chat_count');
    const otherCounts = record(other, 'chat_count');
    const readerUnreads = record(reader, 'chat_unread');
    const counters = async (who: Person) =>
      (await call<ChatCounters>(t, 'GET', API.chat.counters, who, { project_db_id: projectId })).body.data;

    const first = next(reader, 'chat_count');
    await say(t, owner, projectId, 'one');
    expect(await first).toEqual({ project_db_id: projectId, chats_count: 1, sender_id: owner.user.id });
    const baseline = await counters(collaborator);
    expect(baseline).toEqual({ chats_count: 1, last_seen_count: 0, unread: 1 });

    const second = next(reader, 'chat_count');
    await say(t, owner, projectId, 'two');
    const p2 = await second;
    // the client's arithmetic, against the server's own answer
    expect(p2.chats_count - baseline.last_seen_count).toBe((await counters(collaborator)).unread);
    expect(p2.chats_count - baseline.last_seen_count).toBe(2);

    const reset = next(reader, 'chat_unread');
    await call(t, 'PUT', API.chat.seen, collaborator, { project_db_id: projectId });
    const zero = await reset;
    expect(zero).toEqual({ project_db_id: projectId, unread: 0, chats_count: 2 });
    // after leaving, chat_unread's chats_count is the new baseline
    const third3 = next(reader, 'chat_count');
    await say(t, third, projectId, 'three');
    const p3 = await third3;
    expect(p3).toEqual({ project_db_id: projectId, chats_count: 3, sender_id: third.user.id });
    expect(p3.chats_count - zero.chats_count).toBe((await counters(collaborator)).unread);
    expect(p3.chats_count - zero.chats_count).toBe(1);

    await afterSentinel(sender, ping(owner.user.id));
    await afterSentinel(readerTab2, ping(collaborator.user.id));
    await afterSentinel(other, ping(third.user.id));
    expect(senderCounts).toEqual([{ project_db_id: projectId, chats_count: 3, sender_id: third.user.id }]);
    expect(readerCounts.map((p) => p.chats_count)).toEqual([1, 2, 3]);
    expect(tab2Counts.map((p) => p.chats_count)).toEqual([1, 2, 3]); // every tab, once each
    expect(otherCounts.map((p) => p.chats_count)).toEqual([1, 2]); // not its own send
    expect(readerUnreads).toEqual([zero]);
  });

  it('toUsers sends one broadcast to many user rooms; a socket hears it once', async () => {
    const a = await person(t);
    const b = await person(t);
    const c = await person(t);
    const onA = await connect(url, { cookie: a.cookie });
    const onB = await connect(url, { cookie: b.cookie });
    const onC = await connect(url, { cookie: c.cookie });
    const heard = [record(onA, 'chat_count'), record(onB, 'chat_count'), record(onC, 'chat_count')];
    const payload = { project_db_id: 'p', chats_count: 7, sender_id: c.user.id };
    t.ctx.realtime.toUsers([a.user.id, b.user.id, a.user.id], 'chat_count', payload);
    t.ctx.realtime.toUsers([], 'chat_count', payload);
    await afterSentinel(onA, ping(a.user.id));
    await afterSentinel(onB, ping(b.user.id));
    await afterSentinel(onC, ping(c.user.id));
    expect(heard).toEqual([[payload], [payload], []]);
  });
});
