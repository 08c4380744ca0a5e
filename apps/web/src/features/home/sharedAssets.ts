import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  HOME_TRAY_PAGE_SIZE,
  SHARED_ASSETS_TRAY,
  type ServerToClientEvents,
  type SharedAssetCard,
  type SharedAssetsPage,
} from '@rushes/shared';
import { projectsRoutes } from '@rushes/shared/routes/projects';
import { call } from '../../api/client.ts';
import { PREFETCH_FRESH_MS } from '../../api/queryKeys.ts';
import { connectSocket } from '../../api/socket.ts';

/** The 'Shared Assets' home tray (spec 002 §2, §7): asset/trays with tray_name 'shared_assets'. */
export const sharedAssetsKey = ['home', 'tray', SHARED_ASSETS_TRAY] as const;

type Data = InfiniteData<SharedAssetsPage, string | null>;
type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

export function useSharedAssets() {
  return useInfiniteQuery(sharedAssetsQuery);
}

/** The tray's query, also started by home's prefetch before the page renders. */
export const sharedAssetsQuery = infiniteQueryOptions({
  queryKey: sharedAssetsKey,
  queryFn: ({ pageParam, signal }) =>
    call(
      projectsRoutes.trays,
      {
        tray_name: SHARED_ASSETS_TRAY,
        entries_per_page: HOME_TRAY_PAGE_SIZE,
        ...(pageParam ? { cursor: pageParam } : {}),
      },
      { signal },
      // tray_name shared_assets answers the shared-assets member of the union
    ).then((page) => page as SharedAssetsPage),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
  staleTime: PREFETCH_FRESH_MS,
});

const holds = (data: Data, id: string) => data.pages.some((p) => p.data.some((c) => c.share_id === id));
const withTotal = (data: Data, total: number): Data => ({
  ...data,
  pages: data.pages.map((p) => ({ ...p, total_entries: Math.max(0, total) })),
});
const replaced = (data: Data, card: SharedAssetCard): Data => ({
  ...data,
  pages: data.pages.map((p) => ({
    ...p,
    data: p.data.map((c) => (c.share_id === card.share_id ? card : c)),
  })),
});

/** Tray updates (spec 002 §4): add puts the card first, total +1 (one already there is replaced). */
export function addShared(queryClient: QueryClient, card: SharedAssetCard): void {
  queryClient.setQueryData<Data>(sharedAssetsKey, (data) => {
    if (!data || data.pages.length === 0) return data;
    if (holds(data, card.share_id)) return replaced(data, card);
    const [first, ...rest] = data.pages;
    return withTotal(
      { ...data, pages: [{ ...first, data: [card, ...first.data] }, ...rest] },
      first.total_entries + 1,
    );
  });
}

/** Update replaces the card. */
export function updateShared(queryClient: QueryClient, card: SharedAssetCard): void {
  queryClient.setQueryData<Data>(sharedAssetsKey, (data) =>
    data && holds(data, card.share_id) ? replaced(data, card) : data,
  );
}

/** Delete removes the card by share_id and lowers the total by one. */
export function removeShared(queryClient: QueryClient, shareId: string): void {
  queryClient.setQueryData<Data>(sharedAssetsKey, (data) => {
    if (!data || !holds(data, shareId)) return data;
    const next = {
      ...data,
      pages: data.pages.map((p) => ({ ...p, data: p.data.filter((c) => c.share_id !== shareId) })),
    };
    return withTotal(next, data.pages[0].total_entries - 1);
  });
}

/** Live 'Shared Assets' tray: shared_asset_add, shared_asset_update and shared_asset_delete edit the cache. */
export function useSharedAssetEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket(queryClient);
    const onAdd = ({ asset }: Payload<'shared_asset_add'>) => addShared(queryClient, asset);
    const onUpdate = ({ asset }: Payload<'shared_asset_update'>) => updateShared(queryClient, asset);
    const onDelete = ({ share_id }: Payload<'shared_asset_delete'>) => removeShared(queryClient, share_id);
    socket.on('shared_asset_add', onAdd);
    socket.on('shared_asset_update', onUpdate);
    socket.on('shared_asset_delete', onDelete);
    return () => {
      socket.off('shared_asset_add', onAdd);
      socket.off('shared_asset_update', onUpdate);
      socket.off('shared_asset_delete', onDelete);
    };
  }, [queryClient]);
}
