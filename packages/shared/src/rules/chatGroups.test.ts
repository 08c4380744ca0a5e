import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../schemas/chat.ts';
import { chatHistoryQuery, sendChatBody } from '../schemas/chat.ts';
import {
  appendChatMessage,
  chatDayLabel,
  chatDayOf,
  flattenChatGroups,
  groupChatMessages,
  insertChatMessage,
  prependChatPage,
} from './chatGroups.ts';

const ann = { user_id: 'u-ann', user_name: 'Ann Lee', user_badge_color: '#111111' };
const bob = { user_id: 'u-bob', user_name: 'Bob Roy', user_badge_color: '#222222' };
let seq = 0;
const msg = (user: typeof ann, timestamp: string, text = 'hi', mention?: string[]): ChatMessage => ({
  id: `m${++seq}`,
  project_id: 'p1',
  user,
  text,
  timestamp,
  ...(mention ? { mention: { user_ids: mention } } : {}),
});
const NOW = '2026-11-22T15:00:00.000Z';

describe('chat grouping (spec 000 §4)', () => {
  it('appends a message of the same user today to the last group', () => {
    const first = groupChatMessages([msg(ann, '2026-11-22T10:00:00.000Z', 'one')], { now: NOW });
    const next = appendChatMessage(first, msg(ann, '2026-11-22T10:05:00.000Z', 'two'), { now: NOW });
    expect(next).toHaveLength(1);
    expect(next[0].label).toBe('Today');
    expect(next[0].messages).toHaveLength(1);
    expect(next[0].messages[0].messages.map((m) => m.text)).toEqual(['one', 'two']);
    expect(next[0].messages[0].created_on).toBe('2026-11-22T10:00:00.000Z');
    // the input is left as it was
    expect(first[0].messages[0].messages).toHaveLength(1);
  });

  it('opens a new group for another user, and again when the first user speaks after them', () => {
    const groups = groupChatMessages(
      [
        msg(ann, '2026-11-22T10:00:00.000Z'),
        msg(bob, '2026-11-22T10:01:00.000Z'),
        msg(ann, '2026-11-22T10:02:00.000Z'),
        msg(ann, '2026-11-22T10:03:00.000Z'),
      ],
      { now: NOW },
    );
    expect(groups).toHaveLength(1);
    expect(groups[0].messages.map((g) => [g.user.user_id, g.messages.length])).toEqual([
      ['u-ann', 1],
      ['u-bob', 1],
      ['u-ann', 2],
    ]);
    expect(groups[0].messages[2].id).toBe(groups[0].messages[2].messages[0].id);
  });

  it('opens a new day and group for the same user on another day, labelled by date', () => {
    const groups = groupChatMessages(
      [msg(ann, '2026-11-21T23:00:00.000Z'), msg(ann, '2026-11-22T01:00:00.000Z')],
      { now: NOW },
    );
    expect(groups.map((d) => [d.date, d.label, d.messages.length])).toEqual([
      ['2026-11-21', '21 Nov 2026', 1],
      ['2026-11-22', 'Today', 1],
    ]);
  });

  it('splits days at midnight in the reader time zone, not UTC', () => {
    // 22:30 and 23:30 UTC on 21 Nov: one UTC day, but midnight passes between them in Kolkata (+05:30).
    const messages = [msg(ann, '2026-11-21T18:00:00.000Z'), msg(ann, '2026-11-21T18:45:00.000Z')];
    const utc = groupChatMessages(messages, { now: NOW });
    expect(utc.map((d) => d.date)).toEqual(['2026-11-21']);
    expect(utc[0].messages[0].messages).toHaveLength(2);

    const kolkata = groupChatMessages(messages, { timeZone: 'Asia/Kolkata', now: NOW });
    expect(kolkata.map((d) => [d.date, d.label])).toEqual([
      ['2026-11-21', '21 Nov 2026'],
      ['2026-11-22', 'Today'],
    ]);
    expect(kolkata.map((d) => d.messages[0].messages.length)).toEqual([1, 1]);
  });

  it("labels 'Today' by the reader's current day in their zone", () => {
    // 03:00 UTC on 22 Nov is still 21 Nov in New York, where it is now 21 Nov 22:00.
    expect(chatDayOf('2026-11-22T03:00:00.000Z', 'America/New_York')).toBe('2026-11-21');
    expect(
      chatDayLabel('2026-11-22T03:00:00.000Z', {
        timeZone: 'America/New_York',
        now: '2026-11-22T03:30:00.000Z',
      }),
    ).toBe('Today');
    expect(chatDayLabel('2026-11-22T03:00:00.000Z', { now: '2026-11-23T00:00:01.000Z' })).toBe('22 Nov 2026');
  });

  it('keeps mentions as structured ids and text as given', () => {
    const groups = groupChatMessages([msg(ann, NOW, '<b>@Bob</b> hello', ['u-bob'])], { now: NOW });
    expect(groups[0].messages[0].messages[0]).toMatchObject({
      text: '<b>@Bob</b> hello',
      mention: { user_ids: ['u-bob'] },
    });
    expect(flattenChatGroups(groups)[0].mention).toEqual({ user_ids: ['u-bob'] });
  });

  it('merges an older page across the boundary and drops duplicates', () => {
    const all = [
      msg(bob, '2026-11-22T09:00:00.000Z'),
      msg(ann, '2026-11-22T09:01:00.000Z'),
      msg(ann, '2026-11-22T09:02:00.000Z'),
      msg(ann, '2026-11-22T09:03:00.000Z'),
    ];
    const newer = groupChatMessages(all.slice(2), { now: NOW });
    const older = groupChatMessages(all.slice(0, 3), { now: NOW }); // overlaps by one
    const merged = prependChatPage(newer, older, { now: NOW });
    expect(merged).toEqual(groupChatMessages(all, { now: NOW }));
    expect(merged[0].messages.map((g) => g.messages.length)).toEqual([1, 3]);
  });
});

