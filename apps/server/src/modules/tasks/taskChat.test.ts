import { describe, expect, it } from 'vitest';
import {
  API,
  MSG,
  prependChatPage,
  flattenChatGroups,
  type TaskChatHistory,
  type TaskChatMessage,
} from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { realtimeWorld } from '../../../test/realtimeWorld.testkit.ts';
import { afterSentinel, connect, join, next, record } from '../../../test/realtime-helpers.ts';
import { apiTask, call, crew, getTask, type Person } from './tasks.testkit.ts';

type Errors = { errors: Record<string, string> };
let t: TestApp;
let url: string;
realtimeWorld((w) => ({ t, url } = w));

async function say(who: Person, taskId: string, text: string) {
  const res = await call<{ message: TaskChatMessage; chats_count: number }>(t, 'POST', API.tasks.chat, who, {
    task_db_id: taskId,
    text,
  });
  if (!res.body.response) throw new Error(`not sent: ${res.body.errormessage}`);
  return res.body.data;
}
const history = (who: Person | undefined, taskId: string, q: Record<string, string> = {}) =>
  call<TaskChatHistory>(t, 'GET', API.tasks.chat, who, { task_db_id: taskId, ...q });
const texts = (h: TaskChatHistory) => flattenChatGroups(h.messages).map((m) => m.text);

