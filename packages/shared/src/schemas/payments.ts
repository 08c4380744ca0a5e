import { z } from 'zod';
import { MSG, addProductMessages } from '../rules/messages.ts';
import { uuid } from './fields.ts';
import { PAYMENT_TEXT } from '../rules/paymentText.ts';

/**
 * Payments: what is paid for (the purpose), the checkout the browser completes, the add
 * credits request (spec 002 §2, §5, §7) and the texts. Amounts on the wire are PSC/rupees
 * (paise / 100); inside the server, whole paise.
 */

export const PAYMENTS_API = {
  /** POST add credits (team_db_id, credits, idempotency_key): a payment to complete at checkout_url */
  addCredits: '/api/credits/purchase',
  /** GET a payment for its checkout page (payment_db_id) */
  checkout: '/api/payments/checkout',
  /** GET the team's payments, newest first, keyset-paged (team_db_id, entries_per_page, cursor) */
  list: '/api/payments',
  /** POST the test-mode provider's outcome (payment_db_id): the same signed webhook path as Razorpay */
  testComplete: '/api/payments/test/complete',
  testDecline: '/api/payments/test/decline',
  /** POST the Razorpay checkout handler's answer (signature checked; fulfilment waits for the webhook) */
  razorpayVerify: '/api/payments/razorpay/verify',
  /** POST provider webhooks (raw body, X-Razorpay-Signature); no session, no API headers */
  webhook: '/api/payments/webhook',
  /** GET the tax invoice PDF of a paid payment (payment_db_id) */
  invoice: '/api/payments/invoice',
} as const;

/** The web page a payment is completed on (both providers). */
export const checkoutPath = (paymentId: string) => `/checkout/${paymentId}`;

export const PAYMENT_KINDS = ['credits', 'plan_upgrade', 'renewal', 'storage'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * What a payment buys. 'credits' is fulfilled by the payments module itself (grants the credits);
 * the others by the subscriptions side, which keeps the purchase (plan, months, storage) under
 * `purchaseKey` and applies it when `payments.paid` arrives.
 */
export const paymentPurpose = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('credits'), credits: z.number().int().positive() }),
  z.object({ kind: z.literal('plan_upgrade'), purchaseKey: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('renewal'), purchaseKey: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('storage'), purchaseKey: z.string().min(1).max(200) }),
]);
export type PaymentPurpose = z.infer<typeof paymentPurpose>;

export const PAYMENT_STATUSES = ['created', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PROVIDERS = ['test', 'razorpay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * Above this taxable value (paise) an invoice to an unregistered recipient must carry their name and
 * address (Rule 46(e)): a team without billing details cannot pay more.
 */
export const INVOICE_ADDRESS_REQUIRED_ABOVE_PAISE = 50_000_00;

/** The largest credits purchase at once, PSC (decided). */
export const CREDITS_PURCHASE_MAX = 1_000_000;

addProductMessages(
  Object.values(PAYMENT_TEXT as Record<string, unknown>).filter((v) => typeof v === 'string'),
);

/** A client-made key per attempt (the web makes one per open form): a retried request pays once. */
export const idempotencyKeyField = () =>
  z
    .string({ error: MSG.required })
    .min(8, MSG.invalidValue)
    .max(100, MSG.invalidValue)
    .regex(/^[A-Za-z0-9_:-]+$/, MSG.invalidValue);

/** Add credits (spec 002 §5: numeric only, a positive value). */
export const addCreditsBody = z.object({
  team_db_id: uuid(),
  credits: z.coerce
    .number({ error: MSG.enterNumbersOnly })
    .int(MSG.enterNumbersOnly)
    .min(1, MSG.enterNumbersOnly)
    .max(CREDITS_PURCHASE_MAX, MSG.invalidValue),
  idempotency_key: idempotencyKeyField(),
});
export type AddCreditsBody = z.infer<typeof addCreditsBody>;

/** A started payment: where the browser completes it. */
export const paymentStarted = z.object({
  message: z.string(),
  payment_id: z.string(),
  checkout_url: z.string(),
  /** Before tax, tax and total, PSC. */
  taxable: z.number(),
  tax: z.number(),
  amount: z.number(),
  credits_available: z.number(),
});
export type PaymentStarted = z.infer<typeof paymentStarted>;

export const paymentQuery = z.object({ payment_db_id: uuid() });

export const checkoutDetail = z.object({
  payment_db_id: z.string(),
  team_db_id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATUSES),
  kind: z.enum(PAYMENT_KINDS),
  description: z.string(),
  taxable: z.number(),
  tax: z.number(),
  amount: z.number(),
  currency: z.literal('INR'),
  /** The provider's order id (Razorpay's order_…); the browser's checkout opens it. */
  order_id: z.string().nullable(),
  /** Razorpay's public key id (never the secret); null in test mode. */
  key_id: z.string().nullable(),
  has_invoice: z.boolean(),
});
export type CheckoutDetail = z.infer<typeof checkoutDetail>;

export const paymentOutcome = z.object({ status: z.enum(PAYMENT_STATUSES), message: z.string() });

export const razorpayVerifyBody = z.object({
  payment_db_id: uuid(),
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});

export const paymentsListQuery = z.object({
  team_db_id: uuid(),
  entries_per_page: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(300).optional(),
});

export const paymentRow = z.object({
  payment_db_id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  description: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  created_on: z.string(),
  paid_on: z.string().nullable(),
  invoice_number: z.string().nullable(),
});
export const paymentList = z.object({
  payments: z.array(paymentRow),
  next_cursor: z.string().nullable(),
});
export type PaymentList = z.infer<typeof paymentList>;
