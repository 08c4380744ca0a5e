import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Every e-mail the product sends. With SMTP configured a job delivers 'pending' rows; without it
 * (embedded default) rows are 'stored' and readable on the dev outbox page.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['stored', 'pending', 'sent', 'failed'] }).notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_to_idx').on(t.toAddress, t.createdAt),
  ],
);

/** Durable jobs and timers, claimed with FOR UPDATE SKIP LOCKED by any number of workers. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    data: jsonb('data').notNull().default({}),
    state: text('state', { enum: ['queued', 'active', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    singletonKey: text('singleton_key').unique(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  // what claimDueJobs reads, one index per kind of due job (jobStore.ts says why)
  (t) => [
    index('jobs_queued_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.state} = 'queued'`),
    index('jobs_lock_expiry_idx')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'active'`),
  ],
);

/**
 * One-off seeds done in this database (the demo project): a row is written in the seed's own
 * transaction, so a seed runs once and whole, and what it made may be deleted without coming back.
 */
export const seedMarks = pgTable('seed_marks', {
  name: text('name').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});
