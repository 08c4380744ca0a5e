import {
  Column,
  DrizzleQueryError,
  fillPlaceholders,
  getTableName,
  is,
  SQL,
  Subquery,
  type DriverValueDecoder,
} from 'drizzle-orm';
import { NoopCache } from 'drizzle-orm/cache/core';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** What drizzle's select builders and their prepared forms both have: execute with placeholder values. */
interface Executable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}
interface Preparable<R> extends Executable<R> {
  prepare(name: string): Executable<R>;
}
type Run<R> = (values: Record<string, unknown>) => Promise<R>;

/** A statement and how it runs: directRun's path, else drizzle's execute. */
interface Prepared<R> {
  statement: Executable<R>;
  run: Run<R>;
}
const byDatabase = new WeakMap<object, Map<string, Prepared<unknown>>>();

/**
 * Tests only (db/prepared.test.ts): `seen` is told each call outside a transaction, with the
 * statement it runs and its values, to run them both ways. Unset in the app.
 */
export const preparedProbe: {
  seen?: (name: string, statement: Executable<unknown>, values: Record<string, unknown>) => void;
} = {};

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
  let entry = statements.get(name) as Prepared<R> | undefined;
  if (!entry) {
    const statement = build(db).prepare(name);
    entry = { statement, run: directRun<R>(statement) ?? ((v) => statement.execute(v)) };
    statements.set(name, entry as Prepared<unknown>);
  }
  preparedProbe.seen?.(name, entry.statement, values);
  return entry.run(values);
}

/** The fields of drizzle's NodePgPreparedQuery that its `execute` reads (private in its types). */
interface NodePgStatement {
  client: { query(config: object, params: unknown[]): Promise<{ rows: unknown[][] }> };
  queryConfig: { text: string };
  params: unknown[];
  logger: { logQuery(query: string, params: unknown[]): void };
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  cache?: unknown;
  queryMetadata?: unknown;
}

/**
 * node-postgres statements run here rather than through drizzle's `execute`, which does the same
 * (fill the placeholders, log, query in array mode with its type parsers, map each row) but
 * resolves each column's decoder and walks its path again for every row and column (a fifth of
 * a 50-row list's CPU). The mapper is compiled once from the statement's fields and mirrors
 * drizzle's mapResultRow. Undefined, so drizzle runs it: another driver (PGlite), a relational
 * query (customResultMapper), a result cache, or a selection where drizzle turns a left-joined
 * table's all-null object into null. Exported for the test that compares both.
 */
export function directRun<R>(statement: object): Run<R> | undefined {
  if (!is(statement, NodePgPreparedQuery)) return undefined;
  const s = statement as unknown as NodePgStatement;
  const { fields, joinsNotNullableMap } = s;
  if (!fields || s.customResultMapper) return undefined;
  if (s.cache !== undefined && !is(s.cache, NoopCache) && s.queryMetadata !== undefined) return undefined;
  // drizzle nulls a nested object (path of two) whose columns are all null and come from one table
  // that the joins leave nullable: with none of those, its rule never fires
  if (
    joinsNotNullableMap &&
    fields.some(
      ({ path, field }) =>
        is(field, Column) && path.length === 2 && !joinsNotNullableMap[getTableName(field.table)],
    )
  )
    return undefined;
  const map = rowMapper(fields);
  return async (values) => {
    const params = fillPlaceholders(s.params, values);
    s.logger.logQuery(s.queryConfig.text, params);
    let result;
    try {
      result = await s.client.query(s.queryConfig, params);
    } catch (e) {
      throw new DrizzleQueryError(s.queryConfig.text, params, e as Error);
    }
    return result.rows.map(map) as R;
  };
}

interface Slot {
  decoder: Decoder;
  /** the path's objects above the value, outermost first */
  parents: string[];
  key: string;
}

/** drizzle's mapResultRow for `fields`, with each column's decoder and path resolved once. */
function rowMapper(fields: NonNullable<NodePgStatement['fields']>) {
  const slots: Slot[] = fields.map(({ path, field }) => ({
    decoder: decoderOf(field),
    parents: path.slice(0, -1),
    key: path[path.length - 1],
  }));
  const n = slots.length;
  return (row: unknown[]) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const { decoder, parents, key } = slots[i];
      let node = out;
      for (let j = 0; j < parents.length; j++) {
        const chunk = parents[j];
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      node[key] = raw === null ? null : decoder.mapFromDriverValue(raw);
    }
    return out;
  };
}

type Decoder = DriverValueDecoder<unknown, unknown>;
/** An SQL's decoder (set by mapWith; internal in drizzle's types). */
const decoderOfSql = (sql: unknown) => (sql as { decoder: Decoder }).decoder;

/** The decoder mapResultRow picks, in its order: the column, an SQL's, a subquery's, an alias's. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: unknown } })._.sql);
  return decoderOfSql((field as { sql: unknown }).sql);
}
