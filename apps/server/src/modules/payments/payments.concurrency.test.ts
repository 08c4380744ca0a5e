import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAYMENTS_API, type PaymentStarted } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { send } from '../../../test/inject.ts';
import { call } from '../teams/teams.testkit.ts';
import { creditLedger, invoices, paymentEvents, payments } from '../../db/schema/index.ts';
import { creditBalance } from '../credits/index.ts';
import { creditsWorld } from '../credits/credits.testkit.ts';
import { issueInvoice } from './invoice.issue.ts';
import { buyCredits, checkout } from './payments.testkit.ts';
import { startRazorpayStandIn, type RazorpayStandIn } from './razorpay.testkit.ts';

/**
 * Payments under concurrent deliveries. On PGlite (one connection) the requests interleave between
 * statements; on PostgreSQL (DATABASE_URL, the CI's second run) they run at once on several
 * connections, which is what the row locks are for.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const KEYS = { keyId: 'rzp_test_conc', keySecret: 'key-secret-conc', webhookSecret: 'whsec-conc' };

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

describe('payments under concurrent webhook deliveries', () => {
  it('every event of a payment delivered three times at once: paid once, granted once, one invoice', async () => {
    const { team, admin } = await creditsWorld(t);
    const started = await buyCredits(t, admin, team.id, 300);
    const orderId = (await checkout(t, admin, started.payment_id)).body.data.order_id!;
    const failed = rzp.pay(orderId, { fail: true }).events;
    const paid = rzp.pay(orderId).events;
    const all = [...failed, ...paid];
    const answers = await Promise.all(
      [0, 1, 2].flatMap(() =>
        all.map((e) =>
          send(t, 'POST', PAYMENTS_API.webhook, {
            rawPayload: e.body,
            bare: true,
            headers: { 'x-razorpay-signature': e.signature, 'x-razorpay-event-id': e.id },
          }),
        ),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, started.payment_id));
    expect(row.status).toBe('paid');
    expect(await t.ctx.db.$count(paymentEvents, eq(paymentEvents.paymentId, started.payment_id))).toBe(
      all.length,
    );
    const paidEvents = await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.outcome, 'paid'));
    expect(paidEvents.filter((e) => e.paymentId === started.payment_id)).toHaveLength(1);
    await t.ctx.jobs.drainForTests();
    expect(await creditBalance(t.ctx.db, team.id)).toBe(30_000);
    expect(await t.ctx.db.$count(creditLedger, eq(creditLedger.teamId, team.id))).toBe(1);
    expect(await t.ctx.db.$count(invoices, eq(invoices.paymentId, started.payment_id))).toBe(1);
  });

  it('many payments paid at once get consecutive invoice numbers with no gap and no repeat', async () => {
    const n = onPostgres ? 40 : 12;
    const { team, admin } = await creditsWorld(t);
    const started: PaymentStarted[] = [];
    for (let i = 0; i < n; i++) started.push(await buyCredits(t, admin, team.id, 1 + i));
    const orders = await Promise.all(
      started.map(async (s) => (await checkout(t, admin, s.payment_id)).body.data.order_id!),
    );
    await Promise.all(
      orders.map((orderId) => {
        const e = rzp.pay(orderId).events[2];
        return send(t, 'POST', PAYMENTS_API.webhook, {
          rawPayload: e.body,
          bare: true,
          headers: { 'x-razorpay-signature': e.signature, 'x-razorpay-event-id': e.id },
        });
      }),
    );
    // every invoice issued at once (as several workers would), then the queued deliveries (no-ops now)
    await Promise.all(started.map((s) => issueInvoice(t.ctx, s.payment_id)));
    await t.ctx.jobs.drainForTests();
    const rows = await t.ctx.db.select().from(invoices);
    const serials = rows
      .filter((r) => started.some((s) => s.payment_id === r.paymentId))
      .map((r) => r.serial);
    expect(serials).toHaveLength(n);
    const all = rows.map((r) => `${r.financialYear}:${r.serial}`);
    expect(new Set(all).size).toBe(all.length);
    const byYear = new Map<string, number[]>();
    for (const r of rows) byYear.set(r.financialYear, [...(byYear.get(r.financialYear) ?? []), r.serial]);
    for (const list of byYear.values()) {
      list.sort((a, b) => a - b);
      expect(list).toEqual(list.map((_, i) => i + 1));
    }
    const list = await call<{ payments: { invoice_number: string | null }[] }>(
      t,
      'GET',
      PAYMENTS_API.list,
      admin,
      {
        team_db_id: team.id,
        entries_per_page: '100',
      },
    );
    expect(list.body.data.payments.every((p) => p.invoice_number)).toBe(true);
  });
});
