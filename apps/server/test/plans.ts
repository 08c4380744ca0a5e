import type { Db } from '../src/db/client.ts';

/** A statement the app sent, as drizzle prepared it. */
export interface SentQuery {
  sql: string;
  params: unknown[];
}

interface Session {
  logger: { logQuery(sql: string, params: unknown[]): void };
}
interface Client {
  query(sql: string, params: unknown[]): Promise<{ rows: Record<string, string>[] }>;
}

/**
 * The statements `run` sends through `db` (drizzle's query logger, swapped in for the call): the
 * real queries of a real request, for EXPLAIN tests that must not drift from the code.
 */
export async function capture(db: Db, run: () => Promise<unknown>): Promise<SentQuery[]> {
  // The logger object itself is patched: prepared statements (db/prepared.ts) hold the one they were
  // made with.
  const logger = (db as unknown as { session: Session }).session.logger;
  const sent: SentQuery[] = [];
  const own = Object.getOwnPropertyDescriptor(logger, 'logQuery');
  logger.logQuery = (sql, params) => void sent.push({ sql, params });
  try {
    await run();
  } finally {
    if (own) Object.defineProperty(logger, 'logQuery', own);
    else delete (logger as Partial<Session['logger']>).logQuery;
  }
  return sent;
}

/** The plan of one statement (EXPLAIN, not run), on PGlite or PostgreSQL alike. */
export async function explain(db: Db, q: SentQuery): Promise<string> {
  const client = (db as unknown as { $client: Client }).$client;
  const res = await client.query(`explain ${q.sql}`, q.params);
  return res.rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** The statements of `sent` that read `table` a page at a time (ORDER BY … LIMIT): at least one. */
export function pageQueries(sent: SentQuery[], table: string): SentQuery[] {
  const found = sent.filter(
    (q) => /\border by\b[\s\S]*\blimit\b/i.test(q.sql) && q.sql.includes(`from "${table}"`),
  );
  if (found.length === 0)
    throw new Error(`no page query on ${table} among:\n${sent.map((q) => q.sql).join('\n')}`);
  return found;
}
