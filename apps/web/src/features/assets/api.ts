import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ASSET_PAGE_SIZE } from '@rushes/shared';
import { assetsRoutes } from '@rushes/shared/routes/assets';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';
import { projectKeys } from '../projects/api.ts';

/** Asset data of one project (spec 000 §7); every key starts with ['assets', project_db_id]. */
export const assetKeys = {
  project: (projectDbId: string) => ['assets', projectDbId] as const,
  lists: (projectDbId: string) => ['assets', projectDbId, 'list'] as const,
  list: (projectDbId: string, folderDbId: string | null) =>
    ['assets', projectDbId, 'list', folderDbId ?? 'root'] as const,
  searches: (projectDbId: string) => ['assets', projectDbId, 'search'] as const,
  search: (projectDbId: string, text: string) => ['assets', projectDbId, 'search', text] as const,
  metadata: (projectDbId: string, ingestDbId: string) =>
    ['assets', projectDbId, 'metadata', ingestDbId] as const,
  browse: (projectDbId: string) => ['assets', projectDbId, 'browse'] as const,
};

/**
 * The storyboard list of a folder, or the project-wide search when text is given; keyset pages
 * (next_cursor) of ASSET_PAGE_SIZE (the grid asks larger ones; pages of either size continue each other).
 */
export function useAssetPages(
  projectDbId: string,
  folderDbId: string | null,
  searchText: string,
  pageSize: number = ASSET_PAGE_SIZE,
) {
  const searching = searchText.length > 0;
  return useInfiniteQuery({
    queryKey: searching ? assetKeys.search(projectDbId, searchText) : assetKeys.list(projectDbId, folderDbId),
    queryFn: ({ pageParam, signal }) =>
      searching
        ? call(
            assetsRoutes.search,
            {
              project_db_id: projectDbId,
              search_text: searchText,
              entries_per_page: pageSize,
              cursor: pageParam ?? undefined,
            },
            { signal },
          )
        : call(
            assetsRoutes.list,
            {
              project_db_id: projectDbId,
              folder_db_id: folderDbId ?? undefined,
              entries_per_page: pageSize,
              cursor: pageParam ?? undefined,
            },
            { signal },
          ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // while the next search text loads, the previous results stay on screen
    placeholderData: (previous, previousQuery) =>
      searching && previousQuery?.queryKey[2] === 'search' ? previous : undefined,
  });
}

export function useAssetMetadata(projectDbId: string, ingestDbId: string) {
  return useQuery({
    queryKey: assetKeys.metadata(projectDbId, ingestDbId),
    queryFn: ({ signal }) =>
      call(assetsRoutes.metadata, { project_db_id: projectDbId, ingest_db_id: ingestDbId }, { signal }),
  });
}

/** Destination projects of a copy or move: those the caller may write into. */
export function useDestinationProjects(action: 'copy' | 'move') {
  return useQuery({
    queryKey: projectKeys.browseProjects(action),
    queryFn: ({ signal }) =>
      call(assetsRoutes.browse, { action, destination: 'project' }, { signal }).then((d) => d.projects),
  });
}

/** The folders of a destination project under one folder (root when null). */
export function useDestinationFolders(
  action: 'copy' | 'move',
  projectDbId: string | null,
  folderDbId: string | null,
  sourceFolderIds: readonly string[],
) {
  return useQuery({
    queryKey: [
      ...assetKeys.browse(projectDbId ?? ''),
      action,
      folderDbId ?? 'root',
      sourceFolderIds.join(','),
    ],
    queryFn: ({ signal }) =>
      call(
        assetsRoutes.browse,
        {
          action,
          destination: 'folder',
          project_db_id: projectDbId ?? undefined,
          folder_db_id: folderDbId ?? undefined,
          source_folder_db_ids: [...sourceFolderIds],
        },
        { signal },
      ),
    enabled: Boolean(projectDbId),
  });
}

// Writes (each screen adds its toasts and cache updates through the hook's options).
export const useCreateFolder = mutationHook(assetsRoutes.createFolder);
export const useDeleteAssets = mutationHook(assetsRoutes.remove);
export const useCopyMoveAssets = mutationHook(assetsRoutes.copyMove);
export const useUpdateMetadata = mutationHook(assetsRoutes.updateMetadata);
