import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Checkbox,
  ColorSwatch,
  Group,
  Image,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { formatDate, INGEST_STATUS, UI, type AssetItem } from '@rushes/shared';
import { ApprovalStatusBadge } from '../approvals/ApprovalStatusBadge.tsx';
import { formatDuration } from '../projects/format.ts';
import { FileTypeIcon } from './FileTypeIcon.tsx';
import { useVersionDrop, type DropVersion } from './useVersionDrop.ts';

/** A colour the list may paint: only #rgb / #rrggbb from the server, never arbitrary CSS. */
export const safeColour = (value: string | null) => (value && /^#[0-9a-f]{3,8}$/i.test(value) ? value : null);

interface AssetRowProps {
  asset: AssetItem;
  selected: boolean;
  /** Search results come from anywhere in the project: show where. */
  showPath: boolean;
  folderHref: string | null;
  onToggle: (asset: AssetItem, on: boolean) => void;
  onOpen: (asset: AssetItem) => void;
  onMenu: (asset: AssetItem, x: number, y: number) => void;
  /** a file dropped onto this file's row becomes its new version (absent: no version uploads) */
  onDropVersion?: DropVersion;
}

function Thumbnail({ asset }: { asset: AssetItem }) {
  const colour = safeColour(asset.background_color);
  return (
    <Box
      w={56}
      h={36}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: colour ?? 'var(--mantine-color-gray-1)',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        flex: 'none',
      }}
    >
      {asset.thumbnail ? (
        <Image src={asset.thumbnail} alt={UI.thumbnailOf(asset.title)} w={56} h={36} fit="cover" />
      ) : (
        <FileTypeIcon type={asset.file_type} size={20} />
      )}
    </Box>
  );
}

/** Colour of an ingest status badge (002 §4); a finished asset shows none. */
export const STATUS_COLOUR: Record<number, string> = {
  [INGEST_STATUS.failed]: 'red',
  [INGEST_STATUS.previewNotAvailable]: 'gray',
};

/** The processing status of a file while it is not finished, and its duration once probed. */
function MediaFacts({ asset }: { asset: AssetItem }) {
  if (asset.is_folder) return null;
  const showStatus = asset.status !== INGEST_STATUS.finished && asset.status in UI.ingestStatusLabels;
  return (
    <Group gap={6} wrap="nowrap">
      {asset.duration != null && (
        <Text size="xs" c="dimmed" aria-label={`${UI.duration} ${formatDuration(asset.duration)}`}>
          {formatDuration(asset.duration)}
        </Text>
      )}
      {showStatus && (
        <Badge size="xs" variant="light" color={STATUS_COLOUR[asset.status] ?? 'blue'}>
          {UI.ingestStatusLabels[asset.status]}
        </Badge>
      )}
    </Group>
  );
}

/** One storyboard row (spec 000 §3): select box, thumbnail, title, type, uploaded date, colour, menu. */
export const AssetRow = memo(function AssetRow({
  asset,
  selected,
  showPath,
  folderHref,
  onToggle,
  onOpen,
  onMenu,
  onDropVersion,
}: AssetRowProps) {
  const colour = safeColour(asset.background_color);
  const drop = useVersionDrop(asset, onDropVersion);
  return (
    <Table.Tr
      role="row"
      aria-label={asset.title}
      aria-selected={selected}
      {...drop.handlers}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      style={
        drop.over
          ? { outline: '2px dashed var(--mantine-primary-color-filled)', outlineOffset: -2 }
          : undefined
      }
      onContextMenu={(event) => {
        event.preventDefault();
        onMenu(asset, event.clientX, event.clientY);
      }}
      onDoubleClick={() => onOpen(asset)}
    >
      <Table.Td w={44}>
        <Checkbox
          aria-label={UI.selectAsset(asset.title)}
          checked={selected}
          onChange={(event) => onToggle(asset, event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td className="rushes-card-main">
        <Group gap="sm" wrap="nowrap">
          <Thumbnail asset={asset} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            {folderHref ? (
              <Anchor component={Link} to={folderHref} fw={500} size="sm" truncate="end">
                {asset.title}
              </Anchor>
            ) : (
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                {/* one click on the name opens the file, as a folder's name does */}
                <Anchor
                  component="button"
                  type="button"
                  fw={500}
                  size="sm"
                  truncate="end"
                  ta="left"
                  onClick={() => onOpen(asset)}
                  onDoubleClick={(event) => event.stopPropagation()}
                >
                  {asset.title}
                </Anchor>
                {asset.version_no && (
                  <Badge size="xs" variant="outline" style={{ flexShrink: 0 }}>
                    {UI.versionLabel(asset.version_no)}
                  </Badge>
                )}
              </Group>
            )}
            <MediaFacts asset={asset} />
            {drop.over && (
              <Text size="xs" fw={600} c="var(--mantine-primary-color-filled)">
                {UI.dropNewVersion}
              </Text>
            )}
            {showPath && (
              <Text size="xs" c="dimmed" truncate="end">
                {asset.folder_path || '/'}
              </Text>
            )}
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td data-label={UI.fileType}>
        <Group gap={6} wrap="nowrap">
          <FileTypeIcon type={asset.file_type} size={16} />
          <Text size="sm">{UI.fileTypeLabels[asset.file_type]}</Text>
        </Group>
      </Table.Td>
      <Table.Td data-label={UI.uploadedOn}>
        <Text size="sm">{formatDate(asset.created_on)}</Text>
      </Table.Td>
      <Table.Td data-label={asset.is_folder ? undefined : UI.approvalStatus}>
        {asset.is_folder ? null : <ApprovalStatusBadge status={asset.approval_status} />}
      </Table.Td>
      <Table.Td>
        {colour ? (
          <ColorSwatch color={colour} size={18} role="img" aria-label={colour} />
        ) : (
          <Box
            role="img"
            aria-label={UI.noColour}
            w={18}
            h={18}
            style={{ borderRadius: '50%', border: '1px dashed var(--mantine-color-gray-4)' }}
          />
        )}
      </Table.Td>
      <Table.Td w={44}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={UI.assetActions(asset.title)}
          onClick={(event) => {
            const rect = event.currentTarget.getBoundingClientRect();
            onMenu(asset, rect.left, rect.bottom);
          }}
        >
          <IconDots size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
});
