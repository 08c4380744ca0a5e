import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  CREDITS_API,
  MSG,
  PAYMENTS_API,
  PAYMENT_TEXT,
  type CreditBalance,
  type CreditTransactionList,
  type PaymentList,
} from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { send } from '../../../test/inject.ts';
import { call } from '../teams/teams.testkit.ts';
import { billingDetails, creditLedger, invoices, paymentEvents, payments } from '../../db/schema/index.ts';
import { creditsWorld } from '../credits/credits.testkit.ts';
import { issueInvoice } from './invoice.issue.ts';
import { breakCreditGrants, buyCredits, checkout, runJobsNow } from './payments.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const balance = async (who: Parameters<typeof call>[3], teamId: string) =>
  (await call<CreditBalance>(t, 'GET', CREDITS_API.balance, who, { team_db_id: teamId })).body.data;

async function invoicePdf(who: Parameters<typeof call>[3], paymentId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: PAYMENTS_API.invoice,
    query: { payment_db_id: paymentId },
    headers: { cookie: who!.cookie, 'api-type': 'web', 'api-version': '1' },
  });
  return res;
}

async function pdfText(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('test-mode payments', () => {
  it('add credits → checkout → complete: the credits arrive once, listed with their invoice', async () => {
    const { admin, team } = await creditsWorld(t);
    const started = await buyCredits(t, admin, team.id, 500);
    // 500 PSC + 18 % GST; without billing details the place of supply is the supplier's state (29)
    expect(started).toMatchObject({ taxable: 500, tax: 90, amount: 590, credits_available: 0 });
    expect(started.checkout_url).toBe(`/checkout/${started.payment_id}`);
    const detail = await checkout(t, admin, started.payment_id);
    expect(detail.body.data).toMatchObject({
      provider: 'test',
      status: 'created',
      kind: 'credits',
      amount: 590,
      key_id: null,
      has_invoice: false,
    });
    expect(detail.body.data.order_id).toMatch(/^order_test_/);

    const done = await call(t, 'POST', PAYMENTS_API.testComplete, admin, {
      payment_db_id: started.payment_id,
    });
    expect(done.body.data).toEqual({ status: 'paid', message: PAYMENT_TEXT.paid });
    await t.ctx.jobs.drainForTests();
    expect(await balance(admin, team.id)).toMatchObject({ credits_available: 500, low_balance: false });

    const list = await call<CreditTransactionList>(t, 'GET', CREDITS_API.transactions, admin, {
      team_db_id: team.id,
    });
    expect(list.body.data.transactions).toHaveLength(1);
    expect(list.body.data.transactions[0]).toMatchObject({
      kind: 'purchase',
      amount: 500,
      payment_db_id: started.payment_id,
    });
    const pays = await call<PaymentList>(t, 'GET', PAYMENTS_API.list, admin, { team_db_id: team.id });
    expect(pays.body.data.payments[0]).toMatchObject({
      payment_db_id: started.payment_id,
      status: 'paid',
      amount: 590,
    });
    expect(pays.body.data.payments[0].invoice_number).toMatch(/^RI\/\d{4}-\d{2}\/\d{5}$/);

    // completing again is refused; nothing more is granted
    const again = await call(t, 'POST', PAYMENTS_API.testComplete, admin, {
      payment_db_id: started.payment_id,
    });
    expect(again.status).toBe(409);
    await t.ctx.jobs.drainForTests();
    expect((await balance(admin, team.id)).credits_available).toBe(500);
  });

  it('a declined payment fails and can still be completed; paid is never moved back', async () => {
    const { admin, team } = await creditsWorld(t);
    const started = await buyCredits(t, admin, team.id, 50);
    const no = await call(t, 'POST', PAYMENTS_API.testDecline, admin, { payment_db_id: started.payment_id });
    expect(no.body.data).toEqual({ status: 'failed', message: PAYMENT_TEXT.declined });
    const yes = await call(t, 'POST', PAYMENTS_API.testComplete, admin, {
      payment_db_id: started.payment_id,
    });
    expect(yes.body.data).toMatchObject({ status: 'paid' });
    const late = await call(t, 'POST', PAYMENTS_API.testDecline, admin, {
      payment_db_id: started.payment_id,
    });
    expect(late.status).toBe(409);
    await t.ctx.jobs.drainForTests();
    expect(await balance(admin, team.id)).toMatchObject({ credits_available: 50, low_balance: true });
  });

  it('the same request key answers the same payment; another amount under it is refused', async () => {
    const { admin, team } = await creditsWorld(t);
    const a = await buyCredits(t, admin, team.id, 100, 'form-key-0001');
    const b = await buyCredits(t, admin, team.id, 100, 'form-key-0001');
    expect(b.payment_id).toBe(a.payment_id);
    const c = await call(t, 'POST', PAYMENTS_API.addCredits, admin, {
      team_db_id: team.id,
      credits: 101,
      idempotency_key: 'form-key-0001',
    });
    expect(c.status).toBe(409);
    expect(await t.ctx.db.$count(payments, eq(payments.teamId, team.id))).toBe(1);
  });

  it('above ₹50,000 a team without billing details is asked for them (Rule 46(e))', async () => {
    const { admin, team } = await creditsWorld(t);
    const res = await call(t, 'POST', PAYMENTS_API.addCredits, admin, {
      team_db_id: team.id,
      credits: 50_001,
      idempotency_key: 'big-buy-0001',
    });
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(PAYMENT_TEXT.billingDetailsRequired);
    expect((await buyCredits(t, admin, team.id, 50_000)).taxable).toBe(50_000);
  });

  it('validates credits: numbers only, positive', async () => {
    const { admin, team } = await creditsWorld(t);
    for (const credits of ['abc', 0, -5, 1.5]) {
      const res = await call<{ errors: Record<string, string> }>(t, 'POST', PAYMENTS_API.addCredits, admin, {
        team_db_id: team.id,
        credits,
        idempotency_key: 'k-validate-1',
      });
      expect(res.status).toBe(400);
      expect(res.body.data.errors.credits).toBe(MSG.enterNumbersOnly);
    }
  });

  it('a crash between payment and fulfilment is fulfilled on retry, once', async () => {
    const { admin, team } = await creditsWorld(t);
    const started = await buyCredits(t, admin, team.id, 250);
    const fault = await breakCreditGrants(t);
    try {
      await call(t, 'POST', PAYMENTS_API.testComplete, admin, { payment_db_id: started.payment_id });
      await t.ctx.jobs.drainForTests();
      const [paid] = await t.ctx.db.select().from(payments).where(eq(payments.id, started.payment_id));
      expect(paid.status).toBe('paid');
      expect((await balance(admin, team.id)).credits_available).toBe(0);
    } finally {
      await fault.heal();
    }
    await runJobsNow(t);
    await runJobsNow(t);
    expect((await balance(admin, team.id)).credits_available).toBe(250);
    expect(await t.ctx.db.$count(creditLedger, eq(creditLedger.teamId, team.id))).toBe(1);
  });

  it('refuses other people: a member who is not admin, another team, anonymous', async () => {
    const { admin, member, outsider, team } = await creditsWorld(t);
    const started = await buyCredits(t, admin, team.id, 10);
    const asMember = await call(t, 'POST', PAYMENTS_API.addCredits, member, {
      team_db_id: team.id,
      credits: 10,
      idempotency_key: 'member-key-1',
    });
    expect(asMember.status).toBe(403);
    const asOutsider = await call(t, 'POST', PAYMENTS_API.addCredits, outsider, {
      team_db_id: team.id,
      credits: 10,
      idempotency_key: 'outsider-key-1',
    });
    expect(asOutsider.status).toBe(403);
    for (const who of [member, outsider]) {
      expect((await checkout(t, who, started.payment_id)).status).toBe(404);
      const done = await call(t, 'POST', PAYMENTS_API.testComplete, who, {
        payment_db_id: started.payment_id,
      });
      expect(done.status).toBe(404);
      expect((await call(t, 'GET', PAYMENTS_API.list, who, { team_db_id: team.id })).status).toBe(403);
      expect((await invoicePdf(who, started.payment_id)).statusCode).toBe(404);
    }
    expect((await checkout(t, undefined, started.payment_id)).status).toBe(401);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, started.payment_id));
    expect(row.status).toBe('created');
  });

  it('the CSP admits no Razorpay script in test mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: PAYMENTS_API.checkout });
    expect(String(res.headers['content-security-policy'])).not.toContain('razorpay');
  });

  it('the webhook refuses a body signed with anything but the webhook secret', async () => {
    const { admin, team } = await creditsWorld(t);
    const started = await buyCredits(t, admin, team.id, 20);
    const detail = (await checkout(t, admin, started.payment_id)).body.data;
    const body = JSON.stringify({
      event: 'order.paid',
      payload: {
        order: {
          entity: { id: detail.order_id, amount: 2360, currency: 'INR', receipt: started.payment_id },
        },
      },
    });
    for (const signature of [undefined, 'f'.repeat(64), 'not-hex']) {
      const res = await send(t, 'POST', PAYMENTS_API.webhook, {
        rawPayload: body,
        bare: true,
        headers: {
          ...(signature ? { 'x-razorpay-signature': signature } : {}),
          'x-razorpay-event-id': 'evt_forged',
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.errormessage).toBe(PAYMENT_TEXT.badSignature);
    }
    expect(await t.ctx.db.$count(paymentEvents, eq(paymentEvents.eventId, 'evt_forged'))).toBe(0);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, started.payment_id));
    expect(row.status).toBe('created');
  });
});

