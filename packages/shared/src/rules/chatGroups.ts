import type { ChatDateGroup, ChatMessage, ChatMessageGroup } from '../schemas/chat.ts';
import { cachedDateFormat, formatDate } from './format.ts';
import { MSG } from './messages.ts';

/**
 * The project chat grouping rule (spec 000 §4), one pure function for the server's history and the
 * web's live messages: messages fall into days of the reader's time zone; within a day, consecutive
 * messages of the same user share one group; a message of another user, or of a new day, opens a
 * new group. The reader's current day is labelled 'Today', others 'dd MMM yyyy'.
 */
export interface ChatGroupOptions {
  /** IANA time zone of the reader; UTC when omitted. */
  timeZone?: string;
  /** The reader's now (for 'Today'); the current time when omitted. */
  now?: Date | string | number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const DAY = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;

/** 'yyyy-mm-dd' of an instant in a time zone. */
export function chatDayOf(input: Date | string | number, timeZone = 'UTC'): string {
  const date = input instanceof Date ? input : new Date(input);
  const fmt = cachedDateFormat(timeZone, DAY);
  const p: Record<string, number> = {};
  for (const part of fmt.formatToParts(date)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** 'Today' for the reader's current day, else the product's date format in their time zone. */
export function chatDayLabel(input: Date | string | number, opts: ChatGroupOptions = {}): string {
  const tz = opts.timeZone ?? 'UTC';
  return chatDayOf(input, tz) === chatDayOf(opts.now ?? Date.now(), tz) ? MSG.today : formatDate(input, tz);
}

const groupMessageOf = (m: ChatMessage) => ({
  id: m.id,
  text: m.text,
  timestamp: m.timestamp,
  ...(m.mention ? { mention: { user_ids: [...m.mention.user_ids] } } : {}),
});

const newGroupOf = (message: ChatMessage): ChatMessageGroup => ({
  id: message.id,
  project_id: message.project_id,
  image_url: null,
  created_on: message.timestamp,
  user: { ...message.user },
  messages: [groupMessageOf(message)],
});

/**
 * Appends one message (oldest-to-newest order) and answers new groups; the input is not changed.
 * Same day and same user as the last group: appended to it; otherwise a new group (and a new day).
 */
export function appendChatMessage(
  groups: ChatDateGroup[],
  message: ChatMessage,
  opts: ChatGroupOptions = {},
): ChatDateGroup[] {
  const date = chatDayOf(message.timestamp, opts.timeZone);
  const lastDay = groups.at(-1);
  const newGroup = () => newGroupOf(message);
  if (!lastDay || lastDay.date !== date) {
    return [...groups, { date, label: chatDayLabel(message.timestamp, opts), messages: [newGroup()] }];
  }
  const lastGroup = lastDay.messages.at(-1);
  const messages =
    lastGroup && lastGroup.user.user_id === message.user.user_id
      ? [
          ...lastDay.messages.slice(0, -1),
          { ...lastGroup, messages: [...lastGroup.messages, groupMessageOf(message)] },
        ]
      : [...lastDay.messages, newGroup()];
  return [...groups.slice(0, -1), { ...lastDay, messages }];
}

/**
 * A live message in stored order: it goes before the trailing messages stored after it
 * (`storedAfter(id)`: e.g. a higher chats_count), and the groups are rebuilt; with none, a plain
 * append. Live messages can overtake each other (two API nodes, overlapping commits).
 */
export function insertChatMessage(
  groups: ChatDateGroup[],
  message: ChatMessage,
  storedAfter: (shownId: string) => boolean,
  opts: ChatGroupOptions = {},
): ChatDateGroup[] {
  const shown = flattenChatGroups(groups);
  let at = shown.length;
  while (at > 0 && storedAfter(shown[at - 1].id)) at--;
  if (at === shown.length) return appendChatMessage(groups, message, opts);
  return groupChatMessages([...shown.slice(0, at), message, ...shown.slice(at)], opts);
}

/**
 * Groups messages given oldest first: the same groups as appending them one by one, built in one
 * pass (a history page groups every message it answers; appending copies each group it touches).
 */
export function groupChatMessages(messages: ChatMessage[], opts: ChatGroupOptions = {}): ChatDateGroup[] {
  const groups: ChatDateGroup[] = [];
  for (const m of messages) {
    const date = chatDayOf(m.timestamp, opts.timeZone);
    let day = groups.at(-1);
    if (!day || day.date !== date) {
      day = { date, label: chatDayLabel(m.timestamp, opts), messages: [] };
      groups.push(day);
    }
    const last = day.messages.at(-1);
    if (last && last.user.user_id === m.user.user_id) last.messages.push(groupMessageOf(m));
    else day.messages.push(newGroupOf(m));
  }
  return groups;
}

/** The messages of groups, oldest first (the inverse of groupChatMessages). */
export function flattenChatGroups(groups: ChatDateGroup[]): ChatMessage[] {
  return groups.flatMap((day) =>
    day.messages.flatMap((g) =>
      g.messages.map((m) => ({
        id: m.id,
        project_id: g.project_id,
        user: g.user,
        text: m.text,
        timestamp: m.timestamp,
        ...(m.mention ? { mention: m.mention } : {}),
      })),
    ),
  );
}

/**
 * Puts an older history page before the groups already shown, merging across the page boundary
 * (same day, same user) and dropping messages already present (by id).
 */
export function prependChatPage(
  shown: ChatDateGroup[],
  older: ChatDateGroup[],
  opts: ChatGroupOptions = {},
): ChatDateGroup[] {
  const current = flattenChatGroups(shown);
  const ids = new Set(current.map((m) => m.id));
  const before = flattenChatGroups(older).filter((m) => !ids.has(m.id));
  return groupChatMessages([...before, ...current], opts);
}
