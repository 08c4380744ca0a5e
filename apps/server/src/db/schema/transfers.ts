import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { teams } from './teams.ts';
import { projects } from './projects.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();

/**
 * A transfer (spec 000 §3: title, status, share_from_ps, transfer_type): one import,
 * export or integration share, run by the `transfers.run` job item by item.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The integration it talks to; kept as a plain id (the transfer outlives a deleted integration). */
    integrationId: uuid('integration_id'),
    service: text('service').notNull(),
    /** 'import' | 'export' | 'share' */
    transferType: text('transfer_type').notNull(),
    title: text('title').notNull(),
    /** 'queued' | 'in_progress' | 'finished' | 'failed' | 'cancelled' */
    status: text('status').notNull().default('queued'),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    shareFromPs: boolean('share_from_ps').notNull().default(false),
    totalItems: integer('total_items').notNull().default(0),
    doneItems: integer('done_items').notNull().default(0),
    totalBytes: bigint('total_bytes', { mode: 'number' }).notNull().default(0),
    doneBytes: bigint('done_bytes', { mode: 'number' }).notNull().default(0),
    /** bucket/folder written to (export) or the project folder (import) */
    destination: text('destination'),
    /** What the runner needs besides the items (plain JSON, no secrets). */
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  // newest first by (created_at, id), NULLS as the query's DESC means
  (t) => [
    index('transfers_project_idx').on(t.projectId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * One object of a transfer. A multipart export (or import of a large object) keeps its upload id
 * and the parts already sent, so a restart continues from the next part (s3rver and some S3-compatible stores have no ListParts).
 */
export const transferItems = pgTable(
  'transfer_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** import: the object key; export: the asset id */
    source: text('source').notNull(),
    /** import: the new asset's id; export: the object key written */
    target: text('target').notNull(),
    title: text('title').notNull(),
    /** the project folder path an import lands in */
    folderPath: text('folder_path'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    /** 'pending' | 'done' */
    status: text('status').notNull().default('pending'),
    uploadId: text('upload_id'),
    parts: jsonb('parts').$type<{ PartNumber: number; ETag: string }[]>().notNull().default([]),
    /** import: the object's ETag when it was chosen; ranged GETs of a resumed import require it (If-Match) */
    sourceEtag: text('source_etag'),
  },
  (t) => [
    index('transfer_items_transfer_idx').on(t.transferId, t.position),
    // the hourly uploads sweep asks which of its orphan store uploads a transfer still holds
    index('transfer_items_upload_idx').on(t.uploadId),
  ],
);
