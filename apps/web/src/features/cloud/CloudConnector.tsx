import { Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconTerminal2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { CLOUD_CONNECT_TEXT, CLOUD_TEXT, type CloudSession } from '@rushes/shared';
import { showApiError } from '../../app/apiErrors.ts';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';
import { cloudKeys, fetchConnectionFile, fetchConnectorLink, type ConnectorOs } from './api.ts';

const T = CLOUD_CONNECT_TEXT;

const CONNECTOR_OS: { os: ConnectorOs; label: string }[] = [
  { os: 'windows', label: T.windows },
  { os: 'mac_intel', label: T.macIntel },
  { os: 'mac_silicon', label: T.macSilicon },
  { os: 'linux', label: T.linux },
];

/** Saves `href` as a download without leaving the page (same origin: the download attribute holds). */
function saveAs(href: string, fileName = '') {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * The connector is our own program (the uploader's download, its `connect` command), not a
 * third-party viewer: the server answers the download of its build for each OS (spec 001 §7).
 */
function ProgramDownloads() {
  return (
    <Stack gap={6}>
      <Text size="sm">{T.stepDownload}</Text>
      <Group gap="xs">
        {CONNECTOR_OS.map(({ os, label }) => (
          <Button
            key={os}
            size="compact-sm"
            variant="default"
            leftSection={<IconDownload size={14} />}
            onClick={() =>
              fetchConnectorLink(os)
                // not built on this server: its uploader page says how an operator builds it
                .then((d) =>
                  d.file_name ? saveAs(d.url, d.file_name) : window.open(d.url, '_blank', 'noopener'),
                )
                .catch(showApiError)
            }
          >
            {label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * Ready: the connection file (public address and a connector token valid while the session is
 * started) and the command that opens it. The file is asked for as the step shows, so the command is
 * there to copy at once; its token depends on the session's end, so an extension asks again.
 */
function ConnectionFile({ session }: { session: CloudSession }) {
  const file = useQuery({
    queryKey: [...cloudKeys.all, 'connectionFile', session.cloud_access_db_id, session.session_end_datetime],
    queryFn: () => fetchConnectionFile(session.cloud_access_db_id),
    staleTime: Infinity,
  });
  const command = file.data?.command ?? null;
  const download = () => {
    if (!file.data) return;
    const url = URL.createObjectURL(new Blob([file.data.content], { type: 'application/octet-stream' }));
    saveAs(url, file.data.file_name);
    URL.revokeObjectURL(url);
  };
  return (
    <>
      <Stack gap={6}>
        <Text size="sm">{T.stepFile}</Text>
        <Group>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconDownload size={14} />}
            loading={file.isPending}
            disabled={!file.data}
            onClick={download}
          >
            {CLOUD_TEXT.downloadConnection}
          </Button>
        </Group>
      </Stack>
      {command && (
        <Stack gap={6}>
          <Text size="sm">{T.stepRun}</Text>
          <Group gap="xs" wrap="nowrap">
            <IconTerminal2 size={18} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
            <Code
              aria-label={T.command}
              style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            >
              {command}
            </Code>
            <CopyIconButton value={command} label={T.copyCommand} />
          </Group>
        </Stack>
      )}
    </>
  );
}

/**
 * How to connect from the user's own computer (spec 001 §1 "through a connector app", §2 preparing
 * and ready): download the program; once started, the connection file and the command to run.
 */
export function ConnectorInstructions({ session }: { session: CloudSession }) {
  const started = session.machine_status === 'machine_started';
  return (
    <Paper withBorder p="sm" aria-label={T.title} role="region">
      <Stack gap="sm">
        <Text fw={600}>{T.title}</Text>
        <ProgramDownloads />
        {started ? (
          <ConnectionFile session={session} />
        ) : (
          <Text size="sm" c="dimmed">
            {T.whenReady}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
