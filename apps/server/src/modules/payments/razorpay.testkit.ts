import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { hmacHex } from './payments.signature.ts';

/**
 * A local stand-in for Razorpay (tests only), faithful to the parts of its contract we use:
 * - Orders API: POST /v1/orders with HTTP Basic key_id:key_secret (401 otherwise), amount in paise
 *   (an integer ≥ 100), currency, receipt (≤ 40 characters) and notes; answers the order entity;
 *   GET /v1/orders/:id. Errors have Razorpay's shape `{ error: { code, description } }`.
 * - Payments: `pay(orderId)` makes a captured payment of the order (or a failed one) and the events
 *   Razorpay sends for it (payment.authorized, payment.captured, order.paid / payment.failed), each
 *   with an event id and signed with HMAC-SHA256 of the exact body under the webhook secret.
 * - The checkout handler's signature: HMAC of `order_id|payment_id` under the key secret.
 * Delivery is the test's: send an event, send it again (a retry keeps its event id), or send events in
 * another order than they happened.
 */

export interface StandInEvent {
  id: string;
  name: string;
  body: string;
  signature: string;
}

interface Order {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

const rid = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

export async function startRazorpayStandIn(opts: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}) {
  const orders = new Map<string, Order>();
  const requests: { method: string; path: string; body: unknown }[] = [];
  const auth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;
  let failNext = 0;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const bad = (description: string) => send(400, { error: { code: 'BAD_REQUEST_ERROR', description } });
      const body = req.method === 'POST' ? await readJson(req) : undefined;
      requests.push({ method: req.method ?? '', path: req.url ?? '', body });
      if (req.headers.authorization !== auth) {
        return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      }
      if (failNext > 0) {
        failNext--;
        return send(500, { error: { code: 'SERVER_ERROR', description: 'The server encountered an error' } });
      }
      if (req.method === 'POST' && req.url === '/v1/orders') {
        const b = body as { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown };
        if (!Number.isInteger(b.amount) || (b.amount as number) < 100)
          return bad('The amount must be atleast INR 1.00');
        if (b.currency !== 'INR') return bad('The currency provided is not supported');
        if (b.receipt !== undefined && (typeof b.receipt !== 'string' || b.receipt.length > 40))
          return bad('receipt may not be greater than 40 characters.');
        const order: Order = {
          id: rid('order'),
          entity: 'order',
          amount: b.amount as number,
          amount_paid: 0,
          amount_due: b.amount as number,
          currency: 'INR',
          receipt: (b.receipt as string | undefined) ?? null,
          status: 'created',
          attempts: 0,
          notes: (b.notes as Record<string, string>) ?? {},
          created_at: now(),
        };
        orders.set(order.id, order);
        return send(200, order);
      }
      const m = /^\/v1\/orders\/([A-Za-z0-9_]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && m) {
        const order = orders.get(m[1]);
        return order
          ? send(200, order)
          : send(400, {
              error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
            });
      }
      return send(404, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const event = (name: string, payload: object): StandInEvent => {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_standin',
      event: name,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    return { id: rid('evt'), name, body, signature: hmacHex(opts.webhookSecret, body) };
  };

  return {
    url,
    orders,
    requests,
    /** The next `n` API calls answer 500 (a Razorpay outage). */
    failNextCalls(n: number) {
      failNext = n;
    },
    /**
     * A payment attempt on an order: its id, the checkout handler's signature, and the events
     * Razorpay sends for it in the order they happen.
     */
    pay(orderId: string, how: { fail?: boolean; amount?: number } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`stand-in: no order ${orderId}`);
      const paymentId = rid('pay');
      const amount = how.amount ?? order.amount;
      order.attempts++;
      const payment = (status: string) => ({
        entity: {
          id: paymentId,
          entity: 'payment',
          amount,
          currency: order.currency,
          status,
          order_id: order.id,
          method: 'upi',
          captured: status === 'captured',
          error_description: status === 'failed' ? 'Payment failed' : null,
          created_at: now(),
        },
      });
      const checkoutSignature = hmacHex(opts.keySecret, `${order.id}|${paymentId}`);
      if (how.fail) {
        if (order.status === 'created') order.status = 'attempted';
        return {
          paymentId,
          checkoutSignature,
          events: [event('payment.failed', { payment: payment('failed') })],
        };
      }
      order.status = 'paid';
      order.amount_paid = amount;
      order.amount_due = 0;
      return {
        paymentId,
        checkoutSignature,
        events: [
          event('payment.authorized', { payment: payment('authorized') }),
          event('payment.captured', { payment: payment('captured') }),
          event('order.paid', { payment: payment('captured'), order: { entity: { ...order } } }),
        ],
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type RazorpayStandIn = Awaited<ReturnType<typeof startRazorpayStandIn>>;
