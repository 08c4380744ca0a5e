import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AI_API, API, INTEGRATIONS_API } from '@rushes/shared';
import { folder, task, type Person } from './factories.ts';
import { listWorld } from './listWorld.testkit.ts';
import { call } from '../src/modules/projects/projects.testkit.ts';
import { rowsOf } from '../src/db/rows.ts';
import { capture, explain, pageQueries } from './plans.ts';

/**
 * Every keyset list reads its page from an index whose order is the query's ORDER BY
 * (NULLS included), at the first page and deeper, over ROWS rows: EXPLAIN of the real request's
 * statements shows an index scan on the list's index and no Sort. PGlite in the normal run,
 * PostgreSQL when DATABASE_URL is set (the CI runs both).
 */
const ROWS = 20_000;
/**
 * A page three quarters deep in every list (of 50 a page): page_no maps onto the keyset
 * (db/pageNo.ts), never OFFSET.
 */
const DEEP = { page_no: String((ROWS / 50) * 0.75) };
/** A cursor in the middle of a conversation. */
const MIDDLE = { before: String(ROWS / 2 + 1) };

const w = listWorld();

/** Runs `request` as a real API call and answers the plans of its page queries on `table`. */
async function plansOf(table: string, request: () => Promise<unknown>) {
  const sent = await capture(w.t.ctx.db, request);
  return Promise.all(pageQueries(sent, table).map((q) => explain(w.t.ctx.db, q)));
}

