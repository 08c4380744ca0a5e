import { useQuery } from '@tanstack/react-query';
import { API, type TaskRequestList } from '@rushes/shared';
import { api } from '../../api/client.ts';

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
      api.get<TaskRequestList>(API.approvals.root, { ingest_db_id: ingestDbId, action: 'list' }, { signal }),
  });
}
