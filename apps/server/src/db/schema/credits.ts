import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';

/** Millisecond timestamps, so a value round-trips through JavaScript exactly. */
const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** Whole paise as a JavaScript number (exact up to 2^53 paise, about 90 trillion rupees). */
const paise = (name: string) => bigint(name, { mode: 'number' });

export const CREDIT_LEDGER_KINDS = ['purchase', 'spend', 'refund', 'adjustment'] as const;

/**
 * A team's credit balance (DESIGN §9): one row per team, locked (`SELECT … FOR UPDATE`) by
 * every change in the same transaction that appends the ledger entry, so changes of one team are
 * serialised. balance_paise always equals the sum of the team's ledger amounts, and can never go
 * below zero (the CHECK is the last line of defence behind the service's own test). entries_count is
 * the seq of the team's newest entry.
 */
export const creditBalances = pgTable(
  'credit_balances',
  {
    teamId: uuid('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    balancePaise: paise('balance_paise').notNull().default(0),
    entriesCount: paise('entries_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credit_balances_balance_check', sql`${t.balancePaise} >= 0`),
    check('credit_balances_entries_check', sql`${t.entriesCount} >= 0`),
  ],
);

/**
 * The credit ledger: append-only (a trigger refuses UPDATE; rows go only with their team). Every
 * entry carries the team's idempotency key of the request that made it (unique per team: a retried
 * request finds its first entry and applies nothing), its signed amount in paise (purchase and refund
 * add, spend takes away, adjustment either), the balance it left, and what it was for (reason, and
 * ref_type/ref_id: e.g. 'payment' and the payment id, 'subscription' and the plan). A refund names
 * the spend it returns (refund_of); the refunds of one spend never add up to more than it took.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** 1, 2, … per team: the order of the balance changes (keyset paging runs on it). */
    seq: paise('seq').notNull(),
    kind: text('kind', { enum: CREDIT_LEDGER_KINDS }).notNull(),
    amountPaise: paise('amount_paise').notNull(),
    balanceAfterPaise: paise('balance_after_paise').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    reason: text('reason').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    refundOf: uuid('refund_of'),
    /**
     * Who asked (null for the system). No foreign key: the ledger is never updated, so it keeps the id
     * of a user who was later deleted.
     */
    userId: uuid('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_ledger_team_key').on(t.teamId, t.idempotencyKey),
    uniqueIndex('credit_ledger_team_seq').on(t.teamId, t.seq),
    index('credit_ledger_refund_of_idx').on(t.refundOf),
    check(
      'credit_ledger_kind_sign_check',
      sql`(${t.kind} in ('purchase', 'refund') and ${t.amountPaise} > 0) or (${t.kind} = 'spend' and ${t.amountPaise} < 0) or (${t.kind} = 'adjustment' and ${t.amountPaise} <> 0)`,
    ),
    check('credit_ledger_balance_after_check', sql`${t.balanceAfterPaise} >= 0`),
    check('credit_ledger_refund_check', sql`(${t.kind} = 'refund') = (${t.refundOf} is not null)`),
  ],
);
