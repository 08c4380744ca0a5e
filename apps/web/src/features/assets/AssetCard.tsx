import { ActionIcon, Anchor, Badge, Box, Checkbox, Group, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { memo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { GRID_TEXT, INGEST_STATUS, UI, formatDate, type AssetItem, type SpriteSheet } from '@rushes/shared';
import { formatDuration } from '../projects/format.ts';
import { safeColour, STATUS_COLOUR } from './AssetRow.tsx';
import { FileTypeIcon } from './FileTypeIcon.tsx';
import { useVersionDrop, type DropVersion } from './useVersionDrop.ts';

/** Under the picture: the title line and the facts line. */
const INFO_HEIGHT = 52;
/** A card's height for its width: a 16:9 picture and the two lines. */
export const cardHeight = (width: number) => (width * 9) / 16 + INFO_HEIGHT;

interface AssetCardProps {
  asset: AssetItem;
  width: number;
  selected: boolean;
  folderHref: string | null;
  onToggle: (asset: AssetItem, on: boolean) => void;
  onOpen: (asset: AssetItem) => void;
  onMenu: (asset: AssetItem, x: number, y: number) => void;
  onDropVersion?: DropVersion;
  onDropRefused: () => void;
}

/** Where the sheet's tile of a pointer at `fraction` (0..1) across the card sits, as background-position. */
export function spritePosition(sprite: SpriteSheet, fraction: number) {
  const tile = Math.min(sprite.count - 1, Math.max(0, Math.floor(fraction * sprite.count)));
  const col = tile % sprite.cols;
  const row = Math.floor(tile / sprite.cols);
  const x = sprite.cols > 1 ? (col / (sprite.cols - 1)) * 100 : 0;
  const y = sprite.rows > 1 ? (row / (sprite.rows - 1)) * 100 : 0;
  return `${x}% ${y}%`;
}

/**
 * The picture of a card: the poster, and over a video with a sprite sheet the frame under the pointer.
 * The sheet is asked for on the first hover only; the pointer's moves write the style directly, so
 * scrubbing re-renders nothing.
 */
function CardPicture({ asset, height }: { asset: AssetItem; height: number }) {
  const sprite = asset.sprite ?? null;
  const [hovered, setHovered] = useState(false);
  const layer = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const colour = safeColour(asset.background_color);
  const scrub = (event: React.MouseEvent<HTMLDivElement>) => {
    if (!sprite || !layer.current || !bar.current) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width));
    layer.current.style.backgroundPosition = spritePosition(sprite, fraction);
    layer.current.style.opacity = '1';
    bar.current.style.width = `${fraction * 100}%`;
    bar.current.style.opacity = '1';
  };
  const leave = () => {
    if (layer.current) layer.current.style.opacity = '0';
    if (bar.current) bar.current.style.opacity = '0';
  };
  return (
    <Box
      pos="relative"
      h={height}
      onMouseEnter={sprite ? () => setHovered(true) : undefined}
      onMouseMove={sprite ? scrub : undefined}
      onMouseLeave={sprite ? leave : undefined}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        overflow: 'hidden',
        background: colour ?? 'var(--mantine-color-gray-1)',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {asset.thumbnail ? (
        <img
          src={asset.thumbnail}
          alt={UI.thumbnailOf(asset.title)}
          loading="lazy"
          decoding="async"
          draggable={false}
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <FileTypeIcon type={asset.file_type} size={Math.min(48, height / 2)} />
      )}
      {sprite && (
        <>
          <div
            ref={layer}
            data-testid="scrub-frame"
            role="img"
            aria-label={GRID_TEXT.scrubAt(asset.title)}
            style={{
              position: 'absolute',
              inset: 0,
              opacity: 0,
              backgroundColor: hovered ? '#000' : undefined,
              backgroundImage: hovered ? `url("${sprite.url}")` : undefined,
              backgroundSize: `${sprite.cols * 100}% ${sprite.rows * 100}%`,
              backgroundRepeat: 'no-repeat',
            }}
          />
          <div
            ref={bar}
            style={{
              position: 'absolute',
              left: 0,
              bottom: 0,
              height: 3,
              width: 0,
              opacity: 0,
              background: 'var(--mantine-primary-color-filled)',
            }}
          />
        </>
      )}
    </Box>
  );
}

