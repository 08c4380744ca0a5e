import { useState } from 'react';
import { SUB_TEXT, type PurchaseAnswer } from '@rushes/shared';
import { toast } from '../../ui/toast.ts';
import { useRefreshSubscription } from './api.ts';

/** One request key per open panel: a double click or a retry is applied once by the server. */
export function useRequestKey(): string {
  const [key] = useState(() => crypto.randomUUID());
  return key;
}

/**
 * What a purchase does when it answers: a payment goes to its checkout; credits show the server's
 * message ('Plan updated' by default), refresh the subscription and close the panel. A refusal
 * shows the global Error toast and closes the panel too (spec 002 §4).
 */
export function usePurchaseCallbacks(close: () => void) {
  const refresh = useRefreshSubscription();
  return {
    onSuccess: (answer: PurchaseAnswer) => {
      if (answer.checkout_url) {
        window.location.assign(answer.checkout_url);
        return;
      }
      toast.success(answer.message || SUB_TEXT.planUpdated);
      refresh();
      close();
    },
    onError: () => {
      refresh();
      close();
    },
  };
}
