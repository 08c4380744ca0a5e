import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from 'react-router';
import { INACTIVITY_LOGOUT_SECONDS } from '@rushes/shared';
import { PATHS } from '../paths.ts';

declare global {
  interface Window {
    /**
     * Test hook: when set (a number of seconds), replaces INACTIVITY_LOGOUT_SECONDS. End-to-end
     * tests set it before or after load, e.g. `page.addInitScript(() => { window.__RUSHES_INACTIVITY_SECONDS__ = 3 })`.
     * It is read on every check, so a change applies within a second.
     */
    __RUSHES_INACTIVITY_SECONDS__?: number;
  }
}

/**
 * What counts as user input: keys, pointer presses and moves, touch, wheel. Not `scroll`: it also
 * fires when the page scrolls itself (a chat following new messages, a list refetched shorter).
 * A user's scroll comes with a wheel, a key, a touch or a pointer press on the scrollbar.
 */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart', 'touchmove'] as const;
const CHECK_EVERY_MS = 1000;

/**
 * The time of the last user input, kept for the whole page and never reset by rendering: the
 * shell may unmount and mount again (a refetch after a realtime reconnect that fails shows the
 * error page, the next one brings the shell back), and that must not restart the wait.
 */
let lastInput = Date.now();
let lastPointer = { x: NaN, y: NaN };

function record(event: Event) {
  if (!event.isTrusted) return;
  if (event.type === 'pointermove') {
    // Chromium sends a pointer move without any movement when the layout under a still pointer
    // changes (e.g. a refetched list): only a real move counts.
    const { clientX: x, clientY: y } = event as PointerEvent;
    if (x === lastPointer.x && y === lastPointer.y) return;
    lastPointer = { x, y };
  }
  lastInput = Date.now();
}

if (typeof window !== 'undefined') {
  for (const name of INPUT_EVENTS) window.addEventListener(name, record, { passive: true, capture: true });
}

function timeoutSeconds(): number {
  const override = window.__RUSHES_INACTIVITY_SECONDS__;
  return typeof override === 'number' && override > 0 ? override : INACTIVITY_LOGOUT_SECONDS;
}

/**
 * Spec 002 §4 Inactivity: no user input for INACTIVITY_LOGOUT_SECONDS (checked every second) →
 * /logout. Only user input restarts the wait: refetches, realtime reconnects and remounts do not.
 * Runs while `enabled` (a session is there, even when the page shows an error).
 */
export function useInactivityLogout(enabled: boolean): void {
  const navigate = useNavigate();
  // not an effect dependency: moving between pages must not restart the check
  const logOut = useEffectEvent(() => void navigate(PATHS.logout));

  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => {
      if (Date.now() - lastInput >= timeoutSeconds() * 1000) {
        window.clearInterval(timer);
        logOut();
      }
    }, CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [enabled]);
}
