import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconAdjustments,
  IconDeviceDesktop,
  IconExternalLink,
  IconKey,
  IconMovie,
  IconNetwork,
  IconPalette,
  IconPlus,
  IconPuzzle,
  IconTicket,
  IconUser,
  type TablerIcon as Icon,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  CLOUD_COPIED_MS,
  CLOUD_TEXT,
  UPLOAD_ID_COPIED_MS,
  formatClock,
  formatCloudCountdown,
  formatPerHour,
  type CloudSession,
} from '@rushes/shared';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';
import { toast } from '../../ui/toast.ts';
import { cloudKeys, useExtendSession } from './api.ts';
import { ConnectorInstructions } from './CloudConnector.tsx';
import { EndSessionModal, ReportIssueModal } from './CloudModals.tsx';
import { useServerCountdown } from './useServerCountdown.ts';

export const desktopPath = (cloudId: string) => `/cloud-desktop/${cloudId}`;

/** A detail's icon: the same size and colour on every row, read by the label beside it. */
const RowIcon = ({ icon: I }: { icon: Icon }) => (
  <I size={18} stroke={1.6} aria-hidden style={{ flexShrink: 0, color: 'var(--mantine-color-dimmed)' }} />
);

/** One detail: icon, label and value (spec 001 §2 "label, icon and value"). */
function Detail({ icon, label, children }: { icon: Icon; label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
      <RowIcon icon={icon} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

function Credential({
  icon,
  label,
  value,
  timeout,
}: {
  icon: Icon;
  label: string;
  value: string;
  timeout: number;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Detail icon={icon} label={label}>
        <Text size="sm" ff="monospace" truncate>
          {value}
        </Text>
      </Detail>
      <CopyIconButton value={value} label={label} timeout={timeout} />
    </Group>
  );
}

/** The catalogue names a system type's icon (cloud_system.icon); an unknown name gets a desktop. */
const SYSTEM_ICONS: Record<string, Icon> = { movie: IconMovie, palette: IconPalette };
const systemIcon = (name: string) => SYSTEM_ICONS[name] ?? IconDeviceDesktop;

/** Cloud access details (spec 001 §2, §3): the system, the configuration and the plugins. */
function AccessDetails({ session }: { session: CloudSession }) {
  return (
    <Paper withBorder p="sm">
      <Text fw={600} mb="xs">
        {CLOUD_TEXT.accessDetails}
      </Text>
      <Stack gap="xs">
        <Detail icon={systemIcon(session.cloud_system.icon)} label={CLOUD_TEXT.cloudSystem}>
          <Text size="sm">
            {session.cloud_system.label} · {session.cloud_system.value}
          </Text>
        </Detail>
        <Detail icon={IconAdjustments} label={CLOUD_TEXT.configuration}>
          <Text size="sm">
            {session.configurations.title} · {formatPerHour(session.configurations.pricing)}
          </Text>
        </Detail>
        {session.plugins.length > 0 && (
          <Detail icon={IconPuzzle} label={CLOUD_TEXT.plugins}>
            <Text size="sm">{session.plugins.map((p) => p.title).join(', ')}</Text>
          </Detail>
        )}
      </Stack>
    </Paper>
  );
}

/** Preparing, ready and next steps of the caller's session (spec 001 §2, §4). */
export function CloudSessionView({ session, skew }: { session: CloudSession; skew: number }) {
  const [ending, setEnding] = useState(false);
  const [reporting, setReporting] = useState(false);
  const target =
    session.machine_status === 'machine_started' ? session.session_end_datetime : session.waiting_time;
  const left = useServerCountdown(target, skew);
  const queryClient = useQueryClient();
  const extend = useExtendSession({
    onSuccess: () => {
      toast.success(CLOUD_TEXT.extended);
      void queryClient.invalidateQueries({ queryKey: cloudKeys.time });
    },
  });
  const started = session.machine_status === 'machine_started';

  return (
    <Stack gap="md">
      {session.machine_status === 'machine_booting' && (
        <Stack gap="xs">
          <Text fw={600}>{CLOUD_TEXT.preparing}</Text>
          <Progress value={100} animated />
          <Text size="sm">
            {CLOUD_TEXT.gettingReady} {left !== null ? formatCloudCountdown(left) : ''}
          </Text>
          <Credential
            icon={IconTicket}
            label={CLOUD_TEXT.ticket}
            value={session.cloud_assignment_id}
            timeout={UPLOAD_ID_COPIED_MS}
          />
          <ConnectorInstructions session={session} />
        </Stack>
      )}
      {session.machine_status === 'machine_shutting_down' && (
        <Text size="sm">
          {CLOUD_TEXT.shuttingDown} {left !== null ? formatCloudCountdown(left) : ''}
        </Text>
      )}
      {started && (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>{CLOUD_TEXT.ready}</Text>
            <Badge color="green">{CLOUD_TEXT.sessionActive}</Badge>
          </Group>
          <Paper withBorder p="sm">
            <Stack gap="xs">
              <Credential
                icon={IconUser}
                label={CLOUD_TEXT.username}
                value={session.username ?? ''}
                timeout={CLOUD_COPIED_MS}
              />
              <Credential
                icon={IconKey}
                label={CLOUD_TEXT.password}
                value={session.password ?? ''}
                timeout={CLOUD_COPIED_MS}
              />
              <Credential
                icon={IconNetwork}
                label={CLOUD_TEXT.ipAddress}
                value={session.ip_address ?? ''}
                timeout={CLOUD_COPIED_MS}
              />
              <Credential
                icon={IconTicket}
                label={CLOUD_TEXT.ticket}
                value={session.cloud_assignment_id}
                timeout={UPLOAD_ID_COPIED_MS}
              />
            </Stack>
          </Paper>
          {session.is_adobe_license_required && <Alert color="yellow">{CLOUD_TEXT.adobeLicense}</Alert>}
          <Group gap="sm">
            <Button
              component="a"
              href={desktopPath(session.cloud_access_db_id)}
              target="_blank"
              rel="noopener"
              leftSection={<IconExternalLink size={16} />}
            >
              {CLOUD_TEXT.openInBrowser}
            </Button>
          </Group>
          <ConnectorInstructions session={session} />
          {session.session_end_datetime && (
            <Text size="sm">
              {CLOUD_TEXT.endsAt} {formatClock(session.session_end_datetime)}
              {left !== null ? ` (${formatCloudCountdown(left)})` : ''}
            </Text>
          )}
          <Tooltip label={CLOUD_TEXT.extendHelp} multiline w={260}>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              disabled={!session.can_extend_session}
              loading={extend.isPending}
              onClick={() =>
                extend.mutate({
                  project_db_id: session.project_db_id,
                  cloud_id: session.cloud_access_db_id,
                  duration: 60,
                })
              }
            >
              {CLOUD_TEXT.extend}
            </Button>
          </Tooltip>
          <Text size="xs" c="dimmed">
            {CLOUD_TEXT.extendHelp}
          </Text>
          <Paper withBorder p="sm">
            <Text fw={600}>{CLOUD_TEXT.nextSteps}</Text>
            <Text size="sm">{CLOUD_TEXT.nextStepsHelp}</Text>
          </Paper>
        </Stack>
      )}
      <AccessDetails session={session} />
      <Group gap="sm">
        {session.machine_status !== 'machine_shutting_down' && (
          <Button color="red" variant="light" onClick={() => setEnding(true)}>
            {CLOUD_TEXT.endSession}
          </Button>
        )}
        <Button variant="subtle" onClick={() => setReporting(true)}>
          {CLOUD_TEXT.reportIssue}
        </Button>
      </Group>
      <EndSessionModal session={session} opened={ending} onClose={() => setEnding(false)} />
      <ReportIssueModal session={session} opened={reporting} onClose={() => setReporting(false)} />
    </Stack>
  );
}
