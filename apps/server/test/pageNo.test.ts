import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AI_API, API, INTEGRATIONS_API } from '@rushes/shared';
import type { Person } from './factories.ts';
import { listWorld } from './listWorld.testkit.ts';
import { call } from '../src/modules/projects/projects.testkit.ts';
import { rowsOf } from '../src/db/rows.ts';

/**
 * The spec's page_no maps onto a keyset (db/pageNo.ts) in every list that answers it. For
 * each list, N rows with timestamps in equal pairs (so the id tie-break decides), read PER at a time
 * by page_no 1…: the pages put together are the list read as one page (which has no bound: the
 * plain ORDER BY … LIMIT), with nothing skipped or repeated, and the page past the end is empty.
 */
const N = 23;
const PER = 5;
const PAGES = Math.ceil(N / PER);

const w = listWorld();

/** Timestamps in equal pairs, newest for the smallest g. */
const pairTime = (g: string) =>
  sql.raw(`timestamptz '2026-01-01 00:00:00Z' - (${g} / 2) * interval '1 second'`);

async function expectPagesMatch(
  who: Person,
  url: string,
  query: Record<string, string>,
  items: (data: Record<string, unknown>) => unknown[],
) {
  const get = async (q: Record<string, string>) => {
    const res = await call<Record<string, unknown>>(w.t, 'GET', url, who, { ...query, ...q });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return items(res.body.data);
  };
  const whole = await get({ entries_per_page: String(N + 2), page_no: '1' });
  expect(whole).toHaveLength(N);
  const paged: unknown[] = [];
  for (let p = 1; p <= PAGES; p++) {
    const page = await get({ entries_per_page: String(PER), page_no: String(p) });
    expect(page).toHaveLength(Math.min(PER, N - (p - 1) * PER));
    paged.push(...page);
  }
  expect(paged).toEqual(whole);
  expect(await get({ entries_per_page: String(PER), page_no: String(PAGES + 1) })).toEqual([]);
  expect(await get({ entries_per_page: String(PER), page_no: '1000' })).toEqual([]);
}

const field = (name: string) => (d: Record<string, unknown>) => d[name] as unknown[];

describe('page_no pages are keyset pages: the same rows as one long page, in order, none twice', () => {
  it('notifications', async () => {
    await w.seed.notifications(N, pairTime);
    await expectPagesMatch(w.owner, API.notifications.root, { team_db_id: w.teamId }, field('notifications'));
  });

  it('AI conversations', async () => {
    await w.seed.aiConversations(N, pairTime);
    await expectPagesMatch(
      w.owner,
      AI_API.conversations,
      { project_db_id: w.projectId },
      field('conversations'),
    );
  });

  it('transfers', async () => {
    await w.seed.transfers(N, pairTime);
    await expectPagesMatch(
      w.owner,
      INTEGRATIONS_API.transfers,
      { project_db_id: w.projectId },
      field('transfers'),
    );
  });

  it('tasks of a project, My Tasks and Assigned Tasks', async () => {
    await w.seed.tasks(N, pairTime);
    await expectPagesMatch(w.owner, API.tasks.root, { project_db_id: w.projectId }, field('data'));
    await expectPagesMatch(w.owner, API.tasks.trays, { tray_name: 'assigned_tasks' }, field('data'));
    await expectPagesMatch(w.guest, API.tasks.trays, { tray_name: 'my_tasks' }, field('data'));
  });

  it('Shared Assets, and review comments in timeline order (frame, page, unanchored last)', async () => {
    const folderId = await w.seed.folderOfClips(N, 'PN');
    await w.seed.shareAll(
      folderId,
      sql`timestamptz '2026-01-01 00:00:00Z' - (row_number() over (order by id) / 2) * interval '1 second'`,
    );
    await expectPagesMatch(w.guest, API.projects.trays, { tray_name: 'shared_assets' }, field('data'));

    const [{ id: assetId }] = await rowsOf<{ id: string }>(
      w.t.ctx.db,
      sql`select id from assets where parent_id = ${folderId} limit 1`,
    );
    // frames with repeats, some on pages, some unanchored; times in equal pairs
    await w.t.ctx.db.execute(sql`
      insert into asset_comments (asset_id, author_user_id, text, frame, frame_rate, page, created_at)
      select ${assetId}, ${w.owner.user.id}, 'Note ' || g,
        case when g % 4 = 0 then null else g % 3 end, 25,
        case when g % 4 = 0 and g % 8 = 0 then 1 when g % 4 = 0 and g % 3 = 0 then 2 else null end,
        ${pairTime('g')}
      from generate_series(1, ${N}) g`);
    await expectPagesMatch(w.owner, API.shares.comments, { ingest_db_id: assetId }, field('data'));
  });

  it('My Projects and Collaborated Projects', async () => {
    await w.seed.projects(N, pairTime, 'PN');
    // the project made by the factory is one more in each tray: N + 1 rows
    const trays = [
      [w.owner, 'my_projects'],
      [w.guest, 'collaborated_projects'],
    ] as const;
    for (const [who, tray] of trays) {
      const all = await call<{ data: unknown[] }>(w.t, 'GET', API.projects.trays, who, {
        tray_name: tray,
        entries_per_page: '50',
      });
      const paged: unknown[] = [];
      for (let p = 1; p <= Math.ceil((N + 1) / PER) + 1; p++) {
        const res = await call<{ data: unknown[] }>(w.t, 'GET', API.projects.trays, who, {
          tray_name: tray,
          entries_per_page: String(PER),
          page_no: String(p),
        });
        paged.push(...res.body.data.data);
      }
      expect(all.body.data.data).toHaveLength(N + 1);
      expect(paged).toEqual(all.body.data.data);
    }
  });
});
