import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { plans } from './plans.ts';

/** A team; every user also owns one personal team (is_personal, shown 'My Account'). */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamCode: text('team_code').notNull().unique(),
    name: text('name').notNull(),
    isPersonal: boolean('is_personal').notNull().default(false),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    awsRegion: text('aws_region'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** plans.code; every account and team is on a plan, Free by default. */
    planCode: text('plan_code')
      .notNull()
      .default('free')
      .references(() => plans.code),
    createdAt: createdAt(),
  },
  (t) => [index('teams_owner_idx').on(t.ownerId)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

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
