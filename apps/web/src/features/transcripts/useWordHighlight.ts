import { useEffect } from 'react';
import type { TranscriptWordDto } from '@rushes/shared';
import { wordIndexAt } from './transcriptLogic.ts';

/** Moves the class from one word's element to another's; `follow` scrolls the panel (never the page) to it. */
function moveHighlight(container: HTMLElement, from: number, to: number, className: string, follow: boolean) {
  const old = container.querySelector(`[data-i="${from}"]`);
  old?.classList.remove(className);
  old?.removeAttribute('aria-current');
  if (to < 0) return;
  const span = container.querySelector<HTMLElement>(`[data-i="${to}"]`);
  if (!span) return;
  span.classList.add(className);
  // what assistive technology (and the flow's test) reads as the word being spoken
  span.setAttribute('aria-current', 'time');
  if (!follow) return;
  const top = span.offsetTop;
  const bottom = top + span.offsetHeight;
  if (top < container.scrollTop || bottom > container.scrollTop + container.clientHeight)
    container.scrollTop = Math.max(0, top - container.clientHeight / 3);
}

/**
 * Highlights the word being spoken: on every painted frame while playing (timeupdate comes only 4
 * times a second) and on each seek. The class is toggled on the word's element itself, so the panel
 * never re-renders while the media plays. While playing, the panel's text follows the word.
 */
export function useWordHighlight(
  el: HTMLMediaElement | null,
  words: readonly TranscriptWordDto[],
  container: HTMLElement | null,
  className: string,
  /** changes when the words re-render (a search, an edit): React then rewrote their classes */
  rendered: unknown,
) {
  useEffect(() => {
    if (!el || !container) return;
    let shown = -1;
    let raf = 0;
    const mark = () => {
      const i = wordIndexAt(words, el.currentTime * 1000);
      if (i === shown) return;
      moveHighlight(container, shown, i, className, !el.paused);
      shown = i;
    };
    const tick = () => {
      mark();
      if (!el.paused) raf = requestAnimationFrame(tick);
    };
    const onPlay = () => {
      cancelAnimationFrame(raf);
      raf = requestAnimationFrame(tick);
    };
    const names = ['timeupdate', 'seeked', 'pause'];
    for (const n of names) el.addEventListener(n, mark);
    el.addEventListener('play', onPlay);
    mark();
    if (!el.paused) onPlay();
    return () => {
      cancelAnimationFrame(raf);
      el.removeEventListener('play', onPlay);
      for (const n of names) el.removeEventListener(n, mark);
      moveHighlight(container, shown, -1, className, false);
    };
  }, [el, words, container, className, rendered]);
}
