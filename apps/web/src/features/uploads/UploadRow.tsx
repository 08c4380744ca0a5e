import { ActionIcon, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { MSG, UI, UPLOAD_STATE_TEXT } from '@rushes/shared';
import { uploadActions, type UploadItem } from './uploadItems.ts';

/** The status text of an item (spec 002 §4): 'In Queue', a percentage, finished, 'Error', 'Paused', cancelled. */
function StatusText({ item }: { item: UploadItem }) {
  switch (item.status) {
    case 'pending':
      return (
        <Text size="xs" c="dimmed">
          {UPLOAD_STATE_TEXT.pending}
        </Text>
      );
    case 'paused':
      return (
        <Text size="xs" c="yellow.8">
          {UPLOAD_STATE_TEXT.paused}
        </Text>
      );
    case 'error':
      return (
        <Text size="xs" c="red" title={item.error ?? undefined}>
          {UPLOAD_STATE_TEXT.error}
        </Text>
      );
    case 'cancelled':
      return (
        <Text size="xs" c="dimmed">
          {MSG.userCancelled}
        </Text>
      );
    case 'finished':
      return (
        <Group gap={4} wrap="nowrap">
          <IconCircleCheck size={14} color="var(--mantine-color-green-7)" aria-hidden />
          <Text size="xs" c="green.8">
            {UI.uploadFinished}
          </Text>
        </Group>
      );
    default:
      return <Text size="xs">{UI.uploadPercent(item.percentage)}</Text>;
  }
}

export function UploadRow({ item }: { item: UploadItem }) {
  const title = item.asset_info.title;
  const running = item.status === 'pending' || item.status === 'inprogress';
  return (
    <Stack gap={4} role="listitem" aria-label={title}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} truncate="end" style={{ minWidth: 0, flex: 1 }}>
          {title}
        </Text>
        <StatusText item={item} />
        <Group gap={2} wrap="nowrap">
          {running && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={UI.pauseUpload(title)}
              onClick={() => uploadActions.pause(item.id)}
            >
              <IconPlayerPause size={14} />
            </ActionIcon>
          )}
          {(item.status === 'paused' || item.status === 'error') && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={UI.resumeUpload(title)}
              onClick={() => uploadActions.resume(item.id)}
            >
              <IconPlayerPlay size={14} />
            </ActionIcon>
          )}
          {/* abort is offered except when finished (spec 002 §4) */}
          {item.status !== 'finished' && item.status !== 'cancelled' && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={UI.abortUpload(title)}
              onClick={() => uploadActions.abort(item.id)}
            >
              <IconX size={14} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      {item.status !== 'cancelled' && item.status !== 'finished' && (
        <Progress
          value={item.percentage}
          size="sm"
          color={item.status === 'error' ? 'red' : item.status === 'paused' ? 'yellow' : undefined}
          aria-label={UI.uploadPercent(item.percentage)}
        />
      )}
    </Stack>
  );
}
