import { eq } from 'drizzle-orm';
import { STATE_CODES, financialYearOf, invoiceNumber } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../db/client.ts';
import { invoiceCounters, invoices } from '../../db/schema/index.ts';
import { findBilling } from '../billing/index.ts';
import { findTeam } from '../teams/index.ts';
import { findPayment, supplierStateOf } from './payments.service.ts';

export const stateName = (code: string) => STATE_CODES.find((s) => s.code === code)?.name ?? code;

/** Who the invoice is from and to, as printed (copied at issue: later edits do not change it). */
export interface InvoiceParties {
  supplier: { name: string; address: string; gstin: string; stateCode: string; stateName: string };
  recipient: {
    name: string;
    address: string | null;
    gstin: string | null;
    contactEmail: string | null;
    stateCode: string;
    stateName: string;
  };
}

/**
 * Issues the tax invoice of a paid payment, once (Rule 46): the next serial of the payment's
 * financial year is taken under that year's counter row lock, in the transaction that writes the
 * invoice, so numbers are consecutive with no gaps (a rolled-back issue gives its number back) and
 * no two invoices share one. Answers the invoice (the existing one on a repeat).
 */
export async function issueInvoice(ctx: AppContext, paymentId: string) {
  return ctx.db.transaction(async (tx: Tx) => {
    const payment = await findPayment(tx, paymentId);
    if (!payment || payment.status !== 'paid' || !payment.paidAt) return null;
    const fy = financialYearOf(payment.paidAt);
    await tx.insert(invoiceCounters).values({ financialYear: fy }).onConflictDoNothing();
    const [counter] = await tx
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.financialYear, fy))
      .for('update');
    // Under the year's lock: a concurrent delivery for this payment has committed, or not started.
    const [existing] = await tx.select().from(invoices).where(eq(invoices.paymentId, paymentId));
    if (existing) return existing;
    const serial = counter.lastSerial + 1;
    await tx.update(invoiceCounters).set({ lastSerial: serial }).where(eq(invoiceCounters.financialYear, fy));
    const billing = await findBilling(tx, payment.teamId);
    const team = await findTeam(tx, payment.teamId);
    const cfg = ctx.config;
    const supplierState = supplierStateOf(ctx);
    const pos = payment.gst.placeOfSupply;
    const parties: InvoiceParties = {
      supplier: {
        name: cfg.INVOICE_SUPPLIER_NAME,
        address: cfg.INVOICE_SUPPLIER_ADDRESS,
        gstin: cfg.INVOICE_SUPPLIER_GSTIN,
        stateCode: supplierState,
        stateName: stateName(supplierState),
      },
      recipient: {
        name: billing?.companyName ?? team?.name ?? 'Customer',
        address: billing?.billingAddress ?? null,
        gstin: billing?.gstNo ?? null,
        contactEmail: billing?.contactEmail ?? null,
        stateCode: pos,
        stateName: stateName(pos),
      },
    };
    const [invoice] = await tx
      .insert(invoices)
      .values({
        paymentId,
        teamId: payment.teamId,
        financialYear: fy,
        serial,
        number: invoiceNumber(fy, serial),
        issuedAt: payment.paidAt,
        parties,
      })
      .returning();
    return invoice;
  });
}

/** Every paid payment gets its invoice (durable: retried until issued; idempotent by payment). */
export function registerInvoiceIssue(ctx: AppContext) {
  ctx.events.on(
    'payments.paid',
    async (e) => {
      await issueInvoice(ctx, e.paymentId);
    },
    { durable: true, id: 'payments.issue_invoice' },
  );
}
