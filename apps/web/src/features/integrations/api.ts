import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BUCKET_PAGE_SIZE, FOLDER_PAGE_SIZE, TRANSFERS_PAGE_SIZE, type BucketService } from '@rushes/shared';
import { integrationsRoutes, transfersRoutes } from '@rushes/shared/routes/integrations';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';
import { connectSocket } from '../../api/socket.ts';

/** Integrations and transfers; keys start with 'integrations' / 'transfers'. */
export const integrationKeys = {
  all: ['integrations'] as const,
  list: (service: BucketService, teamDbId: string) => ['integrations', service, 'list', teamDbId] as const,
  detail: (service: BucketService, id: string) => ['integrations', service, 'detail', id] as const,
  setup: (teamDbId: string) => ['integrations', 'setup', teamDbId] as const,
  folders: (service: BucketService, id: string, bucket: string, path: string) =>
    ['integrations', service, 'folders', id, bucket, path] as const,
  buckets: (service: BucketService, teamDbId: string) =>
    ['integrations', service, 'buckets', teamDbId] as const,
  folderPages: (service: BucketService, id: string, bucket: string, path: string) =>
    ['integrations', service, 'folderPages', id, bucket, path] as const,
  transfers: (projectDbId: string) => ['transfers', projectDbId] as const,
};

const R = integrationsRoutes;

export const useCreateS3 = mutationHook(R.s3Create);
export const useCreateContido = mutationHook(R.contidoCreate);
export const useDeleteS3 = mutationHook(R.s3Delete);
export const useDeleteContido = mutationHook(R.contidoDelete);
export const useTestS3 = mutationHook(R.s3Test);
export const useTestContido = mutationHook(R.contidoTest);
export const useImportS3 = mutationHook(R.s3Imports);
export const useImportContido = mutationHook(R.contidoImports);
export const useExportS3 = mutationHook(R.s3Uploads);
export const useExportContido = mutationHook(R.contidoUploads);
export const useCancelTransfer = mutationHook(transfersRoutes.cancel);
export const useRetryTransfer = mutationHook(transfersRoutes.retry);

/** A team's S3 or Contido integrations; a failed load is silent and shows an empty list (spec 002 §8). */
export function useBucketIntegrations(service: BucketService, teamDbId: string | null) {
  return useQuery({
    queryKey: integrationKeys.list(service, teamDbId ?? ''),
    enabled: Boolean(teamDbId),
    queryFn: async ({ signal }) =>
      service === 's3'
        ? (await call(R.s3List, { team_db_id: teamDbId! }, { signal })).s3_integrations
        : (await call(R.contidoList, { team_db_id: teamDbId! }, { signal })).integrations,
    meta: { silent: true },
  });
}

export function useBucketIntegration(service: BucketService, id: string | null) {
  return useQuery({
    queryKey: integrationKeys.detail(service, id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) =>
      service === 's3'
        ? (await call(R.s3Detail, { s3_integration_db_id: id! }, { signal })).s3_integration
        : (await call(R.contidoDetail, { integration_db_id: id! }, { signal })).integration,
    meta: { silent: true },
  });
}

export function useS3Setup(teamDbId: string | null) {
  return useQuery({
    queryKey: integrationKeys.setup(teamDbId ?? ''),
    enabled: Boolean(teamDbId),
    queryFn: ({ signal }) => call(R.s3Setup, { team_db_id: teamDbId! }, { signal }),
    staleTime: Infinity,
  });
}

/** One folder of a bucket (500 per page, spec 002 §9); silent on failure. */
export function useBucketFolder(service: BucketService, id: string, bucket: string, folderPath: string) {
  return useQuery({
    queryKey: integrationKeys.folders(service, id, bucket, folderPath),
    enabled: Boolean(id && bucket),
    queryFn: ({ signal }) =>
      call(
        service === 's3' ? R.s3Folders : R.contidoFolders,
        { integration_db_id: id, bucket, folder_path: folderPath },
        { signal },
      ),
    meta: { silent: true },
  });
}

/**
 * A team's buckets of one service (spec 002 §7: entries_per_page 100, page_no from 1); the next page
 * is asked for only when the caller wants more. Silent on failure (spec 002 §8).
 */
export function useBucketPages(service: BucketService, teamDbId: string | null) {
  return useInfiniteQuery({
    queryKey: integrationKeys.buckets(service, teamDbId ?? ''),
    enabled: Boolean(teamDbId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(
        service === 's3' ? R.s3Buckets : R.contidoBuckets,
        { team_db_id: teamDbId!, entries_per_page: BUCKET_PAGE_SIZE, page_no: pageParam },
        { signal },
      ),
    getNextPageParam: (last, pages) =>
      pages.length * BUCKET_PAGE_SIZE < last.total_entries ? pages.length + 1 : undefined,
    meta: { silent: true },
  });
}

/** The folders of one folder of a bucket, 500 per page (spec 002 §9), paged by S3's token. */
export function useFolderPages(service: BucketService, id: string, bucket: string, folderPath: string) {
  return useInfiniteQuery({
    queryKey: integrationKeys.folderPages(service, id, bucket, folderPath),
    enabled: Boolean(id && bucket),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(
        service === 's3' ? R.s3Folders : R.contidoFolders,
        {
          integration_db_id: id,
          bucket,
          folder_path: folderPath,
          entries_per_page: FOLDER_PAGE_SIZE,
          ...(pageParam ? { page_token: pageParam } : {}),
        },
        { signal },
      ),
    getNextPageParam: (last) => last.next_page_token ?? undefined,
    meta: { silent: true },
  });
}

/**
 * One page of a project's transfers (spec 000 §7, §9: team_db_id, project_db_id, entries_per_page 25,
 * page_no from 1), refetched live on transfer_changed in the project room. Asked once the project's
 * team is known.
 */
export function useTransfers(
  projectDbId: string,
  { teamDbId, service, pageNo = 1 }: { teamDbId: string | undefined; service?: string; pageNo?: number },
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket(queryClient);
    const room = `project:${projectDbId}`;
    // once in the room, refetch: a change committed before the join would otherwise be missed
    const join = () =>
      socket.emit(
        'join',
        room,
        () => void queryClient.invalidateQueries({ queryKey: integrationKeys.transfers(projectDbId) }),
      );
    if (socket.connected) join();
    const onChange = (e: { project_db_id: string }) => {
      if (e.project_db_id === projectDbId)
        void queryClient.invalidateQueries({ queryKey: integrationKeys.transfers(projectDbId) });
    };
    socket.on('connect', join);
    socket.on('transfer_changed', onChange);
    return () => {
      socket.off('connect', join);
      socket.off('transfer_changed', onChange);
    };
  }, [projectDbId, queryClient]);
  return useQuery({
    queryKey: [...integrationKeys.transfers(projectDbId), service ?? 'all', pageNo],
    enabled: Boolean(teamDbId),
    queryFn: ({ signal }) =>
      call(
        transfersRoutes.list,
        {
          team_db_id: teamDbId!,
          project_db_id: projectDbId,
          entries_per_page: TRANSFERS_PAGE_SIZE,
          page_no: pageNo,
          ...(service ? { service } : {}),
        },
        { signal },
      ),
    // the page shown stays while the next one loads (not another project's)
    placeholderData: (previous, query) => (query?.queryKey[1] === projectDbId ? previous : undefined),
  });
}
