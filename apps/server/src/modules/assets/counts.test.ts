import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type AssetPage } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../db/rows.ts';
import { assetEntries, assetVersions, assets, projects } from '../../db/schema/index.ts';
import {
  apiFolder,
  apiProject,
  call,
  insertFile,
  person,
  type Person,
} from '../projects/projects.testkit.ts';
import { checkAssetCounts } from './assets.counts.ts';

/** asset_entries (listed entries per folder and per project root) stays right. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every container of the projects whose kept count differs from a recount: [] when all are right. */
async function drift(projectIds: string[]) {
  return rowsOf<{ id: string; kept: number | null; actual: number }>(
    t.ctx.db,
    sql`with actual as (
        select coalesce(parent_id, project_id) as id, count(*) filter (where not in_stack)::int as n
        from ${assets} where project_id = any(${sql.param(projectIds)}::uuid[]) group by 1
        union all
        select id, 0 from ${assets} where is_folder and project_id = any(${sql.param(projectIds)}::uuid[])
          and not exists (select 1 from ${assets} c where c.parent_id = ${assets}.id)
        union all
        select p, 0 from unnest(${sql.param(projectIds)}::uuid[]) p
          where not exists (select 1 from ${assets} r where r.project_id = p and r.parent_id is null)
      )
      select a.id, e.entries as kept, a.n as actual from actual a
      left join ${assetEntries} e on e.container_id = a.id
      where coalesce(e.entries, 0) <> a.n`,
  );
}

const list = (who: Person, projectId: string, folderId?: string) =>
  call<AssetPage>(t, 'GET', API.assets.root, who, {
    project_db_id: projectId,
    entries_per_page: '2',
    ...(folderId ? { folder_db_id: folderId } : {}),
  });
const total = async (who: Person, projectId: string, folderId?: string) =>
  (await list(who, projectId, folderId)).body.data.total_entries;

