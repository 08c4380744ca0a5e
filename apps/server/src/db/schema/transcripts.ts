import { type SQL, sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { assets } from './assets.ts';
import { projects } from './projects.ts';
import { teams } from './teams.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** One recognised word: its text (a correction replaces it), start and end in ms from the clip's start. */
export interface TranscriptWord {
  w: string;
  s: number;
  e: number;
}

/**
 * What was said in one asset (a version in a stack is its own asset, so each version keeps its own
 * transcript). One row per asset: transcribing again replaces the words. status: queued → running →
 * done | failed | no_audio | not_set_up | limit (the team's monthly minutes are used up).
 */
export const transcripts = pgTable(
  'transcripts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    status: text('status', {
      enum: ['queued', 'running', 'done', 'failed', 'no_audio', 'not_set_up', 'limit'],
    }).notNull(),
    /** ISO 639-1 as detected or as the project chose it */
    language: text('language'),
    /** the model that made it, as the service named it */
    engine: text('engine'),
    durationMs: integer('duration_ms'),
    words: jsonb('words').$type<TranscriptWord[]>().notNull().default([]),
    error: text('error'),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    uniqueIndex('transcripts_asset_idx').on(t.assetId),
    index('transcripts_project_idx').on(t.projectId),
  ],
);

/**
 * A transcript cut into lines (sentences or the service's segments, at most a few seconds each): what
 * the panel shows as paragraphs, the captions' cues, and what the project's search matches, with the
 * line's time to jump to. Rewritten with the words.
 */
export const transcriptLines = pgTable(
  'transcript_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transcriptId: uuid('transcript_id')
      .notNull()
      .references(() => transcripts.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id').notNull(),
    projectId: uuid('project_id').notNull(),
    /** the line's place in its transcript, from 0 */
    position: integer('position').notNull(),
    /** index of its first and last word in transcripts.words */
    firstWord: integer('first_word').notNull(),
    lastWord: integer('last_word').notNull(),
    startMs: integer('start_ms').notNull(),
    endMs: integer('end_ms').notNull(),
    text: text('text').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', ${transcriptLines.text})`,
    ),
  },
  (t) => [
    uniqueIndex('transcript_lines_position_idx').on(t.transcriptId, t.position),
    index('transcript_lines_search_idx').using('gin', t.searchVector),
    // the search's keyset order within a project
    index('transcript_lines_project_idx').on(t.projectId, t.assetId, t.startMs, t.id),
  ],
);

/** A word someone corrected: kept beside the words it changed, newest last. */
export const transcriptCorrections = pgTable(
  'transcript_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transcriptId: uuid('transcript_id')
      .notNull()
      .references(() => transcripts.id, { onDelete: 'cascade' }),
    wordIndex: integer('word_index').notNull(),
    original: text('original').notNull(),
    corrected: text('corrected').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at'),
  },
  (t) => [index('transcript_corrections_transcript_idx').on(t.transcriptId, t.wordIndex)],
);

/**
 * Seconds of audio transcribed, per team: the monthly allowance (TRANSCRIBE_TEAM_MINUTES_PER_MONTH)
 * is counted from these rows. Kept when the asset goes (no foreign key to it): the minutes were spent.
 */
export const transcriptUsage = pgTable(
  'transcript_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id'),
    seconds: integer('seconds').notNull(),
    engine: text('engine').notNull(),
    createdAt: at('created_at'),
  },
  (t) => [index('transcript_usage_team_idx').on(t.teamId, t.createdAt)],
);

/** A project's transcription language: 'auto' lets the service detect it per clip. */
export const projectTranscriptSettings = pgTable('project_transcript_settings', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  language: text('language').notNull().default('auto'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: at('updated_at'),
});
