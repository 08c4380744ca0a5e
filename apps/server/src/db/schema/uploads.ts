import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Upload sessions (spec 002 §7 Uploads): one row per file between start and complete, so an upload
 * survives a page reload and a server restart. The asset row appears only when the upload completes
 * (asset_id is reserved at start and becomes the asset's id). Parts live in the blob store, which is
 * asked for them (listParts) rather than mirrored here.
 */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    /** the upload_id the client sees (the blob store's own upload id stays on the server) */
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * No foreign key on purpose: a session outlives its project's deletion so the hourly cleanup
     * can still abort its parts in the store (a cascade would forget the store's upload id).
     */
    projectId: uuid('project_id').notNull(),
    /**
     * No foreign key either, for the same reason: a session outlives its user's deletion until the
     * hourly cleanup has aborted its parts (nobody else can reach it: sessions are their starter's).
     */
    userId: uuid('user_id').notNull(),
    /** the folder the upload goes into (null: project root); checked again on completion */
    folderId: uuid('folder_id'),
    /** relative to folder_id: '/' or '/A/B' (folders made on completion) */
    folderPath: text('folder_path').notNull().default('/'),
    assetId: uuid('asset_id').notNull(),
    blobKey: text('blob_key').notNull(),
    blobUploadId: text('blob_upload_id').notNull(),
    filename: text('filename').notNull(),
    extension: text('extension').notNull().default(''),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    partSize: integer('part_size').notNull(),
    partCount: integer('part_count').notNull(),
    /** open → completing → completed; aborted sessions are deleted */
    status: text('status', { enum: ['open', 'completing', 'completed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('upload_sessions_asset_key').on(t.assetId),
    // The caller's unfinished uploads of a project, newest first; also the storage reservation sum.
    index('upload_sessions_project_user_idx')
      .on(t.projectId, t.userId, t.createdAt)
      .where(sql`${t.status} <> 'completed'`),
    // The fs part route looks a part's limit up by blob key; the cleanup job scans by age.
    index('upload_sessions_blob_key_idx').on(t.blobKey),
    index('upload_sessions_updated_idx').on(t.updatedAt),
  ],
);
