import { CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { GRID_PAGE_SIZE, MSG, UI, type AssetItem, type ProjectInfo } from '@rushes/shared';
import { usePanels } from '../../app/panels/PanelContext.ts';
import { useUser } from '../../api/currentUser.ts';
import { canIn } from '../projects/api.ts';
import { projectPath } from '../projects/paths.ts';
import type { AssetActionEnv } from './actions.ts';
import { useAssetPages } from './api.ts';
import { AssetContextMenu, type MenuTarget } from './AssetContextMenu.tsx';
import { AssetGrid } from './AssetGrid.tsx';
import { AssetTable } from './AssetTable.tsx';
import { CopyMoveModal } from './CopyMoveModal.tsx';
import { DeleteAssetsModal } from './DeleteAssetsModal.tsx';
import { SelectionToolbar } from './SelectionToolbar.tsx';
import { useAssetShortcuts } from './useAssetShortcuts.ts';
import { useSelection } from './useSelection.ts';
import { useAssetView } from './viewApi.ts';
import { ViewControls } from './ViewControls.tsx';
import { useOpenInPlayer } from '../player/openInPlayer.ts';
import { useFootageEmptyText } from '../transcripts/api.ts';
import { FootageSearchSection } from '../transcripts/FootageSearchSection.tsx';
import { UploadDropZone, UploadEmptyState } from '../uploads/UploadDropZone.tsx';
import type { UploadPicker } from '../uploads/useUploadPicker.tsx';
import { ShareLinkDialog } from '../shares/linkDialog.tsx';
import { useUploadVersion } from '../shares/useUploadVersion.tsx';

/** The open modal; kept (closed) while its closing transition runs, so its title does not change. */
interface Dialog {
  kind: 'delete' | 'copy' | 'move';
  assets: AssetItem[];
  open: boolean;
}

/** Debounce of the 'Search Assets' box. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The storyboard of one folder (spec 000 §2, §3): 'Search Assets' (project-wide full-text search),
 * the selection toolbar, the list with its right-click menu, the keyboard shortcuts, and the
 * delete and copy/move modals — every operation from the one action list.
 */
interface AssetWorkspaceProps {
  info: ProjectInfo;
  folderDbId: string | null;
  /** uploads into this folder (drop zone, empty state); null when the caller may not upload */
  picker: UploadPicker | null;
  onCreateFolder: () => void;
}

export function AssetWorkspace({ info, folderDbId, picker, onCreateFolder }: AssetWorkspaceProps) {
  const projectDbId = info.project_db_id;
  const navigate = useNavigate();
  const panels = usePanels();
  const user = useUser();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const layout = useAssetView();
  const grid = layout.view === 'grid';
  const query = useAssetPages(projectDbId, folderDbId, debounced, grid ? GRID_PAGE_SIZE : undefined);
  const selection = useSelection();
  const [menu, setMenu] = useState<MenuTarget | null>(null);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'delete', assets: [], open: false });
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const openInPlayer = useOpenInPlayer();
  const versionUpload = useUploadVersion(projectDbId, folderDbId);
  const canUpload = picker !== null && canIn(info, 'can_upload_assets');

  // A new folder or search starts with nothing selected; rows gone from the list leave the selection.
  const { reset, keepOnly } = selection;
  useEffect(() => reset(), [folderDbId, debounced, reset]);
  useEffect(() => keepOnly(new Set(items.map((a) => a.ingest_db_id))), [items, keepOnly]);

  const env = useMemo<AssetActionEnv>(
    () => ({
      can: (code) => canIn(info, code),
      open: (asset) => {
        if (asset.is_folder) void navigate(projectPath(projectDbId, asset.ingest_db_id));
        else openInPlayer(asset.ingest_db_id, projectDbId);
      },
      metadata: (asset) =>
        panels.open('assetMetadata', { projectDbId, ingestDbId: asset.ingest_db_id, title: asset.title }),
      request: (taskType, asset) =>
        panels.open(taskType === 'task_approval' ? 'requestApproval' : 'requestReview', {
          projectDbId,
          ingestDbId: asset.ingest_db_id,
          assetTitle: asset.title,
          taskType,
        }),
      share: (assets) =>
        panels.open('shareAsset', {
          projectDbId,
          assets: assets.map((a) => ({ ingest_db_id: a.ingest_db_id, title: a.title })),
          onShared: reset,
          // files only: an integration takes files (spec 002 §3)
          ...(assets.every((a) => !a.is_folder)
            ? { integration: { teamDbId: info.team_db_id, userId: user.user_id } }
            : {}),
        }),
      exportToBucket: (assets) =>
        panels.open('exportToBucket', {
          projectDbId,
          teamDbId: info.team_db_id,
          assets: assets.map((a) => ({
            ingest_db_id: a.ingest_db_id,
            title: a.title,
            is_folder: a.is_folder,
          })),
          onExported: reset,
        }),
      shareToIntegration: (assets) =>
        panels.open('shareToIntegration', {
          projectDbId,
          teamDbId: info.team_db_id,
          userId: user.user_id,
          assets: assets.map((a) => ({ ingest_db_id: a.ingest_db_id, title: a.title })),
          onShared: reset,
        }),
      uploadVersion: (asset) => versionUpload.choose(asset),
      copyMove: (kind, assets) => setDialog({ kind, assets, open: true }),
      remove: (assets) => setDialog({ kind: 'delete', assets, open: true }),
    }),
    [info, navigate, panels, projectDbId, openInPlayer, reset, versionUpload, user.user_id],
  );
  useAssetShortcuts(env, selection.assets, reset);

  // the rows keep one handler; it reads the selection of the moment
  const selected = useRef(selection);
  useEffect(() => {
    selected.current = selection;
  });
  const onMenu = useCallback((asset: AssetItem, x: number, y: number) => {
    const { map, assets } = selected.current;
    setMenu({ x, y, assets: asset.ingest_db_id in map ? assets : [asset] });
  }, []);
  const folderHref = useCallback(
    (asset: AssetItem) => projectPath(projectDbId, asset.ingest_db_id),
    [projectDbId],
  );
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const closeDialog = () => setDialog((d) => ({ ...d, open: false }));
  // spec 000 §2: an empty folder offers browse, drag and drop, upload files or folder, create folder
  const showEmptyState = picker !== null && !debounced && !query.isPending && items.length === 0;
  // only spoken words match: the list must not say nothing was found
  const footageEmpty = useFootageEmptyText(projectDbId, debounced);

  return (
    <Stack gap="sm">
      <ShareLinkDialog />
      {versionUpload.elements}
      <Group justify="space-between" gap="sm" mih={38}>
        <Group gap="sm">
          <TextInput
            aria-label={UI.searchAssets}
            placeholder={UI.searchAssets}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            rightSection={
              search ? (
                <CloseButton size="sm" aria-label={UI.clearSearch} onClick={() => setSearch('')} />
              ) : null
            }
            w={{ base: '100%', sm: 320 }}
            maxLength={100}
          />
          {debounced && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {UI.searchResults(debounced)}
            </Text>
          )}
        </Group>
        <Group gap="sm">
          <SelectionToolbar assets={selection.assets} env={env} onClear={reset} />
          <ViewControls view={layout.view} cardSize={layout.card_size} onChange={layout.change} />
        </Group>
      </Group>
      {debounced && <FootageSearchSection projectDbId={projectDbId} q={debounced} />}
      <UploadDropZone picker={picker}>
        {showEmptyState ? (
          <UploadEmptyState picker={picker} onCreateFolder={onCreateFolder} />
        ) : grid ? (
          <AssetGrid
            items={items}
            selection={selection}
            cardSize={layout.card_size}
            loading={query.isPending}
            hasNextPage={query.hasNextPage}
            fetchingNextPage={query.isFetchingNextPage}
            onLoadMore={loadMore}
            folderHref={folderHref}
            onOpen={env.open}
            onMenu={onMenu}
            onDropVersion={canUpload ? versionUpload.drop : undefined}
            emptyText={debounced ? (footageEmpty ?? MSG.noResultsFound) : UI.noAssets}
          />
        ) : (
          <AssetTable
            items={items}
            selection={selection}
            searching={debounced.length > 0}
            loading={query.isPending}
            hasNextPage={query.hasNextPage}
            fetchingNextPage={query.isFetchingNextPage}
            onLoadMore={loadMore}
            folderHref={folderHref}
            onOpen={env.open}
            onMenu={onMenu}
            onDropVersion={canUpload ? versionUpload.drop : undefined}
            emptyText={debounced ? (footageEmpty ?? MSG.noResultsFound) : UI.noAssets}
          />
        )}
      </UploadDropZone>
      <AssetContextMenu target={menu} env={env} onClose={() => setMenu(null)} />
      <DeleteAssetsModal
        opened={dialog.open && dialog.kind === 'delete'}
        projectDbId={projectDbId}
        assets={dialog.assets}
        onClose={closeDialog}
        onDone={reset}
      />
      <CopyMoveModal
        opened={dialog.open && dialog.kind !== 'delete'}
        action={dialog.kind === 'move' ? 'move' : 'copy'}
        projectDbId={projectDbId}
        currentFolderDbId={folderDbId}
        assets={dialog.assets}
        onClose={closeDialog}
        onDone={reset}
      />
    </Stack>
  );
}
