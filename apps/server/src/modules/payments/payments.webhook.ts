import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PAYMENT_TEXT, paymentPurpose } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import type { Emit } from '../../platform/events/bus.ts';
import type { Tx } from '../../db/client.ts';
import { paymentEvents, payments } from '../../db/schema/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { PaymentProvider } from './payments.providers.ts';
import { signatureMatches } from './payments.signature.ts';
import { recordAudit } from '../audit/index.ts';
import type { PaymentRow } from './payments.service.ts';

/**
 * Provider webhooks, Razorpay's contract, for both providers:
 * - the HMAC-SHA256 of the RAW body under the webhook secret must equal X-Razorpay-Signature
 *   (constant-time compare); anything else is refused with 400 and changes nothing;
 * - each event id (X-Razorpay-Event-Id) is processed once: a replay finds its payment_events row;
 * - only order.paid and payment.captured mark a payment paid, once, with the amount and currency
 *   the order was made for; payment.failed marks an unpaid payment failed; nothing moves a paid
 *   payment back (events arrive out of order: a failed attempt's event after the paid one);
 * - the payment is marked paid and 'payments.paid' emitted in ONE transaction, so its durable
 *   fulfilment exists exactly when the payment is paid (a crash after the commit: the job runs later;
 *   before it: nothing was recorded, and the provider's retry processes the event again).
 */

const entity = <T extends z.ZodRawShape>(shape: T) => z.object({ entity: z.object(shape).loose() });
const webhookBody = z
  .object({
    event: z.string(),
    payload: z
      .object({
        payment: entity({
          id: z.string(),
          amount: z.number(),
          currency: z.string(),
          status: z.string(),
          order_id: z.string().nullish(),
          error_description: z.string().nullish(),
        }).optional(),
        order: entity({
          id: z.string(),
          amount: z.number(),
          currency: z.string(),
          receipt: z.string().nullish(),
          status: z.string().optional(),
        }).optional(),
      })
      .loose(),
  })
  .loose();
type WebhookBody = z.infer<typeof webhookBody>;

export type WebhookOutcome = 'paid' | 'failed' | 'ignored' | 'replay';

const PAID_EVENTS = new Set(['order.paid', 'payment.captured']);

export interface IncomingWebhook {
  raw: Buffer;
  signature: string | undefined;
  /** X-Razorpay-Event-Id; when a sender omits it, the body's hash stands in. */
  eventId: string | undefined;
}

async function lockPaymentFor(tx: Tx, provider: string, body: WebhookBody): Promise<PaymentRow | null> {
  const orderId = body.payload.order?.entity.id ?? body.payload.payment?.entity.order_id ?? null;
  if (orderId) {
    const [row] = await tx
      .select()
      .from(payments)
      .where(
        and(eq(payments.provider, provider as PaymentRow['provider']), eq(payments.providerOrderId, orderId)),
      )
      .for('update');
    if (row) return row;
  }
  // The order was made but its id not stored (a crash in between): the receipt is our payment id.
  const receipt = body.payload.order?.entity.receipt;
  if (receipt && /^[0-9a-f-]{36}$/i.test(receipt)) {
    const [row] = await tx.select().from(payments).where(eq(payments.id, receipt)).for('update');
    if (row && row.provider === provider && (!row.providerOrderId || row.providerOrderId === orderId))
      return row;
  }
  return null;
}

/** Applies one verified event to its payment, under the payment's row lock. */
async function apply(tx: Tx, emit: Emit, row: PaymentRow | null, body: WebhookBody): Promise<WebhookOutcome> {
  if (!row || row.status === 'paid') return 'ignored';
  const pay = body.payload.payment?.entity;
  const order = body.payload.order?.entity;
  if (PAID_EVENTS.has(body.event)) {
    const amount = pay?.amount ?? order?.amount;
    const currency = pay?.currency ?? order?.currency;
    if (amount !== row.amountPaise || currency !== row.currency) return 'ignored';
    if (body.event === 'payment.captured' && pay?.status !== 'captured') return 'ignored';
    const [paid] = await tx
      .update(payments)
      .set({
        status: 'paid',
        paidAt: new Date(),
        providerPaymentId: pay?.id ?? row.providerPaymentId,
        providerOrderId: row.providerOrderId ?? order?.id ?? pay?.order_id ?? null,
        failureReason: null,
      })
      .where(eq(payments.id, row.id))
      .returning();
    // The payer made it; the call itself is the provider's (its address is the one kept).
    await recordAudit(tx, {
      teamId: paid.teamId,
      action: 'payments.received',
      actor: { id: paid.userId },
      target: { type: 'payment', id: paid.id },
      detail: {
        amount_paise: paid.amountPaise,
        currency: paid.currency,
        provider: paid.provider,
        purpose: paymentPurpose.parse(paid.purpose).kind,
      },
    });
    emit('payments.paid', {
      paymentId: paid.id,
      teamId: paid.teamId,
      userId: paid.userId,
      purpose: paymentPurpose.parse(paid.purpose),
      amountPaise: paid.amountPaise,
      taxablePaise: paid.taxablePaise,
    });
    emit('payments.updated', { paymentId: paid.id, userId: paid.userId, status: 'paid' });
    return 'paid';
  }
  if (body.event === 'payment.failed') {
    await tx
      .update(payments)
      .set({
        status: 'failed',
        failureReason: pay?.error_description ?? null,
        providerPaymentId: pay?.id ?? null,
      })
      .where(eq(payments.id, row.id));
    emit('payments.updated', { paymentId: row.id, userId: row.userId, status: 'failed' });
    return 'failed';
  }
  return 'ignored';
}

/** Verifies and applies one webhook delivery; throws 400 for a bad signature or body. */
export async function receiveWebhook(
  ctx: AppContext,
  provider: PaymentProvider,
  hook: IncomingWebhook,
): Promise<WebhookOutcome> {
  if (!signatureMatches(provider.webhookSecret, hook.raw, hook.signature)) {
    throw new AppError(PAYMENT_TEXT.badSignature, { status: 400 });
  }
  let body: WebhookBody;
  try {
    body = webhookBody.parse(JSON.parse(hook.raw.toString('utf8')));
  } catch {
    throw new AppError(PAYMENT_TEXT.badSignature, { status: 400 });
  }
  const eventId =
    hook.eventId && hook.eventId.length <= 100
      ? hook.eventId
      : `sha256:${createHash('sha256').update(hook.raw).digest('hex')}`;
  return ctx.events.transaction(ctx.db, async (tx, emit) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ provider: provider.name, eventId, event: body.event, outcome: 'received' })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return 'replay';
    const row = await lockPaymentFor(tx, provider.name, body);
    const outcome = await apply(tx, emit, row, body);
    await tx
      .update(paymentEvents)
      .set({ outcome, paymentId: row?.id ?? null })
      .where(and(eq(paymentEvents.provider, provider.name), eq(paymentEvents.eventId, eventId)));
    return outcome;
  });
}
