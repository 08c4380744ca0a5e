import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { assets } from '../../db/schema/index.ts';
import {
  apiFolder,
  apiProject,
  call,
  insertFile,
  person,
  projectRow,
  setCodes,
  studio,
} from '../projects/projects.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stored = async (key: string) => (await t.ctx.blobs.headObject(key)) !== null;
async function putBlob(key: string) {
  await t.ctx.blobs.putObject(key, Buffer.from('bytes'), { contentType: 'video/mp4' });
}
const rowsOf = (projectId: string) => t.ctx.db.select().from(assets).where(eq(assets.projectId, projectId));

describe('DELETE /api/assets', () => {
  it('deletes files and folders with their contents; storage_used and total_assets drop; blobs go by job', async () => {
    const { owner, projectId } = await studio(t);
    const folder = await apiFolder(t, owner, projectId, 'Selects');
    const sub = await apiFolder(t, owner, projectId, 'Sub', folder);
    const deep = await insertFile(t, projectId, { parentId: sub, size: 500 });
    const loose = await insertFile(t, projectId, { size: 300 });
    const kept = await insertFile(t, projectId, { size: 200 });
    for (const f of [deep, loose, kept]) await putBlob(f.blobKey!);
    expect(await projectRow(t, projectId)).toMatchObject({ storageUsed: 1000, totalAssets: 5 });

    const res = await call(t, 'DELETE', API.assets.root, owner, {
      project_db_id: projectId,
      ingest_db_ids: [folder, loose.id],
      comment: 'Wrong takes',
    });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.assetDeleted } });
    expect((await rowsOf(projectId)).map((r) => r.id)).toEqual([kept.id]);
    expect(await projectRow(t, projectId)).toMatchObject({ storageUsed: 200, totalAssets: 1 });
    await t.ctx.jobs.drainForTests();
    expect(await stored(deep.blobKey!)).toBe(false);
    expect(await stored(loose.blobKey!)).toBe(false);
    expect(await stored(kept.blobKey!)).toBe(true);
  });

  it('a blob still used by a copy survives the deletion of the original', async () => {
    const { owner, projectId } = await studio(t);
    const original = await insertFile(t, projectId);
    await putBlob(original.blobKey!);
    const copy = await call(t, 'POST', API.assets.copyMove, owner, {
      ingest_db_ids: [original.id],
      action: 'copy',
      source_project_db_id: projectId,
      destination_project_db_id: projectId,
    });
    expect(copy.body.response).toBe(true);
    await call(t, 'DELETE', API.assets.root, owner, {
      project_db_id: projectId,
      ingest_db_ids: [original.id],
    });
    await t.ctx.jobs.drainForTests();
    expect(await stored(original.blobKey!)).toBe(true);
    const [left] = await rowsOf(projectId);
    await call(t, 'DELETE', API.assets.root, owner, { project_db_id: projectId, ingest_db_ids: [left.id] });
    await t.ctx.jobs.drainForTests();
    expect(await stored(original.blobKey!)).toBe(false);
  });

  it('refuses an ingest_db_id of another project (IDOR) and deletes nothing', async () => {
    const { owner, projectId } = await studio(t);
    const victimOwner = await person(t);
    const victim = await apiProject(t, victimOwner);
    const theirs = await insertFile(t, victim);
    const mine = await insertFile(t, projectId);
    const res = await call(t, 'DELETE', API.assets.root, owner, {
      project_db_id: projectId,
      ingest_db_ids: [mine.id, theirs.id],
    });
    expect(res.status).toBe(404);
    expect(res.body.errormessage).toBe(MSG.assetNotFound);
    expect(await rowsOf(victim)).toHaveLength(1);
    expect(await rowsOf(projectId)).toHaveLength(1);
    // Naming the victim's project instead needs membership there.
    const direct = await call(t, 'DELETE', API.assets.root, owner, {
      project_db_id: victim,
      ingest_db_ids: [theirs.id],
    });
    expect(direct.status).toBe(403);
  });

  it('refuses members without can_delete_assets (collaborators by default), strangers, anonymous', async () => {
    const { collaborator, projectId } = await studio(t);
    const file = await insertFile(t, projectId);
    const body = { project_db_id: projectId, ingest_db_ids: [file.id] };
    expect((await call(t, 'DELETE', API.assets.root, collaborator, body)).status).toBe(403);
    expect((await call(t, 'DELETE', API.assets.root, await person(t), body)).status).toBe(403);
    expect((await call(t, 'DELETE', API.assets.root, undefined, body)).status).toBe(401);
    await setCodes(t, projectId, collaborator.user.id, ['can_delete_assets']);
    expect((await call(t, 'DELETE', API.assets.root, collaborator, body)).body.response).toBe(true);
  });

  it('validates: ids required, comment at most 100 characters', async () => {
    const { owner, projectId } = await studio(t);
    const empty = await call(t, 'DELETE', API.assets.root, owner, {
      project_db_id: projectId,
      ingest_db_ids: [],
    });
    expect(empty.body.errormessage).toBe(MSG.required);
    const file = await insertFile(t, projectId);
    const long = await call(t, 'DELETE', API.assets.root, owner, {
      project_db_id: projectId,
      ingest_db_ids: [file.id],
      comment: 'c'.repeat(101),
    });
    expect(long.body.errormessage).toBe(MSG.charLimit100);
  });
});
