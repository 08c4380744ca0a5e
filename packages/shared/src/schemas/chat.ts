import { z } from 'zod';
import { CHAT_MENTIONS_MAX, CHAT_MESSAGE_MAX, PROJECT_CHAT_PAGE_SIZE } from '../rules/constants.ts';
import { MSG, charLimit } from '../rules/messages.ts';
import { isTimeZone } from '../rules/text.ts';
import { uuid } from './fields.ts';

/** Project chat (spec 000 §3, §4, §5, §7). Text is plain text; mentions are structured user ids. */

/** An IANA time zone name (the caller's), UTC by default: decides the day groups and 'Today'. */
export const timeZone = () =>
  z
    .string({ error: MSG.invalidTimeZone })
    .max(64, MSG.invalidTimeZone)
    .refine(isTimeZone, MSG.invalidTimeZone)
    .default('UTC');

/** A chat message text: trimmed, non-empty, fewer than 102 characters. */
export const chatText = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(CHAT_MESSAGE_MAX, charLimit(CHAT_MESSAGE_MAX));

/**
 * History page (the chat core's paging, the same for every chat). Without `before`: page `page_no`
 * counted down from the newest. With `before` (the previous answer's next_before): the page of
 * older messages, stable while others send. Both read by keyset on the message's place in the
 * conversation (its chats_count).
 */
export const chatHistoryQuery = z.object({
  project_db_id: uuid(),
  entries_per_page: z.coerce.number().int().min(1).max(100).default(PROJECT_CHAT_PAGE_SIZE),
  page_no: z.coerce.number().int().min(1).default(1),
  before: z.string().max(100).optional(),
  tz: timeZone(),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuery>;

export const sendChatBody = z.object({
  project_db_id: uuid(),
  text: chatText(),
  /** Mentioned users; ids that are not members of the project are dropped silently. */
  mention_user_ids: z.array(uuid()).max(CHAT_MENTIONS_MAX).default([]),
});
export type SendChatBody = z.infer<typeof sendChatBody>;

export const chatProjectBody = z.object({ project_db_id: uuid() });

export const chatUser = z.object({
  user_id: z.string(),
  user_name: z.string(),
  user_badge_color: z.string(),
});
export type ChatUser = z.infer<typeof chatUser>;

const mention = z.object({ user_ids: z.array(z.string()) });

/** One stored message, as sent live (chat_message) and answered by send. */
export const chatMessage = z.object({
  id: z.string(),
  project_id: z.string(),
  user: chatUser,
  text: z.string(),
  /** ISO 8601 */
  timestamp: z.string(),
  mention: mention.optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A message inside a group (spec 000 §3): text, timestamp, optional mention. */
export const chatGroupMessage = z.object({
  id: z.string(),
  text: z.string(),
  timestamp: z.string(),
  mention: mention.optional(),
});
export type ChatGroupMessage = z.infer<typeof chatGroupMessage>;

/** Consecutive messages of one user on one day (spec 000 §3 project chat message group). */
export const chatMessageGroup = z.object({
  id: z.string(),
  project_id: z.string(),
  image_url: z.string().nullable(),
  created_on: z.string(),
  user: chatUser,
  messages: z.array(chatGroupMessage),
});
export type ChatMessageGroup = z.infer<typeof chatMessageGroup>;

/** A day: date 'yyyy-mm-dd' in the caller's time zone, label 'Today' or 'dd MMM yyyy'. */
export const chatDateGroup = z.object({
  date: z.string(),
  label: z.string(),
  messages: z.array(chatMessageGroup),
});
export type ChatDateGroup = z.infer<typeof chatDateGroup>;

export const chatHistory = z.object({
  total_entries: z.number(),
  /** Opaque cursor of the oldest message of this page (send as `before`), null when none is older. */
  next_before: z.string().nullable(),
  messages: z.array(chatDateGroup),
});
export type ChatHistory = z.infer<typeof chatHistory>;

export const chatCounters = z.object({
  chats_count: z.number(),
  last_seen_count: z.number(),
  unread: z.number(),
});
export type ChatCounters = z.infer<typeof chatCounters>;

export const sentChat = z.object({ message: chatMessage, chats_count: z.number() });
