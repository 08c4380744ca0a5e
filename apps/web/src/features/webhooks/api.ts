import { useQuery } from '@tanstack/react-query';
import { webhooksRoutes as R } from '@rushes/shared/routes/webhooks';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';

/** Webhooks; keys start with 'webhooks'. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (teamDbId: string) => ['webhooks', 'list', teamDbId] as const,
  deliveries: (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const,
};

export const useCreateWebhook = mutationHook(R.create);
export const useUpdateWebhook = mutationHook(R.update);
export const useDeleteWebhook = mutationHook(R.remove);
export const useRotateWebhookSecret = mutationHook(R.rotateSecret);
export const useTestWebhook = mutationHook(R.test);
export const useResendWebhook = mutationHook(R.resend);

export function useWebhooks(teamDbId: string) {
  return useQuery({
    queryKey: webhookKeys.list(teamDbId),
    queryFn: ({ signal }) => call(R.list, { team_db_id: teamDbId }, { signal }),
  });
}

/**
 * An endpoint's latest deliveries; asked again every 2 s while one waits for an attempt due now
 * (its first, or a resend), not during a retry's backoff.
 */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: ({ signal }) => call(R.deliveries, { webhook_endpoint_db_id: endpointId }, { signal }),
    refetchInterval: (q) =>
      q.state.data?.deliveries.some((d) => d.status === 'pending' && d.next_attempt_at === null)
        ? 2000
        : false,
  });
}
