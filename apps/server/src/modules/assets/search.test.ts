import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type AssetPage } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { assets } from '../../db/schema/index.ts';
import {
  apiFolder,
  apiProject,
  call,
  insertFile,
  person,
  studio,
  type Person,
} from '../projects/projects.testkit.ts';
import { listPhaseQuery, SEARCH_COUNT_CAP, searchQuery, searchWithCountQuery } from './assets.service.ts';
import { rowsOf } from '../../db/rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (who: Person | undefined, query: Record<string, string>) =>
  call<AssetPage>(t, 'GET', API.assets.search, who, query);
const titles = (res: { body: { data: AssetPage } }) => res.body.data.items.map((i) => i.title);

describe('GET /api/assets/search', () => {
  it('matches titles, additional names and keywords anywhere in the project, the last word as a prefix', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const folder = await apiFolder(t, owner, projectId, 'Sunset shots');
    await insertFile(t, projectId, { title: 'A001.mov', parentId: folder, keywords: ['sunset', 'beach'] });
    await insertFile(t, projectId, { title: 'A002.mov', additional: 'Golden hour beach' });
    await insertFile(t, projectId, { title: 'city_night.mov' });
    const other = await apiProject(t, owner);
    await insertFile(t, other, { title: 'sunset elsewhere.mov' });

    expect(titles(await search(collaborator, { project_db_id: projectId, search_text: 'sun' }))).toEqual([
      'Sunset shots',
      'A001.mov',
    ]);
    expect(titles(await search(collaborator, { project_db_id: projectId, search_text: 'beach' }))).toEqual([
      'A001.mov',
      'A002.mov',
    ]);
    expect(
      titles(await search(collaborator, { project_db_id: projectId, search_text: 'golden be' })),
    ).toEqual(['A002.mov']);
    expect(
      titles(await search(collaborator, { project_db_id: projectId, search_text: 'beach -sunset' })),
    ).toEqual(['A002.mov']);
    expect(
      titles(await search(collaborator, { project_db_id: projectId, search_text: '"golden hour"' })),
    ).toEqual(['A002.mov']);
    expect(titles(await search(collaborator, { project_db_id: projectId, search_text: 'NIGHT' }))).toEqual([
      'city_night.mov',
    ]);
    const none = await search(collaborator, { project_db_id: projectId, search_text: "'):* & !" });
    expect(none.status).toBe(200);
    expect(none.body.data.total_entries).toBe(0);
  });

  it('pages results by keyset (folders first) with total_entries', async () => {
    const { owner, projectId } = await studio(t);
    for (let i = 0; i < 3; i++) await apiFolder(t, owner, projectId, `Take folder ${i}`);
    for (let i = 0; i < 4; i++) await insertFile(t, projectId, { title: `take_${i}.mov` });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await search(owner, {
        project_db_id: projectId,
        search_text: 'take',
        entries_per_page: '2',
        ...(cursor ? { cursor } : {}),
      });
      expect(res.body.data.total_entries).toBe(7);
      seen.push(...titles(res));
      cursor = res.body.data.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([
      'Take folder 0',
      'Take folder 1',
      'Take folder 2',
      'take_0.mov',
      'take_1.mov',
      'take_2.mov',
      'take_3.mov',
    ]);
  });

  it(`counts at most ${SEARCH_COUNT_CAP.toLocaleString('en')} matches and still pages past them`, async () => {
    const owner = await person(t);
    const projectId = await apiProject(t, owner);
    const over = SEARCH_COUNT_CAP + 3;
    await t.ctx.db.execute(sql`
      insert into ${assets} (project_id, title, file_type, folder_path, ingest_code, keywords, search_text, size_bytes, status)
      select ${projectId}, 'many_' || lpad(g::text, 6, '0') || '.mov', 'video', '/', 'CAP' || ${randomUUID().slice(0, 8)} || g,
        array['crowd'], 'many_' || g || '.mov crowd', 1000, 1
      from generate_series(1, ${over}) g`);
    for (let i = 0; i < 2; i++) await insertFile(t, projectId, { title: `lonely_${i}.mov` });

    const query = { project_db_id: projectId, search_text: 'crowd', entries_per_page: '50' };
    const first = await search(owner, query);
    expect(first.body.data.total_entries).toBe(SEARCH_COUNT_CAP + 1);
    expect(titles(first)).toHaveLength(50);
    expect(titles(first)[0]).toBe('many_000001.mov');
    const second = await search(owner, { ...query, cursor: first.body.data.next_cursor! });
    expect(second.body.data.total_entries).toBe(SEARCH_COUNT_CAP + 1);
    expect(titles(second)[0]).toBe('many_000051.mov');
    // Under the cap the count is exact (and comes with the page in one statement).
    const few = await search(owner, { project_db_id: projectId, search_text: 'lonely' });
    expect(few.body.data.total_entries).toBe(2);
    // A cursor past the last match (the rest deleted meanwhile) still answers the count.
    const last = await search(owner, {
      project_db_id: projectId,
      search_text: 'lonely',
      entries_per_page: '1',
    });
    expect(titles(last)).toEqual(['lonely_0.mov']);
    await t.ctx.db.execute(
      sql`delete from ${assets} where project_id = ${projectId} and title = 'lonely_1.mov'`,
    );
    const past = await search(owner, {
      project_db_id: projectId,
      search_text: 'lonely',
      entries_per_page: '1',
      cursor: last.body.data.next_cursor!,
    });
    expect(titles(past)).toEqual([]);
    expect(past.body.data.total_entries).toBe(1);
    expect(past.body.data.next_cursor).toBeNull();
  });

  it('sees metadata edits at once', async () => {
    const { owner, projectId } = await studio(t);
    const file = await insertFile(t, projectId, { title: 'B001.mov' });
    await call(t, 'POST', API.assets.metadata, owner, {
      project_db_id: projectId,
      ingest_db_id: file.id,
      keywords: ['drone'],
      additional_filename: 'Aerial',
    });
    expect(titles(await search(owner, { project_db_id: projectId, search_text: 'dron' }))).toEqual([
      'B001.mov',
    ]);
    expect(titles(await search(owner, { project_db_id: projectId, search_text: 'aerial' }))).toEqual([
      'B001.mov',
    ]);
  });

  it('refuses strangers, anonymous callers and an empty text', async () => {
    const { owner, projectId } = await studio(t);
    expect((await search(await person(t), { project_db_id: projectId, search_text: 'a' })).status).toBe(403);
    expect((await search(undefined, { project_db_id: projectId, search_text: 'a' })).status).toBe(401);
    const empty = await search(owner, { project_db_id: projectId, search_text: ' ' });
    expect(empty.body.errormessage).toBe(MSG.required);
  });
});

