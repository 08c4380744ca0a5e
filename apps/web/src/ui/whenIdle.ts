import { useEffect, useState } from 'react';

/**
 * Runs `task` once the browser is idle after the page has painted, so that code the first paint
 * does not need (the toast host, a form's zod schema) does not share the network and the main
 * thread with the code that paints it (issue 22, P8). Safari has no requestIdleCallback: a short
 * timer stands in. Returns a cancel function.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, FALLBACK_DELAY_MS);
  return () => window.clearTimeout(id);
}

/** A busy page still gets its deferred code within this long. */
const IDLE_TIMEOUT_MS = 1500;
const FALLBACK_DELAY_MS = 200;

/** False until the page has painted and the browser is idle (see whenIdle), then true. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
