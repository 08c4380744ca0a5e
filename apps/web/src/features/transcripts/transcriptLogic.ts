import type { TranscriptLineDto, TranscriptWordDto } from '@rushes/shared';

/**
 * The panel's pure logic: which word is being spoken at a time, the words matching a search inside
 * the transcript, the text to copy and the timecode a search hit shows.
 */

/**
 * The index of the word spoken at `ms`: the last word starting at or before it, as long as the
 * time is before that word's end (between two words nothing is highlighted). -1 when none.
 * Binary search: it runs on every painted frame while playing.
 */
export function wordIndexAt(words: readonly TranscriptWordDto[], ms: number): number {
  let lo = 0;
  let hi = words.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid].s <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && ms < words[found].e ? found : -1;
}

/** Lower case without punctuation around it: "Hello," matches "hello". */
export function normalizeWord(w: string): string {
  return w
    .toLocaleLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .trim();
}

/**
 * The words matching a search inside the transcript, in order. Each typed word must match in a row;
 * the last one may be the start of a word (typing "wid" finds "wide"). A match of several words
 * answers every word of it, so each is highlighted; `starts` are the first words of the matches
 * (what next/previous step through).
 */
export function findMatches(
  words: readonly TranscriptWordDto[],
  query: string,
): { words: Set<number>; starts: number[] } {
  const terms = query.split(/\s+/).map(normalizeWord).filter(Boolean);
  const hit = new Set<number>();
  const starts: number[] = [];
  if (terms.length === 0) return { words: hit, starts };
  const normal = words.map((w) => normalizeWord(w.w));
  for (let i = 0; i + terms.length <= normal.length; i += 1) {
    const all = terms.every((t, k) =>
      k === terms.length - 1 ? normal[i + k].startsWith(t) : normal[i + k] === t,
    );
    if (!all) continue;
    starts.push(i);
    for (let k = 0; k < terms.length; k += 1) hit.add(i + k);
  }
  return { words: hit, starts };
}

/** The transcript as plain text to copy: one paragraph per line of the transcript. */
export function transcriptPlainText(lines: readonly TranscriptLineDto[]): string {
  return lines.map((l) => l.text).join('\n\n');
}

/** A search hit's time: H:MM:SS or M:SS from the clip's start. */
export function clipTime(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The words of each line (paragraph) as [index, word] pairs; a word outside every line (lines
 * not yet rewritten after a correction) is never lost: it goes with the line before it.
 */
export function paragraphs(
  words: readonly TranscriptWordDto[],
  lines: readonly TranscriptLineDto[],
): { key: number; startMs: number; words: number[] }[] {
  if (lines.length === 0) return words.length ? [{ key: 0, startMs: 0, words: words.map((_, i) => i) }] : [];
  const out = lines.map((l) => ({ key: l.position, startMs: l.start_ms, words: [] as number[] }));
  let line = 0;
  for (let i = 0; i < words.length; i += 1) {
    while (line + 1 < lines.length && i >= lines[line + 1].first_word) line += 1;
    out[line].words.push(i);
  }
  return out.filter((p) => p.words.length > 0);
}

/** The player's start time of `?t=` (ms): a whole number ≥ 0, else none. */
export function startTimeOf(param: string | null): number | null {
  if (!param || !/^\d{1,9}$/.test(param)) return null;
  return Number(param);
}
