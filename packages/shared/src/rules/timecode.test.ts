import { describe, expect, it } from 'vitest';
import { frameAt, smpteTimecode, timeOfFrame } from './timecode.ts';

describe('SMPTE timecode', () => {
  it('counts frames at the rate', () => {
    expect(smpteTimecode(0, 25)).toBe('00:00:00:00');
    expect(smpteTimecode(120, 25)).toBe('00:00:04:20');
    expect(smpteTimecode(24, 24)).toBe('00:00:01:00');
    expect(smpteTimecode(25 * 3661 + 7, 25)).toBe('01:01:01:07');
    expect(smpteTimecode(29, 29.97)).toBe('00:00:00:29');
  });
  it('maps times to frames and back', () => {
    expect(frameAt(4.8, 25)).toBe(120);
    expect(frameAt(timeOfFrame(120, 25), 25)).toBe(120);
    expect(frameAt(timeOfFrame(0, 30), 30)).toBe(0);
  });
});
