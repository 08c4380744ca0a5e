import { Box, Center, Loader, Text } from '@mantine/core';
import { useCallback, useEffect, useRef } from 'react';
import { GRID_TEXT, type AssetItem } from '@rushes/shared';
import { toast } from '../../ui/toast.ts';
import { AssetCard, cardHeight } from './AssetCard.tsx';
import { GRID_GAP, useGridWindow } from './useGridWindow.ts';
import type { DropVersion } from './useVersionDrop.ts';
import type { Selection } from './useSelection.ts';

interface AssetGridProps {
  items: readonly AssetItem[];
  selection: Selection;
  cardSize: number;
  loading: boolean;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  onLoadMore: () => void;
  folderHref: (asset: AssetItem) => string;
  onOpen: (asset: AssetItem) => void;
  onMenu: (asset: AssetItem, x: number, y: number) => void;
  onDropVersion?: DropVersion;
  emptyText: string;
}

/** Rows before the end of what is loaded at which the next page is asked for. */
const PREFETCH_ROWS = 3;

/**
 * The storyboard as a grid of cards: the same items, selection, menu and actions as the list, with
 * only the rows on screen in the DOM (useGridWindow), so a folder of ten thousand assets scrolls as
 * one of ten; keyset pages load as the end comes near.
 */
export function AssetGrid(props: AssetGridProps) {
  const { items, selection, hasNextPage, fetchingNextPage, onLoadMore, onDropVersion } = props;
  const container = useRef<HTMLDivElement>(null);
  const grid = useGridWindow(container, items.length, props.cardSize, cardHeight);
  const rows = Math.ceil(items.length / grid.cols);

  useEffect(() => {
    if (hasNextPage && !fetchingNextPage && grid.last >= rows - PREFETCH_ROWS) onLoadMore();
  }, [grid.last, rows, hasNextPage, fetchingNextPage, onLoadMore]);

  const onDrop = useCallback<DropVersion>(
    (asset, file) => {
      toast.info(GRID_TEXT.uploadingVersion(file.name));
      onDropVersion?.(asset, file);
    },
    [onDropVersion],
  );
  const refused = useCallback(() => toast.error(GRID_TEXT.dropNotAllowed), []);

  const visible = [];
  for (let r = grid.first; r < grid.last; r++) {
    const cards = items.slice(r * grid.cols, (r + 1) * grid.cols);
    visible.push(
      <div
        key={r}
        role="row"
        aria-rowindex={r + 1}
        style={{
          position: 'absolute',
          top: r * grid.rowHeight,
          left: 0,
          right: 0,
          display: 'flex',
          gap: GRID_GAP,
        }}
      >
        {cards.map((asset) => (
          <AssetCard
            key={asset.ingest_db_id}
            asset={asset}
            width={grid.cardWidth}
            selected={asset.ingest_db_id in selection.map}
            folderHref={asset.is_folder ? props.folderHref(asset) : null}
            onToggle={selection.toggle}
            onOpen={props.onOpen}
            onMenu={props.onMenu}
            onDropVersion={onDropVersion ? onDrop : undefined}
            onDropRefused={refused}
          />
        ))}
      </div>,
    );
  }

  return (
    <Box>
      <div
        ref={container}
        role="grid"
        aria-label={GRID_TEXT.grid}
        aria-rowcount={rows}
        style={{ position: 'relative', height: grid.totalHeight, contain: 'layout style', width: '100%' }}
      >
        {visible}
      </div>
      {(props.loading || fetchingNextPage) && (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      {!props.loading && items.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          {props.emptyText}
        </Text>
      )}
    </Box>
  );
}
