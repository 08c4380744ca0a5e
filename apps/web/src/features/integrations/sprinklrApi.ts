import { useQuery } from '@tanstack/react-query';
import { sprinklrRoutes } from '@rushes/shared/routes/integrations';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';

/** Sprinklr; keys start with 'integrations'. */
export const sprinklrKeys = {
  list: (teamDbId: string) => ['integrations', 'sprinklr', 'list', teamDbId] as const,
  options: (teamDbId: string, env: string) => ['integrations', 'sprinklr', 'options', teamDbId, env] as const,
  targets: (projectDbId: string) => ['integrations', 'sprinklr', 'targets', projectDbId] as const,
  status: (projectDbId: string, ids: string) =>
    ['integrations', 'sprinklr', 'status', projectDbId, ids] as const,
};

const S = sprinklrRoutes;
export const useCreateSprinklr = mutationHook(S.create);
export const useDeleteSprinklr = mutationHook(S.remove);
export const useShareToIntegration = mutationHook(S.share);

export function useSprinklrIntegrations(teamDbId: string | null) {
  return useQuery({
    queryKey: sprinklrKeys.list(teamDbId ?? ''),
    enabled: Boolean(teamDbId),
    queryFn: async ({ signal }) => (await call(S.list, { team_db_id: teamDbId! }, { signal })).integrations,
    meta: { silent: true },
  });
}

export function useSprinklrOptions(teamDbId: string | null, environment: string | null) {
  return useQuery({
    queryKey: sprinklrKeys.options(teamDbId ?? '', environment ?? ''),
    enabled: Boolean(teamDbId),
    queryFn: ({ signal }) =>
      call(
        S.options,
        {
          team_db_id: teamDbId!,
          integration_type: 'sprinklr_integration',
          ...(environment ? { environment, business_units: 'true' as const } : {}),
        },
        { signal },
      ),
  });
}

/** Validates a campaign on demand (a query the form fetches when asked; errors toast globally). */
export const validateCampaign = (teamDbId: string, environment: string, campaignId: string) =>
  call(S.validate, { team_db_id: teamDbId, environment, campaign_id: campaignId });

export function useShareTargets(teamDbId: string, projectDbId: string) {
  return useQuery({
    queryKey: sprinklrKeys.targets(projectDbId),
    queryFn: async ({ signal }) =>
      (await call(S.shareTargets, { team_db_id: teamDbId, project_db_id: projectDbId }, { signal }))
        .integrations,
  });
}

export function useSharedStatus(projectDbId: string, ids: string[]) {
  const joined = ids.join(',');
  return useQuery({
    queryKey: sprinklrKeys.status(projectDbId, joined),
    queryFn: async ({ signal }) =>
      (await call(S.sharedStatus, { project_db_id: projectDbId, ingest_db_ids: joined }, { signal })).assets,
  });
}
