import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CREDITS_API, PAYMENTS_API, PAYMENT_TEXT, type CreditBalance } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { send } from '../../../test/inject.ts';
import { call, type Person } from '../teams/teams.testkit.ts';
import { creditLedger, paymentEvents, payments } from '../../db/schema/index.ts';
import { creditsWorld } from '../credits/credits.testkit.ts';
import { buyCredits, checkout } from './payments.testkit.ts';
import { startRazorpayStandIn, type RazorpayStandIn, type StandInEvent } from './razorpay.testkit.ts';

/**
 * The Razorpay provider against a local stand-in of its API and webhooks (razorpay.testkit.ts): the
 * official SDK makes the orders; the stand-in's signed events come in through the webhook route.
 */
const KEYS = { keyId: 'rzp_test_standin', keySecret: 'key-secret-standin', webhookSecret: 'whsec-standin' };

let t: TestApp;
let rzp: RazorpayStandIn;
beforeAll(async () => {
  rzp = await startRazorpayStandIn(KEYS);
  t = await createTestApp({
    RAZORPAY_KEY_ID: KEYS.keyId,
    RAZORPAY_KEY_SECRET: KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
    RAZORPAY_API_URL: rzp.url,
  });
});
afterAll(async () => {
  await t?.close();
  await rzp?.close();
});

const deliver = (e: StandInEvent, signature = e.signature) =>
  send<{ received: boolean }>(t, 'POST', PAYMENTS_API.webhook, {
    rawPayload: e.body,
    bare: true,
    headers: { 'x-razorpay-signature': signature, 'x-razorpay-event-id': e.id },
  });

const credits = async (who: Person, teamId: string) =>
  (await call<CreditBalance>(t, 'GET', CREDITS_API.balance, who, { team_db_id: teamId })).body.data
    .credits_available;

const statusOf = async (id: string) =>
  (await t.ctx.db.select({ s: payments.status }).from(payments).where(eq(payments.id, id)))[0].s;

async function started(amountPsc = 100) {
  const w = await creditsWorld(t);
  const s = await buyCredits(t, w.admin, w.team.id, amountPsc);
  const detail = (await checkout(t, w.admin, s.payment_id)).body.data;
  return { ...w, s, detail, orderId: detail.order_id! };
}

