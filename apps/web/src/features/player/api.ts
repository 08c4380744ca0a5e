import { useQuery } from '@tanstack/react-query';
import { API, type PlayerAsset, type PlayerConfigAnswer } from '@rushes/shared';
import { api } from '../../api/client.ts';

export const playerKeys = {
  config: ['player', 'config'] as const,
  asset: (ingestDbId: string) => ['player', 'asset', ingestDbId] as const,
};

/** Whether an external player is configured (spec 002 §2); read once per session. */
export function usePlayerConfig() {
  return useQuery({
    queryKey: playerKeys.config,
    queryFn: ({ signal }) => api.get<PlayerConfigAnswer>(API.media.config, {}, { signal }),
    staleTime: Infinity,
  });
}

/** What the player shows of one asset; the server answers only to those allowed to see it. */
export function usePlayerAsset(ingestDbId: string) {
  return useQuery({
    queryKey: playerKeys.asset(ingestDbId),
    queryFn: ({ signal }) => api.get<PlayerAsset>(API.media.asset, { ingest_db_id: ingestDbId }, { signal }),
    retry: false,
    meta: { silent: true },
  });
}
