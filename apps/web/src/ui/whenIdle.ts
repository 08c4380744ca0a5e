import { useEffect, useState } from 'react';

/**
 * Runs `task` once the browser is idle after the page has painted, so that code the first paint
 * does not need (the toast host, a form's zod schema) does not share the network and the main
 * thread with the code that paints it. Safari has no requestIdleCallback: a short
 * timer stands in. Returns a cancel function.
 */
export function whenIdle(task: () => void): () => void {
  let cancelled = false;
  let cancelWait = () => {};
  const idle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
      cancelWait = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, FALLBACK_DELAY_MS);
      cancelWait = () => window.clearTimeout(id);
    }
  };
  const cancelPaintWait = afterFirstPaint(idle);
  return () => {
    cancelled = true;
    cancelPaintWait();
    cancelWait();
  };
}

/**
 * Calls `then` once the page's first contentful paint is on screen (its `paint` entry, which the
 * browser records when the frame is presented), at once if it already is. An idle period can come
 * between a render and its paint, and work started there delays the paint. A hidden tab paints
 * nothing: it does not wait; nor does a browser without paint entries beyond two frames; and no
 * page waits longer than FIRST_PAINT_WAIT_MS. Returns a cancel function.
 */
function afterFirstPaint(then: () => void): () => void {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (document.hidden || painted()) {
    then();
    return () => {};
  }
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    let frame = requestAnimationFrame(() => (frame = requestAnimationFrame(then)));
    return () => cancelAnimationFrame(frame);
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
    then();
  };
  const observer = new PerformanceObserver(() => {
    if (painted()) finish();
  });
  observer.observe({ type: 'paint' });
  const timer = window.setTimeout(finish, FIRST_PAINT_WAIT_MS);
  return () => {
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
  };
}

const FIRST_PAINT_WAIT_MS = 3000;
/** A busy page still gets its deferred code within this long. */
const IDLE_TIMEOUT_MS = 1500;
const FALLBACK_DELAY_MS = 200;

/** False until the page has painted and the browser is idle (see whenIdle), then true. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
