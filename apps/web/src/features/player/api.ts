import { useQuery } from '@tanstack/react-query';
import { versionsRoutes } from '@rushes/shared/routes/shares';
import { mediaRoutes } from '@rushes/shared/routes/small';
import { call } from '../../api/client.ts';

export const playerKeys = {
  config: ['player', 'config'] as const,
  asset: (ingestDbId: string) => ['player', 'asset', ingestDbId] as const,
  versions: (ingestDbId: string) => ['player', 'versions', ingestDbId] as const,
};

/** Whether an external player is configured (spec 002 §2); read once per session. */
export function usePlayerConfig() {
  return useQuery({
    queryKey: playerKeys.config,
    queryFn: ({ signal }) => call(mediaRoutes.config, {}, { signal }),
    staleTime: Infinity,
  });
}

/** What the player shows of one asset; the server answers only to those allowed to see it. */
export function usePlayerAsset(ingestDbId: string) {
  return useQuery({
    queryKey: playerKeys.asset(ingestDbId),
    queryFn: ({ signal }) => call(mediaRoutes.asset, { ingest_db_id: ingestDbId }, { signal }),
    retry: false,
    meta: { silent: true },
  });
}

/** The version stack an asset belongs to (v1 first); a file without versions answers itself. */
export function usePlayerVersions(ingestDbId: string) {
  return useQuery({
    queryKey: playerKeys.versions(ingestDbId),
    queryFn: ({ signal }) => call(versionsRoutes.list, { ingest_db_id: ingestDbId }, { signal }),
    retry: false,
    meta: { silent: true },
  });
}
