import { randomBytes } from 'node:crypto';
import { PAYMENT_TEXT } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { hmacHex } from './payments.signature.ts';
import { findPayment, providerOf, type PaymentRow } from './payments.service.ts';
import { receiveWebhook } from './payments.webhook.ts';

const rid = (prefix: string) => `${prefix}_test_${randomBytes(7).toString('hex')}`;

/**
 * The test-mode provider's checkout outcome: the user completes or declines on the in-app
 * checkout page, and the server sends itself the event Razorpay would send — Razorpay's shape,
 * signed with the test provider's webhook secret — through the SAME path as a real webhook
 * (`receiveWebhook`), so the same code verifies, de-duplicates and fulfils both.
 */
export async function settleTestPayment(
  ctx: AppContext,
  payment: PaymentRow,
  outcome: 'complete' | 'decline',
) {
  const provider = providerOf(ctx);
  if (provider.name !== 'test' || payment.provider !== 'test') {
    throw new AppError(PAYMENT_TEXT.testModeOff, { status: 403 });
  }
  if (payment.status === 'paid' || !payment.providerOrderId) {
    throw new AppError(PAYMENT_TEXT.notPayable, { status: 409 });
  }
  const orderId = payment.providerOrderId;
  const payId = rid('pay');
  const paid = outcome === 'complete';
  const event = {
    entity: 'event',
    account_id: 'acc_test',
    event: paid ? 'order.paid' : 'payment.failed',
    contains: paid ? ['payment', 'order'] : ['payment'],
    payload: {
      payment: {
        entity: {
          id: payId,
          entity: 'payment',
          amount: payment.amountPaise,
          currency: payment.currency,
          status: paid ? 'captured' : 'failed',
          order_id: orderId,
          method: 'test',
          captured: paid,
          error_description: paid ? null : PAYMENT_TEXT.declined,
        },
      },
      ...(paid
        ? {
            order: {
              entity: {
                id: orderId,
                entity: 'order',
                amount: payment.amountPaise,
                amount_paid: payment.amountPaise,
                amount_due: 0,
                currency: payment.currency,
                receipt: payment.id,
                status: 'paid',
              },
            },
          }
        : {}),
    },
    created_at: Math.floor(Date.now() / 1000),
  };
  const raw = Buffer.from(JSON.stringify(event));
  await receiveWebhook(ctx, provider, {
    raw,
    signature: hmacHex(provider.webhookSecret, raw),
    eventId: rid('evt'),
  });
  return (await findPayment(ctx.db, payment.id))!;
}
