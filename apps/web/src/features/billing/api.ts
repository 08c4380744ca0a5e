import { useQuery } from '@tanstack/react-query';
import { billingRoutes } from '@rushes/shared/billing';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';

/** Billing data (spec 002 §7 Billing); the billing_detail event invalidates billingKeys.all. */
export const billingKeys = {
  all: ['billing'] as const,
  detail: (teamDbId: string) => ['billing', teamDbId] as const,
  stateCodes: ['billingCatalogue', 'stateCodes'] as const,
};

export function useBilling(teamDbId: string) {
  return useQuery({
    queryKey: billingKeys.detail(teamDbId),
    queryFn: ({ signal }) =>
      call(billingRoutes.get, { team_id: teamDbId }, { signal }).then((d) => d.billing),
  });
}

export function useStateCodes() {
  return useQuery({
    queryKey: billingKeys.stateCodes,
    queryFn: ({ signal }) =>
      call(billingRoutes.filters, { filter_type: 'state_codes' }, { signal }).then((d) => d.state_codes),
    staleTime: Infinity,
  });
}

/** Billing details are created by POST and updated by PUT (the form picks one). */
export const useCreateBilling = mutationHook(billingRoutes.create);
export const useUpdateBilling = mutationHook(billingRoutes.update);
