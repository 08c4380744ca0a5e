import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** People: owned by the users module (modules/users/users.rows.ts reads and writes them; sign-up is accounts' createUser). */

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    badgeColor: text('badge_color').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * The team the user last switched to, on any device: a browser that has stored no choice opens on
     * it (docs/decisions/0005-teams-permissions-plans.md 'The team a new browser opens on'). No foreign key: it is used only while
     * the user is still a member, so a team deleted or left later is simply passed over.
     */
    lastTeamId: uuid('last_team_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);
