import { sql, type SQL } from 'drizzle-orm';

/**
 * The spec's `page_no` without OFFSET. A list ordered by a keyset — `keys`, all NOT NULL
 * (or written as non-null expressions), the last one unique, all in one direction — shows page p as
 * the rows after row (p−1)·n of the same list. That row's key is found by walking the list's own
 * index over the key columns only (row_number over the same order, stopped at that row: no heap read
 * for the rows skipped, no Sort), and the page is then read by the same keyset comparison as a
 * cursor's. It is one statement: the bound is a scalar subquery (an InitPlan), so there is no second
 * round trip. A page past the end finds no bound row, the comparison is NULL and the page is empty,
 * as it was with OFFSET.
 *
 * `from` and `where` must be those of the page query (the same joins and filters), so the walk and
 * the page count the same rows. Table names in them are the page query's own; inside the subquery
 * they bind to the subquery's FROM, so the bound is not correlated.
 */
export function afterPageNo(opts: {
  keys: SQL[];
  order: 'asc' | 'desc';
  from: SQL;
  where: SQL | undefined;
  pageNo: number;
  perPage: number;
}): SQL | undefined {
  const skip = (opts.pageNo - 1) * opts.perPage;
  if (skip <= 0) return undefined;
  const dir = opts.order === 'desc' ? sql.raw('desc') : sql.raw('asc');
  const orderBy = sql.join(
    opts.keys.map((k) => sql`${k} ${dir}`),
    sql`, `,
  );
  const named = sql.join(
    opts.keys.map((k, i) => sql`${k} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const picked = sql.raw(opts.keys.map((_, i) => `k${i}`).join(', '));
  const where = opts.where ? sql`where ${opts.where}` : sql``;
  const cmp = opts.order === 'desc' ? sql.raw('<') : sql.raw('>');
  return sql`(${sql.join(opts.keys, sql`, `)}) ${cmp} (
    select ${picked} from (
      select ${named}, row_number() over (order by ${orderBy}) as page_rn
      from ${opts.from} ${where}
      order by ${orderBy}
      limit ${skip}
    ) page_bound where page_rn = ${skip})`;
}
