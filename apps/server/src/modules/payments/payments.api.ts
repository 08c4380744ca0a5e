import { and, desc, eq, lt, or } from 'drizzle-orm';
import {
  PAISE_PER_PSC,
  PAYMENT_TEXT,
  paiseToPsc,
  type AddCreditsBody,
  type CheckoutDetail,
  type PaymentList,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { invoices, payments } from '../../db/schema/index.ts';
import { decodeKeyset, encodeKeyset, isCursorId } from '../../platform/http/cursor.ts';
import { AppError } from '../../platform/http/errors.ts';
import { balanceOf } from '../credits/index.ts';
import { createPayment, findPayment, providerOf, type PaymentRow } from './payments.service.ts';
import { settleTestPayment } from './payments.testmode.ts';

const outcome = (row: PaymentRow) => ({
  status: row.status,
  message:
    row.status === 'paid'
      ? PAYMENT_TEXT.paid
      : row.status === 'failed'
        ? PAYMENT_TEXT.declined
        : PAYMENT_TEXT.waiting,
});

const decodeCursor = (raw: string | undefined) =>
  decodeKeyset(
    raw,
    (v): v is [string, string] =>
      v.length === 2 && typeof v[0] === 'string' && !Number.isNaN(Date.parse(v[0])) && isCursorId(v[1]),
  );

/**
 * The payments routes' work, once their policy passed before the handler (the payment's starter or
 * the team's admins; the credits admins for the team's purchases and list): calls the payment core.
 */
export function createPaymentsApi(ctx: AppContext) {
  const { db } = ctx;
  return {
    /** Add credits (spec 002 §7): a payment of `credits` PSC plus GST, completed at checkout. */
    async addCredits(userId: string, body: AddCreditsBody) {
      const started = await createPayment(ctx, {
        teamId: body.team_db_id,
        userId,
        purpose: { kind: 'credits', credits: body.credits },
        taxablePaise: body.credits * PAISE_PER_PSC,
        description: `Prepaid credits: ${body.credits.toLocaleString('en-IN')} PSC`,
        idempotencyKey: `credits:${body.idempotency_key}`,
      });
      const balance = await balanceOf(db, body.team_db_id);
      return {
        message: PAYMENT_TEXT.checkoutTitle,
        payment_id: started.paymentId,
        checkout_url: started.checkoutUrl,
        taxable: paiseToPsc(started.taxablePaise),
        tax: paiseToPsc(started.taxPaise),
        amount: paiseToPsc(started.amountPaise),
        credits_available: balance.credits_available,
      };
    },

    async checkout(p: PaymentRow): Promise<CheckoutDetail> {
      const provider = providerOf(ctx);
      const [invoice] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.paymentId, p.id));
      return {
        payment_db_id: p.id,
        team_db_id: p.teamId,
        provider: p.provider,
        status: p.status,
        kind: p.kind,
        description: p.description,
        taxable: paiseToPsc(p.taxablePaise),
        tax: paiseToPsc(p.taxPaise),
        amount: paiseToPsc(p.amountPaise),
        currency: 'INR',
        order_id: p.providerOrderId,
        key_id: p.provider === 'razorpay' ? provider.publicKey : null,
        has_invoice: Boolean(invoice),
      };
    },

    async settleTest(p: PaymentRow, how: 'complete' | 'decline') {
      return outcome(await settleTestPayment(ctx, p, how));
    },

    /**
     * The Razorpay checkout handler's answer: its signature is checked (a forged one is refused), but
     * the payment is marked paid only by the webhook; the page waits for that.
     */
    async verifyRazorpay(
      p: PaymentRow,
      body: {
        payment_db_id: string;
        razorpay_order_id: string;
        razorpay_payment_id: string;
        razorpay_signature: string;
      },
    ) {
      const provider = providerOf(ctx);
      const ok =
        p.provider === 'razorpay' &&
        p.providerOrderId === body.razorpay_order_id &&
        provider.checkoutSignatureMatches(
          body.razorpay_order_id,
          body.razorpay_payment_id,
          body.razorpay_signature,
        );
      if (!ok) throw new AppError(PAYMENT_TEXT.badSignature, { status: 400 });
      return outcome((await findPayment(db, p.id))!);
    },

    /** The team's payments, newest first (keyset on created_at, id). */
    async list(q: { team_db_id: string; entries_per_page: number; cursor?: string }): Promise<PaymentList> {
      const cursor = decodeCursor(q.cursor);
      const where = [eq(payments.teamId, q.team_db_id)];
      if (cursor) {
        const at = new Date(cursor[0]);
        where.push(
          or(lt(payments.createdAt, at), and(eq(payments.createdAt, at), lt(payments.id, cursor[1])))!,
        );
      }
      const rows = await db
        .select({ p: payments, number: invoices.number })
        .from(payments)
        .leftJoin(invoices, eq(invoices.paymentId, payments.id))
        .where(and(...where))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(q.entries_per_page + 1);
      const page = rows.slice(0, q.entries_per_page);
      const last = page[page.length - 1]?.p;
      return {
        payments: page.map(({ p, number }) => ({
          payment_db_id: p.id,
          kind: p.kind,
          description: p.description,
          status: p.status,
          amount: paiseToPsc(p.amountPaise),
          created_on: p.createdAt.toISOString(),
          paid_on: p.paidAt?.toISOString() ?? null,
          invoice_number: number ?? null,
        })),
        next_cursor:
          rows.length > page.length && last ? encodeKeyset([last.createdAt.toISOString(), last.id]) : null,
      };
    },
  };
}
