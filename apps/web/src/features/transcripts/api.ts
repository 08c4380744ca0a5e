import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TRANSCRIPT_TEXT, TRANSCRIPTS_API, type CaptionFormat, type TranscriptAnswer } from '@rushes/shared';
import { transcriptsRoutes } from '@rushes/shared/routes/transcripts';
import { call } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';
import { connectSocket } from '../../api/socket.ts';

export const transcriptKeys = {
  one: (ingestDbId: string) => ['transcripts', 'one', ingestDbId] as const,
  settings: (projectDbId: string) => ['transcripts', 'settings', projectDbId] as const,
  search: (projectDbId: string, q: string) => ['transcripts', 'search', projectDbId, q] as const,
  review: (token: string, ingestDbId: string) => ['transcripts', 'review', token, ingestDbId] as const,
};

/** While a transcript is on its way the panel asks again now and then (the socket hint may be missed). */
const PENDING_POLL_MS = 4000;
const pending = (t: TranscriptAnswer | undefined) => t?.status === 'queued' || t?.status === 'running';

/** One asset's transcript; refetched on the project's 'transcript_status' hint and while it is made. */
export function useTranscript(ingestDbId: string, projectDbId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectSocket(queryClient);
    const room = `project:${projectDbId}`;
    const join = () => socket.emit('join', room, () => undefined);
    if (socket.connected) join();
    const onStatus = (e: { ingest_db_id?: string }) => {
      if (e.ingest_db_id === ingestDbId)
        void queryClient.invalidateQueries({ queryKey: transcriptKeys.one(ingestDbId) });
    };
    socket.on('connect', join);
    socket.on('transcript_status', onStatus);
    // a finished upload queues its transcript: the panel shows 'Waiting…' at once
    socket.on('asset_status', onStatus);
    return () => {
      socket.off('connect', join);
      socket.off('transcript_status', onStatus);
      socket.off('asset_status', onStatus);
    };
  }, [ingestDbId, projectDbId, queryClient]);
  return useQuery({
    queryKey: transcriptKeys.one(ingestDbId),
    queryFn: ({ signal }) => call(transcriptsRoutes.show, { ingest_db_id: ingestDbId }, { signal }),
    refetchInterval: (q) => (pending(q.state.data) ? PENDING_POLL_MS : false),
    retry: false,
    meta: { silent: true },
  });
}

/** A review link's transcript of one of its files (read-only; no project room to listen to). */
export function useReviewTranscript(token: string, ingestDbId: string) {
  return useQuery({
    queryKey: transcriptKeys.review(token, ingestDbId),
    queryFn: ({ signal }) =>
      call(transcriptsRoutes.reviewShow, { token, ingest_db_id: ingestDbId }, { signal }),
    refetchInterval: (q) => (pending(q.state.data) ? PENDING_POLL_MS : false),
    retry: false,
    meta: { silent: true },
  });
}

export const useTranscribe = mutationHook(transcriptsRoutes.transcribe);
export const useCorrectWord = mutationHook(transcriptsRoutes.correctWord);
export const useSaveTranscriptSettings = mutationHook(transcriptsRoutes.saveSettings);

/** The project's transcription language (and whether the caller may change it). */
export function useTranscriptSettings(projectDbId: string) {
  return useQuery({
    queryKey: transcriptKeys.settings(projectDbId),
    queryFn: ({ signal }) => call(transcriptsRoutes.settings, { project_db_id: projectDbId }, { signal }),
    meta: { silent: true },
  });
}

/** The project's transcript lines matching `q` (keyset pages); nothing is asked for an empty q. */
export function useTranscriptSearch(projectDbId: string, q: string) {
  return useInfiniteQuery({
    queryKey: transcriptKeys.search(projectDbId, q),
    queryFn: ({ pageParam, signal }) =>
      call(
        transcriptsRoutes.search,
        { project_db_id: projectDbId, q, cursor: pageParam ?? undefined },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: q.length > 0,
    meta: { silent: true },
  });
}

/**
 * What the asset list says when no file name matches the search `q`, given what the footage search
 * found (the same query as "In the footage", so no second request): the words are said in a clip
 * above, or the footage is still being searched; null when the footage has nothing either.
 */
export function useFootageEmptyText(projectDbId: string, q: string): string | null {
  const footage = useTranscriptSearch(projectDbId, q);
  if (!q) return null;
  if (footage.data?.pages.some((p) => p.items.length > 0)) return TRANSCRIPT_TEXT.onlyInFootage;
  if (footage.isPending && footage.fetchStatus !== 'idle') return TRANSCRIPT_TEXT.searchingFootage;
  return null;
}

/** Where the captions of the file shown come from: a member's asset, or a file of a review link. */
export type CaptionsSource =
  { kind: 'member'; ingestDbId: string } | { kind: 'link'; token: string; ingestDbId: string };

/** The captions file's address (a <track> source, or a download when `download`). */
export function captionsUrl(source: CaptionsSource, format: CaptionFormat, download = false): string {
  const q = new URLSearchParams({ ingest_db_id: source.ingestDbId, format });
  if (source.kind === 'link') q.set('token', source.token);
  if (download) q.set('download', '1');
  const path = source.kind === 'link' ? TRANSCRIPTS_API.reviewCaptions : TRANSCRIPTS_API.captions;
  return `${path}?${q.toString()}`;
}
