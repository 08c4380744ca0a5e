import { beforeEach, describe, expect, it } from 'vitest';
import {
  chatHistory,
  chatMessage,
  flattenChatGroups,
  groupChatMessages,
  type ChatHistory,
  type ChatMessage,
} from '@rushes/shared';
import { freshQueryClientPerTest, qc } from '../../test/queryClient.ts';
import { userTimeZone } from '../../ui/timeZone.ts';
import { addLiveMessage, type ChatPages } from './live.ts';

const ann = { user_id: 'u1', user_name: 'Ann', user_badge_color: '#f00' };
const bo = { user_id: 'u2', user_name: 'Bo', user_badge_color: '#00f' };

/** A message as the API sends it; `minute` orders them within one day. */
const message = (id: string, user = ann, minute = 0): ChatMessage =>
  chatMessage.parse({
    id,
    project_id: 'p1',
    user,
    text: `text ${id}`,
    timestamp: new Date(Date.UTC(2026, 0, 15, 12, minute)).toISOString(),
  });

/** A history page as the API answers it: its messages grouped by the shared rule. */
const page = (messages: ChatMessage[], total: number, nextBefore: string | null): ChatHistory =>
  chatHistory.parse({
    total_entries: total,
    next_before: nextBefore,
    messages: groupChatMessages(messages, { timeZone: userTimeZone() }),
  });

let key: readonly unknown[];
let chats = 0;
freshQueryClientPerTest();
beforeEach(() => {
  // live counts are remembered per chat for the page's life: each test gets its own chat
  key = ['chat', `project-${(chats += 1)}`, 'history'];
});

/** Newest page first (the first page the history asks for), then older pages. */
function seed(pages: ChatHistory[]) {
  qc.setQueryData<ChatPages>(key, { pages, pageParams: pages.map((_, i) => (i ? `b${i}` : null)) });
}
const read = () => qc.getQueryData<ChatPages>(key);
const shownIds = (i = 0) => flattenChatGroups(read()?.pages[i].messages ?? []).map((m) => m.id);

describe('addLiveMessage', () => {
  it('appends a message to the newest page, counts it, and leaves older pages alone', () => {
    const older = page([message('m1', ann, 1)], 3, null);
    seed([page([message('m2', bo, 2), message('m3', ann, 3)], 3, 'b1'), older]);
    addLiveMessage(qc, key, message('m4', bo, 4));
    expect(shownIds(0)).toEqual(['m2', 'm3', 'm4']);
    expect(read()?.pages[0].total_entries).toBe(4);
    expect(read()?.pages[0].next_before).toBe('b1');
    expect(read()?.pages[1]).toEqual(older);
  });

  it('joins the last group when the same user writes again, else opens a group', () => {
    seed([page([message('m1', ann, 1)], 1, null)]);
    addLiveMessage(qc, key, message('m2', ann, 2));
    addLiveMessage(qc, key, message('m3', bo, 3));
    const groups = read()?.pages[0].messages.flatMap((day) => day.messages);
    expect(groups?.map((g) => [g.user.user_id, g.messages.map((m) => m.id)])).toEqual([
      ['u1', ['m1', 'm2']],
      ['u2', ['m3']],
    ]);
  });

  it('ignores a message already shown, on any page (the sender hears its own message live)', () => {
    seed([page([message('m2', ann, 2)], 2, 'b1'), page([message('m1', bo, 1)], 2, null)]);
    addLiveMessage(qc, key, message('m2', ann, 2), 2);
    addLiveMessage(qc, key, message('m1', bo, 1));
    expect(shownIds(0)).toEqual(['m2']);
    expect(shownIds(1)).toEqual(['m1']);
    expect(read()?.pages[0].total_entries).toBe(2);
  });

  it('puts a message that was overtaken before the later ones (chats_count order)', () => {
    seed([page([message('m1', ann, 1)], 1, null)]);
    addLiveMessage(qc, key, message('m3', bo, 3), 3);
    addLiveMessage(qc, key, message('m4', ann, 4), 4);
    // the second message commits before the third but arrives after it
    addLiveMessage(qc, key, message('m2', ann, 2), 2);
    expect(shownIds()).toEqual(['m1', 'm2', 'm3', 'm4']);
    const groups = read()?.pages[0].messages.flatMap((day) => day.messages);
    // regrouped: Ann's m2 joins her m1
    expect(groups?.map((g) => g.messages.map((m) => m.id))).toEqual([['m1', 'm2'], ['m3'], ['m4']]);
    expect(read()?.pages[0].total_entries).toBe(4);
  });

  it('appends a message without a count after whatever is shown', () => {
    seed([page([], 0, null)]);
    addLiveMessage(qc, key, message('m5', ann, 5), 5);
    addLiveMessage(qc, key, message('m2', ann, 2));
    expect(shownIds()).toEqual(['m5', 'm2']);
  });

  it('keeps counts per chat: another chat’s higher counts do not reorder this one', () => {
    const other = ['chat', 'elsewhere', 'history'];
    qc.setQueryData<ChatPages>(other, { pages: [page([], 0, null)], pageParams: [null] });
    seed([page([], 0, null)]);
    addLiveMessage(qc, other, message('x9', bo, 9), 9);
    addLiveMessage(qc, key, message('x9', bo, 9));
    addLiveMessage(qc, key, message('m2', ann, 2), 2);
    expect(shownIds()).toEqual(['x9', 'm2']);
  });

  it('does nothing to a history that is not open, or has no page yet', () => {
    addLiveMessage(qc, key, message('m1'), 1);
    expect(read()).toBeUndefined();
    qc.setQueryData<ChatPages>(key, { pages: [], pageParams: [] });
    addLiveMessage(qc, key, message('m1'), 1);
    expect(read()?.pages).toEqual([]);
  });
});
