import { Alert, Button, Group, Progress, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  C2E_FTP_UNAVAILABLE_TEXT,
  C2E_STATUS_TEXT,
  MSG,
  c2eSessionQuery,
  c2eCopyLabel,
  c2eIsSettled,
  c2eShownHost,
  c2eShowsControls,
  c2eStatusOf,
  type C2eSession,
  C2E_TEXT,
} from '@rushes/shared';
import { ApiError } from '../../api/client.ts';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';
import { formatBytes } from '../projects/format.ts';
import { toast } from '../../ui/toast.ts';
import { cameraKeys, useC2eAction, useC2eSession, useDeleteC2eSession } from './api.ts';

function Row({ label, value, copy }: { label: string; value: string; copy?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th w={160}>{label}</Table.Th>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Text ff={copy ? 'monospace' : undefined} size="sm" data-testid={`c2e-${label.toLowerCase()}`}>
            {value}
          </Text>
          {copy && <CopyIconButton value={value} label={c2eCopyLabel(label)} />}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Instead of credentials that cannot work: camera FTP is not there, and why (in words for the user). */
function FtpUnavailable({ reason }: { reason: NonNullable<C2eSession['ftp_unavailable']> }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={16} />} title={C2E_TEXT.c2eFtpUnavailable} role="alert">
      {C2E_FTP_UNAVAILABLE_TEXT[reason]}
    </Alert>
  );
}

function Credentials({ s }: { s: C2eSession }) {
  if (s.ftp_unavailable) return <FtpUnavailable reason={s.ftp_unavailable} />;
  return (
    <Stack gap="xs">
      <Title order={5}>{C2E_TEXT.c2eCredentials}</Title>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          <Row label={C2E_TEXT.c2eHost} value={c2eShownHost(s, window.location.hostname)} copy />
          <Row label={C2E_TEXT.c2ePort} value={String(s.port)} copy />
          <Row
            label={C2E_TEXT.c2eProtocol}
            value={s.allow_plain_ftp ? C2E_TEXT.c2eFtpLabel : C2E_TEXT.c2eFtpsLabel}
          />
          <Row label={C2E_TEXT.c2eUsername} value={s.username} copy />
          <Row label={C2E_TEXT.c2ePassword} value={s.password} copy />
        </Table.Tbody>
      </Table>
      {s.allow_plain_ftp && (
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />}>
          {C2E_TEXT.c2ePlainFtpWarning}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * One C2E session (001 §2, §4): info; the status text (or, when active, the credentials); a progress
 * bar unless active or paused; controls (hidden while pending) with the on/off switch and 'Delete C2E
 * Session', both enabled only in active or paused; Back.
 */
export function SessionDetails({
  projectDbId,
  sessionId,
  onBack,
}: {
  projectDbId: string;
  sessionId: string;
  onBack: () => void;
}) {
  const queryClient = useQueryClient();
  // An id that cannot name a session is not asked for: it is not found, like any other.
  const wellFormed = c2eSessionQuery.shape.c2e_session_db_id.safeParse(sessionId).success;
  const query = useC2eSession(projectDbId, sessionId, wellFormed);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: cameraKeys.session(projectDbId, sessionId) });
    void queryClient.invalidateQueries({ queryKey: cameraKeys.sessions(projectDbId) });
  };
  const failed = (err: Error) => toast.error(err instanceof ApiError ? err.message : MSG.somethingWentWrong);
  const act = useC2eAction({
    onSuccess: (answer, input) => {
      refresh();
      toast.success(input.action === 'pause' ? MSG.c2ePaused : answer.message);
    },
    onError: failed,
  });
  const remove = useDeleteC2eSession({
    onSuccess: (answer) => {
      refresh();
      toast.success(answer.message || MSG.c2eDeleted);
      onBack();
    },
    onError: failed,
  });

  const back = (
    <Button variant="default" onClick={onBack} w="fit-content">
      {C2E_TEXT.c2eBack}
    </Button>
  );
  if (!wellFormed || query.isError) {
    // 'Session details not found.' (001 §8) for any id that is not a session of this project; other
    // failures are only logged (the query's logger).
    const missing = !wellFormed || (query.error instanceof ApiError && query.error.status === 404);
    return (
      <Stack gap="sm">
        {missing && <Text role="status">{MSG.c2eNotFound}</Text>}
        {back}
      </Stack>
    );
  }
  const s = query.data?.c2e_session;
  if (!s) return null;
  const status = c2eStatusOf(s.status);
  const settled = c2eIsSettled(s.status);
  const ids = { project_db_id: projectDbId, c2e_session_db_id: s.c2e_session_db_id };
  const busy = act.isPending || remove.isPending;

  return (
    <Stack gap="md" maw={640}>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          <Row label={C2E_TEXT.c2eSessionIdLabel} value={s.c2e_session_id} />
          <Row label={C2E_TEXT.c2eCameraLabel} value={s.camera_title} />
          <Row label={C2E_TEXT.c2eFolderLabel} value={s.folder_name} />
          <Row
            label={C2E_TEXT.c2eFilesReceived}
            value={`${s.files_received} (${formatBytes(s.bytes_received)})`}
          />
        </Table.Tbody>
      </Table>
      {status === 'active' ? (
        <Credentials s={s} />
      ) : (
        <Text fw={500} role="status">
          {status ? C2E_STATUS_TEXT[status] : s.status}
        </Text>
      )}
      {!settled && <Progress value={100} striped animated aria-label={s.status} />}
      {c2eShowsControls(s.status) && (
        <Group>
          <Switch
            label={C2E_TEXT.c2eSwitch}
            checked={status === 'active' || status === 'resuming'}
            disabled={!settled || busy}
            onChange={() => act.mutate({ ...ids, action: status === 'active' ? 'pause' : 'resume' })}
          />
          <Button color="red" variant="light" disabled={!settled || busy} onClick={() => remove.mutate(ids)}>
            {C2E_TEXT.c2eDelete}
          </Button>
        </Group>
      )}
      {back}
    </Stack>
  );
}
