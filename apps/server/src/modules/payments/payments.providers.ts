import { createHmac, randomBytes } from 'node:crypto';
import { PAYMENT_TEXT, type PaymentProviderName } from '@rushes/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/http/errors.ts';
import { signatureMatches } from './payments.signature.ts';
import { lazyImport } from '../../platform/lazyImport.ts';

/**
 * A payment provider. Both implementations answer webhooks of Razorpay's shape, signed
 * with HMAC-SHA256 over the raw body, so one code path (payments.webhook.ts) fulfils both.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The provider's order for a payment: `receipt` is our payment id (unique), amount in paise. */
  createOrder(p: {
    receipt: string;
    amountPaise: number;
    notes: Record<string, string>;
  }): Promise<{ orderId: string }>;
  /** The secret its webhooks are signed with. */
  readonly webhookSecret: string;
  /** What the browser's checkout needs (Razorpay's key id; never a secret), or null. */
  readonly publicKey: string | null;
  /** The checkout handler's signature: HMAC of `order_id|payment_id` under the key secret. */
  checkoutSignatureMatches(orderId: string, paymentId: string, signature: string): boolean;
}

const unavailable = () => new AppError(PAYMENT_TEXT.providerUnavailable, { status: 503 });

/**
 * The embedded default: no money moves. Orders are ids we make; the in-app checkout page completes or
 * declines them, which signs a Razorpay-shaped event with this provider's webhook secret (derived from
 * the server secret, so only this server can sign one) and hands it to the same webhook path.
 */
export function testProvider(serverSecret: string): PaymentProvider {
  const webhookSecret = createHmac('sha256', serverSecret).update('payments:test-webhook').digest('hex');
  return {
    name: 'test',
    async createOrder() {
      return { orderId: `order_test_${randomBytes(8).toString('hex')}` };
    },
    webhookSecret,
    publicKey: null,
    checkoutSignatureMatches: (orderId, paymentId, signature) =>
      signatureMatches(webhookSecret, `${orderId}|${paymentId}`, signature),
  };
}

interface RazorpayClient {
  orders: { create(p: object): Promise<{ id: string }> };
  api: { rq: { defaults: { baseURL?: string; timeout?: number } } };
}

/**
 * Razorpay through its official SDK: orders in INR paise with our payment id as the receipt.
 * RAZORPAY_API_URL points the SDK's HTTP client elsewhere (tests' local stand-in; the SDK has no
 * option for it).
 */
export function razorpayProvider(config: Config): PaymentProvider {
  const keySecret = config.RAZORPAY_KEY_SECRET!;
  const client = lazyImport(async () => {
    const { default: Razorpay } = await import('razorpay');
    const made = new Razorpay({
      key_id: config.RAZORPAY_KEY_ID!,
      key_secret: keySecret,
    }) as unknown as RazorpayClient;
    made.api.rq.defaults.baseURL = config.RAZORPAY_API_URL.replace(/\/$/, '');
    made.api.rq.defaults.timeout = 20_000;
    return made;
  });
  return {
    name: 'razorpay',
    async createOrder({ receipt, amountPaise, notes }) {
      try {
        const razorpay = await client();
        const order = await razorpay.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes });
        if (typeof order?.id !== 'string') throw new Error('razorpay: order without id');
        return { orderId: order.id };
      } catch {
        throw unavailable();
      }
    },
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET!,
    publicKey: config.RAZORPAY_KEY_ID!,
    checkoutSignatureMatches: (orderId, paymentId, signature) =>
      signatureMatches(keySecret, `${orderId}|${paymentId}`, signature),
  };
}

/**
 * Production without Razorpay and without PAYMENTS_TEST_MODE=true: no provider. Starting a payment
 * answers 503, so nobody can buy credits or a plan through the money-free test checkout.
 */
function disabledProvider(serverSecret: string): PaymentProvider {
  return {
    ...testProvider(serverSecret),
    async createOrder() {
      throw unavailable();
    },
  };
}

/** The provider the configuration names (Razorpay when its three variables are set). */
export function providerFor(config: Config, serverSecret: string): PaymentProvider {
  if (config.paymentProvider === 'razorpay') return razorpayProvider(config);
  return config.paymentProvider === 'test' ? testProvider(serverSecret) : disabledProvider(serverSecret);
}
