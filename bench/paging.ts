import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { API } from '@rushes/shared';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { encodeKeyset } from '../apps/server/src/platform/http/cursor.ts';
import { folder, person, project } from '../apps/server/test/factories.ts';
import { createTestApp } from '../apps/server/test/harness.ts';
import { median } from './stats.ts';
import { breakdown } from './paging-breakdown.ts';

/**
 * Paging cost at scale, through the real routes (app.inject: session, policy, the
 * page's queries, presenting, the envelope), on the database of DATABASE_URL (PostgreSQL) or on
 * PGlite without it.
 *
 * One folder of BENCH_PAGING_ROWS assets (default 1,000,000 on PostgreSQL, 100,000 on PGlite) and
 * one project chat of as many messages, made with generate_series. Per round, each case in turn
 * runs BENCH_PAGING_REQUESTS requests (default 200) and keeps its p50 and p99; BENCH_PAGING_ROUNDS
 * rounds (default 5), so first and deep pages interleave. Reported: the median over rounds of each
 * case's p50 and p99 with their min–max, and the per-round ratio deep / first page.
 */
const PER_PAGE = 50;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

export async function run() {
  const t = await createTestApp({ RATE_LIMIT: 'false' });
  const onPg = t.database.kind === 'postgres';
  const rows = Number(process.env.BENCH_PAGING_ROWS ?? (onPg ? 1_000_000 : 100_000));
  const perCase = Number(process.env.BENCH_PAGING_REQUESTS ?? 200);
  const rounds = Number(process.env.BENCH_PAGING_ROUNDS ?? 5);
  const db = t.ctx.db;

  const owner = await person(t);
  const projectId = await project(t, owner);
  const folderId = await folder(t, projectId, 'Rushes');
  let started = performance.now();
  // Titles clip_1.mov…; search text as search.test's library: 2,000 common words, 3 per asset, and
  // one unique keyword each.
  await db.execute(sql`
    insert into assets (project_id, parent_id, title, file_type, folder_path, ingest_code, keywords, search_text, size_bytes, status)
    select ${projectId}, ${folderId}, 'clip_' || g || '.mov', 'video', '/Rushes', 'PG' || g,
      array['w' || (g % 2000), 'kw' || g],
      'clip_' || g || '.mov w' || (g % 2000) || ' w' || ((g * 7) % 2000) || ' w' || ((g * 13) % 2000) || ' kw' || g,
      1000, 1
    from generate_series(1, ${rows}) g`);
  const assetsMs = performance.now() - started;
  started = performance.now();
  const [{ id: conversationId }] = await rowsOf<{ id: string }>(
    db,
    sql`insert into chat_conversations (kind, owner_id, project_id, chats_count)
      values ('project', ${projectId}, ${projectId}, ${rows}) returning id`,
  );
  await db.execute(sql`
    insert into chat_messages (id, conversation_id, seq, user_id, text, created_at)
    select gen_random_uuid(), ${conversationId}, g, ${owner.user.id}, 'message ' || g,
      now() - make_interval(secs => ${rows} - g)
    from generate_series(1, ${rows}) g`);
  const chatMs = performance.now() - started;
  await db.execute(sql`analyze`);
  console.log(
    `\npaging (${t.database.kind}, ${rows.toLocaleString('en')} assets in one folder, ${rows.toLocaleString('en')} chat messages): ` +
      `made in ${(assetsMs / 1000).toFixed(1)} s + ${(chatMs / 1000).toFixed(1)} s`,
  );

  // Page 10,001 at 50 per page is row 500,001: the deep page is the middle of the list.
  const deepPage = Math.floor(rows / PER_PAGE / 2) + 1;
  const [mid] = await rowsOf<{ key: string; id: string }>(
    db,
    sql`select lower(title) as key, id from assets where parent_id = ${folderId} and not is_folder
      order by lower(title), id offset ${(deepPage - 1) * PER_PAGE - 1} limit 1`,
  );
  const assetsCursor = encodeKeyset([false, mid.key, mid.id]);

  const get = (url: string, query: Record<string, string>) => async () => {
    const res = await t.call<{ total_entries: number }>('GET', url, { cookie: owner.cookie, query });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.body.errormessage}`);
    return res.body.data;
  };
  const page = { entries_per_page: String(PER_PAGE) };
  const list = { project_db_id: projectId, folder_db_id: folderId, ...page };
  const chat = { project_db_id: projectId, ...page };
  const cases: [string, () => Promise<unknown>][] = [
    ['assets: first page', get(API.assets.root, list)],
    [
      `assets: page ${deepPage.toLocaleString('en')} (cursor)`,
      get(API.assets.root, { ...list, cursor: assetsCursor }),
    ],
    ['chat: first page', get(API.chat.root, chat)],
    [
      `chat: page_no ${deepPage.toLocaleString('en')}`,
      get(API.chat.root, { ...chat, page_no: String(deepPage) }),
    ],
    [
      `chat: before seq ${(rows / 2).toLocaleString('en')}`,
      get(API.chat.root, { ...chat, before: String(rows / 2) }),
    ],
    [
      'search: one asset (unique keyword)',
      get(API.assets.search, { project_db_id: projectId, search_text: 'kw4242', ...page }),
    ],
    [
      `search: common word (~${Math.round((3 * rows) / 2000).toLocaleString('en')} assets)`,
      get(API.assets.search, { project_db_id: projectId, search_text: 'w1234', ...page }),
    ],
  ];
  // Sanity: the answers are what the case says.
  const first = (await cases[0][1]()) as { total_entries: number };
  if (first.total_entries !== rows) throw new Error(`total_entries ${first.total_entries}`);

  const p50: number[][] = cases.map(() => []);
  const p99: number[][] = cases.map(() => []);
  for (const [, fn] of cases) for (let i = 0; i < 20; i++) await fn(); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const [i, [, fn]] of cases.entries()) {
      const times: number[] = [];
      for (let k = 0; k < perCase; k++) {
        const t0 = performance.now();
        await fn();
        times.push(performance.now() - t0);
      }
      p50[i].push(pct(times, 50));
      p99[i].push(pct(times, 99));
    }
  }
  const f = (xs: number[]) =>
    `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
  console.log(`${rounds} rounds × ${perCase} requests per case; ms, median over rounds (min–max)`);
  console.log('| case | p50 | p99 |');
  console.log('| --- | --- | --- |');
  for (const [i, [name]] of cases.entries()) console.log(`| ${name} | ${f(p50[i])} | ${f(p99[i])} |`);
  const ratio = (a: number, b: number, of: number[][]) => of[b].map((x, r) => x / of[a][r]);
  console.log(`deep / first page, p50: assets ${f(ratio(0, 1, p50))}, chat page_no ${f(ratio(2, 3, p50))}`);
  console.log(`deep / first page, p99: assets ${f(ratio(0, 1, p99))}, chat page_no ${f(ratio(2, 3, p99))}`);
  console.log('\nwhere the time goes (100 requests per case, after the rounds):');
  console.log((await breakdown(db, cases, 100)).join('\n'));
  await t.close();
}
