import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { closeAllSockets, connect, join, listen, next } from '../../../test/realtime-helpers.ts';
import { studio } from '../projects/projects.testkit.ts';
import { say } from './chat.testkit.ts';

/** Chat delivery across two API instances on one PostgreSQL and Redis (issue 7, scale-out). */
const multiInstance = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!multiInstance)('project chat on two instances (PostgreSQL + Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
    await listen(a);
    urlB = await listen(b);
  });
  afterAll(async () => {
    closeAllSockets();
    await a?.close();
    await b?.close();
  });

  it('a message sent through A reaches a member socket on B, with its unread count and the mention dot', async () => {
    const { owner, collaborator, projectId } = await studio(a);
    const onB = await connect(urlB, { cookie: collaborator.cookie });
    expect(await join(onB, `project:${projectId}`)).toEqual({ ok: true });

    const message = next(onB, 'chat_message');
    const unread = next(onB, 'chat_unread');
    const dot = next(onB, 'has_new_notification');
    const sent = await say(a, owner, projectId, 'across instances', [collaborator.user.id]);
    expect(await message).toEqual({ project_db_id: projectId, message: sent.message, chats_count: 1 });
    expect(await unread).toEqual({ project_db_id: projectId, unread: 1, chats_count: 1 });
    expect(await dot).toEqual({ has_new_notification: true });
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
});
