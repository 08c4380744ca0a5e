import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, transferItems, transfers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { person, project, type Person } from '../../../test/factories.ts';
import { capture, explain, type SentQuery } from '../../../test/plans.ts';
import { sweepOrphanUploads } from '../uploads/uploads.jobs.ts';
import { saveItemParts } from '../transfers/index.ts';

/**
 * The hourly sweep of store uploads no session knows asks the transfers which of them they still
 * hold once for its whole batch (one statement on transfer_items, `upload_id = any($1)`), and that
 * statement reads transfer_items_upload_idx. PGlite in the normal run, PostgreSQL when DATABASE_URL
 * is set.
 */
let t: TestApp;
let owner: Person;
let projectId: string;
let teamId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t);
  projectId = await project(t, owner);
  [{ teamId }] = await t.ctx.db
    .select({ teamId: projects.teamId })
    .from(projects)
    .where(eq(projects.id, projectId));
}, 60_000);
afterAll(() => t?.close());

/** A transfer in `status` with one item per entry (its upload id and item status). */
async function transferWith(status: string, items: { uploadId: string | null; done?: boolean }[]) {
  const [row] = await t.ctx.db
    .insert(transfers)
    .values({
      teamId,
      projectId,
      service: 's3',
      transferType: 'import',
      title: `sweep ${status}`,
      status,
      createdBy: owner.user.id,
    })
    .returning({ id: transfers.id });
  await t.ctx.db.insert(transferItems).values(
    items.map((i, position) => ({
      transferId: row.id,
      position,
      source: `src/${position}`,
      target: randomUUID(),
      title: `item ${position}`,
      uploadId: i.uploadId,
      status: i.done ? 'done' : 'pending',
    })),
  );
  return row.id;
}

async function storeUpload() {
  const key = `projects/${projectId}/assets/${randomUUID()}/original`;
  const { uploadId } = await t.ctx.blobs.createMultipartUpload(key, { contentType: 'video/mp4' });
  return { key, uploadId };
}

const exists = (u: { key: string; uploadId: string }) =>
  t.ctx.blobs.listParts(u.key, u.uploadId).then(
    () => true,
    (err: { code?: string }) => {
      if (err.code === 'NoSuchUpload') return false;
      throw err;
    },
  );

/** The statements of `sent` that read transfer_items. */
const holderQueries = (sent: SentQuery[]) => sent.filter((q) => q.sql.includes('"transfer_items"'));

/** After the stale cutoff of every upload made so far. */
const later = () => new Date(Date.now() + 60_000);

describe('the uploads sweep asks the transfers once per batch', () => {
  it('keeps the uploads of pending items of queued and running transfers, frees the rest, in one query', async () => {
    const u = {
      queued: await storeUpload(),
      running: await storeUpload(),
      failed: await storeUpload(),
      cancelled: await storeUpload(),
      finished: await storeUpload(),
      doneItem: await storeUpload(),
      nobody: await storeUpload(),
    };
    await transferWith('queued', [
      { uploadId: u.queued.uploadId },
      { uploadId: u.doneItem.uploadId, done: true },
    ]);
    await transferWith('in_progress', [{ uploadId: null, done: true }, { uploadId: u.running.uploadId }]);
    await transferWith('failed', [{ uploadId: u.failed.uploadId }]);
    await transferWith('cancelled', [{ uploadId: u.cancelled.uploadId }]);
    await transferWith('finished', [{ uploadId: u.finished.uploadId, done: true }]);

    let freed = 0;
    const sent = await capture(t.ctx.db, async () => {
      freed = await sweepOrphanUploads(t.ctx, later());
    });
    expect(freed).toBe(5);
    const state = Object.fromEntries(
      await Promise.all(Object.entries(u).map(async ([name, up]) => [name, await exists(up)] as const)),
    );
    expect(state).toEqual({
      queued: true,
      running: true,
      failed: false,
      cancelled: false,
      finished: false,
      doneItem: false,
      nobody: false,
    });
    // 7 candidate uploads, one question to the transfers
    expect(holderQueries(sent)).toHaveLength(1);
    expect(holderQueries(sent)[0].sql).toMatch(/"upload_id" = any\(\$\d+::text\[\]\)/);
  });

  it('the holder query reads transfer_items_upload_idx over 50,000 items', { timeout: 120_000 }, async () => {
    const kept = await storeUpload();
    const gone = await storeUpload();
    await transferWith('queued', [{ uploadId: kept.uploadId }]);
    // many items of many transfers, most with an upload id of their own (exports and imports of
    // large objects keep theirs when done)
    await t.ctx.db.execute(sql`
      with ts as (
        insert into ${transfers} (team_id, project_id, service, transfer_type, title, status, created_by)
        select ${teamId}, ${projectId}, 's3', 'export', 'filler ' || g, 'finished', ${owner.user.id}
        from generate_series(1, 500) g
        returning id
      ), numbered as (select id, row_number() over () as n from ts)
      insert into ${transferItems} (transfer_id, position, source, target, title, upload_id, status)
      select numbered.id, p, 'src', gen_random_uuid()::text, 'filler', md5(numbered.n || '-' || p), 'done'
      from numbered, generate_series(1, 100) p`);
    await t.ctx.db.execute(sql`analyze ${transferItems}`);
    await t.ctx.db.execute(sql`analyze ${transfers}`);

    const sent = await capture(t.ctx.db, () => sweepOrphanUploads(t.ctx, later()));
    expect(await exists(kept)).toBe(true);
    expect(await exists(gone)).toBe(false);
    const [holders] = holderQueries(sent);
    const plan = await explain(t.ctx.db, holders);
    expect(plan, plan).toMatch(
      /Index (Only )?Scan using transfer_items_upload_idx|Bitmap Index Scan on transfer_items_upload_idx/,
    );
  });
});

describe("a transfer item's recorded parts and its counted bytes", () => {
  it('are written together: a failure counting the bytes leaves the parts unrecorded too', async () => {
    const transferId = await transferWith('in_progress', [{ uploadId: 'u-atomic' }]);
    const [item] = await t.ctx.db
      .select()
      .from(transferItems)
      .where(eq(transferItems.transferId, transferId));
    const parts = [{ PartNumber: 1, ETag: '"e1"' }];
    await saveItemParts(t.ctx.db, item, 'u-atomic', parts, 5);
    // The transfer's row refuses the next count, as a crash between the two writes would cut it.
    await t.ctx.db.execute(sql`CREATE FUNCTION refuse_count() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'no count'; END $$`);
    await t.ctx.db.execute(sql`CREATE TRIGGER refuse_count BEFORE UPDATE ON transfers
      FOR EACH ROW EXECUTE FUNCTION refuse_count()`);
    try {
      await expect(
        saveItemParts(t.ctx.db, item, 'u-atomic', [...parts, { PartNumber: 2, ETag: '"e2"' }], 5),
      ).rejects.toThrow();
    } finally {
      await t.ctx.db.execute(sql`DROP TRIGGER refuse_count ON transfers`);
      await t.ctx.db.execute(sql`DROP FUNCTION refuse_count()`);
    }
    const [after] = await t.ctx.db.select().from(transferItems).where(eq(transferItems.id, item.id));
    expect(after.parts).toEqual(parts);
    const [row] = await t.ctx.db.select().from(transfers).where(eq(transfers.id, transferId));
    expect(Number(row.doneBytes)).toBe(5);
  });
});
