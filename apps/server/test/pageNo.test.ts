import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_API, API, INTEGRATIONS_API } from '@rushes/shared';
import { createTestApp, type TestApp } from './harness.ts';
import { folder, person, project, type Person } from './factories.ts';
import { call } from '../src/modules/projects/projects.testkit.ts';
import { rowsOf } from '../src/db/rows.ts';

/**
 * Issue 22: the spec's page_no maps onto a keyset (db/pageNo.ts) in every list that answers it. For
 * each list, N rows with timestamps in equal pairs (so the id tie-break decides), read PER at a time
 * by page_no 1…: the pages put together are the list read as one page (which has no bound: the
 * plain ORDER BY … LIMIT), with nothing skipped or repeated, and the page past the end is empty.
 */
const N = 23;
const PER = 5;
const PAGES = Math.ceil(N / PER);

let t: TestApp;
let owner: Person;
let guest: Person;
let projectId: string;
let teamId: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
  owner = await person(t);
  guest = await person(t);
  projectId = await project(t, owner, { members: [guest] });
  [{ id: teamId }] = await rowsOf<{ id: string }>(
    t.ctx.db,
    sql`select team_id as id from projects where id = ${projectId}`,
  );
}, 60_000);
afterAll(() => t.close());

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
    const res = await call<Record<string, unknown>>(t, 'GET', url, who, { ...query, ...q });
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
    await t.ctx.db.execute(sql`
      insert into notifications (user_id, team_id, title, message, notification_type, created_at)
      select ${owner.user.id}, ${teamId}, 'Task assigned', 'note ' || g, 'task', ${pairTime('g')}
      from generate_series(1, ${N}) g`);
    await expectPagesMatch(owner, API.notifications.root, { team_db_id: teamId }, field('notifications'));
  });

  it('AI conversations', async () => {
    await t.ctx.db.execute(sql`
      insert into ai_conversations (user_id, project_id, title, created_at, updated_at)
      select ${owner.user.id}, ${projectId}, 'Question ' || g, ${pairTime('g')}, ${pairTime('g')}
      from generate_series(1, ${N}) g`);
    await expectPagesMatch(owner, AI_API.conversations, { project_db_id: projectId }, field('conversations'));
  });

  it('transfers', async () => {
    await t.ctx.db.execute(sql`
      insert into transfers (team_id, project_id, service, transfer_type, title, status, created_by, created_at)
      select ${teamId}, ${projectId}, 's3', 'import', 'Import ' || g, 'finished', ${owner.user.id}, ${pairTime('g')}
      from generate_series(1, ${N}) g`);
    await expectPagesMatch(
      owner,
      INTEGRATIONS_API.transfers,
      { project_db_id: projectId },
      field('transfers'),
    );
  });

  it('tasks of a project, My Tasks and Assigned Tasks', async () => {
    await t.ctx.db.execute(sql`
      with made as (
        insert into tasks (project_id, task_type, description, due_date, expire_at, assigned_by, created_at)
        select ${projectId}, 'editing', 'Cut ' || g, current_date + 3, now() + interval '3 days',
          ${owner.user.id}, ${pairTime('g')}
        from generate_series(1, ${N}) g
        returning id, created_at)
      insert into task_assignees (task_id, user_id, created_at) select id, ${guest.user.id}, created_at from made`);
    await expectPagesMatch(owner, API.tasks.root, { project_db_id: projectId }, field('data'));
    await expectPagesMatch(owner, API.tasks.trays, { tray_name: 'my_tasks' }, field('data'));
    await expectPagesMatch(guest, API.tasks.trays, { tray_name: 'assigned_tasks' }, field('data'));
  });

  it('Shared Assets, and review comments in timeline order (frame, page, unanchored last)', async () => {
    const folderId = await folder(t, projectId, 'Rushes');
    await t.ctx.db.execute(sql`
      insert into assets (project_id, parent_id, title, file_type, folder_path, ingest_code, size_bytes, status)
      select ${projectId}, ${folderId}, 'clip_' || g || '.mov', 'video', '/Rushes', 'PN' || g, 1000, 1
      from generate_series(1, ${N}) g`);
    await t.ctx.db.execute(sql`
      insert into asset_shares (asset_id, shared_with_user_id, shared_by_user_id, created_at)
      select id, ${guest.user.id}, ${owner.user.id},
        timestamptz '2026-01-01 00:00:00Z' - (row_number() over (order by id) / 2) * interval '1 second'
      from assets where parent_id = ${folderId}`);
    await expectPagesMatch(guest, API.projects.trays, { tray_name: 'shared_assets' }, field('data'));

    const [{ id: assetId }] = await rowsOf<{ id: string }>(
      t.ctx.db,
      sql`select id from assets where parent_id = ${folderId} limit 1`,
    );
    // frames with repeats, some on pages, some unanchored; times in equal pairs
    await t.ctx.db.execute(sql`
      insert into asset_comments (asset_id, author_user_id, text, frame, frame_rate, page, created_at)
      select ${assetId}, ${owner.user.id}, 'Note ' || g,
        case when g % 4 = 0 then null else g % 3 end, 25,
        case when g % 4 = 0 and g % 8 = 0 then 1 when g % 4 = 0 and g % 3 = 0 then 2 else null end,
        ${pairTime('g')}
      from generate_series(1, ${N}) g`);
    await expectPagesMatch(owner, API.shares.comments, { ingest_db_id: assetId }, field('data'));
  });

  it('My Projects and Collaborated Projects', async () => {
    await t.ctx.db.execute(sql`
      with made as (
        insert into projects (project_code, team_id, title, created_by, created_at)
        select 'PN' || g, ${teamId}, 'Reel ' || g, ${owner.user.id}, ${pairTime('g')}
        from generate_series(1, ${N}) g
        returning id, created_at)
      insert into project_members (project_id, user_id, role, created_at)
      select id, ${owner.user.id}::uuid, 'creator', created_at from made
      union all
      select id, ${guest.user.id}::uuid, case when random() < 0.5 then 'admin' else 'collaborator' end, created_at from made`);
    // the project made by the factory is one more in each tray: N + 1 rows
    const trays = [
      [owner, 'my_projects'],
      [guest, 'collaborated_projects'],
    ] as const;
    for (const [who, tray] of trays) {
      const all = await call<{ data: unknown[] }>(t, 'GET', API.projects.trays, who, {
        tray_name: tray,
        entries_per_page: '50',
      });
      const paged: unknown[] = [];
      for (let p = 1; p <= Math.ceil((N + 1) / PER) + 1; p++) {
        const res = await call<{ data: unknown[] }>(t, 'GET', API.projects.trays, who, {
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
