import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { projects } from './projects.ts';

/** Millisecond timestamps, so a (created_at, id) cursor round-trips through JavaScript exactly. */
const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** Project chat messages (spec 000 §3): plain text, mentions as member user ids. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
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
  (t) => [index('chat_messages_project_created_idx').on(t.projectId, t.createdAt.desc(), t.id.desc())],
);

/** chats_count per project (spec 000 §3 counters), bumped in the send transaction. */
export const projectChatCounters = pgTable('project_chat_counters', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  chatsCount: integer('chats_count').notNull().default(0),
});

/** last_seen_count per (project, user): set to chats_count when the user leaves the chat. */
export const projectChatSeen = pgTable(
  'project_chat_seen',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenCount: integer('last_seen_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);
