import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { creditLedger } from '../../db/schema/index.ts';
import { creditBalance } from './credits.ledger.ts';
import { creditsWorld, grant, spend } from './credits.testkit.ts';

/**
 * The credit wallet's money test: 1,000 concurrent credit spends and purchases on PostgreSQL, each sent twice
 * with the same idempotency key. Only PostgreSQL runs transactions on several connections at once
 * (PGlite is one connection; credits.test.ts runs a smaller version there), so this file needs
 * DATABASE_URL (the CI's PostgreSQL run).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
beforeAll(async () => {
  if (onPostgres) t = await createTestApp();
});
afterAll(() => t?.close());

describe.skipIf(!onPostgres)('credits under concurrency (PostgreSQL)', () => {
  it(
    '1,000 spends and purchases, each sent twice at once: every key once, balance = ledger sum, never negative',
    { timeout: 180_000 },
    async () => {
      const { team } = await creditsWorld(t);
      // No balance row yet: the first calls also race to create it.
      const ops = Array.from({ length: 1000 }, (_, i) => ({
        key: `op-${i}`,
        kind: i % 2 === 0 ? ('grant' as const) : ('spend' as const),
        amountPaise: 100 + ((i * 37) % 900),
      }));
      const outcomes = new Map<
        string,
        { applied: number; replayed: number; refused: number; ids: Set<string> }
      >();
      const run = async (o: (typeof ops)[number]) => {
        const out = outcomes.get(o.key) ?? { applied: 0, replayed: 0, refused: 0, ids: new Set<string>() };
        outcomes.set(o.key, out);
        try {
          const r = await (o.kind === 'grant' ? grant : spend)(t, {
            teamId: team.id,
            amountPaise: o.amountPaise,
            idempotencyKey: o.key,
          });
          if (r.applied) out.applied++;
          else out.replayed++;
          out.ids.add(r.entry.id);
        } catch (err) {
          if ((err as { status?: number }).status !== 402) throw err;
          out.refused++;
        }
      };
      await Promise.all(ops.flatMap((o) => [run(o), run(o)]));

      const rows = await t.ctx.db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.teamId, team.id))
        .orderBy(asc(creditLedger.seq));
      const byKey = new Map(rows.map((r) => [r.idempotencyKey, r]));
      expect(byKey.size).toBe(rows.length);
      for (const o of ops) {
        const out = outcomes.get(o.key)!;
        const row = byKey.get(o.key);
        // applied at most once; a replay answers the same entry; a refusal left no entry (or the twin applied)
        expect(out.applied).toBeLessThanOrEqual(1);
        if (row) {
          expect(out.applied).toBe(1);
          expect([...out.ids]).toEqual([row.id]);
          expect(row.amountPaise).toBe(o.kind === 'grant' ? o.amountPaise : -o.amountPaise);
        } else {
          expect(o.kind).toBe('spend');
          expect(out.refused).toBe(2);
        }
        if (o.kind === 'grant') expect(row).toBeDefined();
      }
      // the ledger replays to every balance_after, never below zero, and ends at the balance row
      let running = 0;
      rows.forEach((r, i) => {
        expect(r.seq).toBe(i + 1);
        running += r.amountPaise;
        expect(r.balanceAfterPaise).toBe(running);
        expect(running).toBeGreaterThanOrEqual(0);
      });
      expect(await creditBalance(t.ctx.db, team.id)).toBe(running);
      expect(rows.filter((r) => r.kind === 'spend').length).toBeGreaterThan(0);
    },
  );
});
