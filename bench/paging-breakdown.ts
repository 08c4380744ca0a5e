import { performance, PerformanceObserver } from 'node:perf_hooks';
import type { Db } from '../apps/server/src/db/client.ts';
import { capture } from '../apps/server/test/plans.ts';
import { median } from './stats.ts';

/**
 * Where one request's time goes: for each case, `requests` calls in a row, with
 * - wall: the whole request through app.inject (session, policy, queries, presenting, JSON, envelope),
 * - db: the time our process waits on the database client (every statement's round trip, summed),
 * - statements: how many statements one request sends,
 * - gc: V8's garbage-collection pauses during the case,
 * - server: what the database itself reports for one request's statements (EXPLAIN (ANALYZE,
 *   BUFFERS): planning + execution time summed), and the shared buffers they touch.
 * The rest (wall − db) is our process: routing, hooks, zod, drizzle, presenting, serialising.
 */
export async function breakdown(
  db: Db,
  cases: [string, () => Promise<unknown>][],
  requests: number,
): Promise<string[]> {
  const client = (db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query;
  let dbMs = 0;
  let statements = 0;
  client.query = function timed(this: unknown, ...args: unknown[]) {
    const t0 = performance.now();
    statements++;
    return query.apply(this, args).finally(() => (dbMs += performance.now() - t0));
  };
  let gcMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcMs += e.duration;
  });
  gc.observe({ entryTypes: ['gc'] });
  const lines = [
    '| case | wall ms/req (median) | db wait ms/req | statements/req | gc ms/req | PostgreSQL plan+exec ms/req | buffers hit/read |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  try {
    for (const [name, fn] of cases) {
      const walls: number[] = [];
      dbMs = 0;
      statements = 0;
      gcMs = 0;
      for (let i = 0; i < requests; i++) {
        const t0 = performance.now();
        await fn();
        walls.push(performance.now() - t0);
      }
      const perReq = (x: number) => (x / requests).toFixed(2);
      const sent = await capture(db, fn);
      let server = 0;
      let hit = 0;
      let read = 0;
      for (const q of sent) {
        const res = (await query.call(
          client,
          `explain (analyze, buffers, format json) ${q.sql}`,
          q.params,
        )) as {
          rows: Record<string, unknown>[];
        };
        const cell = Object.values(res.rows[0])[0];
        const [plan] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as {
          'Planning Time': number;
          'Execution Time': number;
          Plan: { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number };
        }[];
        server += plan['Planning Time'] + plan['Execution Time'];
        hit += plan.Plan['Shared Hit Blocks'] ?? 0;
        read += plan.Plan['Shared Read Blocks'] ?? 0;
      }
      lines.push(
        `| ${name} | ${median(walls).toFixed(2)} | ${perReq(dbMs)} | ${(statements / requests).toFixed(1)} | ${perReq(gcMs)} | ${server.toFixed(2)} | ${hit}/${read} |`,
      );
    }
  } finally {
    client.query = query;
    gc.disconnect();
  }
  return lines;
}
