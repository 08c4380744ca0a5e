import type { AppContext } from '../../platform/context.ts';
import { applyPurchase, clearUpgradePending } from '../plans/index.ts';
import { findPayment } from '../payments/index.ts';
import './subscriptions.events.ts';

/**
 * Fulfilment of the purchases paid by a payment (plan_upgrade, renewal, storage). A DURABLE
 * subscriber of payments.paid: it runs as a job enqueued in the transaction that marked the payment
 * paid, at least once, and is idempotent by the purchase key the payment carries (applyPurchase
 * applies a purchase once under the team lock). A payment that failed stops the upgrade's waiting
 * notice.
 */
export function registerSubscriptionFulfilment(ctx: AppContext) {
  ctx.events.on(
    'payments.paid',
    async (paid) => {
      if (paid.purpose.kind === 'credits') return;
      const key = paid.purpose.purchaseKey;
      await ctx.events.transaction(ctx.db, async (tx, emit) => {
        const { applied, purchase } = await applyPurchase(ctx, tx, key, paid.teamId);
        if (!purchase) {
          console.warn(`payments.paid ${paid.paymentId} names no subscription purchase of its team`);
          return;
        }
        if (purchase.amountPaise !== paid.taxablePaise) {
          console.warn(`payment ${paid.paymentId} paid a different amount than purchase ${key}`);
        }
        if (applied) {
          emit('subscription.changed', {
            teamId: purchase.teamId,
            userId: purchase.userId,
            purpose: purchase.purpose,
            applied: true,
          });
        }
      });
    },
    {
      durable: true,
      id: 'subscriptions.apply_purchase',
      when: (paid) => paid.purpose.kind !== 'credits',
    },
  );

  ctx.events.on('payments.updated', async ({ paymentId, status }) => {
    if (status !== 'failed') return;
    const payment = await findPayment(ctx.db, paymentId);
    if (!payment || payment.kind !== 'plan_upgrade') return;
    await ctx.events.transaction(ctx.db, async (tx, emit) => {
      await clearUpgradePending(tx, payment.teamId);
      emit('subscription.changed', {
        teamId: payment.teamId,
        userId: payment.userId,
        purpose: 'plan_upgrade',
        applied: false,
      });
    });
  });
}