describe('asset_entries', () => {
  it('stays equal to a recount across create, upload rows, copy, move, version stacks and delete', async () => {
    const owner = await person(t);
    const p1 = await apiProject(t, owner);
    const p2 = await apiProject(t, owner);
    const shoot = await apiFolder(t, owner, p1, 'Shoot');
    const day = await apiFolder(t, owner, p1, 'Day1', shoot);
    for (let i = 0; i < 3; i++) await insertFile(t, p1, { parentId: day, folderPath: '/Shoot/Day1' });
    const loose = await insertFile(t, p1, { title: 'loose.mp4' });
    expect(await drift([p1, p2])).toEqual([]);
    expect(await total(owner, p1)).toBe(2);
    expect(await total(owner, p1, day)).toBe(3);

    // copy a tree into the other project, then move within and across projects
    const copy = await call(t, 'POST', API.assets.copyMove, owner, {
      ingest_db_ids: [shoot],
      action: 'copy',
      source_project_db_id: p1,
      destination_project_db_id: p2,
    });
    expect(copy.status).toBe(200);
    expect(await drift([p1, p2])).toEqual([]);
    expect(await total(owner, p2)).toBe(1);
    const moveIn = await call(t, 'POST', API.assets.copyMove, owner, {
      ingest_db_ids: [loose.id],
      action: 'move',
      source_project_db_id: p1,
      destination_project_db_id: p1,
      destination_folder_db_id: day,
    });
    expect(moveIn.status).toBe(200);
    expect(await total(owner, p1)).toBe(1);
    expect(await total(owner, p1, day)).toBe(4);
    const moveAcross = await call(t, 'POST', API.assets.copyMove, owner, {
      ingest_db_ids: [day],
      action: 'move',
      source_project_db_id: p1,
      destination_project_db_id: p2,
    });
    expect(moveAcross.status).toBe(200);
    expect(await drift([p1, p2])).toEqual([]);
    expect(await total(owner, p1, shoot)).toBe(0);
    expect(await total(owner, p2)).toBe(2);
    expect(await total(owner, p2, day)).toBe(4);
    // the moved folder's own count row now belongs to its new project
    const [moved] = await t.ctx.db.select().from(assetEntries).where(eq(assetEntries.containerId, day));
    expect(moved).toMatchObject({ projectId: p2, entries: 4 });

    // a newer version leaves its folder's list; deleting the stack's root gives it back
    const [v1, v2] = await t.ctx.db
      .select({ id: assets.id })
      .from(assets)
      .where(sql`${assets.parentId} = ${day} and not ${assets.isFolder}`)
      .limit(2);
    await t.ctx.db.insert(assetVersions).values({ assetId: v2.id, rootId: v1.id, versionNo: 2 });
    expect(await total(owner, p2, day)).toBe(3);
    expect((await list(owner, p2, day)).body.data.items.map((i) => i.ingest_db_id)).not.toContain(v2.id);
    expect(await drift([p2])).toEqual([]);
    const del = await call(t, 'DELETE', API.assets.root, owner, {
      project_db_id: p2,
      ingest_db_ids: [v1.id],
    });
    expect(del.status).toBe(200);
    expect(await total(owner, p2, day)).toBe(3);
    const [back] = await t.ctx.db
      .select({ inStack: assets.inStack })
      .from(assets)
      .where(eq(assets.id, v2.id));
    expect(back.inStack).toBe(false);
    expect(await drift([p2])).toEqual([]);

    // a stacked asset deleted together with its root is not given back
    const [w1, w2] = await t.ctx.db
      .select({ id: assets.id })
      .from(assets)
      .where(sql`${assets.parentId} = ${day} and not ${assets.isFolder}`)
      .limit(2);
    await t.ctx.db.insert(assetVersions).values({ assetId: w2.id, rootId: w1.id, versionNo: 2 });
    await call(t, 'DELETE', API.assets.root, owner, { project_db_id: p2, ingest_db_ids: [w1.id, w2.id] });
    expect(await total(owner, p2, day)).toBe(1);
    expect(await drift([p2])).toEqual([]);

    // deleting a folder takes its contents and its own count row (cascade)
    await call(t, 'DELETE', API.assets.root, owner, { project_db_id: p2, ingest_db_ids: [day] });
    expect(await drift([p1, p2])).toEqual([]);
    expect(await t.ctx.db.select().from(assetEntries).where(eq(assetEntries.containerId, day))).toEqual([]);
    expect(await total(owner, p2)).toBe(1);

    // deleting a project drops its count rows
    await t.ctx.db.delete(projects).where(eq(projects.id, p2));
    expect(await t.ctx.db.select().from(assetEntries).where(eq(assetEntries.projectId, p2))).toEqual([]);
  });

  it('bulk inserts count in one statement', async () => {
    const owner = await person(t);
    const p = await apiProject(t, owner);
    const folder = await apiFolder(t, owner, p, 'Bulk');
    await t.ctx.db.execute(sql`
      insert into ${assets} (project_id, parent_id, title, file_type, folder_path, ingest_code)
      select ${p}, case when g % 2 = 0 then ${folder}::uuid end, 'b' || g, 'video', '/', 'BK' || ${p} || g
      from generate_series(1, 1000) g`);
    expect(await total(owner, p)).toBe(501);
    expect(await total(owner, p, folder)).toBe(500);
    expect(await drift([p])).toEqual([]);
  });

  it('the hourly check repairs drifted counts and stack marks', async () => {
    const owner = await person(t);
    const p = await apiProject(t, owner);
    const folder = await apiFolder(t, owner, p, 'Drift');
    const a = await insertFile(t, p, { parentId: folder });
    const b = await insertFile(t, p, { parentId: folder });
    await insertFile(t, p);
    // drift: a wrong count, a lost count row, and a stack mark without its version row
    await t.ctx.db.execute(sql`update ${assetEntries} set entries = 99 where container_id = ${p}`);
    await t.ctx.db.execute(sql`delete from ${assetEntries} where container_id = ${folder}`);
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`alter table ${assets} disable trigger asset_entries_update`);
      await tx.execute(sql`update ${assets} set in_stack = true where id = ${b.id}`);
      await tx.execute(sql`alter table ${assets} enable trigger asset_entries_update`);
    });
    expect((await drift([p])).length).toBeGreaterThan(0);
    expect(await total(owner, p)).toBe(99);

    expect(await checkAssetCounts(t.ctx)).toBeGreaterThanOrEqual(3);
    expect(await drift([p])).toEqual([]);
    expect(await total(owner, p)).toBe(2);
    expect(await total(owner, p, folder)).toBe(2);
    expect((await list(owner, p, folder)).body.data.items.map((i) => i.ingest_db_id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    expect(await checkAssetCounts(t.ctx)).toBe(0);
  });
});
