import { describe, expect, it } from 'vitest';
import { formatMediaTime, frameAt, isDropFrameRate, smpteTimecode, timeOfFrame } from './timecode.ts';

describe('SMPTE timecode', () => {
  it('counts frames at the rate (non-drop-frame)', () => {
    expect(smpteTimecode(0, 25)).toBe('00:00:00:00');
    expect(smpteTimecode(120, 25)).toBe('00:00:04:20');
    expect(smpteTimecode(24, 24)).toBe('00:00:01:00');
    expect(smpteTimecode(25 * 3661 + 7, 25)).toBe('01:01:01:07');
    // 23.976 counts at a nominal 24, without dropping
    expect(isDropFrameRate(23.976)).toBe(false);
    expect(smpteTimecode(24 * 60, 23.976)).toBe('00:01:00:00');
    expect(smpteTimecode(1800, 30)).toBe('00:01:00:00');
  });
  it('29.97 is drop-frame with ";": two labels skipped each minute except every tenth', () => {
    expect(isDropFrameRate(29.97)).toBe(true);
    expect(smpteTimecode(0, 29.97)).toBe('00:00:00;00');
    expect(smpteTimecode(29, 29.97)).toBe('00:00:00;29');
    expect(smpteTimecode(1799, 29.97)).toBe('00:00:59;29');
    expect(smpteTimecode(1800, 29.97)).toBe('00:01:00;02');
    expect(smpteTimecode(3597, 29.97)).toBe('00:01:59;29');
    expect(smpteTimecode(3598, 29.97)).toBe('00:02:00;02');
    // the tenth minute keeps its :00
    expect(smpteTimecode(17981, 29.97)).toBe('00:09:59;29');
    expect(smpteTimecode(17982, 29.97)).toBe('00:10:00;00');
    expect(smpteTimecode(17982 + 1800, 29.97)).toBe('00:11:00;02');
    // one hour of 29.97 is 107892 frames and reads 01:00:00;00 (the wall clock)
    expect(smpteTimecode(107892, 29.97)).toBe('01:00:00;00');
    expect(smpteTimecode(frameAt(3600, 30000 / 1001), 29.97)).toBe('01:00:00;00');
  });
  it('59.94 drops four labels a minute', () => {
    expect(isDropFrameRate(59.94)).toBe(true);
    expect(smpteTimecode(3599, 59.94)).toBe('00:00:59;59');
    expect(smpteTimecode(3600, 59.94)).toBe('00:01:00;04');
    expect(smpteTimecode(35964, 59.94)).toBe('00:10:00;00');
    expect(smpteTimecode(215784, 59.94)).toBe('01:00:00;00');
  });
  it('maps times to frames and back', () => {
    expect(frameAt(4.8, 25)).toBe(120);
    expect(frameAt(timeOfFrame(120, 25), 25)).toBe(120);
    expect(frameAt(timeOfFrame(0, 30), 30)).toBe(0);
  });
});

describe('formatMediaTime (the player time display)', () => {
  it('timecode is SMPTE, drop-frame at 29.97 and 59.94', () => {
    expect(formatMediaTime(1800, 30000 / 1001, 'timecode')).toBe('00:01:00;02');
    expect(formatMediaTime(17982, 29.97, 'timecode')).toBe('00:10:00;00');
    expect(formatMediaTime(3600, 60000 / 1001, 'timecode')).toBe('00:01:00;04');
    expect(formatMediaTime(35964, 59.94, 'timecode')).toBe('00:10:00;00');
    expect(formatMediaTime(120, 25, 'timecode')).toBe('00:00:04:20');
  });
  it('frames counts from 0; seconds is the start of the frame', () => {
    expect(formatMediaTime(1800, 29.97, 'frames')).toBe('1800');
    expect(formatMediaTime(-3, 25, 'frames')).toBe('0');
    expect(formatMediaTime(120, 25, 'seconds')).toBe('4.800 s');
    expect(formatMediaTime(1800, 30000 / 1001, 'seconds')).toBe('60.060 s');
    expect(formatMediaTime(0, 59.94, 'seconds')).toBe('0.000 s');
  });
});
