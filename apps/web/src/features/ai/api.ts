import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AI_API,
  AI_TEXT,
  API_TYPE,
  API_VERSION,
  MSG,
  parseSse,
  type AiAskBody,
  type AiStreamEvent,
} from '@rushes/shared';
import { aiRoutes } from '@rushes/shared/routes/ai';
import { call } from '../../api/client.ts';

/** The assistant's data. Keys under ['ai']. */
export const aiKeys = {
  status: ['ai', 'status'] as const,
  conversations: (projectDbId: string) => ['ai', 'conversations', projectDbId] as const,
  turns: (conversationDbId: string) => ['ai', 'turns', conversationDbId] as const,
};

export function useAiStatus() {
  return useQuery({
    queryKey: aiKeys.status,
    queryFn: ({ signal }) => call(aiRoutes.status, {}, { signal }),
    staleTime: 60_000,
  });
}

/** The caller's conversations in the project, newest first, a page at a time. */
export function useConversations(projectDbId: string) {
  return useInfiniteQuery({
    queryKey: aiKeys.conversations(projectDbId),
    queryFn: ({ pageParam, signal }) =>
      call(aiRoutes.conversations, { project_db_id: projectDbId, page_no: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.conversations.length, 0) < last.total_entries
        ? pages.length + 1
        : undefined,
  });
}

/** One conversation's turns: the newest page first, older pages by `before` until none is left. */
export function useTurns(conversationDbId: string | null) {
  return useInfiniteQuery({
    queryKey: aiKeys.turns(conversationDbId ?? ''),
    queryFn: ({ pageParam, signal }) =>
      call(
        aiRoutes.turns,
        { conversation_db_id: conversationDbId!, ...(pageParam ? { before: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
    enabled: conversationDbId !== null,
  });
}

export function useDeleteConversation(projectDbId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationDbId: string) =>
      call(aiRoutes.removeConversation, { conversation_db_id: conversationDbId }),
    onSuccess: (_, conversationDbId) => {
      queryClient.removeQueries({ queryKey: aiKeys.turns(conversationDbId) });
      void queryClient.invalidateQueries({ queryKey: aiKeys.conversations(projectDbId) });
    },
  });
}

/** A refusal before the stream (not a member, not set up, rate, budget): its message. */
async function refusalOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { errormessage?: string };
    return body.errormessage || MSG.somethingWentWrong;
  } catch {
    return MSG.somethingWentWrong;
  }
}

/**
 * Asks a question; the answer's events arrive through `onEvent` as the server sends them
 * (text/event-stream over a POST, so EventSource is not used). `signal` is the panel closing: the
 * server then stops the upstream call. A refusal or a broken connection is reported as an error event.
 */
export async function streamAsk(
  body: AiAskBody,
  signal: AbortSignal,
  onEvent: (event: AiStreamEvent) => void,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(AI_API.ask, {
      method: 'POST',
      credentials: 'include',
      headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    if (!signal.aborted) onEvent({ event: 'error', data: { message: AI_TEXT.unavailable, turn: null } });
    return;
  }
  if (!res.ok || !res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
    onEvent({ event: 'error', data: { message: await refusalOf(res), turn: null } });
    return;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ended = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const { events, rest } = parseSse(buffer);
      buffer = rest;
      for (const e of events) {
        if (e.event === 'done' || e.event === 'error') ended = true;
        onEvent(e);
      }
    }
  } catch {
    // the panel closed (aborted) or the connection broke
  }
  if (!ended && !signal.aborted)
    onEvent({ event: 'error', data: { message: AI_TEXT.unavailable, turn: null } });
}
