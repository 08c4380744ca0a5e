import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  APPROVAL_DECISIONS,
  APPROVAL_STATUS_LABELS,
  MSG,
  UI,
  formatDate,
  type TaskRequestList,
} from '@rushes/shared';
import { toast } from '../../ui/toast.ts';
import { assetKeys } from '../assets/api.ts';
import { approvalKeys, useSetApprovalStatus, useTaskRequests } from './api.ts';
import { APPROVAL_STATUS_COLOURS, ApprovalStatusBadge } from './ApprovalStatusBadge.tsx';

/** The request to show beside the control: the newest approval request, else the newest request. */
const requestOf = (data: TaskRequestList) =>
  data.requests.findLast((r) => r.task_type === 'task_approval') ?? data.requests.at(-1);

/** The person asked picks a status with one click; the asset lists hear it from the project room. */
function Decide({ ingestDbId, data }: { ingestDbId: string; data: TaskRequestList }) {
  const queryClient = useQueryClient();
  const save = useSetApprovalStatus({
    onSuccess: (answer) => {
      toast.success(answer.message || MSG.approvalStatusUpdated);
      void queryClient.invalidateQueries({ queryKey: approvalKeys.asset(ingestDbId) });
      const projectDbId = data.requests[0]?.project_db_id;
      if (projectDbId) void queryClient.invalidateQueries({ queryKey: assetKeys.project(projectDbId) });
    },
  });
  return (
    <Group gap="xs" role="group" aria-label={UI.approvalStatus}>
      {APPROVAL_DECISIONS.map((code) => {
        const current = data.approval_status === code;
        return (
          <Button
            key={code}
            size="xs"
            color={APPROVAL_STATUS_COLOURS[code]}
            variant={current ? 'filled' : 'default'}
            aria-pressed={current}
            loading={save.isPending && save.variables?.approval_status === code}
            disabled={save.isPending}
            onClick={() => !current && save.mutate({ ingest_db_id: ingestDbId, approval_status: code })}
          >
            {APPROVAL_STATUS_LABELS[code]}
          </Button>
        );
      })}
    </Group>
  );
}

/**
 * An asset's approval in the player and on the review page: the people asked in a request on it
 * set In Progress, Needs Review or Approved there (the server's approvals.isReviewerOf decides who);
 * other members see the status. Nothing shows when the caller may not read the asset's requests
 * (a guest on a review link) or when nobody has asked and no status is set.
 */
export function ApprovalControl({ ingestDbId, enabled = true }: { ingestDbId: string; enabled?: boolean }) {
  const query = useTaskRequests(ingestDbId, { enabled, silent: true });
  const data = query.data;
  if (!data || (!data.can_set_status && data.requests.length === 0 && data.approval_status === 0))
    return null;
  const request = requestOf(data);
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={UI.approvalStatus}>
      <Stack gap={6}>
        <Group gap="sm" wrap="wrap">
          <Text size="sm" fw={600}>
            {UI.approvalStatus}
          </Text>
          {data.can_set_status ? (
            <Decide ingestDbId={ingestDbId} data={data} />
          ) : (
            <ApprovalStatusBadge status={data.approval_status} />
          )}
        </Group>
        {data.can_set_status && request && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {UI.requestedBy(request.created_by.name, formatDate(request.created_on))}
            {request.comment ? `: ${request.comment}` : ''}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
