import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { TOUR_STEPS } from '@rushes/shared';
import { PATHS } from '../../app/paths.ts';
import { shellKeys, useProductTour, useUpdateTour } from '../shell/api.ts';
import { pageTouched } from './pageTouch.ts';

/** How long the tour waits for home's trays before it starts without them (centred cards). */
const TARGETS_WAIT_MS = 3000;
const POLL_MS = 100;

/** A side panel or modal is open (the tour's own popover is a dialog too). */
export const panelOrModalOpen = () =>
  document.querySelector('[role="dialog"]:not(#driver-popover-content)') !== null;

const targetsShown = () =>
  TOUR_STEPS.filter((s) => s.target !== 'chat').every((s) =>
    document.querySelector(`[data-tour="${s.target}"]`),
  );

/**
 * Shows the product tour on home when the server says this user has not done it (first login, or
 * restarted from the user menu). It starts as soon as home's trays are on the page, and only while
 * the user has not touched the page and no panel or modal is open: otherwise it waits for their next
 * untouched visit of home. Finishing or dismissing it is remembered on the server.
 */
export function ProductTour() {
  const { pathname } = useLocation();
  const show = useProductTour().data?.show_tour ?? false;
  const queryClient = useQueryClient();
  const update = useUpdateTour({ onSuccess: (data) => queryClient.setQueryData(shellKeys.tour, data) });
  const done = useRef(update.mutate);
  useEffect(() => {
    done.current = update.mutate;
  });

  const onHome = pathname === PATHS.home;
  useEffect(() => {
    if (!show || !onHome) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const mayStart = () => !cancelled && !pageTouched() && !panelOrModalOpen();
    const started = performance.now();
    const timer = window.setInterval(() => {
      if (!mayStart()) {
        window.clearInterval(timer);
        return;
      }
      if (!targetsShown() && performance.now() - started < TARGETS_WAIT_MS) return;
      window.clearInterval(timer);
      void import('./runTour.ts').then(({ runTour }) => {
        if (mayStart()) stop = runTour(() => done.current({ completed: true }));
      });
    }, POLL_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      stop?.();
    };
  }, [show, onHome]);
  return null;
}
