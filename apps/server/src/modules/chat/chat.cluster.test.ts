import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type ChatCounters } from '@rushes/shared';
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
import { notificationTeamOf, studio } from '../projects/projects.testkit.ts';
import { call, say } from './chat.testkit.ts';

/** Chat delivery across two API instances on one PostgreSQL and Redis (scale-out). */
const multiInstance = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!multiInstance)('project chat on two instances (PostgreSQL + Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { sameDatabaseAs: a });
    urlA = await listen(a);
    urlB = await listen(b);
  });
  afterAll(async () => {
    closeAllSockets();
    // b first: a drops the database they share
    await b?.close();
    await a?.close();
  });

  it('a message sent through A reaches a member socket on B, with its unread count and the mention dot', async () => {
    const { owner, collaborator, projectId } = await studio(a);
    const onB = await connect(urlB, { cookie: collaborator.cookie });
    expect(await join(onB, `project:${projectId}`)).toEqual({ ok: true });

    const message = next(onB, 'chat_message');
    const count = next(onB, 'chat_count');
    const dot = next(onB, 'has_new_notification');
    const sent = await say(a, owner, projectId, 'across instances', [collaborator.user.id]);
    expect(await message).toEqual({ project_db_id: projectId, message: sent.message, chats_count: 1 });
    const p = await count;
    expect(p).toEqual({ project_db_id: projectId, chats_count: 1, sender_id: owner.user.id });
    const counters = await call<ChatCounters>(b, 'GET', API.chat.counters, collaborator, {
      project_db_id: projectId,
    });
    expect(p.chats_count - counters.body.data.last_seen_count).toBe(counters.body.data.unread);
    expect(await dot).toEqual({
      has_new_notification: true,
      team_db_id: await notificationTeamOf(a, collaborator, projectId),
    });
  });

  it('counters stay exact when both instances take sends at once', async () => {
    const { owner, collaborator, projectId } = await studio(a);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        say(i % 2 ? a : b, i % 3 ? owner : collaborator, projectId, `m${i}`),
      ),
    );
    const last = await say(b, owner, projectId, 'last');
    expect(last.chats_count).toBe(41);
  });

  it('a member with tabs on both instances hears each send once per tab; the highest chats_count gives the counters route unread', async () => {
    const { owner, collaborator, projectId } = await studio(a);
    const onA = await connect(urlA, { cookie: collaborator.cookie });
    const onB = await connect(urlB, { cookie: collaborator.cookie });
    const heard = [record(onA, 'chat_count'), record(onB, 'chat_count')];
    await Promise.all(Array.from({ length: 10 }, (_, i) => say(i % 2 ? a : b, owner, projectId, `m${i}`)));
    const ping = () =>
      a.ctx.realtime.toUser(collaborator.user.id, 'has_new_notification', {
        has_new_notification: true,
        team_db_id: 'sentinel',
      });
    await afterSentinel(onA, ping);
    await afterSentinel(onB, ping);
    const counters = await call<ChatCounters>(a, 'GET', API.chat.counters, collaborator, {
      project_db_id: projectId,
    });
    for (const got of heard) {
      expect(got.map((p) => p.chats_count).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const highest = Math.max(...got.map((p) => p.chats_count));
      expect(highest - counters.body.data.last_seen_count).toBe(counters.body.data.unread);
    }
  });
});
