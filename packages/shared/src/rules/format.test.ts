import { describe, expect, it } from 'vitest';
import { formatBytes, formatCountdown, formatDate, formatDay, formatNumber, formatTime } from './format.ts';

describe('formatters', () => {
  it('formats dates as dd MMM yyyy', () => {
    expect(formatDate('2026-09-05T10:00:00Z', 'UTC')).toBe('05 Sep 2026');
    expect(formatDate('2026-11-22T23:30:00Z', 'Asia/Kolkata')).toBe('23 Nov 2026');
  });
  it('formats a calendar day the same in every time zone', () => {
    expect(formatDay('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDay('2026-01-01')).toBe('01 Jan 2026');
  });
  it('formats times as HH:MM AM/PM', () => {
    expect(formatTime('2026-09-05T00:07:00Z', 'UTC')).toBe('12:07 AM');
    expect(formatTime('2026-09-05T12:00:00Z', 'UTC')).toBe('12:00 PM');
    expect(formatTime('2026-09-05T21:05:00Z', 'UTC')).toBe('09:05 PM');
  });
  it('groups numbers the Indian way', () => {
    expect(formatNumber(1234567)).toBe('12,34,567');
    expect(formatNumber(999)).toBe('999');
  });
  it('counts down as mm:ss', () => {
    expect(formatCountdown(120)).toBe('02:00');
    expect(formatCountdown(59.2)).toBe('01:00');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});

describe('formatBytes (storage sizes)', () => {
  it('whole bytes, then one decimal in binary steps, with the en-IN number format', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(100 * 1024 ** 2)).toBe('100 MB');
    expect(formatBytes(2048 * 1024 ** 4)).toBe('2,048 TB');
    expect(formatBytes(-5)).toBe('0 B');
  });
});
