import { useQuery } from '@tanstack/react-query';
import { approvalsRoutes } from '@rushes/shared/routes/assets';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';

/** Approval and review requests of an asset (spec 000 §7); keys start with 'approvals'. */
export const approvalKeys = {
  all: ['approvals'] as const,
  asset: (ingestDbId: string) => ['approvals', ingestDbId] as const,
  people: (ingestDbId: string, text: string) => ['approvals', ingestDbId, 'people', text] as const,
};

/**
 * The requests of an asset and the caller's right to set its status. `silent`: a refusal (a guest,
 * someone outside the project) shows nothing and is not retried.
 */
export function useTaskRequests(ingestDbId: string, opts: { enabled?: boolean; silent?: boolean } = {}) {
  return useQuery({
    queryKey: approvalKeys.asset(ingestDbId),
    queryFn: ({ signal }) =>
      call(approvalsRoutes.list, { ingest_db_id: ingestDbId, action: 'list' }, { signal }),
    enabled: opts.enabled ?? true,
    ...(opts.silent ? { retry: false, meta: { silent: true } } : {}),
  });
}

// Writes (each screen adds its toasts and cache updates through the hook's options).
export const useCreateTaskRequest = mutationHook(approvalsRoutes.create);
export const useRemoveRequestUser = mutationHook(approvalsRoutes.removeUser);
export const useResendRequestInvite = mutationHook(approvalsRoutes.resendInvite);
export const useSetApprovalStatus = mutationHook(approvalsRoutes.setStatus);