describe('chat request schemas', () => {
  it('refuses empty, whitespace-only and 102+ character texts, accepts 101', () => {
    const base = { project_db_id: '6f1d7a0e-2b1c-4d3e-9f00-1a2b3c4d5e6f' };
    const err = (text: unknown) => sendChatBody.safeParse({ ...base, text }).error?.issues[0].message;
    expect(err('')).toBe('This field is required');
    expect(err('   ')).toBe('This field is required');
    expect(err(undefined)).toBe('This field is required');
    expect(err('x'.repeat(102))).toBe('The characters limit is 101');
    expect(sendChatBody.parse({ ...base, text: ` ${'x'.repeat(101)} ` }).text).toHaveLength(101);
  });

  it('defaults the page to 20 in UTC and refuses an unknown time zone', () => {
    const q = chatHistoryQuery.parse({ project_db_id: '6f1d7a0e-2b1c-4d3e-9f00-1a2b3c4d5e6f' });
    expect(q).toMatchObject({ entries_per_page: 20, page_no: 1, tz: 'UTC' });
    expect(
      chatHistoryQuery.safeParse({ project_db_id: '6f1d7a0e-2b1c-4d3e-9f00-1a2b3c4d5e6f', tz: 'Mars/Base' })
        .success,
    ).toBe(false);
  });
});

describe('live messages in stored order', () => {
  it('a message that overtook goes before the ones stored after it, and the groups are rebuilt', () => {
    const one = msg(ann, '2026-11-22T10:00:00.000Z', 'one');
    const two = msg(bob, '2026-11-22T10:00:01.000Z', 'two');
    const three = msg(ann, '2026-11-22T10:00:02.000Z', 'three');
    const count = new Map([
      [one.id, 1],
      [two.id, 2],
      [three.id, 3],
    ]);
    const opts = { now: NOW };
    // arrival order: one, three, two
    let groups = groupChatMessages([one], opts);
    groups = insertChatMessage(groups, three, (id) => (count.get(id) ?? 0) > 3, opts);
    groups = insertChatMessage(groups, two, (id) => (count.get(id) ?? 0) > 2, opts);
    expect(flattenChatGroups(groups).map((m) => m.text)).toEqual(['one', 'two', 'three']);
    expect(groups).toEqual(groupChatMessages([one, two, three], opts));
  });

  it('in order, it is a plain append', () => {
    const a = msg(ann, '2026-11-22T10:00:00.000Z', 'a');
    const b = msg(ann, '2026-11-22T10:00:01.000Z', 'b');
    const groups = groupChatMessages([a], { now: NOW });
    expect(insertChatMessage(groups, b, () => false, { now: NOW })).toEqual(
      appendChatMessage(groups, b, { now: NOW }),
    );
  });
});
