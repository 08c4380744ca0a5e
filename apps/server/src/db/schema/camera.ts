import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { assets } from './assets.ts';
import { createdAt } from './columns.ts';
import { projects } from './projects.ts';
import { teams } from './teams.ts';

/**
 * Camera-to-edit sessions (spec 001 §3): each one is an FTP account rooted at its destination folder
 * (null: the project's root). The password is kept sealed by the secret box (it is shown again on
 * the details screen); a deleted session's row is gone, so its login is revoked with it.
 */
export const c2eSessions = pgTable(
  'c2e_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** the human session id shown in the list (c2e_session_id) */
    sessionCode: text('session_code').notNull().unique(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => assets.id, { onDelete: 'set null' }),
    cameraModel: text('camera_model').notNull(),
    /** pending → active, pausing → paused, resuming → active (001 §4) */
    status: text('status', { enum: ['pending', 'active', 'pausing', 'paused', 'resuming'] })
      .notNull()
      .default('pending'),
    username: text('username').notNull().unique(),
    passwordSealed: text('password_sealed').notNull(),
    allowPlainFtp: boolean('allow_plain_ftp').notNull().default(false),
    maxFileBytes: bigint('max_file_bytes', { mode: 'number' }).notNull(),
    maxSessionBytes: bigint('max_session_bytes', { mode: 'number' }).notNull(),
    bytesReceived: bigint('bytes_received', { mode: 'number' }).notNull().default(0),
    filesReceived: integer('files_received').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('c2e_sessions_project_idx').on(t.projectId, t.createdAt)],
);

/**
 * Personal access tokens (the uploader logs in with one made in account settings). Only the
 * token's SHA-256 is kept; a token reaches the upload routes and project info only, never the
 * account, and stops working when revoked.
 */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** the token's first characters, to recognise it in the list */
    prefix: text('prefix').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * A token scoped to one project (a cloud workstation's agent): it reaches the upload protocol, that
     * project's info and versions and the agent's own routes only, and no other project (null: all of
     * its user's projects, as the uploader's).
     */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /**
     * What the token may do through the public API: 'read', 'write', 'upload', 'admin'. The uploader's
     * and the workstation agent's tokens carry 'upload' only (the routes they always reached).
     */
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{upload}'::text[]`),
    /** The one team an API token acts in (null: the uploader's and agent's tokens, as before). */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('personal_access_tokens_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The uploader's device logins (like RFC 8628): a program asks, a logged-in user approves or denies
 * by the short user code, and the program collects the personal access token made for it once. Only
 * hashes of both codes are kept (the user code keyed with the server secret: it is short); the token
 * waits sealed until collected, then the column is emptied. Rows past their expiry are deleted.
 */
export const deviceLogins = pgTable(
  'device_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceCodeHash: text('device_code_hash').notNull().unique(),
    userCodeHash: text('user_code_hash').notNull().unique(),
    deviceName: text('device_name').notNull(),
    requestIp: text('request_ip'),
    status: text('status', { enum: ['pending', 'approved', 'denied'] })
      .notNull()
      .default('pending'),
    /** who approved or denied it */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenId: uuid('token_id').references(() => personalAccessTokens.id, { onDelete: 'set null' }),
    /** the approved token, sealed, until the program collects it */
    tokenSealed: text('token_sealed'),
    /** seconds the program must wait between polls (grows by 5 at each slow_down) */
    pollInterval: integer('poll_interval').notNull(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** when the program collected the token (or was told it was denied): no further answer */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('device_logins_expires_idx').on(t.expiresAt)],
);
