import { Alert, Badge, Button, Card, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { UI, UPLOADER_TEXT, formatBytes, type UploaderBuild } from '@rushes/shared';
import { cameraRoutes } from '@rushes/shared/routes/camera';
import { call } from '../../api/client.ts';
import { CopyIconButton } from '../../ui/CopyIconButton.tsx';

/** A long value (a command, a SHA-256) that wraps on a phone instead of widening the page; Copy takes it whole. */
function CopyableCode({ value, label }: { value: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Code block style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {value}
      </Code>
      <CopyIconButton value={value} label={label} />
    </Group>
  );
}

/** One platform: how to start it, what the system asks the first time, and its file or 'not built'. */
function PlatformCard({ build, chosen }: { build: UploaderBuild; chosen: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (chosen) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [chosen]);
  const text = UPLOADER_TEXT.platforms[build.os as keyof typeof UPLOADER_TEXT.platforms];
  return (
    <Card
      ref={ref}
      withBorder
      padding="md"
      component="section"
      aria-label={build.title}
      data-os={build.os}
      style={chosen ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Title order={3} size="h4">
              {build.title}
            </Title>
            {build.form && <Badge variant="light">{UPLOADER_TEXT.forms[build.form]}</Badge>}
          </Group>
          {build.url && build.file && (
            <Button
              component="a"
              href={build.url}
              download={build.file}
              leftSection={<IconDownload size={16} />}
            >
              {UPLOADER_TEXT.download}
            </Button>
          )}
        </Group>
        {build.built && build.file ? (
          <>
            <Text size="sm">
              <Text span fw={500}>
                {build.file}
              </Text>
              {' · '}
              {UPLOADER_TEXT.size} {formatBytes(build.size ?? 0)}
            </Text>
            <Text size="sm">{text.run}</Text>
            <Text size="sm" c="dimmed">
              {text.firstRun}
            </Text>
            <Text size="xs" fw={500}>
              {UPLOADER_TEXT.sha256}
            </Text>
            <CopyableCode value={build.sha256 ?? ''} label={UI.copy} />
          </>
        ) : (
          <Alert
            color="yellow"
            icon={<IconInfoCircle size={18} />}
            title={UPLOADER_TEXT.notBuilt(build.title)}
          >
            {UPLOADER_TEXT.howToBuild}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /uploader?os=… — every platform's uploader file (001 §2, 002 §9): the download menu's choice is
 * framed and scrolled to; a platform this server has not built says so instead of a link.
 */
export default function UploaderPage() {
  const [params] = useSearchParams();
  const builds = useQuery({
    queryKey: ['camera', 'uploader-builds'],
    queryFn: ({ signal }) => call(cameraRoutes.uploaderBuilds, undefined, { signal }),
  });
  const data = builds.data;
  const command = UPLOADER_TEXT.command(window.location.origin);
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={2}>{UPLOADER_TEXT.title}</Title>
        <Text>{UPLOADER_TEXT.intro}</Text>
        <Text>{UPLOADER_TEXT.login}</Text>
        {data?.version && data.node && (
          <Text size="sm" c="dimmed">
            {UPLOADER_TEXT.version(data.version, data.node)}
          </Text>
        )}
        {data?.platforms.map((b) => (
          <PlatformCard key={b.os} build={b} chosen={b.os === params.get('os')} />
        ))}
        <Title order={3} size="h4">
          {UPLOADER_TEXT.commandLine}
        </Title>
        <CopyableCode value={command} label={UI.copy} />
        <Text size="sm" c="dimmed">
          {UPLOADER_TEXT.commandNote}
        </Text>
      </Stack>
    </Container>
  );
}
