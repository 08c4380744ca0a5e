import { index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { assets } from './assets.ts';

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
    index('asset_shares_tray_idx').on(t.sharedWithUserId, t.createdAt.desc(), t.id.desc()),
  ],
);
