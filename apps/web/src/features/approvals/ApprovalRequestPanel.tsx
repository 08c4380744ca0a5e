import { Divider, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconSend, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  APPROVAL_STATUS_CODES,
  APPROVAL_STATUS_LABELS,
  MSG,
  UI,
  formatDate,
  taskTypeLabel,
  type ApprovalStatusCode,
  type TaskRequest,
  type TaskRequestType,
} from '@rushes/shared';
import { useUser } from '../../api/currentUser.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { InviteRow, PersonRow, RowAction } from '../../ui/PersonRow.tsx';
import { toast } from '../../ui/toast.ts';
import { assetKeys } from '../assets/api.ts';
import {
  approvalKeys,
  useRemoveRequestUser,
  useResendRequestInvite,
  useSetApprovalStatus,
  useTaskRequests,
} from './api.ts';
import { ApprovalStatusBadge } from './ApprovalStatusBadge.tsx';
import { RequestForm } from './RequestForm.tsx';

export interface ApprovalRequestPanelProps {
  projectDbId: string;
  ingestDbId: string;
  assetTitle: string;
  taskType: TaskRequestType;
}

/** One request: who asked and why, the people asked and the invited e-mails (creator: remove, resend). */
function RequestCard({ request, ingestDbId }: { request: TaskRequest; ingestDbId: string }) {
  const user = useUser();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: approvalKeys.asset(ingestDbId) });
  const remove = useRemoveRequestUser({
    onSuccess: (data) => {
      toast.success(data.message || MSG.deletedUser);
      refresh();
    },
  });
  const resend = useResendRequestInvite({
    onSuccess: (data) => toast.success(data.message || MSG.inviteSent),
  });
  const id = request.task_request_db_id;
  const removing = (key: string) =>
    remove.isPending && (remove.variables?.user_db_id === key || remove.variables?.user_email === key);

  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={taskTypeLabel(request.task_type)}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {taskTypeLabel(request.task_type)}
          </Text>
          <Text size="xs" c="dimmed">
            {UI.requestedBy(request.created_by.name, formatDate(request.created_on))}
          </Text>
        </Group>
        {request.comment && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.comment}
          </Text>
        )}
        {request.users.length + request.invited.length === 0 && (
          <Text size="sm" c="dimmed">
            {MSG.noUserFound}
          </Text>
        )}
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {request.users.map((p) => (
            <PersonRow key={p.user_id} name={p.name} color="" isSelf={p.user_id === user.user_id}>
              {request.can_remove && (
                <RowAction
                  tooltip={UI.remove}
                  label={UI.removeFromRequest(p.name)}
                  color="red"
                  loading={removing(p.user_id)}
                  onClick={() => remove.mutate({ task_request_db_id: id, user_db_id: p.user_id })}
                >
                  <IconX size={16} />
                </RowAction>
              )}
            </PersonRow>
          ))}
          {request.invited.map((email) => (
            <InviteRow key={email} email={email} status={UI.invited}>
              {request.can_remove && (
                <>
                  <RowAction
                    tooltip={UI.resendInvite}
                    label={UI.resendInviteTo(email)}
                    loading={resend.isPending && resend.variables?.user_email === email}
                    onClick={() =>
                      resend.mutate({ task_request_db_id: request.task_request_db_id, user_email: email })
                    }
                  >
                    <IconSend size={16} />
                  </RowAction>
                  <RowAction
                    tooltip={UI.remove}
                    label={UI.removeFromRequest(email)}
                    color="red"
                    loading={removing(email)}
                    onClick={() => remove.mutate({ task_request_db_id: id, user_email: email })}
                  >
                    <IconX size={16} />
                  </RowAction>
                </>
              )}
            </InviteRow>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Reviewers set the asset's approval status; the asset list follows live. */
function StatusControl({
  projectDbId,
  ingestDbId,
  status,
}: {
  projectDbId: string;
  ingestDbId: string;
  status: number;
}) {
  const queryClient = useQueryClient();
  const save = useSetApprovalStatus({
    onSuccess: (data) => {
      toast.success(data.message || MSG.approvalStatusUpdated);
      void queryClient.invalidateQueries({ queryKey: approvalKeys.asset(ingestDbId) });
      void queryClient.invalidateQueries({ queryKey: assetKeys.project(projectDbId) });
    },
  });
  return (
    <Select
      label={UI.approvalStatus}
      value={String(status)}
      allowDeselect={false}
      disabled={save.isPending}
      comboboxProps={{ withinPortal: false }}
      data={APPROVAL_STATUS_CODES.map((code) => ({
        value: String(code),
        label: APPROVAL_STATUS_LABELS[code],
      }))}
      onChange={(value) =>
        value !== null &&
        Number(value) !== status &&
        save.mutate({ ingest_db_id: ingestDbId, approval_status: Number(value) as ApprovalStatusCode })
      }
    />
  );
}

/**
 * The approval / review request panel (spec 000 §2, §4, §6): the asset's approval status (reviewers
 * change it: No Status, In Progress, Needs Review, Approved), its requests with the people asked
 * (only the creator removes them or resends an invitation), and a new request of this type.
 */
export default function ApprovalRequestPanel({
  projectDbId,
  ingestDbId,
  assetTitle,
  taskType,
}: ApprovalRequestPanelProps & PanelBaseProps) {
  const query = useTaskRequests(ingestDbId);
  if (query.isPending) return <PageLoader />;
  if (!query.data) {
    return (
      <Text c="red" size="sm" role="alert">
        {MSG.somethingWentWrong}
      </Text>
    );
  }
  const data = query.data;
  const requests = data.requests.filter((r) => r.task_type === taskType);
  const asked = {
    userIds: new Set(requests.flatMap((r) => r.users.map((u) => u.user_id))),
    emails: new Set(requests.flatMap((r) => r.invited)),
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={600} truncate="end">
          {assetTitle}
        </Text>
        <ApprovalStatusBadge status={data.approval_status} />
      </Group>
      {data.can_set_status && (
        <StatusControl projectDbId={projectDbId} ingestDbId={ingestDbId} status={data.approval_status} />
      )}
      <RequestForm projectDbId={projectDbId} ingestDbId={ingestDbId} taskType={taskType} asked={asked} />
      <Divider />
      <Stack gap="sm" component="section" aria-label={UI.requests}>
        <Title order={3} size="h6" c="dimmed" tt="uppercase">
          {UI.requests}
        </Title>
        {requests.length === 0 && (
          <Text size="sm" c="dimmed">
            {MSG.noRecordFound}
          </Text>
        )}
        {requests.map((r) => (
          <RequestCard key={r.task_request_db_id} request={r} ingestDbId={ingestDbId} />
        ))}
      </Stack>
    </Stack>
  );
}
