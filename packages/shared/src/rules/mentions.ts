import { MENTION_TRIGGER } from './constants.ts';

/** Mention markup of the chat input and messages (spec 000 §3, §5), one rule for web and tests. */

/** A person who can be mentioned (spec 000 §3 mention suggestion). */
export interface MentionUser {
  user_id: string;
  name: string;
}

export interface TextSegment {
  text: string;
  /** the user id when this segment is a mention ('@Display Name') */
  mentionOf?: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits a message into plain and mention segments. A mention is the markup '@' + display name of
 * a user the message mentions (its mention.user_ids); the longest names are tried first so 'Ann Lee'
 * wins over 'Ann'. Everything stays text: the caller renders segments as React text nodes.
 */
export function mentionSegments(text: string, mentioned: MentionUser[]): TextSegment[] {
  const named = mentioned.filter((u) => u.name.trim()).sort((a, b) => b.name.length - a.name.length);
  if (named.length === 0) return [{ text }];
  const pattern = new RegExp(`(${named.map((u) => escapeRegExp(MENTION_TRIGGER + u.name)).join('|')})`, 'g');
  const byMarkup = new Map(named.map((u) => [MENTION_TRIGGER + u.name, u.user_id]));
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => (byMarkup.has(part) ? { text: part, mentionOf: byMarkup.get(part) } : { text: part }));
}

/**
 * The mention being typed at the caret: '@' at the start or after a space, then up to 30
 * characters without a line break. Answers the search text and where the '@' is, or null. A
 * mention already picked ('@Display Name ' of one of `picked`) is complete: what is typed after it
 * is text, never a new search (else Enter would pick it again over the typed words).
 */
export function activeMention(
  value: string,
  caret: number,
  picked: readonly MentionUser[] = [],
): { query: string; start: number } | null {
  const before = value.slice(0, caret);
  const at = before.lastIndexOf(MENTION_TRIGGER);
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before[at - 1])) return null;
  const query = before.slice(at + 1);
  if (query.length > 30 || /[\n@]/.test(query) || query.startsWith(' ')) return null;
  if (picked.some((u) => query.startsWith(`${u.name} `))) return null;
  return { query, start: at };
}

/** Replaces the typed '@query' with the mention markup '@Display Name ' and answers the new caret. */
export function insertMention(
  value: string,
  caret: number,
  start: number,
  user: MentionUser,
): { value: string; caret: number } {
  const markup = `${MENTION_TRIGGER}${user.name} `;
  const next = value.slice(0, start) + markup + value.slice(caret);
  return { value: next, caret: start + markup.length };
}

/** The ids of picked users whose markup is still in the text (deleting the text drops the mention). */
export function mentionedIds(text: string, picked: MentionUser[]): string[] {
  const ids = picked.filter((u) => text.includes(MENTION_TRIGGER + u.name)).map((u) => u.user_id);
  return [...new Set(ids)];
}
