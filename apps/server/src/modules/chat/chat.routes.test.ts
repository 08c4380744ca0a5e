import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API, type ChatCounters } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { chatMessages, notifications } from '../../db/schema/index.ts';
import { studio } from '../projects/projects.testkit.ts';
import { call, flatTexts, history, insertMessage, person, say, storedMessages } from './chat.testkit.ts';

/** Project chat routes (spec 000 §4, §5, §7): who may, text rules, mentions and grouping. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('who may use the project chat', () => {
  it('members read, send, record seen and read counters', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const sent = await say(t, collaborator, projectId, 'hello');
    expect(sent.chats_count).toBe(1);
    expect(sent.message).toMatchObject({ text: 'hello', project_id: projectId });
    expect(sent.message.user.user_id).toBe(collaborator.user.id);
    const h = await history(t, owner, projectId);
    expect(h.body.data.total_entries).toBe(1);
    expect(flatTexts(h.body.data)).toEqual(['hello']);
    const seen = await call<ChatCounters>(t, 'PUT', API.chat.seen, owner, { project_db_id: projectId });
    expect(seen.body.data).toEqual({ chats_count: 1, last_seen_count: 1, unread: 0 });
    const counters = await call<ChatCounters>(t, 'GET', API.chat.counters, collaborator, {
      project_db_id: projectId,
    });
    expect(counters.body.data).toEqual({ chats_count: 1, last_seen_count: 0, unread: 1 });
  });

  it('refuses non-members (403) and anonymous callers (401) on every call, and stores nothing', async () => {
    const { projectId } = await studio(t);
    const outsider = await person(t);
    const calls = [
      ['GET', API.chat.root, { project_db_id: projectId }],
      ['POST', API.chat.root, { project_db_id: projectId, text: 'sneaky' }],
      ['PUT', API.chat.seen, { project_db_id: projectId }],
      ['GET', API.chat.counters, { project_db_id: projectId }],
    ] as const;
    for (const [method, url, payload] of calls) {
      const refused = await call(t, method, url, outsider, { ...payload });
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body.errormessage).toBe('You are not a member of this project');
      const anonymous = await call(t, method, url, undefined, { ...payload });
      expect(anonymous.status, `${method} ${url}`).toBe(401);
      expect(anonymous.body.errorcode).toBe(401);
    }
    const stored = await storedMessages(t.ctx.db, 'project', projectId);
    expect(stored).toEqual([]);
  });
});

describe('message text (spec 000 §5)', () => {
  it("refuses empty and whitespace-only text with 'This field is required'", async () => {
    const { owner, projectId } = await studio(t);
    for (const text of ['', '   ', '\n\t']) {
      const res = await call(t, 'POST', API.chat.root, owner, { project_db_id: projectId, text });
      expect(res.status).toBe(400);
      expect(res.body.errormessage).toBe('This field is required');
    }
    const missing = await call(t, 'POST', API.chat.root, owner, { project_db_id: projectId });
    expect(missing.body.errormessage).toBe('This field is required');
  });

  it('accepts 101 characters after trimming and refuses 102', async () => {
    const { owner, projectId } = await studio(t);
    const ok = await say(t, owner, projectId, `  ${'a'.repeat(101)}  `);
    expect(ok.message.text).toBe('a'.repeat(101));
    const long = await call(t, 'POST', API.chat.root, owner, {
      project_db_id: projectId,
      text: 'b'.repeat(102),
    });
    expect(long.status).toBe(400);
    expect(long.body.errormessage).toBe('The characters limit is 101');
    expect((await history(t, owner, projectId)).body.data.total_entries).toBe(1);
  });

  it('keeps HTML as literal text', async () => {
    const { owner, projectId } = await studio(t);
    const text = '<img src=x onerror=alert(1)> &amp; <b>hi</b>';
    await say(t, owner, projectId, text);
    expect(flatTexts((await history(t, owner, projectId)).body.data)).toEqual([text]);
  });
});

describe('mentions', () => {
  it('stores member mentions and notifies them; a non-collaborator is dropped and not notified', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const stranger = await person(t);
    const sent = await say(t, owner, projectId, '@Test hello', [collaborator.user.id, stranger.user.id]);
    expect(sent.message.mention).toEqual({ user_ids: [collaborator.user.id] });
    const [row] = await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, sent.message.id));
    expect(row.mentionUserIds).toEqual([collaborator.user.id]);

    const forStranger = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, stranger.user.id));
    expect(forStranger).toEqual([]);
    // (being added to the project notified them too: only the mention is looked at here)
    const forCollaborator = await t.ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, collaborator.user.id),
          eq(notifications.notificationType, 'chat_mention'),
        ),
      );
    expect(forCollaborator).toHaveLength(1);
    expect(forCollaborator[0]).toMatchObject({
      notificationType: 'chat_mention',
      projectId,
      actorUserId: owner.user.id,
      hasSeen: false,
    });
  });

  it('does not notify a sender who mentions themself; a message without mentions has no mention', async () => {
    const { owner, projectId } = await studio(t);
    const self = await say(t, owner, projectId, 'note to self', [owner.user.id]);
    expect(self.message.mention).toEqual({ user_ids: [owner.user.id] });
    const plain = await say(t, owner, projectId, 'plain');
    expect(plain.message.mention).toBeUndefined();
    const mine = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(mine).toEqual([]);
  });
});

describe('grouping through the API (spec 000 §4)', () => {
  it('merges consecutive messages of one user on one day and splits on another user or day', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    await insertMessage(t, projectId, owner, 'a1', '2026-01-10T09:00:00.000Z');
    await insertMessage(t, projectId, owner, 'a2', '2026-01-10T09:01:00.000Z');
    await insertMessage(t, projectId, collaborator, 'b1', '2026-01-10T09:02:00.000Z');
    await insertMessage(t, projectId, collaborator, 'b2', '2026-01-11T09:00:00.000Z');
    await say(t, collaborator, projectId, 'today');
    const { messages } = (await history(t, owner, projectId)).body.data;
    expect(messages.map((d) => [d.date, d.label])).toEqual([
      ['2026-01-10', '10 Jan 2026'],
      ['2026-01-11', '11 Jan 2026'],
      [expect.any(String), 'Today'],
    ]);
    expect(messages[0].messages.map((g) => g.messages.map((m) => m.text))).toEqual([['a1', 'a2'], ['b1']]);
    expect(messages[0].messages[0].user.user_id).toBe(owner.user.id);
    expect(messages[1].messages.map((g) => g.messages.map((m) => m.text))).toEqual([['b2']]);
    expect(messages[2].messages[0].messages.map((m) => m.text)).toEqual(['today']);
  });

  it("splits at midnight of the caller's time zone (tz), not UTC's", async () => {
    const { owner, projectId } = await studio(t);
    // 18:00 and 19:00 UTC: the same UTC day, but midnight in Kolkata (+05:30) falls between them.
    await insertMessage(t, projectId, owner, 'before', '2026-01-09T18:00:00.000Z');
    await insertMessage(t, projectId, owner, 'after', '2026-01-09T19:00:00.000Z');
    const utc = (await history(t, owner, projectId)).body.data.messages;
    expect(utc.map((d) => d.date)).toEqual(['2026-01-09']);
    expect(utc[0].messages[0].messages).toHaveLength(2);
    const kolkata = (await history(t, owner, projectId, { tz: 'Asia/Kolkata' })).body.data.messages;
    expect(kolkata.map((d) => [d.date, d.label])).toEqual([
      ['2026-01-09', '09 Jan 2026'],
      ['2026-01-10', '10 Jan 2026'],
    ]);
    const bad = await history(t, owner, projectId, { tz: 'Nowhere/Land' });
    expect(bad.status).toBe(400);
  });
});
