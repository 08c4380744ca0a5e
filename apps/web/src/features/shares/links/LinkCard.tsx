import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEdit, IconFolder, IconLink, IconPlaylist, IconRefresh } from '@tabler/icons-react';
import { SHARE_LINKS_TEXT as T, UI, formatDate, formatTime, type ProjectShareLink } from '@rushes/shared';

/** Date and time: an expiry of a few hours needs its hour. */
const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

const kindLabel = { asset: T.kindAsset, assets: T.kindAssets, folder: T.kindFolder } as const;

/** What a link holds, in a line: its folder, or its assets in playlist order with their count. */
function Holds({ link }: { link: ProjectShareLink }) {
  if (link.kind === 'folder')
    return (
      <Group gap={4} wrap="nowrap">
        <IconFolder size={14} aria-hidden />
        <Text size="sm" truncate="end">
          {T.folderLabel(link.folder?.title ?? T.untitledFolder)}
        </Text>
      </Group>
    );
  if (link.kind === 'asset') return null;
  if (link.asset_count === 0)
    return (
      <Text size="sm" c="dimmed">
        {T.noAssets}
      </Text>
    );
  const more = link.asset_count - link.assets.length;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <IconPlaylist size={14} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {T.assetsCount(link.asset_count)}: {link.assets.map((a) => a.title).join(', ')}
        {more > 0 ? ` …` : ''}
      </Text>
    </Group>
  );
}

/** One link of the Share Links page and its actions (Copy link or New link, Edit, Revoke). */
export function LinkCard({
  link,
  onCopy,
  onRenew,
  onEdit,
  onRevoke,
}: {
  link: ProjectShareLink;
  onCopy: () => void;
  onRenew: () => void;
  onEdit: () => void;
  onRevoke: () => void;
}) {
  const live = !link.is_revoked && !link.is_expired;
  return (
    <Paper withBorder p="sm" radius="sm" component="li" aria-label={T.linkLabel(link.title)}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Text fw={600} truncate="end" maw="100%">
              {link.title}
            </Text>
            <Badge variant="light" color="blue" style={{ flexShrink: 0 }}>
              {kindLabel[link.kind]}
            </Badge>
            {link.is_revoked ? (
              <Badge color="gray" style={{ flexShrink: 0 }}>
                {UI.linkRevokedBadge}
              </Badge>
            ) : link.is_expired ? (
              <Badge color="gray" style={{ flexShrink: 0 }}>
                {UI.linkExpiredBadge}
              </Badge>
            ) : null}
          </Group>
          <Group gap="xs" wrap="wrap">
            {!link.is_revoked &&
              (link.can_copy ? (
                <Button size="xs" variant="default" leftSection={<IconLink size={14} />} onClick={onCopy}>
                  {T.copyAgain}
                </Button>
              ) : (
                <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={onRenew}>
                  {T.newLink}
                </Button>
              ))}
            {!link.is_revoked && (
              <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} onClick={onEdit}>
                {T.edit}
              </Button>
            )}
            {live && (
              <Button size="xs" variant="light" color="red" onClick={onRevoke}>
                {T.revoke}
              </Button>
            )}
          </Group>
        </Group>
        <Holds link={link} />
        <Text size="xs" c="dimmed">
          {T.sharedBy} {link.shared_by || '—'} · {T.created} {when(link.created_on)} · {T.expires}{' '}
          {when(link.expires_on)}
        </Text>
        <Group gap={6} wrap="wrap">
          <Badge variant="outline" color={link.passcode_protection ? 'teal' : 'gray'}>
            {link.passcode_protection ? T.passcodeOn : T.passcodeOff}
          </Badge>
          <Badge variant="outline" color={link.is_download_allowed ? 'teal' : 'gray'}>
            {link.is_download_allowed ? T.downloadOn : T.downloadOff}
          </Badge>
          {link.watermark && (
            <Badge variant="outline" color="teal">
              {T.watermarkOn}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {T.views(link.views)} ·{' '}
            {link.last_viewed_on ? T.lastViewed(when(link.last_viewed_on)) : T.neverViewed}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
