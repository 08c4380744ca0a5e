import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { RouteDef, RouteOutput } from '@rushes/shared';
import { call, type CallInput } from './client.ts';

export interface FormCallOptions<R extends RouteDef> {
  onSuccess?: (data: RouteOutput<R>) => void;
  /** The form shows the failure itself: its fields' errors, or a toast (showApiError). */
  onError: (error: unknown) => void;
}

/**
 * A public form's one write (log in, sign up, password reset): the call with its pending state and
 * answer. The logged-in screens write through TanStack Query (mutation.ts); these pages do not load
 * it (/login's first load).
 */
export function useFormCall<R extends RouteDef>(route: R, options: FormCallOptions<R>) {
  const [isPending, setPending] = useState(false);
  const [data, setData] = useState<RouteOutput<R> | undefined>(undefined);
  const optionsRef = useRef(options);
  useLayoutEffect(() => {
    optionsRef.current = options;
  });
  const mutate = useCallback(
    (input: CallInput<R>) => {
      setPending(true);
      (call as (r: R, i: CallInput<R>) => Promise<RouteOutput<R>>)(route, input).then(
        (answer) => {
          setPending(false);
          setData(answer);
          optionsRef.current.onSuccess?.(answer);
        },
        (error: unknown) => {
          setPending(false);
          optionsRef.current.onError(error);
        },
      );
    },
    [route],
  );
  return { mutate, isPending, data };
}
