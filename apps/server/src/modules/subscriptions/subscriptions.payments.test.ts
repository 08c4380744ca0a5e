import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  MSG,
  type CurrentUser,
  type PurchaseAnswer,
  type StorageDetail,
  type SubscriptionState,
} from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { jobs, payments } from '../../db/schema/index.ts';
import { findPayment, type PaymentsPaid } from '../payments/index.ts';
import { apiTeam, call, person, type Person } from '../teams/teams.testkit.ts';

/**
 * Purchases paid by a payment: the purchase waits (an upgrade shows the waiting notice), and the
 * durable payments.paid subscriber applies it once, however many times the event is delivered.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const state = async (who: Person, teamId: string) =>
  (await call<SubscriptionState>(t, 'GET', API.subscription.root, who, { team_db_id: teamId })).body.data;

/** What the payments module does when a payment is paid: mark it and emit payments.paid in one transaction. */
async function markPaid(paymentId: string) {
  const row = (await findPayment(t.ctx.db, paymentId))!;
  const event: PaymentsPaid = {
    paymentId,
    teamId: row.teamId,
    userId: row.userId,
    purpose: row.purpose as PaymentsPaid['purpose'],
    amountPaise: row.amountPaise,
    taxablePaise: row.taxablePaise,
  };
  await t.ctx.events.transaction(t.ctx.db, async (tx, emit) => {
    await tx.update(payments).set({ status: 'paid', paidAt: new Date() }).where(eq(payments.id, paymentId));
    emit('payments.paid', event);
  });
  await t.ctx.jobs.drainForTests();
}

describe('paying by a payment', () => {
  it('an upgrade waits for its payment (waiting notice), then payments.paid applies it once', async () => {
    const owner = await person(t);
    const other = await person(t);
    const teamId = await apiTeam(t, owner, { ids: [other.user.id] });
    const res = await call<PurchaseAnswer>(t, 'POST', API.subscription.upgrade, owner, {
      team_db_id: teamId,
      subscription_db_id: 'team',
      credits_used: false,
      idempotency_key: `pay-${teamId}`,
    });
    expect(res.body.data).toMatchObject({ message: MSG.upgradeInProgress, amount: 4999 });
    expect(res.body.data.checkout_url).toBe(`/checkout/${res.body.data.payment_id}`);
    const payment = (await findPayment(t.ctx.db, res.body.data.payment_id!))!;
    expect(payment).toMatchObject({ teamId, taxablePaise: 4999_00, kind: 'plan_upgrade', status: 'created' });

    // the same click again answers the same payment
    const again = await call<PurchaseAnswer>(t, 'POST', API.subscription.upgrade, owner, {
      team_db_id: teamId,
      subscription_db_id: 'team',
      credits_used: false,
      idempotency_key: `pay-${teamId}`,
    });
    expect(again.body.data.payment_id).toBe(payment.id);

    const waiting = await state(owner, teamId);
    expect(waiting.plan_detail.title).toBe('Free');
    expect(waiting.is_subscription_upgrade_in_progress).toBe(true);
    const user = (await call<CurrentUser>(t, 'GET', API.auth.checkLogin, other)).body.data;
    expect(user.is_subscription_upgrade_in_progress).toBe(true);
    expect(user.waiting_time).toBeGreaterThan(0);
    // a second upgrade is refused while one waits
    const second = await call(t, 'POST', API.subscription.upgrade, owner, {
      team_db_id: teamId,
      subscription_db_id: 'sme',
      credits_used: false,
    });
    expect(second.body.errormessage).toBe(MSG.upgradeInProgress);

    await markPaid(payment.id);
    await expect
      .poll(async () => (await state(owner, teamId)).plan_detail.title, { timeout: 10_000 })
      .toBe('Team');
    const after = await state(owner, teamId);
    expect(after.is_subscription_upgrade_in_progress).toBe(false);
    expect(after.renewal.renewal_date).not.toBeNull();
    const back = (await call<CurrentUser>(t, 'GET', API.auth.checkLogin, other)).body.data;
    expect(back.is_subscription_upgrade_in_progress).toBe(false);
  });

  it('a replayed payments.paid adds storage once', async () => {
    const owner = await person(t);
    const other = await person(t);
    const teamId = await apiTeam(t, owner, { ids: [other.user.id] });
    const up = await call<PurchaseAnswer>(t, 'POST', API.subscription.upgrade, owner, {
      team_db_id: teamId,
      subscription_db_id: 'pro',
      credits_used: false,
    });
    await markPaid(up.body.data.payment_id!);
    await expect
      .poll(async () => (await state(owner, teamId)).plan_detail.title, { timeout: 10_000 })
      .toBe('Pro');

    const add = await call<PurchaseAnswer>(t, 'POST', API.subscription.storage, owner, {
      team_db_id: teamId,
      storage_size: 200,
      credits_used: false,
    });
    expect(add.body.data.amount).toBe(400);
    await markPaid(add.body.data.payment_id!);
    await markPaid(add.body.data.payment_id!);
    const storage = async () =>
      (await call<StorageDetail>(t, 'GET', API.subscription.storage, owner, { team_db_id: teamId })).body
        .data;
    expect((await storage()).storage_added).toBe(200);
    // both deliveries have run (done): still 200
    const paymentId = add.body.data.payment_id!;
    const deliveries = async () =>
      (
        await t.ctx.db
          .select({ state: jobs.state, data: jobs.data })
          .from(jobs)
          .where(eq(jobs.name, 'events.deliver'))
      )
        .filter((j) => (j.data as { payload: { paymentId?: string } }).payload.paymentId === paymentId)
        .filter((j) => (j.data as { subscriber: string }).subscriber === 'subscriptions.apply_purchase')
        .map((j) => j.state);
    expect(await deliveries()).toEqual(['done', 'done']);
    expect((await storage()).storage_added).toBe(200);
  });
});
