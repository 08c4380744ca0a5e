import { boolean, integer, pgTable, real, text } from 'drizzle-orm/pg-core';

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
