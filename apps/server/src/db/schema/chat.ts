import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { projects } from './projects.ts';
import { tasks } from './tasks.ts';

/** Millisecond timestamps, so a (created_at, id) cursor round-trips through JavaScript exactly. */
const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/**
 * The chat core's kinds of conversation. Each has one owner row whose deletion removes the
 * conversation (and its messages and seen records): a project, a task. A new kind (a live
 * session's chat, the AI assistant's) is one more value here and in ConversationRef; give it a
 * nullable owner column with a cascading key when its owner is not the project.
 */
export const CONVERSATION_KINDS = ['project', 'task'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/**
 * One conversation of the chat core: the project chat of a project, the task chat of a
 * task. Its row holds chats_count (spec 000 §3 counters) and is the lock every send of the
 * conversation takes: the send bumps chats_count first, so senders of one conversation are
 * serialised and each message's seq is the chats_count it made.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<ConversationKind>().notNull(),
    /** the project id (kind project) or the task id (kind task) */
    ownerId: uuid('owner_id').notNull(),
    /** every conversation lives in a project: deleting it deletes the conversation */
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** kind task: the task (deleting it deletes the conversation) */
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    chatsCount: integer('chats_count').notNull().default(0),
    /**
     * Messages stored: chats_count counts sends, this what history can show. Kept by
     * statement triggers on chat_messages (migration 0016_asset_entries), corrected hourly by
     * chat.check_counts; history's total_entries reads it instead of counting.
     */
    messagesCount: integer('messages_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('chat_conversations_kind_owner_key').on(t.kind, t.ownerId),
    index('chat_conversations_project_idx').on(t.projectId),
    index('chat_conversations_task_idx').on(t.taskId),
    check(
      'chat_conversations_owner_check',
      sql`(${t.kind} <> 'project' or (${t.ownerId} = ${t.projectId} and ${t.taskId} is null)) and (${t.kind} <> 'task' or ${t.ownerId} = ${t.taskId})`,
    ),
  ],
);

/**
 * Chat messages of every conversation (spec 000 §3 project and task chat messages): plain text,
 * mentions as member user ids. seq is the conversation's chats_count the send made (1, 2, …):
 * history pages by keyset on (conversation_id, seq), so the shown order is the counter's order.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    mentionUserIds: uuid('mention_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_messages_conversation_seq_key').on(t.conversationId, t.seq)],
);

/** last_seen_count per (conversation, user): set to chats_count when the user leaves (or reads) the chat. */
export const chatSeen = pgTable(
  'chat_seen',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenCount: integer('last_seen_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);
