import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts.ts';
import { assets } from './assets.ts';
import { projects } from './projects.ts';

/**
 * Assets shared with a user (spec 002 §2 home tray 'Shared Assets'). The sharing issue writes these
 * rows (through modules/shares); the home tray reads them newest first by a (created_at, id) keyset.
 * An asset shared again with the same person keeps one row; deleting the asset or either user drops it.
 */
export const assetShares = pgTable(
  'asset_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    sharedWithUserId: uuid('shared_with_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedByUserId: uuid('shared_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** milliseconds, so the keyset cursor round-trips through JavaScript exactly */
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('asset_shares_asset_user_idx').on(t.assetId, t.sharedWithUserId),
    // the tray: one user's shares, newest first, keyset (created_at, id)
    index('asset_shares_tray_idx').on(
      t.sharedWithUserId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * A review link: one per shared asset and share action. Only the SHA-256 of its 256-bit
 * token is stored. It expires at expires_at (1 to 120 h after sharing) or at once when revoked. The
 * passcode is stored as an argon2id hash. gate_* count passcode tries per link in a one-minute window
 * (the per-link slowdown; see share_link_attempts for the per-address one).
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    durationHours: integer('duration_hours').notNull(),
    isDownloadAllowed: boolean('is_download_allowed').notNull().default(false),
    passcodeHash: text('passcode_hash'),
    /**
     * What the link holds: one asset (asset_id), several (share_link_items, in playlist order; asset_id
     * is the first) or a folder (asset_id is the folder; its files at the time of viewing).
     */
    kind: text('kind', { enum: ['asset', 'assets', 'folder'] })
      .notNull()
      .default('asset'),
    /** the name shown on the Share Links page and the review page; null shows the asset's title */
    title: text('title'),
    /** the token sealed (AES-256-GCM under the server's secret) so members can copy the link again */
    tokenSealed: text('token_sealed'),
    /** burn the viewer's e-mail and the time into the review stream */
    watermark: boolean('watermark').notNull().default(false),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    gateWindowStart: timestamp('gate_window_start', { withTimezone: true }),
    gateWindowCount: integer('gate_window_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('share_links_token_idx').on(t.tokenHash),
    index('share_links_asset_idx').on(t.assetId),
    // the Share Links page: a project's links, newest first
    index('share_links_project_idx').on(t.projectId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** The assets of a link that holds several, in playlist order (position from 0). */
export const shareLinkItems = pgTable(
  'share_link_items',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.assetId] }), index('share_link_items_asset_idx').on(t.assetId)],
);

/**
 * A watermarked review stream: the asset's picture with the viewer's e-mail and the time burned in,
 * made once per link, asset and viewer by a job (status pending | ready | failed).
 */
export const shareWatermarks = pgTable(
  'share_watermarks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    viewerEmail: text('viewer_email').notNull(),
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    blobKey: text('blob_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('share_watermarks_viewer_idx').on(t.linkId, t.assetId, t.viewerEmail)],
);

/** The people a link was shared with: a user, or an e-mail invited (shown 'Pending' until they join). */
export const shareLinkRecipients = pgTable(
  'share_link_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('share_link_recipients_user_idx').on(t.linkId, t.userId),
    uniqueIndex('share_link_recipients_email_idx').on(t.linkId, t.email),
    index('share_link_recipients_email_lookup_idx').on(t.email),
  ],
);

/** Views of a review link: by a logged-in user when there is one, else anonymous (address kept hashed). */
export const shareLinkViews = pgTable(
  'share_link_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    addressHash: text('address_hash').notNull(),
    /** the e-mail a viewer gave to open a watermarked link */
    viewerEmail: text('viewer_email'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('share_link_views_link_idx').on(t.linkId, t.viewedAt)],
);

/** Wrong passcodes per link and client address: the per-address slowdown (doubling wait after 5). */
export const shareLinkAttempts = pgTable(
  'share_link_attempts',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    failures: integer('failures').notNull().default(0),
    nextAllowedAt: timestamp('next_allowed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.addressHash] })],
);

/** A passcode accepted on a link: the browser holds the random grant in a cookie, we keep its hash. */
export const shareLinkGrants = pgTable(
  'share_link_grants',
  {
    grantHash: text('grant_hash').primaryKey(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('share_link_grants_link_idx').on(t.linkId)],
);

/**
 * Review comments on an asset (spec 002 §3 Asset comments): anchored to a frame (number
 * and the frame rate it was counted at) or, for images, to a point; an optional drawing (vector
 * shapes over the paused frame, stored as JSON); replies point at their top comment; a top comment
 * is resolved or not. A guest's comment (through a live review link) carries its typed name.
 */
export const assetComments = pgTable(
  'asset_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    guestName: text('guest_name'),
    linkId: uuid('link_id').references(() => shareLinks.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    frame: integer('frame'),
    /** a range comment's last frame (in/out); null on a comment at one frame */
    frameOut: integer('frame_out'),
    frameRate: real('frame_rate'),
    /** images and documents: the page (from 1) and the point on it (x, y in 0..1) */
    page: integer('page'),
    x: real('x'),
    y: real('y'),
    drawing: jsonb('drawing'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('asset_comments_asset_idx').on(t.assetId, t.createdAt, t.id),
    index('asset_comments_parent_idx').on(t.parentId),
    // The timeline list's keyset: frame, then page, unanchored last, as non-null
    // expressions (a key of the cursor comparison cannot be NULL); 2^31 is past every int frame/page.
    index('asset_comments_timeline_idx')
      .on(
        t.assetId,
        sql`coalesce(${t.frame}::bigint, 2147483648)`,
        sql`coalesce(${t.page}::bigint, 2147483648)`,
        t.createdAt,
        t.id,
      )
      .where(sql`${t.parentId} is null`),
  ],
);

/**
 * Version stacks: an asset uploaded as a new version of another. The root asset is
 * version 1 and keeps its id, so review links (which name the root) stay stable and show the
 * newest version; each version keeps its own comments. Version rows are not listed in folders.
 */
export const assetVersions = pgTable(
  'asset_versions',
  {
    assetId: uuid('asset_id')
      .primaryKey()
      .references(() => assets.id, { onDelete: 'cascade' }),
    rootId: uuid('root_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    versionNo: integer('version_no').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('asset_versions_root_no_idx').on(t.rootId, t.versionNo)],
);
