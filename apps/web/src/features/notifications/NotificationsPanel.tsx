import { Divider, Group, Stack, Switch, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { formatDate, formatTime, UI, type NotificationItem } from '@rushes/shared';
import { ListStatus, NextPageLoader } from '../../ui/ListStatus.tsx';
import { useLoadMoreAtEnd } from '../../ui/useLoadMoreAtEnd.ts';
import type { PanelBaseProps } from '../../app/panels/registry.ts';
import { playerPath } from '../player/openInPlayer.ts';
import { PROJECT_SECTIONS, projectPath, projectSectionPath } from '../projects/paths.ts';
import { taskPath } from '../tasks/useTaskParam.ts';
import { transfersPath } from '../integrations/paths.ts';
import { markSeen, useDigestSetting, useNotifications, useSelectedTeamId } from './api.ts';

/** Where an entry leads: a mention opens the project with its chat, a transfer's end the transfers page, a task entry the task, an asset entry the player; others their project. */
export function notificationTarget(n: NotificationItem): string | null {
  if (!n.project_id) return null;
  if (n.notification_type === 'chat_mention')
    return projectSectionPath(n.project_id, PROJECT_SECTIONS.projectChat);
  if (n.notification_type === 'transfer') return transfersPath(n.project_id);
  if (n.task_id) return taskPath(n.project_id, n.task_id);
  if (n.asset_id) return playerPath(n.asset_id);
  return projectPath(n.project_id);
}

/** The optional e-mail digest of unseen notifications (off by default). */
function DigestSwitch() {
  const { query, update } = useDigestSetting();
  return (
    <Switch
      size="sm"
      label={UI.emailDigest}
      checked={update.isPending ? Boolean(update.variables) : (query.data?.email_digest ?? false)}
      disabled={!query.isSuccess || update.isPending}
      onChange={(e) => update.mutate(e.currentTarget.checked)}
    />
  );
}

function Entry({ n, onOpen }: { n: NotificationItem; onOpen: (n: NotificationItem) => void }) {
  const target = notificationTarget(n);
  const body = (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={n.has_seen ? 500 : 700}>
          {n.title}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(n.created_on)} {formatTime(n.created_on)}
        </Text>
      </Group>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {n.message}
      </Text>
    </Stack>
  );
  return (
    <UnstyledButton
      component="li"
      p="sm"
      style={{ borderRadius: 6, cursor: target ? 'pointer' : 'default', listStyle: 'none' }}
      bg={n.has_seen ? undefined : 'blue.0'}
      data-notification-type={n.notification_type}
      onClick={() => onOpen(n)}
    >
      {body}
    </UnstyledButton>
  );
}

/**
 * The notification panel (spec 002 §2, §7): 25 per page, more as the end comes into view; opening
 * it clears has_new_notification and marks the first page seen. An entry leads to its project, task
 * or asset (a mention opens the project chat, a task its detail panel, an asset the player).
 */
export default function NotificationsPanel({ close }: PanelBaseProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useNotifications();
  const teamDbId = useSelectedTeamId();
  const end = useLoadMoreAtEnd(list);
  const marked = useRef(false);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.notifications) ?? [], [list.data]);

  useEffect(() => {
    if (marked.current || !list.isSuccess) return;
    marked.current = true;
    void markSeen(
      queryClient,
      teamDbId,
      items.filter((n) => !n.has_seen).map((n) => n.id),
    ).catch(() => undefined);
  }, [list.isSuccess, items, queryClient, teamDbId]);

  const open = (n: NotificationItem) => {
    const target = notificationTarget(n);
    if (!target) return;
    close();
    void navigate(target);
  };

  return (
    <Stack gap="xs">
      <DigestSwitch />
      <Divider />
      <ListStatus query={list} empty={items.length === 0} emptyText={UI.noNotifications} />
      <Stack component="ul" gap={4} p={0} m={0} aria-label={UI.notifications}>
        {items.map((n) => (
          <Entry key={n.id} n={n} onOpen={open} />
        ))}
      </Stack>
      <div ref={end} />
      <NextPageLoader loading={list.isFetchingNextPage} />
    </Stack>
  );
}
