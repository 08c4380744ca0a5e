import type { AppContext } from '../../platform/context.ts';

/** Payments → realtime: the payer is told a payment changed (the checkout page refetches it). */
export function registerPaymentMappers(ctx: AppContext) {
  ctx.events.on('payments.updated', ({ paymentId, userId, status }) => {
    if (userId) ctx.realtime.toUser(userId, 'payment_update', { payment_db_id: paymentId, status });
  });
}
