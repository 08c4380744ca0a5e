import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { shellKeys, useUpdateTour } from '../shell/api.ts';
import { markArrival } from './pageTouch.ts';

/**
 * Restarts the product tour from the user menu: the server forgets that it was done, and home shows
 * it again (ProductTour runs it there). No tour code is loaded until it runs.
 */
export function useRestartTour(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const update = useUpdateTour({
    onSuccess: (data) => {
      queryClient.setQueryData(shellKeys.tour, data);
      // asked for: home counts as untouched from here (the click on the menu does not count)
      markArrival();
      void navigate(PATHS.home);
    },
  });
  return useCallback(() => update.mutate({ completed: false }), [update]);
}
