import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  afterSentinel,
  closeAllSockets,
  connect,
  join,
  listen,
  next,
  record,
} from '../../../test/realtime-helpers.ts';
import { studio } from '../projects/projects.testkit.ts';
import { call, person, say } from './chat.testkit.ts';

/** Chat over Socket.IO (DESIGN §5): the project room, unread counts and the notification dot. */
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
});
afterAll(async () => {
  closeAllSockets();
  await t.close();
});

const ping = (userId: string) => () =>
  t.ctx.realtime.toUser(userId, 'has_new_notification', { has_new_notification: true });

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
    expect(await dot).toEqual({ has_new_notification: true });

    const cleared = next(mentioned, 'has_new_notification');
    await call(t, 'PUT', API.notifications.seen, collaborator, {});
    expect(await cleared).toEqual({ has_new_notification: false });

    await afterSentinel(sender, ping(owner.user.id));
    expect(senderDots).toEqual([{ has_new_notification: true }]); // only the sentinel
  });

  it('other members hear their unread count after a send, and 0 after they leave the chat', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const reader = await connect(url, { cookie: collaborator.cookie });
    const sender = await connect(url, { cookie: owner.cookie });
    const senderUnread = record(sender, 'chat_unread');

    const first = next(reader, 'chat_unread');
    await say(t, owner, projectId, 'one');
    expect(await first).toEqual({ project_db_id: projectId, unread: 1, chats_count: 1 });
    const second = next(reader, 'chat_unread');
    await say(t, owner, projectId, 'two');
    expect(await second).toEqual({ project_db_id: projectId, unread: 2, chats_count: 2 });

    const reset = next(reader, 'chat_unread');
    await call(t, 'PUT', API.chat.seen, collaborator, { project_db_id: projectId });
    expect(await reset).toEqual({ project_db_id: projectId, unread: 0, chats_count: 2 });

    await afterSentinel(sender, ping(owner.user.id));
    expect(senderUnread).toEqual([]);
  });
});
