import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { IOS_PLAYER_PATH, externalPlayerHref } from '@rushes/shared';
import { usePlayerConfig } from './api.ts';

/** /ios-player/?id=…: the iPhone and iPad player (spec 002 §2). */
export const iosPlayerPath = (ingestDbId: string) =>
  `${IOS_PLAYER_PATH}?id=${encodeURIComponent(ingestDbId)}`;

/** /player/{id}: the in-product player (spec 002 §2); `?t=` (ms) starts it at a moment. */
export const playerPath = (ingestDbId: string, startMs?: number) =>
  `/player/${encodeURIComponent(ingestDbId)}${startMs !== undefined ? `?t=${Math.max(0, Math.round(startMs))}` : ''}`;

/**
 * Opens an asset for viewing (spec 002 §2): with an external player configured, in a new tab with id
 * and project query; otherwise the in-product player. The setting is fetched ahead, so the new tab
 * opens within the click (no popup blocker).
 */
export function useOpenInPlayer(): (ingestDbId: string, projectDbId: string) => void {
  const navigate = useNavigate();
  const external = usePlayerConfig().data?.external_player_url ?? null;
  return useCallback(
    (ingestDbId, projectDbId) => {
      if (external) window.open(externalPlayerHref(external, ingestDbId, projectDbId), '_blank', 'noopener');
      else void navigate(playerPath(ingestDbId));
    },
    [external, navigate],
  );
}
