import type { TranscriptWord } from '../../db/schema/transcripts.ts';

/**
 * A transcript's words cut into lines: the panel's paragraphs, the captions' cues and what the
 * project search matches (with the line's time to jump to). Pure, so the panel, the captions and
 * the search always agree on where a line starts.
 */
export interface Line {
  /** the line's place in the transcript, from 0 */
  position: number;
  /** index of its first and last word in the words */
  firstWord: number;
  lastWord: number;
  startMs: number;
  endMs: number;
  text: string;
}

/** A pause this long ends a line: the speaker stopped. */
export const LINE_PAUSE_MS = 700;
/** A caption longer than this is hard to read in one go. */
export const LINE_MAX_MS = 12_000;
export const LINE_MAX_WORDS = 16;

const SENTENCE_END = /[.?!]["'”’)\]]*$/;

/** The words as running text: one space between words (a word is never empty). */
export function textOf(words: readonly TranscriptWord[]): string {
  return words
    .map((w) => w.w.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * A line ends after a word that ends a sentence (. ? !), before a pause of LINE_PAUSE_MS or more,
 * or when it reached LINE_MAX_WORDS words or LINE_MAX_MS.
 */
export function linesOf(words: readonly TranscriptWord[]): Line[] {
  const lines: Line[] = [];
  let first = 0;
  const close = (last: number) => {
    const part = words.slice(first, last + 1);
    lines.push({
      position: lines.length,
      firstWord: first,
      lastWord: last,
      startMs: part[0]!.s,
      endMs: Math.max(...part.map((w) => w.e)),
      text: textOf(part),
    });
    first = last + 1;
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    const count = i - first + 1;
    const ends =
      !next ||
      SENTENCE_END.test(w.w.trim()) ||
      next.s - w.e >= LINE_PAUSE_MS ||
      count >= LINE_MAX_WORDS ||
      next.e - words[first]!.s > LINE_MAX_MS;
    if (ends) close(i);
  }
  return lines;
}
