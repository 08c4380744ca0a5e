import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ReviewAnswer, type ReviewKey } from '@rushes/shared';
import { commentsRoutes, reviewRoutes, sharesRoutes } from '@rushes/shared/routes/shares';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';
import { connectSocket } from '../../api/socket.ts';

/** Sharing (spec 002 §7); keys start with 'shares'. */
export const shareKeys = {
  all: ['shares'] as const,
  settings: (role: string) => ['shares', 'settings', role] as const,
  users: (ingestDbId: string) => ['shares', 'users', ingestDbId] as const,
  links: (projectDbId: string) => ['shares', 'links', projectDbId] as const,
  review: (key: ReviewKey) =>
    ['shares', 'review', key.shared_link ?? '', key.shared_asset ?? '', key.ingest_db_id ?? ''] as const,
};

// Writes (each screen adds its toasts and cache updates through the hook's options).
export const useShare = mutationHook(sharesRoutes.share);
export const useRemoveSharedUser = mutationHook(sharesRoutes.removeUser);
export const useRevokeLink = mutationHook(sharesRoutes.revoke);
export const useEditLink = mutationHook(sharesRoutes.editLink);
export const useUnlockReview = mutationHook(reviewRoutes.unlock);
export const useAddComment = mutationHook(commentsRoutes.add);
export const useAddReviewComment = mutationHook(reviewRoutes.addComment);
export const useResolveComment = mutationHook(commentsRoutes.resolve);

/** The share settings list: role editor when a task is present, else collaborator (spec 002 §6). */
export function useShareSettings(role: 'editor' | 'collaborator') {
  return useQuery({
    queryKey: shareKeys.settings(role),
    queryFn: ({ signal }) => call(sharesRoutes.settings, { role }, { signal }),
    staleTime: Infinity,
  });
}

/**
 * An asset's shared users, invited e-mails and review links; refetched live when they change. No
 * asset (a share from a task, its files not chosen yet): nothing is fetched.
 */
export function useSharedUsers(projectDbId: string, ingestDbId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!ingestDbId) return;
    const socket = connectSocket(queryClient);
    const room = `project:${projectDbId}`;
    const join = () => socket.emit('join', room, () => undefined);
    if (socket.connected) join();
    const onChange = (e: { ingest_db_id: string }) => {
      if (e.ingest_db_id === ingestDbId)
        void queryClient.invalidateQueries({ queryKey: shareKeys.users(ingestDbId) });
    };
    socket.on('connect', join);
    socket.on('asset_shares_changed', onChange);
    return () => {
      socket.off('connect', join);
      socket.off('asset_shares_changed', onChange);
    };
  }, [projectDbId, ingestDbId, queryClient]);
  return useQuery({
    queryKey: shareKeys.users(ingestDbId ?? ''),
    queryFn: ({ signal }) => call(sharesRoutes.users, { ingest_db_id: ingestDbId! }, { signal }),
    enabled: !!ingestDbId,
  });
}

/**
 * What a review link shows (no account needed); refetched every 30 s so a revoke shows soon (a
 * page with comments hears it sooner, from its comments poll). Only a fetch that opens it counts a view
 * (the first, or the first after the passcode), not its refreshes.
 */
export function useReview(key: ReviewKey) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: shareKeys.review(key),
    queryFn: ({ signal }) =>
      call(
        reviewRoutes.show,
        queryClient.getQueryData<ReviewAnswer>(shareKeys.review(key))?.state === 'open'
          ? { ...key, again: '1' as const }
          : { ...key },
        { signal },
      ),
    refetchInterval: 30_000,
    retry: false,
    meta: { silent: true },
  });
}

/** A project's review links (the Share Links page), newest first, a page at a time; live on changes. */
export function useShareLinks(projectDbId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket(queryClient);
    const room = `project:${projectDbId}`;
    const join = () => socket.emit('join', room, () => undefined);
    if (socket.connected) join();
    const onChange = () => void queryClient.invalidateQueries({ queryKey: shareKeys.links(projectDbId) });
    socket.on('connect', join);
    socket.on('asset_shares_changed', onChange);
    return () => {
      socket.off('connect', join);
      socket.off('asset_shares_changed', onChange);
    };
  }, [projectDbId, queryClient]);
  return useInfiniteQuery({
    queryKey: shareKeys.links(projectDbId),
    queryFn: ({ pageParam, signal }) =>
      call(
        sharesRoutes.links,
        { project_db_id: projectDbId, ...(pageParam ? { cursor: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** A link's review address again (from its sealed token), on the origin the browser reached. */
export const fetchLinkUrl = (shareLinkDbId: string) =>
  call(sharesRoutes.linkUrl, { share_link_db_id: shareLinkDbId }).then((a) => a.url);
