import { spawnSync } from 'node:child_process';
import pg from 'pg';

/**
 * The load test's PostgreSQL side: autovacuum as production runs it, the same starting state every
 * run, and the statements that cost the most during the hold (pg_stat_statements).
 */

const adminUrl = (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
};

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const showAutovacuum = async (c: pg.Client) =>
  (await c.query<{ autovacuum: string }>('SHOW autovacuum')).rows[0].autovacuum;

/** pg_reload_conf() only signals the server: wait until a fresh session sees the value. */
async function settle(url: string, want: string) {
  for (let i = 0; i < 20; i++) {
    if ((await withClient(url, showAutovacuum)) === want) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/**
 * The CI configuration of a shared machine may turn autovacuum off (every dead tuple stays, so plans
 * and page counts drift as the load goes on, which production does not see). If it is off, it is
 * turned on with ALTER SYSTEM for the run; the answer's `restore` resets it, once, however often it
 * is called. Should the process end without awaiting it (an uncaught error), the `exit` hook resets
 * it through psql, synchronously, as a last resort.
 */
export async function autovacuumForRun(databaseUrl: string): Promise<{ restore: () => Promise<void> }> {
  const admin = adminUrl(databaseUrl);
  const before = await withClient(admin, showAutovacuum);
  if (before === 'on') {
    console.log("PostgreSQL autovacuum: on in this server's configuration, left as it is");
    return { restore: async () => undefined };
  }
  try {
    await withClient(admin, async (c) => {
      await c.query('ALTER SYSTEM SET autovacuum = on');
      await c.query('SELECT pg_reload_conf()');
    });
  } catch (err) {
    console.log(
      `PostgreSQL autovacuum: ${before} in this server's configuration and could not be turned on (${(err as Error).message}); the run goes on without it`,
    );
    return { restore: async () => undefined };
  }
  let restored: Promise<void> | undefined;
  let done = false;
  const lastResort = () => {
    if (done) return;
    spawnSync('psql', [admin, '-qc', 'ALTER SYSTEM RESET autovacuum', '-c', 'SELECT pg_reload_conf()'], {
      stdio: 'ignore',
      timeout: 10_000,
    });
  };
  process.once('exit', lastResort);
  const restore = () =>
    (restored ??= (async () => {
      await withClient(admin, async (c) => {
        await c.query('ALTER SYSTEM RESET autovacuum');
        await c.query('SELECT pg_reload_conf()');
      });
      done = true;
      process.off('exit', lastResort);
      if (!(await settle(admin, before)))
        console.log(`PostgreSQL autovacuum: reset, but not yet back to ${before}`);
    })());
  const on = await settle(admin, 'on');
  console.log(
    on
      ? `PostgreSQL autovacuum: ${before} in this server's configuration, turned on for this run and restored after`
      : `PostgreSQL autovacuum: ${before} in this server's configuration; ALTER SYSTEM SET autovacuum = on did not take effect (it will be reset after the run)`,
  );
  return { restore };
}

/**
 * Whether commits wait for the disk, as in production. CI's run turns fsync, synchronous_commit and
 * full_page_writes off with ALTER SYSTEM on the machine it runs on (its database is throw-away), and
 * that outlives the run: a load figure taken after it would be cheaper than production's. Printed so
 * every report says which it was; `ALTER SYSTEM RESET` of the three and a reload bring them back.
 */
export async function printDurability(databaseUrl: string) {
  const names = ['fsync', 'synchronous_commit', 'full_page_writes'];
  const values = await withClient(adminUrl(databaseUrl), async (c) => {
    const shown: string[] = [];
    for (const name of names) shown.push(`${name} ${(await c.query(`SHOW ${name}`)).rows[0][name]}`);
    return shown;
  });
  const off = values.some((v) => v.endsWith(' off'));
  console.log(
    `PostgreSQL durability: ${values.join(', ')}${off ? ' — NOT as in production (a CI run leaves them off): ALTER SYSTEM RESET them' : ''}`,
  );
}

/** Every run starts from the same state: no dead tuples left by the seed, fresh statistics. */
export async function vacuumAnalyze(databaseUrl: string) {
  const started = performance.now();
  await withClient(databaseUrl, (c) => c.query('VACUUM ANALYZE'));
  console.log(
    `load: VACUUM ANALYZE of the bench database in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

export interface StatementRow {
  calls: number;
  totalMs: number;
  msPerCall: number;
  rowsPerCall: number;
  query: string;
}

export interface Statements {
  /** Called when the hold starts: forgets this database's statements so far (only this database's). */
  reset: () => Promise<void>;
  /** The statements with the most execution time since the reset, in this database. */
  top: (n: number) => Promise<StatementRow[]>;
}

/**
 * pg_stat_statements in the bench database, or null (after one line saying why) if the server does
 * not have it loaded. The reset is scoped to the bench database's id: other databases of a shared
 * server keep their statistics.
 */
export async function statementsFor(databaseUrl: string): Promise<Statements | null> {
  try {
    await withClient(databaseUrl, async (c) => {
      await c.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      // Fails unless the library is in shared_preload_libraries.
      await c.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
    });
  } catch (err) {
    console.log(
      `pg_stat_statements: not available (${(err as Error).message}); no statement figures this run`,
    );
    return null;
  }
  const thisDb = '(SELECT oid FROM pg_database WHERE datname = current_database())';
  return {
    reset: () =>
      withClient(databaseUrl, async (c) => {
        await c.query(`SELECT pg_stat_statements_reset(0, ${thisDb}, 0)`);
      }),
    top: (n) =>
      withClient(databaseUrl, async (c) => {
        const { rows } = await c.query<{ calls: string; total: number; rows: string; query: string }>(
          `SELECT calls, total_exec_time AS total, rows, query FROM pg_stat_statements
           WHERE dbid = ${thisDb} AND query NOT LIKE '%pg_stat_statements%'
           ORDER BY total_exec_time DESC LIMIT $1`,
          [n],
        );
        return rows.map((r) => {
          const calls = Number(r.calls);
          return {
            calls,
            totalMs: round(r.total),
            msPerCall: round(r.total / (calls || 1), 3),
            rowsPerCall: round(Number(r.rows) / (calls || 1), 1),
            query: r.query.replace(/\s+/g, ' ').trim().slice(0, 120),
          };
        });
      }),
  };
}

const round = (x: number, digits = 1) => Number(x.toFixed(digits));

export function printStatements(rows: StatementRow[] | null, holdSeconds: number) {
  if (!rows) return;
  const total = rows.reduce((a, r) => a + r.totalMs, 0);
  console.log(
    `\nPostgreSQL statements with the most execution time during the hold (pg_stat_statements, top ${rows.length}: ${total.toFixed(0)} ms, ${(total / holdSeconds).toFixed(1)} ms per second of hold)`,
  );
  console.log('| calls | total ms | ms/call | rows/call | query |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(
      `| ${r.calls} | ${r.totalMs} | ${r.msPerCall} | ${r.rowsPerCall} | \`${r.query.replace(/\|/g, '\\|')}\` |`,
    );
}
