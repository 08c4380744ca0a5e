import { z } from 'zod';
import {
  PAYMENTS_API,
  addCreditsBody,
  checkoutDetail,
  paymentList,
  paymentOutcome,
  paymentQuery,
  paymentStarted,
  paymentsListQuery,
  razorpayVerifyBody,
} from '../schemas/payments.ts';
import { defineRoutes } from './define.ts';

/**
 * Payments. Team admins buy credits and list the team's payments; the payment's own
 * checkout is for its payer and the team's admins; the webhook is public and proven by its HMAC.
 */
export const paymentsRoutes = defineRoutes('payments', {
  addCredits: {
    method: 'POST',
    path: PAYMENTS_API.addCredits,
    body: addCreditsBody,
    response: paymentStarted,
    policy: 'credits.authorizeCreditsAdmin',
  },
  checkout: {
    method: 'GET',
    path: PAYMENTS_API.checkout,
    query: paymentQuery,
    response: checkoutDetail,
    policy: 'payments.authorizePayment',
  },
  list: {
    method: 'GET',
    path: PAYMENTS_API.list,
    query: paymentsListQuery,
    response: paymentList,
    policy: 'credits.authorizeCreditsAdmin',
  },
  testComplete: {
    method: 'POST',
    path: PAYMENTS_API.testComplete,
    body: paymentQuery,
    response: paymentOutcome,
    policy: 'payments.authorizePayment',
  },
  testDecline: {
    method: 'POST',
    path: PAYMENTS_API.testDecline,
    body: paymentQuery,
    response: paymentOutcome,
    policy: 'payments.authorizePayment',
  },
  razorpayVerify: {
    method: 'POST',
    path: PAYMENTS_API.razorpayVerify,
    body: razorpayVerifyBody,
    response: paymentOutcome,
    policy: 'payments.authorizePayment',
  },
  /** The body is read raw (its HMAC is checked on the exact bytes), so no body schema here. */
  webhook: {
    method: 'POST',
    path: PAYMENTS_API.webhook,
    response: z.object({ received: z.boolean() }),
    public: true,
  },
  /** The PDF bytes; `response` documents the JSON refusal. */
  invoice: {
    method: 'GET',
    path: PAYMENTS_API.invoice,
    query: paymentQuery,
    response: z.null(),
    policy: 'payments.authorizePayment',
    raw: true,
  },
});
