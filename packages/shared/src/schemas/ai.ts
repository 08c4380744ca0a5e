import { z } from 'zod';
import { MSG, addProductMessages, charLimit } from '../rules/messages.ts';
import { uuid } from './fields.ts';
import { AI_TEXT } from '../rules/aiText.ts';

/**
 * The AI assistant (spec 000 §2, §3, §4, §7): its paths, texts, request and answer shapes
 * and the events of a streamed answer. The spec's texts are copied verbatim; the others are decided
 * in docs/decisions/0019-ai-assistant.md ("AI assistant").
 */

export const AI_API = {
  /** GET whether the server has an AI service configured (no address, key or model is told) */
  status: '/api/ai/status',
  /** POST a question (project_db_id, conversation_db_id?, text): answered as server-sent events */
  ask: '/api/ai/ask',
  /** GET the caller's conversations in a project (paged), DELETE one (conversation_db_id) */
  conversations: '/api/ai/conversations',
  /** GET one conversation's turns, newest page first (conversation_db_id, entries_per_page, before) */
  turns: '/api/ai/turns',
  /** GET the team's AI usage this month (tokens in/out, budget) */
  usage: '/api/ai/usage',
} as const;

addProductMessages(Object.values(AI_TEXT as Record<string, unknown>).filter((v) => typeof v === 'string'));

/** The longest question accepted, characters. */
export const AI_QUESTION_MAX = 2000;
/** Turns of one conversation per history page; conversations per page. */
export const AI_TURNS_PAGE_SIZE = 20;
export const AI_CONVERSATIONS_PAGE_SIZE = 20;

export const aiStatus = z.object({ configured: z.boolean() });
export type AiStatus = z.infer<typeof aiStatus>;

export const aiAskBody = z.object({
  project_db_id: uuid(),
  /** continue this conversation (the caller's, in this project); none: a new one */
  conversation_db_id: uuid().optional(),
  text: z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(AI_QUESTION_MAX, charLimit(AI_QUESTION_MAX)),
});
export type AiAskBody = z.infer<typeof aiAskBody>;

export const AI_SOURCE_KINDS = ['task', 'asset', 'brief', 'chat'] as const;
export type AiSourceKind = (typeof AI_SOURCE_KINDS)[number];

/** An item an answer used, linked under it. */
export const aiSource = z.object({
  kind: z.enum(AI_SOURCE_KINDS),
  id: z.string(),
  title: z.string(),
  project_db_id: z.string(),
  /** assets: whether it is a folder (opens the folder instead of the player) */
  is_folder: z.boolean().optional(),
  /** assets: the moment the answer points at (a transcript line's start, ms): the player opens there */
  start_ms: z.number().int().min(0).optional(),
});
export type AiSource = z.infer<typeof aiSource>;

/** A turn (spec 000 §3: role user or system, content.text); done, failed (error) or stopped. */
export const aiTurn = z.object({
  turn_db_id: z.string(),
  role: z.enum(['user', 'system']),
  content: z.object({ text: z.string() }),
  status: z.enum(['done', 'error', 'stopped']),
  sources: z.array(aiSource),
  created_on: z.string(),
});
export type AiTurn = z.infer<typeof aiTurn>;

export const aiConversation = z.object({
  conversation_db_id: z.string(),
  project_db_id: z.string(),
  title: z.string(),
  created_on: z.string(),
  updated_on: z.string(),
});
export type AiConversation = z.infer<typeof aiConversation>;

export const aiConversationsQuery = z.object({
  project_db_id: uuid(),
  entries_per_page: z.coerce.number().int().min(1).max(50).default(AI_CONVERSATIONS_PAGE_SIZE),
  page_no: z.coerce.number().int().min(1).default(1),
});
export const aiConversationPage = z.object({
  total_entries: z.number(),
  conversations: z.array(aiConversation),
});
export type AiConversationPage = z.infer<typeof aiConversationPage>;

export const aiTurnsQuery = z.object({
  conversation_db_id: uuid(),
  entries_per_page: z.coerce.number().int().min(1).max(100).default(AI_TURNS_PAGE_SIZE),
  /** the previous page's next_before: the page of older turns */
  before: z.string().max(100).optional(),
});
export const aiTurnPage = z.object({
  total_entries: z.number(),
  /** oldest first */
  turns: z.array(aiTurn),
  next_before: z.string().nullable(),
});
export type AiTurnPage = z.infer<typeof aiTurnPage>;

export const aiConversationBody = z.object({ conversation_db_id: uuid() });

export const aiUsageQuery = z.object({ team_db_id: uuid() });
export const aiUsage = z.object({
  month: z.string(),
  tokens_in: z.number(),
  tokens_out: z.number(),
  /** 0: no budget */
  budget_tokens: z.number(),
});
export type AiUsage = z.infer<typeof aiUsage>;

/**
 * Events of a streamed answer (text/event-stream): `start` once the question is stored, `delta`
 * pieces of the answer as they arrive, then `done` with the stored answer, or `error` with the
 * message to show inline (and the stored failed turn).
 */
export interface AiStreamEvents {
  start: { conversation_db_id: string; user_turn: AiTurn };
  delta: { text: string };
  done: { turn: AiTurn };
  error: { message: string; turn: AiTurn | null };
}
export type AiStreamEvent = {
  [K in keyof AiStreamEvents]: { event: K; data: AiStreamEvents[K] };
}[keyof AiStreamEvents];

/** Parses a text/event-stream body piece by piece; returns the events complete so far and the rest. */
export function parseSse(buffer: string): { events: AiStreamEvent[]; rest: string } {
  const events: AiStreamEvent[] = [];
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (!data.length) continue;
    try {
      events.push({ event, data: JSON.parse(data.join('\n')) } as AiStreamEvent);
    } catch {
      // a broken event is skipped
    }
  }
  return { events, rest };
}