function expectIndexOrder(plans: string[], index: string) {
  for (const plan of plans) {
    expect(plan, plan).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${index}\\b`));
    expect(withoutSubPlans(plan), plan).not.toMatch(/Sort/);
  }
}

/**
 * A plan without its SubPlans: a correlated subquery runs per row returned (a home tray card's
 * members, sorted into the card's order), and a Sort there orders those rows, not the list.
 */
function withoutSubPlans(plan: string) {
  const kept: string[] = [];
  let subPlanIndent: number | undefined;
  for (const line of plan.split('\n')) {
    const indent = line.search(/\S/);
    if (subPlanIndent !== undefined && indent > subPlanIndent) continue;
    subPlanIndent = /^\s*SubPlan \d+/.test(line) ? indent : undefined;
    if (subPlanIndent === undefined) kept.push(line);
  }
  return kept.join('\n');
}

/** One second apart, newest for the smallest g. */
const secondsAgo = (g: string) => sql.raw(`now() - make_interval(secs => ${g})`);

const analyze = (table: string) => w.t.ctx.db.execute(sql.raw(`analyze ${table}`));

/** A conversation of ROWS messages, seq 1…ROWS, one second apart. */
async function fillConversation(kind: 'project' | 'task', ownerId: string, taskId: string | null) {
  const [{ id }] = await rowsOf<{ id: string }>(
    w.t.ctx.db,
    sql`insert into chat_conversations (kind, owner_id, project_id, task_id, chats_count)
      values (${kind}, ${ownerId}, ${w.projectId}, ${taskId}, ${ROWS}) returning id`,
  );
  await w.t.ctx.db.execute(sql`
    insert into chat_messages (id, conversation_id, seq, user_id, text, created_at)
    select gen_random_uuid(), ${id}, g, ${w.owner.user.id}, 'message ' || g,
      now() - make_interval(secs => ${ROWS} - g)
    from generate_series(1, ${ROWS}) g`);
  await analyze('chat_messages');
}

describe(`keyset lists over ${ROWS.toLocaleString('en')} rows read their index in order`, () => {
  it(
    'project chat: first page, page_no deep in the history, and before a cursor',
    { timeout: 600_000 },
    async () => {
      await fillConversation('project', w.projectId, null);
      const history = (q: Record<string, string>) => () =>
        call(w.t, 'GET', API.chat.root, w.owner, {
          project_db_id: w.projectId,
          entries_per_page: '50',
          ...q,
        });
      const first = await history({})();
      expect(first.body.data).toMatchObject({ total_entries: ROWS });
      for (const q of [{}, DEEP, MIDDLE] as Record<string, string>[])
        expectIndexOrder(await plansOf('chat_messages', history(q)), 'chat_messages_conversation_seq_key');
    },
  );

  it('task chat', { timeout: 600_000 }, async () => {
    const taskId = await task(w.t, w.owner, w.projectId, w.guest);
    await fillConversation('task', taskId, taskId);
    const history = (q: Record<string, string>) => () =>
      call(w.t, 'GET', API.tasks.chat, w.owner, { task_db_id: taskId, entries_per_page: '50', ...q });
    for (const q of [{}, DEEP, MIDDLE] as Record<string, string>[])
      expectIndexOrder(await plansOf('chat_messages', history(q)), 'chat_messages_conversation_seq_key');
  });

  it('notifications', { timeout: 600_000 }, async () => {
    await w.seed.notifications(ROWS, secondsAgo);
    await analyze('notifications');
    const list = (q: Record<string, string>) => () =>
      call(w.t, 'GET', API.notifications.root, w.owner, { team_db_id: w.teamId, ...q });
    for (const q of [{}, DEEP])
      expectIndexOrder(await plansOf('notifications', list(q)), 'notifications_user_team_created_idx');
  });

  it('tasks of a project, My Tasks and Assigned Tasks', { timeout: 600_000 }, async () => {
    await w.seed.tasks(ROWS, secondsAgo);
    await analyze('tasks');
    await analyze('task_assignees');
    const pages = async (
      table: string,
      url: string,
      who: Person,
      query: Record<string, string>,
      index: string,
    ) => {
      const first = await call<{ next_cursor: string | null }>(w.t, 'GET', url, who, query);
      expect(first.body.data.next_cursor).toBeTruthy();
      expectIndexOrder(await plansOf(table, () => call(w.t, 'GET', url, who, query)), index);
      const next = { ...query, cursor: first.body.data.next_cursor! };
      expectIndexOrder(await plansOf(table, () => call(w.t, 'GET', url, who, next)), index);
      expectIndexOrder(await plansOf(table, () => call(w.t, 'GET', url, who, { ...query, ...DEEP })), index);
    };
    await pages(
      'tasks',
      API.tasks.root,
      w.owner,
      { project_db_id: w.projectId },
      'tasks_project_created_idx',
    );
    await pages(
      'tasks',
      API.tasks.trays,
      w.owner,
      { tray_name: 'assigned_tasks' },
      'tasks_assigner_created_idx',
    );
    await pages(
      'task_assignees',
      API.tasks.trays,
      w.guest,
      { tray_name: 'my_tasks' },
      'task_assignees_user_created_idx',
    );
  });

  it('a folder of assets, and the Shared Assets tray', { timeout: 600_000 }, async () => {
    const folderId = await w.seed.folderOfClips(ROWS, 'KP');
    await w.seed.shareAll(folderId, sql`created_at - make_interval(secs => row_number() over ())`);
    await analyze('assets');
    await analyze('asset_shares');
    const list = (cursor?: string) => () =>
      call<{ next_cursor: string | null; total_entries: number }>(w.t, 'GET', API.assets.root, w.owner, {
        project_db_id: w.projectId,
        folder_db_id: folderId,
        ...(cursor ? { cursor } : {}),
      });
    const first = await list()();
    expect(first.body.data.total_entries).toBe(ROWS);
    expectIndexOrder(await plansOf('assets', list()), 'assets_list_idx');
    expectIndexOrder(await plansOf('assets', list(first.body.data.next_cursor!)), 'assets_list_idx');

    const tray = (cursor?: string) => () =>
      call<{ next_cursor: string | null }>(w.t, 'GET', API.projects.trays, w.guest, {
        tray_name: 'shared_assets',
        ...(cursor ? { cursor } : {}),
      });
    const shared = await tray()();
    expect(shared.body.data.next_cursor).toBeTruthy();
    expectIndexOrder(await plansOf('asset_shares', tray()), 'asset_shares_tray_idx');
    expectIndexOrder(
      await plansOf('asset_shares', tray(shared.body.data.next_cursor!)),
      'asset_shares_tray_idx',
    );
    expectIndexOrder(
      await plansOf('asset_shares', () =>
        call(w.t, 'GET', API.projects.trays, w.guest, { tray_name: 'shared_assets', ...DEEP }),
      ),
      'asset_shares_tray_idx',
    );
  });

  it('review comments in timeline order', { timeout: 600_000 }, async () => {
    // review comments of one asset, in timeline order: ROWS on one asset
    const reviewFolder = await folder(w.t, w.projectId, 'Review');
    const [{ id: assetId }] = await rowsOf<{ id: string }>(
      w.t.ctx.db,
      sql`insert into assets (project_id, parent_id, title, file_type, folder_path, ingest_code, size_bytes, status)
        values (${w.projectId}, ${reviewFolder}, 'review.mov', 'video', '/Review', 'RV1', 1000, 1) returning id`,
    );
    await w.t.ctx.db.execute(sql`
      insert into asset_comments (asset_id, author_user_id, text, frame, frame_rate, page, created_at)
      select ${assetId}, ${w.owner.user.id}, 'Note ' || g, case when g % 10 = 0 then null else g end, 25,
        null, now() - make_interval(secs => g)
      from generate_series(1, ${ROWS}) g`);
    await analyze('asset_comments');
    for (const q of [{}, DEEP])
      expectIndexOrder(
        await plansOf('asset_comments', () =>
          call(w.t, 'GET', API.shares.comments, w.owner, { ingest_db_id: assetId, ...q }),
        ),
        'asset_comments_timeline_idx',
      );
  });

  it('project trays: My Projects and Collaborated Projects', { timeout: 600_000 }, async () => {
    // ROWS projects of the w.owner's team: the w.owner created each, the w.guest collaborates on each.
    await w.seed.projects(ROWS, secondsAgo, 'PT');
    await analyze('projects');
    await analyze('project_members');
    for (const [who, tray, index] of [
      [w.owner, 'my_projects', 'project_members_user_idx'],
      [w.guest, 'collaborated_projects', 'project_members_shared_tray_idx'],
    ] as const) {
      const query = { tray_name: tray };
      const first = await call<{ next_cursor: string | null }>(w.t, 'GET', API.projects.trays, who, query);
      expect(first.body.data.next_cursor).toBeTruthy();
      expectIndexOrder(
        await plansOf('project_members', () => call(w.t, 'GET', API.projects.trays, who, query)),
        index,
      );
      const next = { ...query, cursor: first.body.data.next_cursor! };
      expectIndexOrder(
        await plansOf('project_members', () => call(w.t, 'GET', API.projects.trays, who, next)),
        index,
      );
      expectIndexOrder(
        await plansOf('project_members', () =>
          call(w.t, 'GET', API.projects.trays, who, { ...query, ...DEEP }),
        ),
        index,
      );
    }
  });

  it('AI conversations and transfers', { timeout: 600_000 }, async () => {
    await w.seed.aiConversations(ROWS, secondsAgo);
    await w.seed.transfers(ROWS, secondsAgo);
    await analyze('ai_conversations');
    await analyze('transfers');
    for (const q of [{}, DEEP]) {
      const query = { project_db_id: w.projectId, ...q };
      expectIndexOrder(
        await plansOf('ai_conversations', () => call(w.t, 'GET', AI_API.conversations, w.owner, query)),
        'ai_conversations_user_project_idx',
      );
      expectIndexOrder(
        await plansOf('transfers', () => call(w.t, 'GET', INTEGRATIONS_API.transfers, w.owner, query)),
        'transfers_project_idx',
      );
    }
  });
});
