import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** Helpers for rows read through raw SQL, shared by every module and the platform. */

/** A timestamp read through raw SQL (a Date or a string, by driver) as ISO text. */
export const iso = (v: unknown) => new Date(v as string | Date).toISOString();

/**
 * The rows of a `db.execute` result: both drivers answer with an object carrying `rows` (pg's
 * QueryResult, PGlite's Results). Throws, naming `who`, on any other shape.
 */
export function rowsOfResult<T>(result: unknown, who = 'db'): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows))
    throw new Error(`${who}: unexpected result shape from db.execute (no rows array)`);
  return rows as T[];
}

/** Rows of a raw query. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOfResult<T>(await db.execute(query));
}

/** A uuid[] parameter. */
export const uuidArray = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

/** A text[] parameter (one bound value, so the statement is the same whatever the count). */
export const textArray = (xs: readonly string[]) => sql`${sql.param([...xs])}::text[]`;
