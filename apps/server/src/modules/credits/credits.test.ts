import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  CREDITS_API,
  CREDIT_TEXT,
  MSG,
  type CreditBalance,
  type CreditTransactionList,
} from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { call } from '../teams/teams.testkit.ts';
import { creditLedger } from '../../db/schema/index.ts';
import { adjustCredits, creditBalance } from './credits.ledger.ts';
import { creditsWorld, grant, refund, spend } from './credits.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ledgerSum = async (teamId: string) => {
  const [row] = await t.ctx.db
    .select({ s: sql<string>`coalesce(sum(${creditLedger.amountPaise}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.teamId, teamId));
  return Number(row.s);
};

describe('credit ledger rules', () => {
  it('grants, spends and refunds in paise; the balance is the ledger sum', async () => {
    const { team } = await creditsWorld(t);
    expect(await creditBalance(t.ctx.db, team.id)).toBe(0);
    const bought = await grant(t, { teamId: team.id, amountPaise: 50_000, refType: 'payment', refId: 'p1' });
    expect(bought).toMatchObject({ applied: true, balancePaise: 50_000 });
    expect(bought.entry).toMatchObject({
      kind: 'purchase',
      amountPaise: 50_000,
      balanceAfterPaise: 50_000,
      seq: 1,
    });
    const spent = await spend(t, { teamId: team.id, amountPaise: 12_345, idempotencyKey: 'upgrade:a' });
    expect(spent).toMatchObject({ applied: true, balancePaise: 37_655 });
    expect(spent.entry).toMatchObject({ kind: 'spend', amountPaise: -12_345, seq: 2 });
    const back = await refund(t, {
      teamId: team.id,
      spendKey: 'upgrade:a',
      idempotencyKey: 'refund:a',
      amountPaise: 345,
    });
    expect(back).toMatchObject({ applied: true, balancePaise: 38_000 });
    expect(back.entry).toMatchObject({ kind: 'refund', refundOf: spent.entry.id, amountPaise: 345 });
    expect(await creditBalance(t.ctx.db, team.id)).toBe(38_000);
    expect(await ledgerSum(team.id)).toBe(38_000);
  });

  it('refuses a spend larger than the balance and writes nothing', async () => {
    const { team } = await creditsWorld(t);
    await grant(t, { teamId: team.id, amountPaise: 1000 });
    await expect(spend(t, { teamId: team.id, amountPaise: 1001 })).rejects.toMatchObject({
      message: CREDIT_TEXT.insufficientCredits,
      status: 402,
    });
    expect(await creditBalance(t.ctx.db, team.id)).toBe(1000);
    await expect(spend(t, { teamId: team.id, amountPaise: 1000 })).resolves.toMatchObject({
      balancePaise: 0,
    });
    await expect(spend(t, { teamId: team.id, amountPaise: 1 })).rejects.toMatchObject({ status: 402 });
    expect(await ledgerSum(team.id)).toBe(0);
  });

  it('refuses amounts that are not whole positive paise', async () => {
    const { team } = await creditsWorld(t);
    for (const amountPaise of [0, -5, 1.5, Number.NaN, 2 ** 60]) {
      await expect(grant(t, { teamId: team.id, amountPaise })).rejects.toMatchObject({
        message: CREDIT_TEXT.invalidAmount,
      });
    }
    expect(await creditBalance(t.ctx.db, team.id)).toBe(0);
  });

  it('a retry with the same key answers the first entry and applies nothing', async () => {
    const { team } = await creditsWorld(t);
    const first = await grant(t, { teamId: team.id, amountPaise: 700, idempotencyKey: 'k1' });
    const again = await grant(t, { teamId: team.id, amountPaise: 700, idempotencyKey: 'k1' });
    expect(again.applied).toBe(false);
    expect(again.entry.id).toBe(first.entry.id);
    expect(again.balancePaise).toBe(700);
    const s1 = await spend(t, { teamId: team.id, amountPaise: 200, idempotencyKey: 'k2' });
    const s2 = await spend(t, { teamId: team.id, amountPaise: 200, idempotencyKey: 'k2' });
    expect(s2).toMatchObject({ applied: false, balancePaise: 500 });
    expect(s2.entry.id).toBe(s1.entry.id);
    expect(await creditBalance(t.ctx.db, team.id)).toBe(500);
    expect(await t.ctx.db.$count(creditLedger, eq(creditLedger.teamId, team.id))).toBe(2);
  });

  it('the same key with another amount or kind is refused', async () => {
    const { team } = await creditsWorld(t);
    await grant(t, { teamId: team.id, amountPaise: 700, idempotencyKey: 'same' });
    await expect(
      grant(t, { teamId: team.id, amountPaise: 701, idempotencyKey: 'same' }),
    ).rejects.toMatchObject({
      message: CREDIT_TEXT.idempotencyConflict,
      status: 409,
    });
    await expect(
      spend(t, { teamId: team.id, amountPaise: 700, idempotencyKey: 'same' }),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect(await creditBalance(t.ctx.db, team.id)).toBe(700);
  });

  it('keys are per team: the same key in two teams applies in each', async () => {
    const { team, other } = await creditsWorld(t);
    await grant(t, { teamId: team.id, amountPaise: 100, idempotencyKey: 'shared' });
    const there = await grant(t, { teamId: other.id, amountPaise: 100, idempotencyKey: 'shared' });
    expect(there.applied).toBe(true);
    expect(await creditBalance(t.ctx.db, other.id)).toBe(100);
  });

  it('refunds never add up to more than the spend; a full refund by default; retries apply once', async () => {
    const { team, other } = await creditsWorld(t);
    await grant(t, { teamId: team.id, amountPaise: 10_000 });
    await spend(t, { teamId: team.id, amountPaise: 3000, idempotencyKey: 'sp' });
    await refund(t, { teamId: team.id, spendKey: 'sp', idempotencyKey: 'r1', amountPaise: 1000 });
    await expect(
      refund(t, { teamId: team.id, spendKey: 'sp', idempotencyKey: 'r2', amountPaise: 2001 }),
    ).rejects.toMatchObject({ message: CREDIT_TEXT.refundTooLarge });
    const rest = await refund(t, { teamId: team.id, spendKey: 'sp', idempotencyKey: 'r2' });
    expect(rest.entry.amountPaise).toBe(2000);
    const retried = await refund(t, { teamId: team.id, spendKey: 'sp', idempotencyKey: 'r2' });
    expect(retried).toMatchObject({ applied: false, balancePaise: 10_000 });
    await expect(
      refund(t, { teamId: team.id, spendKey: 'sp', idempotencyKey: 'r3', amountPaise: 1 }),
    ).rejects.toMatchObject({
      message: CREDIT_TEXT.refundTooLarge,
    });
    // a purchase is not a spend, and another team's spend is not found
    await grant(t, { teamId: team.id, amountPaise: 5, idempotencyKey: 'buy' });
    await expect(refund(t, { teamId: team.id, spendKey: 'buy', idempotencyKey: 'r4' })).rejects.toMatchObject(
      { status: 404 },
    );
    await expect(refund(t, { teamId: other.id, spendKey: 'sp', idempotencyKey: 'r5' })).rejects.toMatchObject(
      { status: 404 },
    );
    expect(await creditBalance(t.ctx.db, team.id)).toBe(10_005);
    expect(await ledgerSum(team.id)).toBe(10_005);
  });

  it('adjustments go either way but never below zero', async () => {
    const { team } = await creditsWorld(t);
    await t.ctx.db.transaction((tx) =>
      adjustCredits(tx, {
        teamId: team.id,
        amountPaise: 500,
        direction: 'up',
        idempotencyKey: 'a1',
        reason: 'goodwill',
      }),
    );
    await expect(
      t.ctx.db.transaction((tx) =>
        adjustCredits(tx, {
          teamId: team.id,
          amountPaise: 501,
          direction: 'down',
          idempotencyKey: 'a2',
          reason: 'fix',
        }),
      ),
    ).rejects.toMatchObject({ status: 402 });
    await t.ctx.db.transaction((tx) =>
      adjustCredits(tx, {
        teamId: team.id,
        amountPaise: 500,
        direction: 'down',
        idempotencyKey: 'a3',
        reason: 'fix',
      }),
    );
    expect(await creditBalance(t.ctx.db, team.id)).toBe(0);
  });

  it('a spend in a transaction that rolls back leaves nothing behind', async () => {
    const { team } = await creditsWorld(t);
    await grant(t, { teamId: team.id, amountPaise: 900 });
    await expect(
      t.ctx.db.transaction(async (tx) => {
        const { spendCredits } = await import('./credits.ledger.ts');
        await spendCredits(tx, { teamId: team.id, amountPaise: 400, idempotencyKey: 'rb', reason: 'x' });
        throw new Error('the caller failed after spending');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await creditBalance(t.ctx.db, team.id)).toBe(900);
    const again = await spend(t, { teamId: team.id, amountPaise: 400, idempotencyKey: 'rb' });
    expect(again.applied).toBe(true);
  });

  it('the database refuses a negative balance, a wrongly signed entry and any update of the ledger', async () => {
    const { team } = await creditsWorld(t);
    await grant(t, { teamId: team.id, amountPaise: 100 });
    await expect(
      t.ctx.db.execute(sql`update credit_balances set balance_paise = -1 where team_id = ${team.id}`),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.execute(sql`update credit_ledger set amount_paise = 1 where team_id = ${team.id}`),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.insert(creditLedger).values({
        teamId: team.id,
        seq: 99,
        kind: 'spend',
        amountPaise: 10,
        balanceAfterPaise: 0,
        idempotencyKey: 'bad',
        reason: 'x',
      }),
    ).rejects.toThrow();
    expect(await creditBalance(t.ctx.db, team.id)).toBe(100);
  });

  it('concurrent spends and purchases, each sent twice, apply once each (PGlite)', async () => {
    const { team } = await creditsWorld(t);
    await grant(t, { teamId: team.id, amountPaise: 1000, idempotencyKey: 'seed' });
    const ops = Array.from({ length: 60 }, (_, i) => ({
      i,
      kind: i % 3 === 0 ? 'grant' : 'spend',
      amountPaise: 50 + (i % 7) * 30,
    }));
    const run = (o: (typeof ops)[number]) =>
      (o.kind === 'grant' ? grant : spend)(t, {
        teamId: team.id,
        amountPaise: o.amountPaise,
        idempotencyKey: `op-${o.i}`,
      }).then(
        (r) => r,
        (e: { status?: number }) => {
          if (e.status !== 402) throw e;
          return null;
        },
      );
    await Promise.all(ops.flatMap((o) => [run(o), run(o)]));
    const balance = await creditBalance(t.ctx.db, team.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(await ledgerSum(team.id));
    const rows = await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.teamId, team.id));
    expect(new Set(rows.map((r) => r.idempotencyKey)).size).toBe(rows.length);
    expect(rows.map((r) => Number(r.seq)).sort((a, b) => a - b)).toEqual(rows.map((_, i) => i + 1));
  });
});

describe('credits routes', () => {
  it('an admin reads the balance (PSC, Low Balance under 100) and the ledger, keyset-paged', async () => {
    const { admin, team } = await creditsWorld(t);
    const empty = await call<CreditBalance>(t, 'GET', CREDITS_API.balance, admin, { team_db_id: team.id });
    expect(empty.body).toEqual({
      response: true,
      data: { team_db_id: team.id, credits_available: 0, low_balance: true },
      errormessage: '',
    });
    await grant(t, {
      teamId: team.id,
      amountPaise: 9_999,
      refType: 'payment',
      refId: 'pay-1',
      reason: 'Credits purchase',
    });
    let res = await call<CreditBalance>(t, 'GET', CREDITS_API.balance, admin, { team_db_id: team.id });
    expect(res.body.data).toMatchObject({ credits_available: 99.99, low_balance: true });
    await grant(t, { teamId: team.id, amountPaise: 1 });
    res = await call<CreditBalance>(t, 'GET', CREDITS_API.balance, admin, { team_db_id: team.id });
    expect(res.body.data).toMatchObject({ credits_available: 100, low_balance: false });
    for (let i = 0; i < 3; i++) await spend(t, { teamId: team.id, amountPaise: 100, reason: `Spend ${i}` });

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await call<CreditTransactionList>(t, 'GET', CREDITS_API.transactions, admin, {
        team_db_id: team.id,
        entries_per_page: '2',
        ...(cursor ? { cursor } : {}),
      });
      expect(page.status).toBe(200);
      expect(page.body.data.total_entries).toBe(5);
      seen.push(...page.body.data.transactions.map((x) => x.reason));
      cursor = page.body.data.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['Spend 2', 'Spend 1', 'Spend 0', 'test', 'Credits purchase']);
    const first = await call<CreditTransactionList>(t, 'GET', CREDITS_API.transactions, admin, {
      team_db_id: team.id,
    });
    expect(first.body.data.transactions[4]).toMatchObject({
      kind: 'purchase',
      amount: 99.99,
      balance_after: 99.99,
      payment_db_id: 'pay-1',
    });
    expect(first.body.data.transactions[0]).toMatchObject({ kind: 'spend', amount: -1, balance_after: 97 });
  });

  it('refuses a forged cursor', async () => {
    const { admin, team } = await creditsWorld(t);
    const res = await call(t, 'GET', CREDITS_API.transactions, admin, {
      team_db_id: team.id,
      cursor: 'WyJ4Il0',
    });
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(MSG.somethingWentWrong);
  });

  it('refuses a member who is not an admin, another team and an anonymous caller', async () => {
    const { member, outsider, team } = await creditsWorld(t);
    await grant(t, { teamId: team.id, amountPaise: 100 });
    for (const path of [CREDITS_API.balance, CREDITS_API.transactions]) {
      const asMember = await call(t, 'GET', path, member, { team_db_id: team.id });
      expect(asMember.status).toBe(403);
      expect(asMember.body).toMatchObject({ response: false, errormessage: MSG.forbidden });
      const asOutsider = await call(t, 'GET', path, outsider, { team_db_id: team.id });
      expect(asOutsider.status).toBe(403);
      expect(asOutsider.body.errormessage).toBe(MSG.noTeamAccess);
      const anonymous = await call(t, 'GET', path, undefined, { team_db_id: team.id });
      expect(anonymous.status).toBe(401);
    }
  });
});
