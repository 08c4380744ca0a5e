import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { subscriptionRoutes } from '@rushes/shared/routes/subscriptions';
import { teamsRoutes } from '@rushes/shared/routes/teams';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';

/** Subscription data (spec 002 §7); subscription_changed invalidates subscriptionKeys.all. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  state: (teamDbId: string) => ['subscription', teamDbId, 'state'] as const,
  plans: (teamDbId: string) => ['subscription', teamDbId, 'plans'] as const,
  planDetails: (teamDbId: string, code: string) => ['subscription', teamDbId, 'plan', code] as const,
  storage: (teamDbId: string) => ['subscription', teamDbId, 'storage'] as const,
  usage: (teamDbId: string) => ['subscription', teamDbId, 'usage'] as const,
};

export function useSubscription(teamDbId: string) {
  return useQuery({
    queryKey: subscriptionKeys.state(teamDbId),
    queryFn: ({ signal }) => call(subscriptionRoutes.get, { team_db_id: teamDbId }, { signal }),
  });
}

/** Plan fetch failure shows 'Currently there are no plans available.' in the list (no toast). */
export function usePlans(teamDbId: string) {
  return useQuery({
    queryKey: subscriptionKeys.plans(teamDbId),
    queryFn: ({ signal }) =>
      call(subscriptionRoutes.plans, { team_db_id: teamDbId }, { signal }).then((d) => d.plans),
    meta: { silent: true },
  });
}

export function usePlanDetails(teamDbId: string, code: string) {
  return useQuery({
    queryKey: subscriptionKeys.planDetails(teamDbId, code),
    queryFn: ({ signal }) =>
      call(subscriptionRoutes.planDetails, { team_db_id: teamDbId, subscription_db_id: code }, { signal }),
    meta: { silent: true },
  });
}

/** Storage load failures are silent (spec 002 §8): logged, the details left empty. */
export function useTeamStorage(teamDbId: string) {
  return useQuery({
    queryKey: subscriptionKeys.storage(teamDbId),
    queryFn: ({ signal }) =>
      call(subscriptionRoutes.storage, { team_db_id: teamDbId }, { signal }).catch((e: unknown) => {
        console.warn('storage details failed to load', e);
        return null;
      }),
    meta: { silent: true },
  });
}

/** Usage against the plan's limits (currentPlan); a failure is silent (spec 002 §8). */
export function usePlanUsage(teamDbId: string) {
  return useQuery({
    queryKey: subscriptionKeys.usage(teamDbId),
    queryFn: ({ signal }) =>
      call(teamsRoutes.currentPlan, { team_id: teamDbId }, { signal }).catch((e: unknown) => {
        console.warn('plan usage failed to load', e);
        return null;
      }),
    meta: { silent: true },
  });
}

export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['credits'] });
  }, [queryClient]);
}

export const useUpgradePlan = mutationHook(subscriptionRoutes.upgrade);
export const useRenewPlan = mutationHook(subscriptionRoutes.renew);
export const useAddStorage = mutationHook(subscriptionRoutes.addStorage);
