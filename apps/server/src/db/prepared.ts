import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** What drizzle's select builders and their prepared forms both have: execute with placeholder values. */
interface Executable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}
interface Preparable<R> extends Executable<R> {
  prepare(name: string): Executable<R>;
}

const byDatabase = new WeakMap<object, Map<string, Executable<unknown>>>();

/**
 * A hot read as a prepared statement: `build` (with `sql.placeholder`s) runs once per
 * database, and each call only binds values, skipping drizzle's query building; on PostgreSQL the
 * statement is also parsed once per connection (a named statement). Inside a transaction the query
 * is built and run as usual (a prepared statement belongs to the database, not to one transaction).
 */
export function prepared<R>(
  db: DbOrTx,
  name: string,
  build: (db: DbOrTx) => Preparable<R>,
  values: Record<string, unknown>,
): Promise<R> {
  if (is(db, PgTransaction)) return build(db).execute(values);
  let statements = byDatabase.get(db);
  if (!statements) byDatabase.set(db, (statements = new Map()));
  let statement = statements.get(name) as Executable<R> | undefined;
  if (!statement) {
    statement = build(db).prepare(name);
    statements.set(name, statement as Executable<unknown>);
  }
  return statement.execute(values);
}
