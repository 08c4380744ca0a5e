import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/db-template.ts';
import type { Database } from './client.ts';

let database: Database;

beforeAll(async () => {
  // from the migrated template: this file tests PGlite's turn-taking, not the migrations
  database = await openTestDatabase('memory://');
}, 120_000);

afterAll(async () => {
  await database.close();
});

describe('PGlite shares the event loop', () => {
  it('serves I/O that arrives during a burst of statements between them, not after the last', async () => {
    const order: string[] = [];
    const burst = Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        database.db.execute(sql`select pg_sleep(0.005), ${i}::int as n`).then(() => order.push(`read ${i}`)),
      ),
    );
    // what a request arriving meanwhile is: a callback of the event loop's I/O phases
    setImmediate(() => order.push('other request'));
    await burst;
    expect(order.indexOf('other request')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('other request')).toBeLessThan(order.length - 1);
  });

  it("still runs a transaction whole, its statements inside PGlite's lock", async () => {
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table fair_check (n int)`);
      await tx.execute(sql`insert into fair_check values (1), (2)`);
      return tx.execute(sql`select count(*)::int as n from fair_check`);
    });
    expect((rows as { rows: unknown[] }).rows[0]).toEqual({ n: 2 });
  });
});