describe('GST tax invoices', () => {
  it('an intra-state invoice (CGST + SGST) prints Rule 46 fields and ₹ amounts', async () => {
    const { admin, team } = await creditsWorld(t);
    await t.ctx.db.insert(billingDetails).values({
      teamId: team.id,
      companyName: 'Acme Films Pvt Ltd',
      billingAddress: '12 MG Road, Bengaluru',
      contactEmail: 'accounts@acme.example',
      alternateEmail: 'ops@acme.example',
      contactPerson: 'Asha Rao',
      stateCode: '29',
      gstNo: '29AAAAA0000A1Z5',
    });
    const started = await buyCredits(t, admin, team.id, 1001);
    expect(started).toMatchObject({ taxable: 1001, tax: 180.18, amount: 1181.18 });
    await call(t, 'POST', PAYMENTS_API.testComplete, admin, { payment_db_id: started.payment_id });
    await t.ctx.jobs.drainForTests();
    const [invoice] = await t.ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.paymentId, started.payment_id));
    const res = await invoicePdf(admin, started.payment_id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(invoice.number.replace(/\//g, '-'));
    const text = await pdfText(res.rawPayload);
    for (const s of [
      'Tax Invoice',
      invoice.number,
      'Rushes Media Private Limited',
      'GSTIN: 29AABCR1234M1Z5',
      'Acme Films Pvt Ltd',
      'GSTIN: 29AAAAA0000A1Z5',
      'Karnataka (29)',
      '998315',
      'CGST @ 9%',
      'SGST @ 9%',
      '₹90.09',
      '₹1,001.00',
      '₹1,181.18',
      'Reverse charge',
      'Authorised Signatory',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).not.toContain('IGST');
  });

  it('an inter-state invoice charges IGST; numbers are consecutive in the financial year', async () => {
    const { admin, team } = await creditsWorld(t);
    await t.ctx.db.insert(billingDetails).values({
      teamId: team.id,
      companyName: 'Mumbai Post House',
      billingAddress: 'Andheri, Mumbai',
      contactEmail: 'a@b.example',
      alternateEmail: 'c@d.example',
      contactPerson: 'Ravi',
      stateCode: '27',
    });
    const numbers: string[] = [];
    for (const credits of [3, 7]) {
      const started = await buyCredits(t, admin, team.id, credits);
      await call(t, 'POST', PAYMENTS_API.testComplete, admin, { payment_db_id: started.payment_id });
      await t.ctx.jobs.drainForTests();
      const [inv] = await t.ctx.db.select().from(invoices).where(eq(invoices.paymentId, started.payment_id));
      numbers.push(inv.number);
      if (credits === 7) {
        const text = await pdfText((await invoicePdf(admin, started.payment_id)).rawPayload);
        expect(text).toContain('IGST @ 18%');
        expect(text).toContain('₹1.26');
        expect(text).toContain('GSTIN: Unregistered');
        expect(text).toContain('Maharashtra (27)');
        expect(text).not.toContain('CGST');
      }
    }
    const serial = (n: string) => Number(n.slice(-5));
    expect(serial(numbers[1])).toBe(serial(numbers[0]) + 1);
    for (const n of numbers) expect(n.length).toBeLessThanOrEqual(16);
    // an unpaid payment has no invoice
    const open = await buyCredits(t, admin, team.id, 5);
    expect((await invoicePdf(admin, open.payment_id)).statusCode).toBe(404);
  });

  it('numbers are consecutive per financial year, restart in April, and one payment gets one', async () => {
    const { admin, team } = await creditsWorld(t);
    const paidAt = [
      '2031-03-31T18:00:00Z',
      '2031-03-31T18:29:59Z',
      '2031-03-31T18:30:00Z',
      '2031-06-01T00:00:00Z',
    ];
    const ids: string[] = [];
    for (const [i, at] of paidAt.entries()) {
      const [row] = await t.ctx.db
        .insert(payments)
        .values({
          teamId: team.id,
          userId: admin.user.id,
          provider: 'test',
          kind: 'credits',
          purpose: { kind: 'credits', credits: 1 },
          description: 'x',
          idempotencyKey: `fy-${i}`,
          taxablePaise: 100,
          taxPaise: 18,
          amountPaise: 118,
          gst: { supplierState: '29', placeOfSupply: '29', sac: '998315', rateBps: 1800, lines: [] },
          status: 'paid',
          paidAt: new Date(at),
        })
        .returning();
      ids.push(row.id);
    }
    const numbers = [];
    for (const id of ids) numbers.push((await issueInvoice(t.ctx, id))!.number);
    expect(numbers).toEqual(['RI/2030-31/00001', 'RI/2030-31/00002', 'RI/2031-32/00001', 'RI/2031-32/00002']);
    // issuing again answers the same invoice and takes no number
    expect((await issueInvoice(t.ctx, ids[0]))!.number).toBe('RI/2030-31/00001');
    expect((await Promise.all(ids.map((id) => issueInvoice(t.ctx, id)))).map((i) => i!.number)).toEqual(
      numbers,
    );
  });
});
