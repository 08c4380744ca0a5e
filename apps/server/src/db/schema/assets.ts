import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { projects } from './projects.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Assets and folders (spec 000 §3 Asset, Asset file info). id is ingest_db_id; ingest_code the human
 * ingest_id. Files arrive with the uploads issue (blob_key, size, media fields); folders are rows
 * with is_folder. search_text (title, additional name, keywords) is kept by the service; its
 * tsvector is a stored generated column with a GIN index.
 */
export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => assets.id, { onDelete: 'cascade' }),
    isFolder: boolean('is_folder').notNull().default(false),
    title: text('title').notNull(),
    fileType: text('file_type', { enum: ['folder', 'image', 'audio', 'video', 'other'] }).notNull(),
    /** '/A/B' for an asset inside folder B inside A; '/' at the root */
    folderPath: text('folder_path').notNull().default('/'),
    ingestCode: text('ingest_code').notNull().unique(),
    additionalFilename: text('additional_filename').notNull().default(''),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    backgroundColor: text('background_color'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    mimeType: text('mime_type'),
    extension: text('extension'),
    durationSeconds: real('duration_seconds'),
    format: text('format'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedFrom: text('uploaded_from').notNull().default('Web'),
    /** asset kind (spec 002 §3): camera_to_edit_asset for files a C2E session received */
    kind: text('kind', { enum: ['project_asset', 'user_asset', 'camera_to_edit_asset'] })
      .notNull()
      .default('project_asset'),
    /** ingest status codes (spec 002 §4); folders are finished (1) */
    status: smallint('status').notNull().default(0),
    approvalStatus: smallint('approval_status').notNull().default(0),
    blobKey: text('blob_key'),
    thumbnailKey: text('thumbnail_key'),
    /** web-playable H.264/AAC MP4 made by the media pipeline when browsers cannot play the original */
    proxyKey: text('proxy_key'),
    /** what ffprobe found: main codec(s), e.g. 'prores / pcm_s16le', and the picture size */
    codec: text('codec'),
    width: integer('width'),
    height: integer('height'),
    /** the video stream's frame rate (ffprobe avg_frame_rate, e.g. 29.97); null for audio, images, unknown */
    frameRate: real('frame_rate'),
    /**
     * The hover-scrub sprite sheet of a video (one JPEG of tiles, made by the media pipeline after the
     * proxy) and its layout; null until made or for anything but video.
     */
    spriteKey: text('sprite_key'),
    spriteInfo: jsonb('sprite_info').$type<{
      cols: number;
      rows: number;
      count: number;
      tileWidth: number;
      tileHeight: number;
      intervalSeconds: number;
    }>(),
    /** PDFs: how many pages were rendered to images under pages_key (`<pages_key>/<n>.jpg`, n from 1) */
    pageCount: integer('page_count'),
    pagesKey: text('pages_key'),
    /**
     * True while the asset is a newer version in a stack (an asset_versions row names it): it is not
     * listed in its folder nor counted in asset_entries. Kept by a trigger on asset_versions.
     */
    inStack: boolean('in_stack').notNull().default(false),
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', ${assets.searchText})`,
    ),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Keyset listing of a folder; the root (parent_id is null) has its own partial index, because
    // IS NULL is no equality for the planner's sort order and the first index could not serve it.
    index('assets_list_idx').on(t.projectId, t.parentId, t.isFolder.desc(), sql`lower(${t.title})`, t.id),
    index('assets_root_list_idx')
      .on(t.projectId, t.isFolder.desc(), sql`lower(${t.title})`, t.id)
      .where(sql`${t.parentId} is null`),
    index('assets_search_idx').using('gin', t.searchVector),
    index('assets_parent_idx').on(t.parentId),
    index('assets_blob_key_idx')
      .on(t.blobKey)
      .where(sql`${t.blobKey} is not null`),
    index('assets_thumbnail_key_idx')
      .on(t.thumbnailKey)
      .where(sql`${t.thumbnailKey} is not null`),
    index('assets_proxy_key_idx')
      .on(t.proxyKey)
      .where(sql`${t.proxyKey} is not null`),
    index('assets_sprite_key_idx')
      .on(t.spriteKey)
      .where(sql`${t.spriteKey} is not null`),
  ],
);

/** How a user browses assets (list or grid, and the grid's card size): remembered across devices. */
export const userAssetViews = pgTable('user_asset_views', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  view: text('view', { enum: ['list', 'grid'] })
    .notNull()
    .default('list'),
  cardSize: smallint('card_size').notNull().default(220),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many listed assets each container holds: a folder (container_id = the folder's id)
 * or a project's root (container_id = the project's id). Kept by statement triggers on assets in the
 * transaction that inserts, deletes or moves the rows (migration 0016_asset_entries); corrected
 * hourly by the assets.check_counts job. The folder list's total_entries reads it instead of counting.
 */
export const assetEntries = pgTable(
  'asset_entries',
  {
    containerId: uuid('container_id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    entries: integer('entries').notNull().default(0),
  },
  (t) => [index('asset_entries_project_idx').on(t.projectId)],
);
