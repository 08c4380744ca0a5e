import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { teams } from './teams.ts';
import { projects } from './projects.ts';

/** Millisecond timestamps, so a (created_at, id) cursor round-trips through JavaScript exactly. */
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** An AI assistant conversation: one user's, in one project. */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** the first question, cut short */
    title: text('title').notNull(),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    index('ai_conversations_user_project_idx').on(
      t.userId,
      t.projectId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export interface AiSourceRow {
  kind: 'task' | 'asset' | 'brief' | 'chat';
  id: string;
  title: string;
  project_db_id: string;
  is_folder?: boolean;
  start_ms?: number;
}

/** A turn (spec 000 §3): role 'user' or 'system' (the assistant), its text and the items it used. */
export const aiTurns = pgTable(
  'ai_turns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'system'] }).notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['done', 'error', 'stopped'] })
      .notNull()
      .default('done'),
    sources: jsonb('sources').$type<AiSourceRow[]>().notNull().default([]),
    createdAt: at('created_at'),
  },
  (t) => [
    index('ai_turns_conversation_created_idx').on(
      t.conversationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * One row per question sent upstream: tokens in and out (the statistics page sums them), the team
 * whose monthly budget it counts against, and the user whose rate it counts against. Kept when a
 * conversation is deleted (no key to it) and when a user leaves (no key to the user either).
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    projectId: uuid('project_id').notNull(),
    model: text('model').notNull(),
    tokensIn: integer('tokens_in').notNull().default(0),
    tokensOut: integer('tokens_out').notNull().default(0),
    /** running, done, error, stopped */
    status: text('status').notNull().default('running'),
    createdAt: at('created_at'),
  },
  (t) => [
    index('ai_usage_team_created_idx').on(t.teamId, t.createdAt),
    index('ai_usage_user_created_idx').on(t.userId, t.createdAt),
  ],
);
