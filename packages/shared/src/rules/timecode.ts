/** 29.97 and 59.94 (30000/1001, 60000/1001): the rates counted in drop-frame timecode. */
export function isDropFrameRate(frameRate: number): boolean {
  return Math.abs(frameRate - 30000 / 1001) < 0.005 || Math.abs(frameRate - 60000 / 1001) < 0.005;
}

/**
 * SMPTE timecode of a frame number at a frame rate. Frame 0 is 00:00:00:00. Integer-like rates
 * (24, 25, 30, 23.976 at a nominal 24) are non-drop-frame, HH:MM:SS:FF. 29.97 and 59.94 are
 * drop-frame, HH:MM:SS;FF (SMPTE 12M): the labels :00 and :01 (:00–:03 at 59.94) are skipped at the
 * start of every minute except each tenth, so the timecode keeps to the wall clock.
 */
export function smpteTimecode(frame: number, frameRate: number): string {
  const fps = Math.max(1, Math.round(frameRate));
  let f = Math.max(0, Math.floor(frame));
  const drop = isDropFrameRate(frameRate);
  if (drop) {
    const dropped = fps === 60 ? 4 : 2;
    const perMinute = fps * 60 - dropped;
    const perTenMinutes = perMinute * 10 + dropped;
    const tens = Math.floor(f / perTenMinutes);
    const rest = f % perTenMinutes;
    f += dropped * 9 * tens + (rest > dropped ? dropped * Math.floor((rest - dropped) / perMinute) : 0);
  }
  const frames = f % fps;
  const totalSeconds = Math.floor(f / fps);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)}${drop ? ';' : ':'}${pad(frames)}`;
}

/** The frame shown at a media time (seconds), counted from 0. */
export const frameAt = (seconds: number, frameRate: number) => Math.floor(seconds * frameRate + 1e-6);
/** The media time (seconds) of a frame's start, nudged inside it so seeking lands on that frame. */
export const timeOfFrame = (frame: number, frameRate: number) => (frame + 0.5) / frameRate;
/** When a file does not tell its frame rate (docs/decisions/0020-sharing-and-review.md). */
export const DEFAULT_FRAME_RATE = 25;

/**
 * A frame as the player's time display shows it: 'timecode' is SMPTE (drop-frame HH:MM:SS;FF at
 * 29.97/59.94), 'frames' the frame number from 0, 'seconds' the frame's start time with
 * milliseconds (frame / rate, so 29.97's frame 1800 reads 60.060 s).
 */
export function formatMediaTime(
  frame: number,
  frameRate: number,
  mode: 'timecode' | 'frames' | 'seconds',
): string {
  const f = Math.max(0, Math.floor(frame));
  if (mode === 'frames') return String(f);
  if (mode === 'seconds') return `${(f / frameRate).toFixed(3)} s`;
  return smpteTimecode(f, frameRate);
}
