import { useCallback, useEffect, useRef, useState } from 'react';
import { frameAt, timeOfFrame } from '@rushes/shared';
import { setMedia } from './actions.ts';

/** An in/out range of frames, both included (I and O). */
export interface FrameRange {
  in: number;
  out: number;
}

/**
 * The in/out range and the loop. I sets the in point (the out point stays if it is still after
 * it, else the range runs to the last frame), O the out point (from the in point, else from the
 * start). While playing with a range: loop on plays it again and again from its in point, loop
 * off stops at its out point. Loop without a range loops the whole file. Another media element
 * (another version) starts without a range, its frames being another file's.
 */
export function useRange(el: HTMLMediaElement | null, frameRate: number, duration: number) {
  // the range belongs to the element it was set on: another element shows none
  const [held, setHeld] = useState<{ el: HTMLMediaElement | null; range: FrameRange | null }>({
    el: null,
    range: null,
  });
  const range = held.el === el ? held.range : null;
  const setRange = (next: (r: FrameRange | null) => FrameRange | null) => setHeld({ el, range: next(range) });
  const [loop, setLoop] = useState(false);
  const lastFrame = Math.max(0, frameAt(duration, frameRate) - 1);

  const current = () => (el ? frameAt(el.currentTime, frameRate) : 0);
  const setIn = () => {
    const f = Math.min(current(), lastFrame);
    setRange((r) => ({ in: f, out: r && r.out >= f ? r.out : lastFrame }));
  };
  const setOut = () => {
    const f = Math.min(current(), lastFrame);
    setRange((r) => ({ in: r && r.in <= f ? r.in : 0, out: f }));
  };
  const clear = () => setRange(() => null);

  useEffect(() => {
    if (!el) return;
    setMedia(el, { loop: loop && !range });
    if (!range) return;
    const start = timeOfFrame(range.in, frameRate);
    const end = (range.out + 1) / frameRate;
    let raf = 0;
    // per animation frame, not on timeupdate (4 a second): the wrap lands within a frame or two
    const watch = () => {
      if (el.paused) return;
      if (el.currentTime >= end || el.ended) {
        if (loop) {
          setMedia(el, { currentTime: start });
          if (el.paused) void el.play();
        } else {
          el.pause();
          setMedia(el, { currentTime: timeOfFrame(range.out, frameRate) });
          return;
        }
      }
      raf = requestAnimationFrame(watch);
    };
    const onPlay = () => {
      // playing from outside the range starts at its in point
      if (el.currentTime < start - 0.5 / frameRate || el.currentTime >= end)
        setMedia(el, { currentTime: start });
      cancelAnimationFrame(raf);
      raf = requestAnimationFrame(watch);
    };
    // a range to the last frame can end the file before the watch sees its end
    const onEnded = () => {
      if (!loop) return;
      setMedia(el, { currentTime: start });
      void el.play();
    };
    el.addEventListener('play', onPlay);
    el.addEventListener('ended', onEnded);
    if (!el.paused) raf = requestAnimationFrame(watch);
    return () => {
      cancelAnimationFrame(raf);
      el.removeEventListener('play', onPlay);
      el.removeEventListener('ended', onEnded);
    };
  }, [el, range, loop, frameRate]);

  return { range, setIn, setOut, clear, loop, setLoop };
}

/** The player area (picture and controls) in fullscreen, as Frame.io does; F or the button. */
export function useFullscreen(area: HTMLElement | null) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const onChange = () => setOn(!!area && document.fullscreenElement === area);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [area]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void area?.requestFullscreen().catch(() => undefined);
  }, [area]);
  return { on, toggle };
}

/** A play URL without what changes when the same file is served anew (`v`: its update time; `kind`: proxy or original). */
const fileOf = (url: string) => {
  const u = new URL(url, 'http://x');
  u.searchParams.delete('v');
  u.searchParams.delete('kind');
  return u.toString();
};

/**
 * The same file under a new URL (a finished proxy or sprite sheet updates the asset, and so the
 * URL's `v`) mounts a new media element: it resumes where the viewer was, playing or paused,
 * instead of jumping back to the first frame. Another file (another version) starts at its start.
 */
export function useKeepPosition(el: HTMLMediaElement | null, playUrl: string) {
  const last = useRef<{ file: string; time: number; paused: boolean } | null>(null);
  useEffect(() => {
    if (!el) return;
    const file = fileOf(playUrl);
    const prev = last.current;
    const restore = () => {
      if (!prev) return;
      setMedia(el, { currentTime: prev.time });
      if (!prev.paused) void el.play().catch(() => undefined);
    };
    // playing counts even at 0 s: a proxy that lands just after Play must not leave the viewer paused
    if (prev && prev.file === file && (prev.time > 0 || !prev.paused)) {
      if (el.readyState >= 1) restore();
      else el.addEventListener('loadedmetadata', restore, { once: true });
    }
    const save = () => {
      last.current = { file, time: el.currentTime, paused: el.paused };
    };
    const names = ['play', 'timeupdate', 'pause', 'seeked'];
    for (const n of names) el.addEventListener(n, save);
    return () => {
      el.removeEventListener('loadedmetadata', restore);
      for (const n of names) el.removeEventListener(n, save);
    };
  }, [el, playUrl]);
}
