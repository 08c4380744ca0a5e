import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from './accounts.ts';

/** Permission catalogue; ids are what the API calls permission_db_id. Seeded at boot from TEAM_PERMISSIONS. */
export const permissions = pgTable('permissions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const teamMemberPermissions = pgTable(
  'team_member_permissions',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId, t.permissionId] })],
);

/** Pending invitations by e-mail; the token's SHA-256 is stored, the raw token is only mailed. */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    permissionIds: integer('permission_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_invites_team_email_key').on(t.teamId, sql`lower(${t.email})`),
    index('team_invites_token_idx').on(t.tokenHash),
    index('team_invites_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** Billing details of a team (spec 002 §3 Billing); one row per team. */
export const billingDetails = pgTable('billing_details', {
  id: uuid('id').primaryKey().defaultRandom(),
  teamId: uuid('team_id')
    .notNull()
    .unique()
    .references(() => teams.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull(),
  billingAddress: text('billing_address').notNull(),
  contactEmail: text('contact_email').notNull(),
  alternateEmail: text('alternate_email').notNull(),
  contactPerson: text('contact_person').notNull(),
  stateCode: text('state_code').notNull(),
  gstNo: text('gst_no'),
  panNumber: text('pan_number'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
