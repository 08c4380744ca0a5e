import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  foreignKey,
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams, users } from './accounts.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A project of a team (spec 002 §3 Project). id is project_db_id; project_code the human Project ID. */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectCode: text('project_code').notNull().unique(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    /** bytes of the project's files (kept by the assets service in the transaction that changes them) */
    storageUsed: bigint('storage_used', { mode: 'number' }).notNull().default(0),
    /** assets of the project, folders included */
    totalAssets: integer('total_assets').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_team_created_idx').on(t.teamId, t.createdAt)],
);

/** Members of a project: one creator, admins and collaborators (spec 002 §3). */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['creator', 'admin', 'collaborator'] }).notNull(),
    /** role badge (spec 000 §4), null when cleared */
    badge: text('badge'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    // Trays page by (created_at, project_id) of the membership; this index serves both trays.
    index('project_members_user_idx').on(t.userId, t.role, t.createdAt, t.projectId),
  ],
);

/** The project permission catalogue; ids are permission_db_id (seeded by migration from PROJECT_PERMISSIONS). */
export const projectPermissions = pgTable('project_permissions', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const projectMemberPermissions = pgTable(
  'project_member_permissions',
  {
    projectId: uuid('project_id').notNull(),
    userId: uuid('user_id').notNull(),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => projectPermissions.id),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId, t.permissionId] }),
    // Deleting a membership deletes its permissions.
    foreignKey({
      name: 'project_member_permissions_member_fk',
      columns: [t.projectId, t.userId],
      foreignColumns: [projectMembers.projectId, projectMembers.userId],
    }).onDelete('cascade'),
  ],
);

/** Pending project invitations by e-mail; only the token's SHA-256 is stored. */
export const projectInvites = pgTable(
  'project_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'collaborator'] }).notNull(),
    permissionIds: integer('permission_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('project_invites_project_email_key').on(t.projectId, sql`lower(${t.email})`),
    index('project_invites_token_idx').on(t.tokenHash),
  ],
);

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
  ],
);
