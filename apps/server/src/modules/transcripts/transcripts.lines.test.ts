import { describe, expect, it } from 'vitest';
import { LINE_MAX_WORDS, linesOf, textOf } from './transcripts.lines.ts';

const said = (text: string, gapMs = 100, wordMs = 300) =>
  text.split(' ').map((w, i) => ({ w, s: i * (wordMs + gapMs), e: i * (wordMs + gapMs) + wordMs }));

describe('lines of a transcript', () => {
  it('a line ends at a sentence end (. ? !), with its times and word indexes', () => {
    const lines = linesOf(said('Roll camera. Are we rolling? Yes! Action'));
    expect(lines.map((l) => l.text)).toEqual(['Roll camera.', 'Are we rolling?', 'Yes!', 'Action']);
    expect(lines[1]).toEqual({
      position: 1,
      firstWord: 2,
      lastWord: 4,
      startMs: 800,
      endMs: 1900,
      text: 'Are we rolling?',
    });
  });

  it('a pause of 700 ms ends a line, a shorter one does not', () => {
    const words = [
      { w: 'wide', s: 0, e: 300 },
      { w: 'shot', s: 999, e: 1300 }, // 699 ms later: same line
      { w: 'then', s: 2000, e: 2300 }, // 700 ms later: a new line
      { w: 'close', s: 2400, e: 2700 },
    ];
    expect(linesOf(words).map((l) => l.text)).toEqual(['wide shot', 'then close']);
  });

  it('at most 16 words or 12 s a line', () => {
    const many = linesOf(said(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')));
    expect(many.map((l) => l.lastWord - l.firstWord + 1)).toEqual([LINE_MAX_WORDS, LINE_MAX_WORDS, 8]);
    const slow = linesOf(said('one two three four five six seven eight', 600, 1000));
    for (const l of slow) expect(l.endMs - l.startMs).toBeLessThanOrEqual(12_000);
    expect(slow.length).toBeGreaterThan(1);
  });

  it('no words, no lines; text is the words with single spaces', () => {
    expect(linesOf([])).toEqual([]);
    expect(
      textOf([
        { w: ' hello ', s: 0, e: 1 },
        { w: 'there', s: 2, e: 3 },
      ]),
    ).toBe('hello there');
  });
});
