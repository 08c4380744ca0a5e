import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';

const paise = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** Tax lines fixed when the payment was made (what the order charged; the invoice prints them). */
export interface StoredGst {
  supplierState: string;
  placeOfSupply: string;
  sac: string;
  rateBps: number;
  lines: { tax: 'CGST' | 'SGST' | 'IGST'; rateBps: number; amountPaise: number }[];
}

/**
 * One payment: what a team pays a provider for (purpose), in whole paise. The row id is
 * the receipt sent to the provider (our idempotency key toward it: one order per row); the team's
 * request key is unique per team, so a retried request finds its payment. Status moves created →
 * paid or failed, failed → paid (a later attempt on the same order succeeds), and never back from
 * paid (the service's rule; the CHECK keeps paid_at set exactly for paid rows).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Who started it (no key: kept when the user is gone). */
    userId: uuid('user_id'),
    provider: text('provider', { enum: ['test', 'razorpay'] }).notNull(),
    kind: text('kind', { enum: ['credits', 'plan_upgrade', 'renewal', 'storage'] }).notNull(),
    purpose: jsonb('purpose').notNull(),
    description: text('description').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    taxablePaise: paise('taxable_paise').notNull(),
    taxPaise: paise('tax_paise').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    gst: jsonb('gst').$type<StoredGst>().notNull(),
    status: text('status', { enum: ['created', 'paid', 'failed'] })
      .notNull()
      .default('created'),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    failureReason: text('failure_reason'),
    createdAt: at('created_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
  },
  (t) => [
    uniqueIndex('payments_team_key').on(t.teamId, t.idempotencyKey),
    uniqueIndex('payments_provider_order').on(t.provider, t.providerOrderId),
    index('payments_team_created_idx').on(t.teamId, t.createdAt),
    check(
      'payments_amount_check',
      sql`${t.taxablePaise} > 0 and ${t.taxPaise} >= 0 and ${t.amountPaise} = ${t.taxablePaise} + ${t.taxPaise}`,
    ),
    check('payments_paid_at_check', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
  ],
);

/**
 * Provider webhook events already processed, by the provider's event id (X-Razorpay-Event-Id): a
 * replayed delivery finds its row and changes nothing. Written in the transaction that applies the
 * event, so an event whose processing failed is processed again when the provider retries it.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    paymentId: uuid('payment_id'),
    /** What the event did: 'paid', 'failed', 'ignored' (paid already, unknown order, …). */
    outcome: text('outcome').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * GST tax invoices (Rule 46), one per paid payment, numbered consecutively per financial year. The
 * recipient's details are copied at issue, so a later edit of the billing details does not change
 * an issued invoice.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    number: text('number').notNull(),
    issuedAt: at('issued_at').notNull().defaultNow(),
    /** The supplier and recipient as printed (InvoiceParties in payments/invoice.data.ts). */
    parties: jsonb('parties').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_year_serial').on(t.financialYear, t.serial),
    uniqueIndex('invoices_number').on(t.number),
    check('invoices_number_length', sql`char_length(${t.number}) <= 16`),
  ],
);

/** The last serial of each financial year; locked while a number is allocated. */
export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastSerial: integer('last_serial').notNull().default(0),
});
