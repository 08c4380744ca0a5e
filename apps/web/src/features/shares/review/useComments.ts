import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type AssetComment, type ReviewKey, type RouteInput } from '@rushes/shared';
import { commentsRoutes, reviewRoutes } from '@rushes/shared/routes/shares';
import { ApiError, call } from '../../../api/client.ts';
import { connectSocket } from '../../../api/socket.ts';
import { toast } from '../../../ui/toast.ts';
import { useAddComment, useAddReviewComment, useResolveComment } from '../api.ts';

/** Where the comments come from: a member's project, or a review link (guests poll). */
export type CommentsSource =
  | { kind: 'member'; projectDbId: string; ingestDbId: string }
  | { kind: 'link'; reviewKey: ReviewKey; guest: boolean };

const PAGE = 100;
const POLL_MS = 3000;

/** A comment or reply as the workspace posts it (the source adds its asset or link). */
export type CommentPost = Omit<
  RouteInput<typeof reviewRoutes.addComment>,
  'shared_link' | 'shared_asset' | 'ingest_db_id'
>;

export function useComments(source: CommentsSource) {
  const queryClient = useQueryClient();
  const key =
    source.kind === 'member'
      ? ['shares', 'comments', source.ingestDbId]
      : [
          'shares',
          'comments',
          source.reviewKey.shared_link ?? source.reviewKey.shared_asset ?? '',
          source.reviewKey.ingest_db_id ?? '',
        ];
  const projectDbId = source.kind === 'member' ? source.projectDbId : null;
  const ingestDbId = source.kind === 'member' ? source.ingestDbId : null;
  useEffect(() => {
    if (!projectDbId) return;
    const socket = connectSocket(queryClient);
    const room = `project:${projectDbId}`;
    const join = () => socket.emit('join', room, () => undefined);
    if (socket.connected) join();
    const onChange = (e: { ingest_db_id: string }) => {
      if (e.ingest_db_id === ingestDbId) void queryClient.invalidateQueries({ queryKey: key });
    };
    socket.on('connect', join);
    socket.on('asset_comments_changed', onChange);
    return () => {
      socket.off('connect', join);
      socket.off('asset_comments_changed', onChange);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectDbId, ingestDbId, queryClient]);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      source.kind === 'member'
        ? call(
            commentsRoutes.list,
            { ingest_db_id: source.ingestDbId, page_no: 1, entries_per_page: PAGE },
            { signal },
          )
        : call(
            reviewRoutes.comments,
            { ...source.reviewKey, page_no: 1, entries_per_page: PAGE },
            { signal },
          ),
    refetchInterval: source.kind === 'link' ? POLL_MS : false,
    refetchIntervalInBackground: true,
    meta: source.kind === 'link' ? { silent: true } : undefined,
    // a refused link (revoked, expired: 410; locked: 403) is not retried: the page turns at once
    retry: (count, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 3,
  });
  // The guests' poll is how a revoke reaches an open review page: it reloads what the link shows,
  // which then answers 'This link has expired'.
  const refused =
    source.kind === 'link' && query.error instanceof ApiError && [403, 410].includes(query.error.status);
  useEffect(() => {
    if (refused) void queryClient.invalidateQueries({ queryKey: ['shares', 'review'] });
  }, [refused, queryClient]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  // the workspace shows a failed post itself (showApiError); a failed resolve stays quiet as before
  const addMember = useAddComment({ meta: { silent: true } });
  const addGuest = useAddReviewComment({ meta: { silent: true } });
  const resolveComment = useResolveComment({
    meta: { silent: true },
    onSuccess: (d) => {
      toast.success(d.message);
      return refresh();
    },
  });
  const post = (body: CommentPost) =>
    (source.kind === 'member'
      ? addMember.mutateAsync({ ingest_db_id: source.ingestDbId, ...body })
      : addGuest.mutateAsync({ ...source.reviewKey, ...body })
    ).then(refresh);
  const resolve =
    source.kind === 'member'
      ? (c: AssetComment, resolved: boolean) => resolveComment.mutate({ comment_id: c._id, resolved })
      : undefined;
  return { query, post, resolve };
}
