import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Column, eq, is, SQL } from 'drizzle-orm';
import { API, type AssetPage, type ChatHistory } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { capture } from '../../test/plans.ts';
import { addMembers, apiProject, call, insertFile, person } from '../modules/projects/projects.testkit.ts';
import { folder } from '../../test/factories.ts';
import { directRun, preparedProbe } from './prepared.ts';
import { assets } from './schema/index.ts';

/**
 * node-postgres statements run by db/prepared.ts's own path (directRun) answer exactly what drizzle's
 * `execute` answers, and log the same statement: the product's real prepared reads, each with the
 * values a real API call gave it. On PGlite every statement keeps drizzle's path.
 */

interface Seen {
  name: string;
  statement: { execute(values: Record<string, unknown>): Promise<unknown> };
  values: Record<string, unknown>;
}

const onPostgres = Boolean(process.env.DATABASE_URL);
/** Statements whose selection has a left-joined table's nested object: drizzle's null-object rule, its path. */
const drizzlePath = new Set(['chat_page_no', 'chat_page_before']);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

/**
 * Drives the product's hot reads through the API (session, policy, asset list, chat, home trays):
 * each prepared call outside a transaction, with the statement the app runs and its values.
 */
async function realCalls(): Promise<Seen[]> {
  const seen: Seen[] = [];
  preparedProbe.seen = (name, statement, values) => void seen.push({ name, statement, values });
  try {
    await apiCalls();
  } finally {
    delete preparedProbe.seen;
  }
  return seen;
}

async function apiCalls() {
  const owner = await person(t);
  const guest = await person(t);
  const projectId = await apiProject(t, owner);
  await addMembers(t, owner, projectId, [guest]);
  const inside = await folder(t, projectId, 'Dailies', { by: owner });
  const a = await insertFile(t, projectId, {
    title: 'a.mp4',
    keywords: ['night', 'exterior'],
    uploadedBy: owner.user.id,
  });
  const b = await insertFile(t, projectId, { title: 'b.mp4', blobKey: null });
  const spriteInfo = { cols: 10, rows: 2, count: 17, tileWidth: 160, tileHeight: 90, intervalSeconds: 0.5 };
  await t.ctx.db.update(assets).set({ spriteInfo, frameRate: 23.976 }).where(eq(assets.id, a.id));
  const newer = await insertFile(t, projectId, { title: 'b-v2.mp4' });
  const stacked = await call(t, 'POST', API.shares.versions, owner, {
    ingest_db_id: b.id,
    version_ingest_db_id: newer.id,
  });
  expect(stacked.body.response).toBe(true);
  await insertFile(t, projectId, { title: 'c.mp4', parentId: inside, folderPath: '/Dailies/' });
  for (const [who, text] of [
    [owner, 'first'],
    [guest, 'second'],
  ] as const) {
    const sent = await call(t, 'POST', API.chat.root, who, {
      project_db_id: projectId,
      text,
      mention_user_ids: [],
    });
    expect(sent.body.response).toBe(true);
  }
  const root = await call<AssetPage>(t, 'GET', API.assets.root, owner, { project_db_id: projectId });
  expect(root.body.data.items.map((i) => i.title).sort()).toEqual(['Dailies', 'a.mp4', 'b-v2.mp4']);
  const sub = await call<AssetPage>(t, 'GET', API.assets.root, guest, {
    project_db_id: projectId,
    folder_db_id: inside,
  });
  expect(sub.body.data.items.length).toBe(1);
  const page = await call<ChatHistory>(t, 'GET', API.chat.root, guest, { project_db_id: projectId });
  expect(page.body.data.total_entries).toBe(2);
  const before = await call<ChatHistory>(t, 'GET', API.chat.root, owner, {
    project_db_id: projectId,
    before: '2',
  });
  expect(before.body.response).toBe(true);
  expect((await call(t, 'GET', API.chat.counters, guest, { project_db_id: projectId })).body.response).toBe(
    true,
  );
  expect((await call(t, 'GET', API.projects.info, guest, { project_db_id: projectId })).body.response).toBe(
    true,
  );
  expect((await call(t, 'GET', API.projects.trays, owner, { tray_name: 'my_projects' })).body.response).toBe(
    true,
  );
}

/** The kinds of values in a row's `v` (its columns, nested objects and arrays): what the comparison covered. */
function kindsOf(v: unknown, into: Set<string>, depth = 0): void {
  if (v === null) into.add('null');
  else if (v instanceof Date) into.add('date');
  else if (Array.isArray(v)) {
    into.add(depth > 0 ? 'array' : 'rows');
    for (const x of v) kindsOf(x, into, depth + 1);
  } else if (typeof v === 'object') {
    // a row is at depth 1: an object below it is a nested selection (2) or a jsonb value (deeper, or a column)
    into.add(depth === 1 ? 'row' : 'object');
    for (const x of Object.values(v)) kindsOf(x, into, depth + 1);
  } else if (typeof v === 'number' && !Number.isInteger(v)) into.add('fraction');
  else into.add(typeof v);
}

/** The shapes of a statement's selected fields (drizzle's internal `fields`). */
function fieldKinds(statement: object, into: Set<string>) {
  const fields = (statement as { fields?: { path: string[]; field: unknown }[] }).fields ?? [];
  for (const { path, field } of fields) {
    into.add(is(field, Column) ? 'column' : is(field, SQL) ? 'sql' : 'other');
    if (path.length > 1) into.add('nested path');
  }
}

describe('prepared statements on node-postgres', () => {
  it.skipIf(!onPostgres)(
    'answer and log what drizzle execute does, for each real prepared read',
    async () => {
      const seen = await realCalls();
      const names = new Set(seen.map((s) => s.name));
      for (const name of [
        'session_by_hash',
        'project_of_member',
        'assets_phase_root',
        'assets_phase_folder',
        'chat_counters',
      ])
        expect(names, name).toContain(name);

      const kinds = new Set<string>();
      const fields = new Set<string>();
      const compared = new Set<string>();
      for (const s of seen) {
        const { statement } = s;
        const direct = directRun<unknown[]>(statement);
        if (drizzlePath.has(s.name)) {
          expect(direct, s.name).toBeUndefined();
          continue;
        }
        expect(direct, s.name).toBeDefined();
        let theirs: unknown;
        let ours: unknown;
        const theirSql = await capture(
          t.ctx.db,
          async () => void (theirs = await statement.execute(s.values)),
        );
        const ourSql = await capture(t.ctx.db, async () => void (ours = await direct!(s.values)));
        expect(ours, s.name).toStrictEqual(theirs);
        expect(ourSql, s.name).toStrictEqual(theirSql);
        expect(ourSql, s.name).toHaveLength(1);
        kindsOf(ours, kinds);
        fieldKinds(statement, fields);
        if ((ours as unknown[]).length) compared.add(s.name);
      }
      for (const name of [
        'session_by_hash',
        'project_of_member',
        'assets_phase_root',
        'assets_phase_folder',
        'asset_newest_versions',
        'chat_counters',
        'project_tray_mine_page',
      ])
        expect(compared, name).toContain(name);
      for (const kind of ['null', 'date', 'array', 'object', 'string', 'number', 'fraction', 'boolean'])
        expect(kinds, kind).toContain(kind);
      for (const kind of ['column', 'sql', 'nested path']) expect(fields, kind).toContain(kind);
    },
  );

  it.skipIf(onPostgres)('keep drizzle execute on PGlite', async () => {
    const seen = await realCalls();
    expect(seen.length).toBeGreaterThan(0);
    for (const s of seen) expect(directRun(s.statement), s.name).toBeUndefined();
  });
});
