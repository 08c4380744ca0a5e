import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { RouteDef, RouteOutput } from '@rushes/shared';
import { call, type CallInput } from './client.ts';

/** What a screen adds to a write: its toasts, cache updates, closing a panel… */
export type MutationOptions<R extends RouteDef, C = unknown> = Omit<
  UseMutationOptions<RouteOutput<R>, Error, CallInput<R>, C>,
  'mutationFn'
>;

/**
 * The mutation hook of one write route of the contract: `export const useDeleteTask =
 * mutationHook(tasksRoutes.remove)` in the feature's api.ts; a screen calls `useDeleteTask({ onSuccess })`
 * and `mutate(body)` with the body typed from the route map.
 */
export function mutationHook<R extends RouteDef>(route: R) {
  return function useRouteMutation<C = unknown>(options: MutationOptions<R, C> = {}) {
    return useMutation<RouteOutput<R>, Error, CallInput<R>, C>({
      ...options,
      mutationFn: (input: CallInput<R>) =>
        (call as (r: R, i: CallInput<R>) => Promise<RouteOutput<R>>)(route, input),
    });
  };
}