describe('task chat', () => {
  it('sends plain text under 102 characters; empty or 102+ is refused', async () => {
    const { owner, bob, projectId } = await crew(t);
    const task = await apiTask(t, owner, projectId, bob);
    for (const [text, message] of [
      ['   ', MSG.required],
      ['x'.repeat(102), 'The characters limit is 101'],
    ] as const) {
      const res = await call<Errors>(t, 'POST', API.tasks.chat, bob, { task_db_id: task.task_db_id, text });
      expect(res.status).toBe(400);
      expect(res.body.data.errors.text).toBe(message);
    }
    const sent = await say(bob, task.task_db_id, 'x'.repeat(101));
    expect(sent.message).toMatchObject({
      task_id: task.task_db_id,
      project_id: projectId,
      user: { user_id: bob.user.id, user_name: 'Bob Editor' },
    });
    expect(sent.chats_count).toBe(1);
    const h = await history(owner, task.task_db_id);
    expect(h.body.data.total_entries).toBe(1);
    expect(h.body.data.messages[0].label).toBe('Today');
  });

  it("an assignee's first message moves Pending to In Progress; the assigner's does not", async () => {
    const { owner, bob, projectId } = await crew(t);
    const task = await apiTask(t, owner, projectId, bob);
    await say(owner, task.task_db_id, 'Start when ready');
    expect((await getTask(t, owner, task.task_db_id)).body.data.task_status).toBe('pending');
    await say(bob, task.task_db_id, 'On it');
    expect((await getTask(t, owner, task.task_db_id)).body.data.task_status_label).toBe('In Progress');
  });

  it('a non-member cannot read, send, mark seen or join the task room by guessing the id', async () => {
    const { owner, bob, outsider, projectId } = await crew(t);
    const task = await apiTask(t, owner, projectId, bob);
    await say(owner, task.task_db_id, 'private');
    const read = await history(outsider, task.task_db_id);
    expect(read.status).toBe(403);
    expect(read.body.errormessage).toBe(MSG.taskNotFound);
    expect(
      (await call(t, 'POST', API.tasks.chat, outsider, { task_db_id: task.task_db_id, text: 'hi' })).status,
    ).toBe(403);
    expect((await call(t, 'PUT', API.tasks.chatSeen, outsider, { task_db_id: task.task_db_id })).status).toBe(
      403,
    );
    expect((await history(undefined, task.task_db_id)).status).toBe(401);
    const socket = await connect(url, { cookie: outsider.cookie });
    expect(await join(socket, `task:${task.task_db_id}`)).toEqual({ ok: false, error: 'forbidden' });
  });

  it('pages of 10 by keyset stay stable while new messages arrive: no duplicates, no gaps', async () => {
    const { owner, bob, projectId } = await crew(t);
    const task = await apiTask(t, owner, projectId, bob);
    for (let i = 1; i <= 25; i++) await say(i % 2 ? owner : bob, task.task_db_id, `m${i}`);
    const first = await history(owner, task.task_db_id);
    expect(first.body.data.total_entries).toBe(25);
    expect(texts(first.body.data)).toEqual(Array.from({ length: 10 }, (_, i) => `m${16 + i}`));
    // Others keep sending while the reader scrolls up.
    for (let i = 26; i <= 30; i++) await say(bob, task.task_db_id, `m${i}`);
    const second = await history(owner, task.task_db_id, { before: first.body.data.next_before! });
    expect(texts(second.body.data)).toEqual(Array.from({ length: 10 }, (_, i) => `m${6 + i}`));
    const third = await history(owner, task.task_db_id, { before: second.body.data.next_before! });
    expect(texts(third.body.data)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(third.body.data.next_before).toBeNull();
    // The shared rule stitches pages into one list without repeats.
    let shown = first.body.data.messages;
    shown = prependChatPage(shown, second.body.data.messages);
    shown = prependChatPage(shown, third.body.data.messages);
    expect(flattenChatGroups(shown).map((m) => m.text)).toEqual(
      Array.from({ length: 25 }, (_, i) => `m${i + 1}`),
    );
  });

  it('live: the task room gets the message; the other people on the task get their unread count, cleared by seen', async () => {
    const { owner, bob, cara, projectId } = await crew(t);
    const task = await apiTask(t, owner, projectId, bob);
    const watcher = await connect(url, { cookie: cara.cookie });
    expect(await join(watcher, `task:${task.task_db_id}`)).toEqual({ ok: true });
    const ownerSocket = await connect(url, { cookie: owner.cookie });
    const bobSocket = await connect(url, { cookie: bob.cookie });
    const bobUnread = record(bobSocket, 'task_chat_unread');

    const live = next(watcher, 'task_chat_message');
    const unread = next(ownerSocket, 'task_chat_unread');
    const sent = await say(bob, task.task_db_id, 'first cut is up');
    expect(await live).toEqual({ task_db_id: task.task_db_id, message: sent.message, chats_count: 1 });
    expect(await unread).toEqual({
      task_db_id: task.task_db_id,
      project_db_id: projectId,
      unread: 1,
      chats_count: 1,
    });
    const secondUnread = next(ownerSocket, 'task_chat_unread');
    await say(bob, task.task_db_id, 'and the second');
    expect((await secondUnread).unread).toBe(2);
    expect((await getTask(t, owner, task.task_db_id)).body.data.unread_messages).toBe(2);
    // The sender hears no unread count of their own message.
    await afterSentinel(bobSocket, () =>
      t.ctx.realtime.toUser(bob.user.id, 'has_new_notification', {
        has_new_notification: true,
        team_db_id: 'sentinel',
      }),
    );
    expect(bobUnread).toEqual([]);

    const cleared = next(ownerSocket, 'task_chat_unread');
    const seen = await call(t, 'PUT', API.tasks.chatSeen, owner, { task_db_id: task.task_db_id });
    expect(seen.body.data).toEqual({
      task_db_id: task.task_db_id,
      chats_count: 2,
      last_seen_count: 2,
      unread: 0,
    });
    expect((await cleared).unread).toBe(0);
    expect((await getTask(t, owner, task.task_db_id)).body.data.unread_messages).toBe(0);
  });

  it('every copy of a task carries the chats_count its unread was counted at, so clients can keep the newest', async () => {
    const { owner, bob, projectId } = await crew(t);
    const task = await apiTask(t, owner, projectId, bob);
    expect((await getTask(t, owner, task.task_db_id)).body.data).toMatchObject({
      unread_messages: 0,
      chats_count: 0,
    });
    const ownerSocket = await connect(url, { cookie: owner.cookie });
    // bob's first message flips the task to In Progress: the owner's card update says at which count
    const update = next(ownerSocket, 'task_update');
    await say(bob, task.task_db_id, 'first');
    const card = (await update).task;
    expect(card.task_status).toBe('in_progress');
    expect(card.chats_count).toBeGreaterThanOrEqual(1);
    expect(card.unread_messages).toBe(card.chats_count);
    await say(bob, task.task_db_id, 'second');
    expect((await getTask(t, owner, task.task_db_id)).body.data).toMatchObject({
      unread_messages: 2,
      chats_count: 2,
    });
    await call(t, 'PUT', API.tasks.chatSeen, owner, { task_db_id: task.task_db_id });
    expect((await getTask(t, owner, task.task_db_id)).body.data).toMatchObject({
      unread_messages: 0,
      chats_count: 2,
    });
    // the stranger is still refused
    const { owner: stranger } = await crew(t);
    expect((await getTask(t, stranger, task.task_db_id)).body.response).toBe(false);
  });

  it('concurrent sends each get their own chats_count; the history holds them all once', async () => {
    const { owner, bob, projectId } = await crew(t);
    const task = await apiTask(t, owner, projectId, bob);
    const sent = await Promise.all(
      Array.from({ length: 8 }, (_, i) => say(i % 2 ? owner : bob, task.task_db_id, `c${i}`)),
    );
    expect(sent.map((s) => s.chats_count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Cursor order follows the counter: the message with count n is the n-th in the history.
    const byCount = [...sent].sort((a, b) => a.chats_count - b.chats_count).map((s) => s.message.text);
    expect(texts((await history(owner, task.task_db_id)).body.data)).toEqual(byCount);
  });

  it('a member removed from the project leaves its task rooms and hears nothing more', async () => {
    const { owner, bob, cara, projectId } = await crew(t);
    const task = await apiTask(t, owner, projectId, bob);
    const socket = await connect(url, { cookie: cara.cookie });
    expect(await join(socket, `task:${task.task_db_id}`)).toEqual({ ok: true });
    const heard = record(socket, 'task_chat_message');
    await call(t, 'DELETE', API.projects.collaborators, owner, {
      project_db_id: projectId,
      user_db_id: cara.user.id,
      role: 'collaborator',
    });
    await say(bob, task.task_db_id, 'after the removal');
    await afterSentinel(socket, () =>
      t.ctx.realtime.toUser(cara.user.id, 'has_new_notification', {
        has_new_notification: true,
        team_db_id: 'sentinel',
      }),
    );
    expect(heard).toEqual([]);
    expect(await join(socket, `task:${task.task_db_id}`)).toEqual({ ok: false, error: 'forbidden' });
  });
});