describe('Razorpay payments (stand-in)', () => {
  it('creates the order with the SDK: paise, INR, our payment id as the receipt; the browser gets the key id only', async () => {
    const { s, detail, orderId } = await started(100);
    const order = rzp.orders.get(orderId)!;
    expect(order).toMatchObject({
      amount: 11_800,
      currency: 'INR',
      receipt: s.payment_id,
      status: 'created',
    });
    expect(order.notes).toMatchObject({ payment_db_id: s.payment_id, kind: 'credits' });
    expect(detail).toMatchObject({
      provider: 'razorpay',
      key_id: KEYS.keyId,
      order_id: orderId,
      amount: 118,
    });
    expect(JSON.stringify(detail)).not.toContain(KEYS.keySecret);
  });

  it('fulfils on order.paid / payment.captured only, once; replays and retries are ignored', async () => {
    const { admin, team, s, orderId } = await started(100);
    const { events } = rzp.pay(orderId);
    const [authorized, captured, orderPaid] = events;
    expect((await deliver(authorized)).status).toBe(200);
    expect(await statusOf(s.payment_id)).toBe('created');
    expect((await deliver(captured)).status).toBe(200);
    expect(await statusOf(s.payment_id)).toBe('paid');
    // Razorpay retries with the same event id; order.paid for the same payment follows
    expect((await deliver(captured)).status).toBe(200);
    expect((await deliver(orderPaid)).status).toBe(200);
    await t.ctx.jobs.drainForTests();
    expect(await credits(admin, team.id)).toBe(100);
    expect(await t.ctx.db.$count(creditLedger, eq(creditLedger.teamId, team.id))).toBe(1);
    const seen = await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, s.payment_id));
    expect(seen.map((e) => [e.event, e.outcome]).sort()).toEqual([
      ['order.paid', 'ignored'],
      ['payment.authorized', 'ignored'],
      ['payment.captured', 'paid'],
    ]);
  });

  it('refuses a bad signature and changes nothing', async () => {
    const { admin, team, s, orderId } = await started(10);
    const [, , orderPaid] = rzp.pay(orderId).events;
    const forged = [
      'a'.repeat(64),
      orderPaid.signature.slice(0, 63),
      orderPaid.signature.toUpperCase().replace(/./, (c) => (c === 'A' ? 'B' : 'A')),
    ];
    for (const sig of forged) {
      const res = await deliver(orderPaid, sig);
      expect(res.status).toBe(400);
      expect(res.body.errormessage).toBe(PAYMENT_TEXT.badSignature);
    }
    // a body changed after signing
    const tampered = { ...orderPaid, body: orderPaid.body.replace('"amount":1180', '"amount":1') };
    expect((await deliver(tampered)).status).toBe(400);
    expect(await statusOf(s.payment_id)).toBe('created');
    expect(await t.ctx.db.$count(paymentEvents, eq(paymentEvents.eventId, orderPaid.id))).toBe(0);
    // the genuine delivery still works afterwards
    expect((await deliver(orderPaid)).status).toBe(200);
    await t.ctx.jobs.drainForTests();
    expect(await credits(admin, team.id)).toBe(10);
  });

  it('out of order: a failed attempt after the paid one never moves the payment back', async () => {
    const { admin, team, s, orderId } = await started(20);
    const failed = rzp.pay(orderId, { fail: true }).events[0];
    const paid = rzp.pay(orderId).events[2];
    await deliver(paid);
    await deliver(failed);
    expect(await statusOf(s.payment_id)).toBe('paid');
    await t.ctx.jobs.drainForTests();
    expect(await credits(admin, team.id)).toBe(20);
  });

  it('a failed attempt first, then a paid one: failed, then paid', async () => {
    const { s, orderId } = await started(20);
    await deliver(rzp.pay(orderId, { fail: true }).events[0]);
    expect(await statusOf(s.payment_id)).toBe('failed');
    await deliver(rzp.pay(orderId).events[1]);
    expect(await statusOf(s.payment_id)).toBe('paid');
  });

  it('an event whose amount is not the order’s is ignored', async () => {
    const { s, orderId } = await started(20);
    const short = rzp.pay(orderId, { amount: 100 }).events[1];
    await deliver(short);
    expect(await statusOf(s.payment_id)).toBe('created');
  });

  it('a webhook that failed half-way is applied when Razorpay retries it', async () => {
    const { admin, team, s, orderId } = await started(30);
    const [, captured] = rzp.pay(orderId).events;
    // the payment's row cannot be updated: the first delivery fails and leaves no trace
    await t.ctx.db.execute(
      `create or replace function test_block_pay() returns trigger language plpgsql as $$ begin raise exception 'db down'; end; $$`,
    );
    await t.ctx.db.execute(
      `create trigger test_block_pay_tr before update on payments for each row execute function test_block_pay()`,
    );
    const first = await deliver(captured);
    expect(first.status).toBe(500);
    await t.ctx.db.execute(`drop trigger test_block_pay_tr on payments`);
    expect(await t.ctx.db.$count(paymentEvents, eq(paymentEvents.eventId, captured.id))).toBe(0);
    const retry = await deliver(captured);
    expect(retry.status).toBe(200);
    expect(await statusOf(s.payment_id)).toBe('paid');
    await t.ctx.jobs.drainForTests();
    expect(await credits(admin, team.id)).toBe(30);
  });

  it('the checkout handler’s signature is checked; only the webhook marks it paid', async () => {
    const { admin, s, orderId } = await started(40);
    const { paymentId, checkoutSignature, events } = rzp.pay(orderId);
    const body = { payment_db_id: s.payment_id, razorpay_order_id: orderId, razorpay_payment_id: paymentId };
    const forged = await call(t, 'POST', PAYMENTS_API.razorpayVerify, admin, {
      ...body,
      razorpay_signature: 'b'.repeat(64),
    });
    expect(forged.status).toBe(400);
    const good = await call(t, 'POST', PAYMENTS_API.razorpayVerify, admin, {
      ...body,
      razorpay_signature: checkoutSignature,
    });
    expect(good.body.data).toEqual({ status: 'created', message: PAYMENT_TEXT.waiting });
    await deliver(events[2]);
    const after = await call(t, 'POST', PAYMENTS_API.razorpayVerify, admin, {
      ...body,
      razorpay_signature: checkoutSignature,
    });
    expect(after.body.data).toEqual({ status: 'paid', message: PAYMENT_TEXT.paid });
  });

  it('a Razorpay outage while making the order: refused, and the retry with the same key makes it', async () => {
    const w = await creditsWorld(t);
    rzp.failNextCalls(1);
    const res = await call(t, 'POST', PAYMENTS_API.addCredits, w.admin, {
      team_db_id: w.team.id,
      credits: 15,
      idempotency_key: 'outage-key-1',
    });
    expect(res.status).toBe(503);
    expect(res.body.errormessage).toBe(PAYMENT_TEXT.providerUnavailable);
    const again = await buyCredits(t, w.admin, w.team.id, 15, 'outage-key-1');
    const detail = (await checkout(t, w.admin, again.payment_id)).body.data;
    expect(rzp.orders.get(detail.order_id!)?.receipt).toBe(again.payment_id);
    expect(await t.ctx.db.$count(payments, eq(payments.teamId, w.team.id))).toBe(1);
  });

  it('test-mode completion is refused while Razorpay is the provider', async () => {
    const { admin, s } = await started(5);
    const res = await call(t, 'POST', PAYMENTS_API.testComplete, admin, { payment_db_id: s.payment_id });
    expect(res.status).toBe(403);
    expect(res.body.errormessage).toBe(PAYMENT_TEXT.testModeOff);
  });

  it('configuration: all three Razorpay variables or none; the CSP admits Razorpay’s checkout only then', async () => {
    expect(() => loadConfig({ NODE_ENV: 'test', RAZORPAY_KEY_ID: 'rzp_test_x' })).toThrow(/RAZORPAY/);
    expect(loadConfig({ NODE_ENV: 'test' }).paymentProvider).toBe('test');
    const res = await t.app.inject({ method: 'GET', url: PAYMENTS_API.checkout });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(csp).toContain("frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com");
  });
});
