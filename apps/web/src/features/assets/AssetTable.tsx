import { Box, Button, Center, Checkbox, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { UI, type AssetItem } from '@rushes/shared';
import { AssetRow } from './AssetRow.tsx';
import type { Selection } from './useSelection.ts';

interface AssetTableProps {
  items: readonly AssetItem[];
  selection: Selection;
  searching: boolean;
  loading: boolean;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  onLoadMore: () => void;
  folderHref: (asset: AssetItem) => string;
  onOpen: (asset: AssetItem) => void;
  onMenu: (asset: AssetItem, x: number, y: number) => void;
  /** a file dropped onto a file's row: its new version (absent when the viewer may not upload) */
  onDropVersion?: (asset: AssetItem, file: File) => void;
  emptyText: string;
}

/** The select-all box 'Asset Name' with the tooltip 'Select All Assets' (spec 000 §2). */
function SelectAll({ items, selection }: { items: readonly AssetItem[]; selection: Selection }) {
  const chosen = items.filter((a) => a.ingest_db_id in selection.map).length;
  const all = items.length > 0 && chosen === items.length;
  return (
    <Tooltip label={UI.selectAllAssets} withArrow position="top-start">
      <Box component="span" display="inline-block">
        <Checkbox
          label={UI.assetName}
          checked={all}
          indeterminate={chosen > 0 && !all}
          disabled={items.length === 0}
          onChange={(event) => (event.currentTarget.checked ? selection.selectAll(items) : selection.reset())}
          styles={{ label: { fontWeight: 600 } }}
        />
      </Box>
    </Tooltip>
  );
}

/**
 * The storyboard list: one table of folders then files, a right-click menu per row, and keyset
 * paging — the next page loads when the end of the list scrolls into view (or by 'Load more').
 */
export function AssetTable(props: AssetTableProps) {
  const { items, selection, hasNextPage, fetchingNextPage, onLoadMore } = props;
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !fetchingNextPage) onLoadMore();
      },
      { rootMargin: '200px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, fetchingNextPage, onLoadMore]);

  return (
    <Stack gap="xs">
      <Table highlightOnHover verticalSpacing={6} aria-label={UI.assetName} className="rushes-cards">
        <Table.Thead>
          <Table.Tr>
            <Table.Th colSpan={2}>
              <SelectAll items={items} selection={selection} />
            </Table.Th>
            <Table.Th>{UI.fileType}</Table.Th>
            <Table.Th>{UI.uploadedOn}</Table.Th>
            <Table.Th>{UI.approvalStatus}</Table.Th>
            <Table.Th>{UI.backgroundColour}</Table.Th>
            <Table.Th w={44} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((asset) => (
            <AssetRow
              key={asset.ingest_db_id}
              asset={asset}
              selected={asset.ingest_db_id in selection.map}
              showPath={props.searching}
              folderHref={asset.is_folder ? props.folderHref(asset) : null}
              onToggle={selection.toggle}
              onOpen={props.onOpen}
              onMenu={props.onMenu}
              onDropVersion={props.onDropVersion}
            />
          ))}
        </Table.Tbody>
      </Table>
      {props.loading && (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      {!props.loading && items.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          {props.emptyText}
        </Text>
      )}
      <div ref={end} />
      {hasNextPage && (
        <Center>
          <Button variant="subtle" loading={fetchingNextPage} onClick={onLoadMore}>
            {UI.loadMore}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