describe('search over many assets uses the GIN index', () => {
  const onPostgres = Boolean(process.env.DATABASE_URL);
  // 100k on both databases: at 20k rows the planner rightly prefers a sequential scan (the GIN
  // bitmap's start-up cost is about twice a 20k-row scan), so the index shows from about 50k rows.
  const rows = 100_000;

  it(
    `answers from assets_search_idx with ${rows.toLocaleString('en')} assets`,
    { timeout: 120_000 },
    async () => {
      const owner = await person(t);
      const projectId = await apiProject(t, owner);
      const run = randomUUID().slice(0, 8);
      const started = performance.now();
      // A library-like vocabulary: 2,000 common words, three per asset, plus one unique keyword each,
      // so ANALYZE sees realistic lexeme frequencies.
      await t.ctx.db.execute(sql`
      insert into ${assets} (project_id, title, file_type, folder_path, ingest_code, keywords, search_text, size_bytes, status)
      select ${projectId}, 'clip_' || g || '.mov', 'video', '/', 'BX' || ${run} || g,
        array['w' || (g % 2000), 'w' || ((g * 7) % 2000), 'kw' || g],
        'clip_' || g || '.mov w' || (g % 2000) || ' w' || ((g * 7) % 2000) || ' w' || ((g * 13) % 2000) || ' kw' || g,
        1000, 1
      from generate_series(1, ${rows}) g`);
      const insertMs = performance.now() - started;
      await t.ctx.db.execute(sql`analyze ${assets}`);

      const { page } = searchQuery(t.ctx.db, projectId, 'kw1234', null, 50);
      const plan = (await rowsOf<{ 'QUERY PLAN': string }>(t.ctx.db, sql`explain ${page}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toMatch(/Bitmap Index Scan on assets_search_idx/);
      const counted = searchWithCountQuery(t.ctx.db, projectId, 'kw1234', null, 50);
      const countedPlan = (await rowsOf<{ 'QUERY PLAN': string }>(t.ctx.db, sql`explain ${counted}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(countedPlan).toMatch(/Bitmap Index Scan on assets_search_idx/);
      expect(countedPlan).toMatch(/Index Scan using assets_pkey/);

      // The folder listing pages by keyset on its own index, at the root and deep in the list.
      const explain = async (query: Parameters<typeof sql>[1]) =>
        (await rowsOf<{ 'QUERY PLAN': string }>(t.ctx.db, sql`explain ${query}`))
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      const firstPage = await explain(listPhaseQuery(t.ctx.db, projectId, null, false, null, 51));
      expect(firstPage).toMatch(/Index Scan using assets_root_list_idx/);
      expect(firstPage).not.toMatch(/Sort/);
      const deep = await explain(
        listPhaseQuery(t.ctx.db, projectId, null, false, [false, 'clip_90000.mov', randomUUID()], 51),
      );
      expect(deep).toMatch(/Index Cond: .*ROW\(lower\(title\), id\) > ROW/);

      const timings: number[] = [];
      for (let i = 0; i < 10; i++) {
        const t0 = performance.now();
        const res = await search(owner, { project_db_id: projectId, search_text: `kw${1234 + i}` });
        timings.push(performance.now() - t0);
        // kw1234 and kw12340…kw12349 (prefix on the last word).
        expect(res.body.data.total_entries).toBe(11);
      }
      timings.sort((a, b) => a - b);
      if (process.env.BENCH_NOTES) {
        console.log(
          `[asset-search] ${onPostgres ? 'PostgreSQL' : 'PGlite'} rows=${rows} insert=${insertMs.toFixed(0)}ms ` +
            `search median=${timings[5].toFixed(1)}ms\n${plan}`,
        );
      }
    },
  );
});
