import { useEffect, useRef } from 'react';
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

const INPUT_EVENTS = ['mousemove', 'mousedown', 'keydown', 'click', 'scroll', 'wheel', 'touchstart'] as const;
const CHECK_EVERY_MS = 1000;

function timeoutSeconds(): number {
  const override = window.__RUSHES_INACTIVITY_SECONDS__;
  return typeof override === 'number' && override > 0 ? override : INACTIVITY_LOGOUT_SECONDS;
}

/** Spec 002 §4 Inactivity: no user input for INACTIVITY_LOGOUT_SECONDS (checked every second) → /logout. */
export function useInactivityLogout(): void {
  const navigate = useNavigate();
  const lastInput = useRef(0);

  useEffect(() => {
    lastInput.current = Date.now();
    const record = () => {
      lastInput.current = Date.now();
    };
    for (const name of INPUT_EVENTS) window.addEventListener(name, record, { passive: true, capture: true });
    const timer = window.setInterval(() => {
      if (Date.now() - lastInput.current >= timeoutSeconds() * 1000) {
        window.clearInterval(timer);
        navigate(PATHS.logout);
      }
    }, CHECK_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, record, { capture: true });
    };
  }, [navigate]);
}
