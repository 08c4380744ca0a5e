import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Whether the user has touched the page they are on: pressed a pointer or a key since they arrived.
 * The product tour starts only on an untouched page, so it never lands on something the user
 * already opened or is typing in. Counts, not times: a click and the navigation it causes can fall
 * in the same millisecond.
 */
let inputs = 0;
let inputsAtArrival = 0;

/** The current page counts as new from here (a navigation, or the user asking for the tour again). */
export function markArrival(): void {
  inputsAtArrival = inputs;
}

export const pageTouched = (): boolean => inputs > inputsAtArrival;

/** Counts the user's input on the page and marks each arrival on a new path; renders nothing. */
export function PageTouchWatch(): null {
  const { pathname } = useLocation();
  useEffect(() => {
    const count = () => {
      inputs += 1;
    };
    window.addEventListener('pointerdown', count, true);
    window.addEventListener('keydown', count, true);
    return () => {
      window.removeEventListener('pointerdown', count, true);
      window.removeEventListener('keydown', count, true);
    };
  }, []);
  useEffect(() => markArrival(), [pathname]);
  return null;
}
