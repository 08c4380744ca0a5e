import { IconDots } from '@tabler/icons-react';
import { memo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { GRID_TEXT, INGEST_STATUS, UI, formatDate, type AssetItem, type SpriteSheet } from '@rushes/shared';
import { formatDuration } from '../projects/format.ts';
import { safeColour, STATUS_COLOUR } from './AssetRow.tsx';
import { FileTypeIcon } from './FileTypeIcon.tsx';
import { useVersionDrop, type DropVersion } from './useVersionDrop.ts';
import classes from './AssetCard.module.css';

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
    <div
      className={classes.picture}
      style={{ height, background: colour ?? undefined }}
      onMouseEnter={sprite ? () => setHovered(true) : undefined}
      onMouseMove={sprite ? scrub : undefined}
      onMouseLeave={sprite ? leave : undefined}
    >
      {asset.thumbnail ? (
        <img
          className={classes.thumb}
          src={asset.thumbnail}
          alt={UI.thumbnailOf(asset.title)}
          loading="lazy"
          decoding="async"
          draggable={false}
        />
      ) : (
        <FileTypeIcon type={asset.file_type} size={Math.min(48, height / 2)} />
      )}
      {sprite && (
        <>
          <div
            ref={layer}
            className={classes.scrub}
            data-testid="scrub-frame"
            role="img"
            aria-label={GRID_TEXT.scrubAt(asset.title)}
            style={{
              backgroundColor: hovered ? '#000' : undefined,
              backgroundImage: hovered ? `url("${sprite.url}")` : undefined,
              backgroundSize: `${sprite.cols * 100}% ${sprite.rows * 100}%`,
            }}
          />
          <div ref={bar} className={classes.bar} />
        </>
      )}
    </div>
  );
}

/** The badges over the picture: version of a stack, processing state, duration. */
function CardBadges({ asset }: { asset: AssetItem }) {
  if (asset.is_folder) return null;
  const processing = asset.status !== INGEST_STATUS.finished && asset.status in UI.ingestStatusLabels;
  return (
    <>
      {asset.version_no && (
        <span className={`${classes.badge} ${classes.version}`}>
          {GRID_TEXT.versionBadge(asset.version_no)}
        </span>
      )}
      {processing && (
        <span
          className={`${classes.badge} ${classes.small} ${classes.status}`}
          style={{ background: `var(--mantine-color-${STATUS_COLOUR[asset.status] ?? 'blue'}-filled)` }}
        >
          {UI.ingestStatusLabels[asset.status]}
        </span>
      )}
      {asset.duration != null && (
        <span
          className={`${classes.badge} ${classes.duration}`}
          aria-label={`${UI.duration} ${formatDuration(asset.duration)}`}
        >
          {formatDuration(asset.duration)}
        </span>
      )}
    </>
  );
}

const stop = (event: React.SyntheticEvent) => event.stopPropagation();

/**
 * One card of the grid: picture, badges, title, facts and the row's actions (select box, menu,
 * open, a file dropped as a new version), as the list's row has them. Plain elements styled by
 * AssetCard.module.css, so a row of new cards mounts within a frame while the grid scrolls.
 */
export const AssetCard = memo(function AssetCard(props: AssetCardProps) {
  const { asset, width, selected, folderHref, onToggle, onOpen, onMenu } = props;
  const drop = useVersionDrop(asset, props.onDropVersion, props.onDropRefused);
  const pictureHeight = Math.round((width * 9) / 16);
  return (
    <div
      role="gridcell"
      aria-label={asset.title}
      aria-selected={selected}
      tabIndex={0}
      {...drop.handlers}
      data-drop-over={drop.over || undefined}
      className={classes.card}
      style={{ width, height: Math.round(cardHeight(width)) }}
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
      <div className={classes.top}>
        <CardPicture asset={asset} height={pictureHeight} />
        <CardBadges asset={asset} />
        <input
          type="checkbox"
          className={classes.check}
          aria-label={UI.selectAsset(asset.title)}
          checked={selected}
          onChange={(event) => onToggle(asset, event.currentTarget.checked)}
          onClick={stop}
        />
        {drop.over && <div className={classes.dropCover}>{UI.dropNewVersion}</div>}
      </div>
      <div className={classes.line}>
        <div className={classes.name}>
          <FileTypeIcon type={asset.file_type} size={16} />
          {folderHref ? (
            <Link to={folderHref} className={classes.title} onClick={stop}>
              {asset.title}
            </Link>
          ) : (
            <span className={classes.title} title={asset.title}>
              {asset.title}
            </span>
          )}
        </div>
        <button
          type="button"
          className={classes.menu}
          aria-label={UI.assetActions(asset.title)}
          onClick={(event) => {
            event.stopPropagation();
            const rect = event.currentTarget.getBoundingClientRect();
            onMenu(asset, rect.left, rect.bottom);
          }}
        >
          <IconDots size={16} aria-hidden />
        </button>
      </div>
      <div className={classes.facts}>
        {asset.is_folder ? UI.fileTypeLabels.folder : formatDate(asset.created_on)}
      </div>
    </div>
  );
});
