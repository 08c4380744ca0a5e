import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { projects } from './projects.ts';
import { teams } from './teams.ts';

/**
 * A team's subscription state beside its plan (teams.plan_code), owned by the plans module
 * (spec 002 §3 Subscription state). No row = a team that never paid: no renewal date, nothing added.
 */
export const teamSubscriptions = pgTable(
  'team_subscriptions',
  {
    teamId: uuid('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The day the paid plan renews (UTC midnight); null on Free and Enterprise by contract. */
    renewalDate: timestamp('renewal_date', { withTimezone: true }),
    /** Add-on storage in GB, in steps of the plan's storage_size_addition_step. */
    storageAddedGb: integer('storage_added_gb').notNull().default(0),
    /** An upgrade paid by a payment that has not arrived yet: the plan it goes to and until when we wait. */
    pendingPlanCode: text('pending_plan_code'),
    pendingUntil: timestamp('pending_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('team_subscriptions_storage_added_check', sql`${t.storageAddedGb} >= 0`)],
);

/**
 * What a subscription purchase bought, by the idempotency key of the credits spend or the payment:
 * applying the same purchase twice (a retried request, a replayed payments.paid) finds its row.
 */
export const subscriptionPurchases = pgTable('subscription_purchases', {
  key: text('key').primaryKey(),
  teamId: uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** plan_upgrade | renewal | storage */
  purpose: text('purpose').notNull(),
  planCode: text('plan_code'),
  months: integer('months'),
  storageGb: integer('storage_gb'),
  /** What it cost in PSC (rupees), to the paisa. */
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  /** 'credits' | 'payment' */
  paidWith: text('paid_with').notNull(),
  /** pending (a payment not paid yet) | applied */
  status: text('status').notNull().default('pending'),
  createdAt: createdAt(),
});

/**
 * One cloud-workstation session's usage (written by the cloud module through plans' recordCloudUsage):
 * the statistics page's cloud usage and the plan's machine hours come from these rows.
 */
export const cloudUsageRecords = pgTable(
  'cloud_usage_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The writer's own id for the session (unique): writing the same session twice keeps one row. */
    sourceId: text('source_id').unique(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    taskId: uuid('task_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    hardware: text('hardware').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    psc: numeric('psc', { precision: 14, scale: 2 }).notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [index('cloud_usage_team_started_idx').on(t.teamId, t.startedAt)],
);
