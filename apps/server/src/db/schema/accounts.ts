import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

/** The plan catalogue; null limits are unlimited. Seeded at boot from packages/shared PLANS (insert only). */
export const plans = pgTable('plans', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
  amount: integer('amount').notNull(),
  isFree: boolean('is_free').notNull(),
  isEnterprise: boolean('is_enterprise').notNull(),
  isTeamPlan: boolean('is_team_plan').notNull(),
  teamLimit: integer('team_limit'),
  collaboratorsLimit: integer('collaborators_limit'),
  projectLimit: integer('project_limit'),
  concurrentSystems: integer('no_of_concurrent_systems'),
  machineHourLimit: integer('machine_hour_limit'),
  storageGb: integer('storage_gb').notNull(),
  amountPerGbStorage: real('amount_per_gb_storage').notNull(),
  storageStepGb: integer('storage_size_addition_step').notNull(),
});

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

/** Server-side sessions; the cookie carries the raw id, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['full', 'pending_2fa'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * One-time secrets: e-mail links (verify, reset) and 6-digit codes (2FA). Only a keyed hash is stored;
 * each is bound to its user, purpose and scope, single use, short-lived and dies after 5 wrong tries.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify_email', 'reset_password', 'login_2fa', 'toggle_2fa'],
    }).notNull(),
    scope: text('scope').notNull().default(''),
    secretHash: text('secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    requestIp: text('request_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    index('one_time_codes_secret_idx').on(t.secretHash),
  ],
);
