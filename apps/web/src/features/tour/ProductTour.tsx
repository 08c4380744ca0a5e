import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { shellKeys, useProductTour, useUpdateTour } from '../shell/api.ts';

/**
 * Shows the product tour on home when the server says this user has not done it (first login, or
 * restarted from the user menu). Finishing or dismissing it is remembered on the server.
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
    // Wait for home's trays to be on the page so the steps point at them.
    const timer = window.setTimeout(() => {
      void import('./runTour.ts').then(({ runTour }) => {
        if (cancelled) return;
        stop = runTour(() => done.current({ completed: true }));
      });
    }, 600);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      stop?.();
    };
  }, [show, onHome]);
  return null;
}
