import { z } from 'zod';
import { MSG, addProductMessages } from '../rules/messages.ts';
import { uuid } from './fields.ts';
import { CREDIT_TEXT } from '../rules/creditText.ts';

/**
 * Prepaid credits (spec 002 §2 add credits, §3 credits_available, §8 'Low Balance', §9 currency):
 * paths, texts, amounts and shapes. 1 PSC = 1 rupee. Amounts are stored and moved as whole
 * paise (integers: 1 PSC = 100 paise), never floats; the API shows PSC (paise / 100).
 */

export const CREDITS_API = {
  /** GET the team's balance (team_db_id) */
  balance: '/api/credits',
  /** GET the team's ledger, newest first, keyset-paged (team_db_id, entries_per_page, cursor) */
  transactions: '/api/credits/transactions',
} as const;

/** 'Low Balance' shows when credits_available is below this many PSC (spec 002 §8, §9). */
export const LOW_BALANCE_PSC = 100;
export const PAISE_PER_PSC = 100;
/** Transactions page size when the caller names none; the largest it may ask for. */
export const CREDIT_TRANSACTIONS_PAGE = 20;
export const CREDIT_TRANSACTIONS_PAGE_MAX = 100;

export const pscToPaise = (psc: number) => Math.round(psc * PAISE_PER_PSC);
export const paiseToPsc = (paise: number) => paise / PAISE_PER_PSC;
/** A PSC amount as shown: en-IN grouping, up to 2 decimals (e.g. '1,23,456.5 PSC'). */
export const formatPsc = (psc: number) =>
  `${psc.toLocaleString('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 })} PSC`;
/** True under 100 PSC (spec 002 §8 'Low Balance'). */
export const isLowBalance = (paise: number) => paise < LOW_BALANCE_PSC * PAISE_PER_PSC;

export const CREDIT_KINDS = ['purchase', 'spend', 'refund', 'adjustment'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

addProductMessages(
  Object.values(CREDIT_TEXT as Record<string, unknown>).filter((v) => typeof v === 'string'),
);

const teamDbId = uuid();

export const creditsQuery = z.object({ team_db_id: teamDbId });

export const creditBalance = z.object({
  team_db_id: z.string(),
  /** PSC (rupees), to the paisa. */
  credits_available: z.number(),
  low_balance: z.boolean(),
});
export type CreditBalance = z.infer<typeof creditBalance>;

export const creditTransactionsQuery = z.object({
  team_db_id: teamDbId,
  entries_per_page: z.coerce
    .number({ error: MSG.invalidValue })
    .int(MSG.invalidValue)
    .min(1, MSG.invalidValue)
    .max(CREDIT_TRANSACTIONS_PAGE_MAX, MSG.invalidValue)
    .default(CREDIT_TRANSACTIONS_PAGE),
  cursor: z.string().max(300).optional(),
});

export const creditTransaction = z.object({
  transaction_db_id: z.string(),
  kind: z.enum(CREDIT_KINDS),
  /** PSC, signed: purchases and refunds add, spends take away, adjustments either. */
  amount: z.number(),
  balance_after: z.number(),
  reason: z.string(),
  ref_type: z.string().nullable(),
  ref_id: z.string().nullable(),
  created_on: z.string(),
  /** The payment whose tax invoice this row can download (purchases paid by a payment). */
  payment_db_id: z.string().nullable(),
});
export type CreditTransaction = z.infer<typeof creditTransaction>;

export const creditTransactionList = z.object({
  transactions: z.array(creditTransaction),
  total_entries: z.number(),
  next_cursor: z.string().nullable(),
});
export type CreditTransactionList = z.infer<typeof creditTransactionList>;
