import type { AiSource } from '@rushes/shared';
import { clockOf } from './ai.transcripts.ts';

/** Under this many items, tools' whole answers count as used when the text names none of them. */
const SMALL_ANSWER = 5;
const MAX_LINKS = 12;

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** The part of an item's title an answer would quote: a task's description start, an asset's name. */
function needleOf(s: AiSource): string {
  const t = norm(s.title);
  return s.kind === 'task' ? t.slice(0, 40) : t;
}

/**
 * A clip found at several moments (transcript lines) whose answer quotes some of their timecodes:
 * only those moments are linked; with none quoted, all of them.
 */
function onlyQuotedMoments(text: string, items: AiSource[]): AiSource[] {
  const quoted = new Set(
    items.filter((s) => s.start_ms !== undefined && text.includes(clockOf(s.start_ms))).map((s) => s.id),
  );
  return items.filter(
    (s) => s.start_ms === undefined || !quoted.has(s.id) || text.includes(clockOf(s.start_ms)),
  );
}

/**
 * The items an answer used, to link under it: the tasks and assets its text names (by
 * title or id), plus the brief and the chat when their tool was read. When the text names none of a
 * small result, the whole result is linked (the model summed it up: "two tasks are pending").
 */
export function pickSources(answer: string, found: readonly AiSource[]): AiSource[] {
  const text = norm(answer);
  const unique = new Map<string, AiSource>();
  // one clip can be linked at several moments (transcript lines)
  for (const s of found)
    unique.set(`${s.kind}:${s.id}:${s.start_ms ?? ''}`, { ...s, title: s.title.slice(0, 120) });
  const items = [...unique.values()];
  const documents = items.filter((s) => s.kind === 'brief' || s.kind === 'chat');
  const listed = items.filter((s) => s.kind === 'task' || s.kind === 'asset');
  const named = listed.filter((s) => {
    const needle = needleOf(s);
    return (needle.length >= 3 && text.includes(needle)) || text.includes(s.id.toLowerCase());
  });
  const used = onlyQuotedMoments(text, named.length > 0 || listed.length > SMALL_ANSWER ? named : listed);
  return [...used, ...documents].slice(0, MAX_LINKS);
}
