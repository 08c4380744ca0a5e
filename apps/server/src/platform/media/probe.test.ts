import { describe, expect, it } from 'vitest';
import { parseFrameRate } from './probe.ts';

describe("ffprobe's frame rate", () => {
  it('reads the rational rate as frames per second, 3 decimals', () => {
    expect(parseFrameRate('30000/1001')).toBe(29.97);
    expect(parseFrameRate('24000/1001')).toBe(23.976);
    expect(parseFrameRate('25/1')).toBe(25);
    expect(parseFrameRate('50')).toBe(50);
  });
  it('unknown, zero or a timebase is no rate', () => {
    expect(parseFrameRate(undefined)).toBeNull();
    expect(parseFrameRate('0/0')).toBeNull();
    expect(parseFrameRate('0/1')).toBeNull();
    expect(parseFrameRate('90000/1')).toBeNull();
    expect(parseFrameRate('abc')).toBeNull();
  });
});
