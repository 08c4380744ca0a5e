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

export function useTaskRequests(ingestDbId: string) {
  return useQuery({
    queryKey: approvalKeys.asset(ingestDbId),
    queryFn: ({ signal }) =>
      call(approvalsRoutes.list, { ingest_db_id: ingestDbId, action: 'list' }, { signal }),
  });
}

// Writes (each screen adds its toasts and cache updates through the hook's options).
export const useCreateTaskRequest = mutationHook(approvalsRoutes.create);
export const useRemoveRequestUser = mutationHook(approvalsRoutes.removeUser);
export const useResendRequestInvite = mutationHook(approvalsRoutes.resendInvite);
export const useSetApprovalStatus = mutationHook(approvalsRoutes.setStatus);
