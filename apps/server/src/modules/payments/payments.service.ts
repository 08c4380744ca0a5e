import { and, eq, isNull } from 'drizzle-orm';
import {
  INVOICE_ADDRESS_REQUIRED_ABOVE_PAISE,
  PAYMENT_TEXT,
  SAC_CODES,
  checkoutPath,
  gstBreakdown,
  paymentPurpose,
  type PaymentPurpose,
  type SacKind,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { payments, type StoredGst } from '../../db/schema/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findBilling } from '../billing/index.ts';
import { providerFor, type PaymentProvider } from './payments.providers.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** Sent in the transaction that marks a payment paid (payments.webhook.ts). */
export interface PaymentsPaid {
  paymentId: string;
  teamId: string;
  /** Who started the payment (null: a deleted user). */
  userId: string | null;
  purpose: PaymentPurpose;
  /** What was charged: taxablePaise + GST. */
  amountPaise: number;
  /** The price before GST (what the purpose is worth). */
  taxablePaise: number;
}

declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /**
     * A payment was paid. Fulfilment subscribes DURABLY (`{ durable: true, id }`), filters
     * on `purpose.kind`, and is idempotent by paymentId: the event is delivered at least once.
     */
    'payments.paid': PaymentsPaid;
    /** A payment changed status (realtime hint to its payer). */
    'payments.updated': { paymentId: string; userId: string | null; status: PaymentRow['status'] };
  }
}

/** The provider of each app (tests build many apps in one process). */
const providers = new WeakMap<AppContext, PaymentProvider>();
export function providerOf(ctx: AppContext): PaymentProvider {
  let p = providers.get(ctx);
  if (!p) {
    p = providerFor(ctx.config, ctx.secret);
    providers.set(ctx, p);
  }
  return p;
}

/** The supplier's state: the first two digits of its GSTIN. */
export const supplierStateOf = (ctx: AppContext) => ctx.config.INVOICE_SUPPLIER_GSTIN.slice(0, 2);

/** The SAC line each kind of purchase is invoiced under (docs/decisions/0023-gst-tax-invoices.md, GST). */
export const sacKindOf = (kind: PaymentPurpose['kind']): SacKind =>
  kind === 'credits' ? 'credits' : kind === 'storage' ? 'storage' : 'subscription';

export interface CreatePayment {
  teamId: string;
  userId: string;
  purpose: PaymentPurpose;
  /** The price before GST, whole paise (> 0); GST is added by the team's place of supply. */
  taxablePaise: number;
  /** One line for the checkout and the invoice, e.g. 'Plan upgrade to Pro'. */
  description: string;
  /** Unique per team: the same key again answers the same payment. */
  idempotencyKey: string;
}

export interface StartedPayment {
  paymentId: string;
  /** The in-app page that completes it (both providers). */
  checkoutUrl: string;
  status: PaymentRow['status'];
  taxablePaise: number;
  taxPaise: number;
  amountPaise: number;
}

const conflict = () => new AppError(PAYMENT_TEXT.notPayable, { status: 409 });

const started = (row: PaymentRow): StartedPayment => ({
  paymentId: row.id,
  checkoutUrl: checkoutPath(row.id),
  status: row.status,
  taxablePaise: row.taxablePaise,
  taxPaise: row.taxPaise,
  amountPaise: row.amountPaise,
});

export async function findPayment(db: DbOrTx, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row ?? null;
}

/**
 * Starts a payment (or answers the one an earlier call with the same key started): the row with its
 * GST (fixed now, from the team's place of supply), then the provider's order for it. Call it after
 * authorizing the caller; it commits on its own (the provider is called outside any transaction). A
 * crash between the two is mended by the retry, which creates the missing order.
 */
export async function createPayment(ctx: AppContext, input: CreatePayment): Promise<StartedPayment> {
  const purpose = paymentPurpose.parse(input.purpose);
  if (!Number.isSafeInteger(input.taxablePaise) || input.taxablePaise <= 0) {
    throw new AppError(PAYMENT_TEXT.notPayable, { status: 400 });
  }
  const provider = providerOf(ctx);
  const sac = SAC_CODES[sacKindOf(purpose.kind)];
  const supplierState = supplierStateOf(ctx);
  const billing = await findBilling(ctx.db, input.teamId);
  if (!billing && input.taxablePaise > INVOICE_ADDRESS_REQUIRED_ABOVE_PAISE) {
    throw new AppError(PAYMENT_TEXT.billingDetailsRequired, { status: 400 });
  }
  // Without billing details the place of supply is the supplier's own state (docs/decisions/0023-gst-tax-invoices.md).
  const placeOfSupply = billing?.stateCode ?? supplierState;
  const tax = gstBreakdown(input.taxablePaise, supplierState, placeOfSupply, sac.rateBps);
  const gst: StoredGst = {
    supplierState,
    placeOfSupply,
    sac: sac.sac,
    rateBps: sac.rateBps,
    lines: tax.lines,
  };

  const [inserted] = await ctx.db
    .insert(payments)
    .values({
      teamId: input.teamId,
      userId: input.userId,
      provider: provider.name,
      kind: purpose.kind,
      purpose,
      description: input.description,
      idempotencyKey: input.idempotencyKey,
      taxablePaise: tax.taxablePaise,
      taxPaise: tax.taxPaise,
      amountPaise: tax.totalPaise,
      gst,
    })
    .onConflictDoNothing({ target: [payments.teamId, payments.idempotencyKey] })
    .returning();
  let row = inserted;
  if (!row) {
    const [earlier] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.teamId, input.teamId), eq(payments.idempotencyKey, input.idempotencyKey)));
    const same =
      earlier.kind === purpose.kind &&
      earlier.taxablePaise === input.taxablePaise &&
      JSON.stringify(earlier.purpose) === JSON.stringify(purpose);
    if (!same) throw conflict();
    row = earlier;
  }
  if (!row.providerOrderId && row.status === 'created') {
    const { orderId } = await provider.createOrder({
      receipt: row.id,
      amountPaise: row.amountPaise,
      notes: { payment_db_id: row.id, team_db_id: row.teamId, kind: row.kind },
    });
    const [updated] = await ctx.db
      .update(payments)
      .set({ providerOrderId: orderId })
      .where(and(eq(payments.id, row.id), isNull(payments.providerOrderId)))
      .returning();
    row = updated ?? (await findPayment(ctx.db, row.id))!;
  }
  return started(row);
}
