import { describe, expect, it } from 'vitest';
import type { TranscriptLineDto, TranscriptWordDto } from '@rushes/shared';
import {
  clipTime,
  findMatches,
  paragraphs,
  startTimeOf,
  transcriptPlainText,
  wordIndexAt,
} from './transcriptLogic.ts';

const words: TranscriptWordDto[] = [
  { w: 'Give', s: 0, e: 400 },
  { w: 'me', s: 450, e: 700 },
  { w: 'a', s: 750, e: 800 },
  { w: 'wide', s: 900, e: 1300 },
  { w: 'shot.', s: 1350, e: 1800 },
  { w: 'Wide', s: 3000, e: 3400 },
  { w: 'shot,', s: 3500, e: 3900 },
  { w: 'please!', s: 4000, e: 4600 },
];

describe('wordIndexAt', () => {
  it('answers the word spoken at a time', () => {
    expect(wordIndexAt(words, 0)).toBe(0);
    expect(wordIndexAt(words, 399)).toBe(0);
    expect(wordIndexAt(words, 1000)).toBe(3);
    expect(wordIndexAt(words, 4599)).toBe(7);
  });
  it('answers none between words, before the first and after the last', () => {
    expect(wordIndexAt(words, 420)).toBe(-1);
    expect(wordIndexAt(words, 2500)).toBe(-1);
    expect(wordIndexAt(words, 4600)).toBe(-1);
    expect(wordIndexAt([], 100)).toBe(-1);
    expect(wordIndexAt([{ w: 'late', s: 500, e: 900 }], 100)).toBe(-1);
  });
});

describe('findMatches', () => {
  it('finds a word whatever its case and punctuation', () => {
    const m = findMatches(words, 'WIDE');
    expect(m.starts).toEqual([3, 5]);
    expect([...m.words]).toEqual([3, 5]);
  });
  it('finds words in a row, the last one by its start', () => {
    const m = findMatches(words, 'wide sh');
    expect(m.starts).toEqual([3, 5]);
    expect([...m.words].sort()).toEqual([3, 4, 5, 6]);
    expect(findMatches(words, 'shot please').starts).toEqual([6]);
  });
  it('finds nothing for an empty search or words not said', () => {
    expect(findMatches(words, '  ').starts).toEqual([]);
    expect(findMatches(words, 'close-up').starts).toEqual([]);
    expect(findMatches(words, 'shot wide please').starts).toEqual([]);
  });
});

const lines: TranscriptLineDto[] = [
  { position: 0, first_word: 0, last_word: 4, start_ms: 0, end_ms: 1800, text: 'Give me a wide shot.' },
  { position: 1, first_word: 5, last_word: 7, start_ms: 3000, end_ms: 4600, text: 'Wide shot, please!' },
];

describe('paragraphs and text', () => {
  it('groups the words by line', () => {
    expect(paragraphs(words, lines).map((p) => p.words)).toEqual([
      [0, 1, 2, 3, 4],
      [5, 6, 7],
    ]);
    expect(paragraphs(words, []).map((p) => p.words)).toEqual([[0, 1, 2, 3, 4, 5, 6, 7]]);
    expect(paragraphs([], [])).toEqual([]);
  });
  it('copies one paragraph per line', () => {
    expect(transcriptPlainText(lines)).toBe('Give me a wide shot.\n\nWide shot, please!');
  });
});

describe('times', () => {
  it('shows a hit time as M:SS or H:MM:SS', () => {
    expect(clipTime(0)).toBe('0:00');
    expect(clipTime(65_900)).toBe('1:05');
    expect(clipTime(3_723_000)).toBe('1:02:03');
  });
  it('reads the player start time of ?t=', () => {
    expect(startTimeOf('1500')).toBe(1500);
    expect(startTimeOf(null)).toBeNull();
    expect(startTimeOf('-3')).toBeNull();
    expect(startTimeOf('1e9')).toBeNull();
  });
});
