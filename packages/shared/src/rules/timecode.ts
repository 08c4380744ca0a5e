/**
 * SMPTE timecode HH:MM:SS:FF of a frame number at a frame rate (non-drop-frame; a fractional rate
 * such as 29.97 counts at its nominal 30). Frame 0 is 00:00:00:00.
 */
export function smpteTimecode(frame: number, frameRate: number): string {
  const fps = Math.max(1, Math.round(frameRate));
  const f = Math.max(0, Math.floor(frame));
  const frames = f % fps;
  const totalSeconds = Math.floor(f / fps);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)}:${pad(frames)}`;
}

/** The frame shown at a media time (seconds), counted from 0. */
export const frameAt = (seconds: number, frameRate: number) => Math.floor(seconds * frameRate + 1e-6);
/** The media time (seconds) of a frame's start, nudged inside it so seeking lands on that frame. */
export const timeOfFrame = (frame: number, frameRate: number) => (frame + 0.5) / frameRate;
/** When a file does not tell its frame rate (docs/decisions.md). */
export const DEFAULT_FRAME_RATE = 25;
