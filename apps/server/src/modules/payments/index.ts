import { defineModule } from '../../platform/modules.ts';
import { paymentPolicy } from './payments.policy.ts';
import { registerInvoiceIssue } from './invoice.issue.ts';
import { registerCreditsFulfilment } from './payments.fulfil.ts';
import { registerPaymentMappers } from './payments.realtime.ts';
import { paymentsRoutes } from './payments.routes.ts';

// What other modules may call (everything else in this folder is internal). Amounts: whole paise.
//
// To take a payment: authorize the caller, keep what is being bought under a key of your own, then
//   const started = await createPayment(ctx, { teamId, userId, purpose: { kind: 'storage', purchaseKey },
//     taxablePaise, description, idempotencyKey });
// and send the browser to started.checkoutUrl. When it is paid, 'payments.paid' is emitted in the
// transaction that marked it paid; fulfil with a DURABLE listener that is idempotent by paymentId:
//   ctx.events.on('payments.paid', fn, { durable: true, id: 'plans.apply_purchase',
//     when: (e) => e.purpose.kind !== 'credits' });
export { createPayment, findPayment } from './payments.service.ts';
export { authorizePayment } from './payments.policy.ts';
export type { CreatePayment, PaymentsPaid, StartedPayment } from './payments.service.ts';

/** Payments: providers (test mode, Razorpay), checkout, webhooks, fulfilment of credits, GST invoices. */
export const paymentsModule = defineModule({
  name: 'payments',
  policies: { 'payments.authorizePayment': paymentPolicy() },
  routes: [paymentsRoutes],
  listeners: [registerCreditsFulfilment, registerInvoiceIssue, registerPaymentMappers],
});
