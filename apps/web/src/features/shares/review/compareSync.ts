import { useEffect, useState, type RefObject } from 'react';

/** How far the follower may drift while both play before it is put back on the lead's time. */
const DRIFT_SECONDS = 0.12;

/**
 * Two videos that play, pause, seek and change speed together: `lead` (the version shown) drives,
 * `follow` (the version compared with) copies its time. The answer is the lead's time, length,
 * playing state and picture ratio. Re-wired when either source changes (`sources`).
 */
export function useSyncedPair(
  lead: RefObject<HTMLVideoElement | null>,
  follow: RefObject<HTMLVideoElement | null>,
  sources: readonly string[],
) {
  const [state, setState] = useState({ time: 0, duration: 0, playing: false, ratio: 16 / 9 });
  const key = sources.join('|');
  useEffect(() => {
    const l = lead.current;
    const f = follow.current;
    if (!l || !f) return;
    const align = () => {
      if (Math.abs(f.currentTime - l.currentTime) > 0.02) f.currentTime = l.currentTime;
    };
    const read = () =>
      setState({
        time: l.currentTime,
        duration: Number.isFinite(l.duration) ? l.duration : 0,
        playing: !l.paused,
        ratio: l.videoWidth && l.videoHeight ? l.videoWidth / l.videoHeight : 16 / 9,
      });
    const onPlay = () => {
      align();
      void f.play().catch(() => undefined);
      read();
    };
    const onPause = () => {
      f.pause();
      align();
      read();
    };
    const onTime = () => {
      if (!l.paused && !l.seeking && Math.abs(f.currentTime - l.currentTime) > DRIFT_SECONDS) align();
      read();
    };
    const onRate = () => {
      f.playbackRate = l.playbackRate;
    };
    // a newly chosen version to compare with starts where the lead is, playing if it plays
    const onFollowReady = () => {
      align();
      f.playbackRate = l.playbackRate;
      if (!l.paused) void f.play().catch(() => undefined);
    };
    const leadEvents: [string, () => void][] = [
      ['play', onPlay],
      ['pause', onPause],
      ['seeked', () => (align(), read())],
      ['seeking', align],
      ['timeupdate', onTime],
      ['ratechange', onRate],
      ['loadedmetadata', read],
      ['durationchange', read],
    ];
    for (const [name, fn] of leadEvents) l.addEventListener(name, fn);
    f.addEventListener('loadedmetadata', onFollowReady);
    read();
    return () => {
      for (const [name, fn] of leadEvents) l.removeEventListener(name, fn);
      f.removeEventListener('loadedmetadata', onFollowReady);
    };
  }, [lead, follow, key]);

  return state;
}

/** Plays or pauses the lead; the follower does the same through the lead's events. */
export function togglePair(lead: HTMLVideoElement | null) {
  if (!lead) return;
  if (lead.paused) void lead.play().catch(() => undefined);
  else lead.pause();
}

/** Puts both on one moment at once (the follower would otherwise wait for the lead's seeked). */
export function seekPair(lead: HTMLVideoElement | null, follow: HTMLVideoElement | null, seconds: number) {
  if (lead) lead.currentTime = seconds;
  if (follow) follow.currentTime = seconds;
}

/** m:ss.t — precise enough to see both sides sit on the same moment. */
export function compareClock(seconds: number): string {
  const tenths = Math.max(0, Math.floor(seconds * 10));
  const m = Math.floor(tenths / 600);
  const s = Math.floor((tenths % 600) / 10);
  return `${m}:${String(s).padStart(2, '0')}.${tenths % 10}`;
}
