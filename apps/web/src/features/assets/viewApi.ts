import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { GRID_CARD_SIZE, type AssetView } from '@rushes/shared';
import { assetsRoutes } from '@rushes/shared/routes/assets';
import { call } from '../../api/client.ts';
import { showApiError } from '../../app/apiErrors.ts';

const viewKey = ['assetView'] as const;
/** A slider drag saves once, when it rests. */
const SAVE_DELAY_MS = 400;
const INITIAL: AssetView = { view: 'list', card_size: GRID_CARD_SIZE.initial };

/**
 * The caller's list/grid choice and card size, kept on the server per user. The page follows a
 * change at once; the save goes after it (a slider's last value only).
 */
export function useAssetView() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: viewKey,
    queryFn: ({ signal }) => call(assetsRoutes.view, undefined, { signal }),
    staleTime: Infinity,
  });
  const [local, setLocal] = useState<AssetView | null>(null);
  const current = local ?? query.data ?? INITIAL;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const unsaved = useRef<AssetView | null>(null);
  const save = useCallback(() => {
    clearTimeout(timer.current);
    const value = unsaved.current;
    unsaved.current = null;
    if (value) call(assetsRoutes.saveView, value).catch(showApiError);
  }, []);
  // leaving the page before the delay still saves the last choice
  useEffect(() => save, [save]);

  const change = useCallback(
    (next: Partial<AssetView>) => {
      const value = { ...current, ...next };
      setLocal(value);
      queryClient.setQueryData(viewKey, value);
      unsaved.current = value;
      clearTimeout(timer.current);
      timer.current = setTimeout(save, SAVE_DELAY_MS);
    },
    [current, queryClient, save],
  );
  return { ...current, ready: !query.isPending, change };
}
