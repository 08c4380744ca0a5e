import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PAYMENTS_API, type CheckoutDetail, type PaymentStarted } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { call, type Person } from '../teams/teams.testkit.ts';

/** Starts an add-credits payment as `who` and answers the started payment. */
export async function buyCredits(
  t: TestApp,
  who: Person,
  teamId: string,
  credits: number,
  key: string = randomUUID(),
) {
  const res = await call<PaymentStarted>(t, 'POST', PAYMENTS_API.addCredits, who, {
    team_db_id: teamId,
    credits,
    idempotency_key: key,
  });
  if (!res.body.response) throw new Error(`add credits refused: ${res.status} ${res.body.errormessage}`);
  return res.body.data;
}

export const checkout = (t: TestApp, who: Person | undefined, paymentId: string) =>
  call<CheckoutDetail>(t, 'GET', PAYMENTS_API.checkout, who, { payment_db_id: paymentId });

/** Runs every due job now, including retries scheduled for later (backoff skipped). */
export async function runJobsNow(t: TestApp) {
  await t.ctx.db.execute(sql`update jobs set run_at = now() where state = 'queued'`);
  return t.ctx.jobs.drainForTests();
}

/**
 * Makes the next credit grant fail like a crash of the fulfilment (a trigger raising in the ledger
 * insert) until `heal()`: the payment is already paid, its fulfilment job fails and is retried.
 */
export async function breakCreditGrants(t: TestApp) {
  await t.ctx.db.execute(sql`create table if not exists test_break_grants (on_ boolean)`);
  await t.ctx.db.execute(sql`insert into test_break_grants values (true)`);
  await t.ctx.db
    .execute(sql`create or replace function test_break_grants_fn() returns trigger language plpgsql as $$
    begin if exists (select 1 from test_break_grants) then raise exception 'simulated crash'; end if; return new; end; $$`);
  await t.ctx.db.execute(sql`drop trigger if exists test_break_grants_tr on credit_ledger`);
  await t.ctx.db.execute(
    sql`create trigger test_break_grants_tr before insert on credit_ledger for each row execute function test_break_grants_fn()`,
  );
  return {
    heal: async () => {
      await t.ctx.db.execute(sql`delete from test_break_grants`);
    },
  };
}