/** The badges over the picture: version of a stack, processing state, duration. */
function CardBadges({ asset }: { asset: AssetItem }) {
  if (asset.is_folder) return null;
  const processing = asset.status !== INGEST_STATUS.finished && asset.status in UI.ingestStatusLabels;
  const corner = { position: 'absolute', pointerEvents: 'none' } as const;
  return (
    <>
      {asset.version_no && (
        <Badge size="sm" variant="filled" style={{ ...corner, top: 8, right: 8 }}>
          {GRID_TEXT.versionBadge(asset.version_no)}
        </Badge>
      )}
      {processing && (
        <Badge
          size="xs"
          variant="filled"
          color={STATUS_COLOUR[asset.status] ?? 'blue'}
          style={{ ...corner, bottom: 8, left: 8 }}
        >
          {UI.ingestStatusLabels[asset.status]}
        </Badge>
      )}
      {asset.duration != null && (
        <Badge
          size="sm"
          variant="filled"
          color="dark"
          aria-label={`${UI.duration} ${formatDuration(asset.duration)}`}
          style={{ ...corner, bottom: 8, right: 8, opacity: 0.85 }}
        >
          {formatDuration(asset.duration)}
        </Badge>
      )}
    </>
  );
}

/**
 * One card of the grid: picture, badges, title, facts and the row's actions (select box, menu,
 * open, a file dropped as a new version), as the list's row has them.
 */
export const AssetCard = memo(function AssetCard(props: AssetCardProps) {
  const { asset, width, selected, folderHref, onToggle, onOpen, onMenu } = props;
  const drop = useVersionDrop(asset, props.onDropVersion, props.onDropRefused);
  const pictureHeight = Math.round((width * 9) / 16);
  return (
    <Box
      role="gridcell"
      aria-label={asset.title}
      aria-selected={selected}
      tabIndex={0}
      {...drop.handlers}
      w={width}
      h={Math.round(cardHeight(width))}
      pos="relative"
      style={{
        flex: 'none',
        cursor: 'pointer',
        borderRadius: 'var(--mantine-radius-md)',
        padding: 4,
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
        outline: drop.over ? '2px dashed var(--mantine-primary-color-filled)' : undefined,
        outlineOffset: 2,
      }}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey) onToggle(asset, !selected);
        else onOpen(asset);
      }}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter') onOpen(asset);
        if (event.key === ' ') {
          event.preventDefault();
          onToggle(asset, !selected);
        }
      }}
      onContextMenu={(event) => {
        event.preventDefault();
        onMenu(asset, event.clientX, event.clientY);
      }}
    >
      <Box pos="relative">
        <CardPicture asset={asset} height={pictureHeight} />
        <CardBadges asset={asset} />
        <Checkbox
          aria-label={UI.selectAsset(asset.title)}
          checked={selected}
          onChange={(event) => onToggle(asset, event.currentTarget.checked)}
          onClick={(event) => event.stopPropagation()}
          pos="absolute"
          top={8}
          left={8}
        />
        {drop.over && (
          <Box
            pos="absolute"
            inset={0}
            style={{
              display: 'grid',
              placeItems: 'center',
              background: 'color-mix(in srgb, var(--mantine-color-body) 80%, transparent)',
              pointerEvents: 'none',
            }}
          >
            <Text size="sm" fw={600} c="var(--mantine-primary-color-filled)" ta="center" px="xs">
              {UI.dropNewVersion}
            </Text>
          </Box>
        )}
      </Box>
      <Group gap={4} wrap="nowrap" mt={4} justify="space-between">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <FileTypeIcon type={asset.file_type} size={16} />
          {folderHref ? (
            <Anchor
              component={Link}
              to={folderHref}
              fw={500}
              size="sm"
              truncate="end"
              onClick={(event) => event.stopPropagation()}
            >
              {asset.title}
            </Anchor>
          ) : (
            <Text fw={500} size="sm" truncate="end" title={asset.title}>
              {asset.title}
            </Text>
          )}
        </Group>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={UI.assetActions(asset.title)}
          onClick={(event) => {
            event.stopPropagation();
            const rect = event.currentTarget.getBoundingClientRect();
            onMenu(asset, rect.left, rect.bottom);
          }}
        >
          <IconDots size={16} />
        </ActionIcon>
      </Group>
      <Text size="xs" c="dimmed" truncate="end" pl={22}>
        {asset.is_folder ? UI.fileTypeLabels.folder : formatDate(asset.created_on)}
      </Text>
    </Box>
  );
});
