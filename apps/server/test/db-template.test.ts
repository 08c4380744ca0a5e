import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { openTestDatabase, openTestDatabaseOnDisk } from './db-template.ts';

const journal = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../src/db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

describe.skipIf(process.env.DATABASE_URL)('the migrated PGlite template', () => {
  it('is made once by the global setup and opens with every migration applied', async () => {
    expect(inject('pgliteTemplate')).toMatch(/migrated\.tar$/);
    const database = await openTestDatabase();
    try {
      const rows = await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const n = (rows as unknown as { rows: { n: number }[] }).rows[0]?.n;
      expect(n).toBe(journal.entries.length);
    } finally {
      await database.close();
    }
  });

  it('gives each opener its own copy', async () => {
    const a = await openTestDatabase();
    const b = await openTestDatabase();
    try {
      await a.db.execute(sql`create table only_in_a (x int)`);
      const found = await b.db.execute(sql`select to_regclass('only_in_a') as t`);
      expect((found as unknown as { rows: { t: string | null }[] }).rows[0]?.t).toBeNull();
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('a data directory that must survive a restart', () => {
  it('starts migrated from the template, and opens again with what was written', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-on-disk-'));
    const migrations = sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
    const count = async (database: Awaited<ReturnType<typeof openTestDatabaseOnDisk>>) =>
      ((await database.db.execute(migrations)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
    try {
      const first = await openTestDatabaseOnDisk(dir);
      expect(await count(first)).toBe(journal.entries.length);
      await first.db.execute(sql`create table kept (x int)`);
      await first.db.execute(sql`insert into kept values (7)`);
      await first.close();
      const second = await openTestDatabaseOnDisk(dir);
      try {
        const rows = await second.db.execute(sql`select x from kept`);
        expect((rows as unknown as { rows: { x: number }[] }).rows).toEqual([{ x: 7 }]);
        expect(await count(second)).toBe(journal.entries.length);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
