import { boolean, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { teams } from './teams.ts';

/** The app shell's own rows, owned by the shell module. */

/** The first-login product tour, per user: a row with completed_at once finished or dismissed. */
export const productTours = pgTable('product_tours', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/** A team's shell settings: F12 blocking, off by default (opt-in for kiosk screens). */
export const teamShellSettings = pgTable('team_shell_settings', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  blockDevTools: boolean('block_dev_tools').notNull().default(false),
});
