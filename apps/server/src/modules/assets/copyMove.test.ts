import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type BrowseAnswer } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { assets } from '../../db/schema/index.ts';
import {
  addMembers,
  apiFolder,
  apiProject,
  call,
  insertFile,
  person,
  projectRow,
  setCodes,
  studio,
  type Person,
} from '../projects/projects.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = (projectId: string) => t.ctx.db.select().from(assets).where(eq(assets.projectId, projectId));
/** 'folder_path|title' of each row, sorted. */
const pathsOf = async (projectId: string) =>
  (await rowsOf(projectId)).map((r) => `${r.folderPath}|${r.title}`).sort();
const copyMove = (who: Person | undefined, body: Record<string, unknown>) =>
  call(t, 'POST', API.assets.copyMove, who, body);

/** A project with /Shoot/Day1/clip.mp4 (keywords, additional name) and /loose.mp4. */
async function shoot(owner: Person) {
  const projectId = await apiProject(t, owner);
  const shootId = await apiFolder(t, owner, projectId, 'Shoot');
  const day = await apiFolder(t, owner, projectId, 'Day1', shootId);
  const clip = await insertFile(t, projectId, {
    title: 'clip.mp4',
    parentId: day,
    folderPath: '/Shoot/Day1',
    size: 700,
    keywords: ['sunset', 'beach'],
    additional: 'Hero shot',
  });
  const loose = await insertFile(t, projectId, { title: 'loose.mp4', size: 300 });
  return { projectId, shootId, day, clip, loose };
}

describe('POST /api/assets/copy-move: copy', () => {
  it('duplicates folder trees with metadata into another project; counters follow', async () => {
    const owner = await person(t);
    const src = await shoot(owner);
    const dst = await apiProject(t, owner);
    const target = await apiFolder(t, owner, dst, 'Incoming');
    const res = await copyMove(owner, {
      ingest_db_ids: [src.shootId, src.day, src.loose.id],
      action: 'copy',
      source_project_db_id: src.projectId,
      destination_project_db_id: dst,
      destination_folder_db_id: target,
    });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.assetsCopied } });
    const copied = await rowsOf(dst);
    expect(await pathsOf(dst)).toEqual(
      [
        '/|Incoming',
        '/Incoming|Shoot',
        '/Incoming|loose.mp4',
        '/Incoming/Shoot|Day1',
        '/Incoming/Shoot/Day1|clip.mp4',
      ].sort(),
    );
    const clip = copied.find((r) => r.title === 'clip.mp4')!;
    expect(clip).toMatchObject({
      keywords: ['sunset', 'beach'],
      additionalFilename: 'Hero shot',
      blobKey: src.clip.blobKey,
      approvalStatus: 0,
      sizeBytes: 700,
    });
    expect(clip.id).not.toBe(src.clip.id);
    expect(clip.ingestCode).not.toBe(src.clip.ingestCode);
    expect(await projectRow(t, dst)).toMatchObject({ storageUsed: 1000, totalAssets: 5 });
    expect(await projectRow(t, src.projectId)).toMatchObject({ storageUsed: 1000, totalAssets: 4 });
    expect(await rowsOf(src.projectId)).toHaveLength(4);
  });

  it('refuses a destination the caller cannot write: no can_upload_assets there, or not a member', async () => {
    const owner = await person(t);
    const src = await shoot(owner);
    const otherOwner = await person(t);
    const readOnly = await apiProject(t, otherOwner);
    await addMembers(t, otherOwner, readOnly, [owner]);
    await setCodes(t, readOnly, owner.user.id, ['download_all_assets']);
    const strangers = await apiProject(t, otherOwner);
    for (const dst of [readOnly, strangers]) {
      const res = await copyMove(owner, {
        ingest_db_ids: [src.loose.id],
        action: 'copy',
        source_project_db_id: src.projectId,
        destination_project_db_id: dst,
      });
      expect(res.status).toBe(403);
      expect(await rowsOf(dst)).toHaveLength(0);
    }
  });

  it('refuses ids of another project (IDOR), a folder of another project, and missing destination', async () => {
    const owner = await person(t);
    const src = await shoot(owner);
    const victim = await shoot(await person(t));
    const idor = await copyMove(owner, {
      ingest_db_ids: [victim.loose.id],
      action: 'copy',
      source_project_db_id: src.projectId,
      destination_project_db_id: src.projectId,
    });
    expect(idor.status).toBe(404);
    expect(idor.body.errormessage).toBe(MSG.assetNotFound);
    const foreignFolder = await copyMove(owner, {
      ingest_db_ids: [src.loose.id],
      action: 'copy',
      source_project_db_id: src.projectId,
      destination_project_db_id: src.projectId,
      destination_folder_db_id: victim.shootId,
    });
    expect(foreignFolder.status).toBe(404);
    const noDest = await copyMove(owner, {
      ingest_db_ids: [src.loose.id],
      action: 'copy',
      source_project_db_id: src.projectId,
    });
    expect(noDest.status).toBe(400);
    expect(noDest.body.errormessage).toBe(MSG.required);
    expect((await copyMove(undefined, { ingest_db_ids: [src.loose.id] })).status).toBe(401);
  });
});

describe('POST /api/assets/copy-move: move', () => {
  it('moves within a project: paths follow, counters stay', async () => {
    const owner = await person(t);
    const src = await shoot(owner);
    const archive = await apiFolder(t, owner, src.projectId, 'Archive');
    const res = await copyMove(owner, {
      ingest_db_ids: [src.day],
      action: 'move',
      source_project_db_id: src.projectId,
      destination_project_db_id: src.projectId,
      destination_folder_db_id: archive,
    });
    expect(res.body.data).toEqual({ message: MSG.assetsMoved });
    const rows = await rowsOf(src.projectId);
    expect(rows.find((r) => r.id === src.day)).toMatchObject({ parentId: archive, folderPath: '/Archive' });
    expect(rows.find((r) => r.id === src.clip.id)).toMatchObject({
      parentId: src.day,
      folderPath: '/Archive/Day1',
    });
    expect(await projectRow(t, src.projectId)).toMatchObject({ storageUsed: 1000, totalAssets: 5 });
  });

  it('refuses moving a folder into itself or one of its folders', async () => {
    const owner = await person(t);
    const src = await shoot(owner);
    for (const into of [src.shootId, src.day]) {
      const res = await copyMove(owner, {
        ingest_db_ids: [src.shootId],
        action: 'move',
        source_project_db_id: src.projectId,
        destination_project_db_id: src.projectId,
        destination_folder_db_id: into,
      });
      expect(res.status).toBe(400);
      expect(res.body.errormessage).toBe(MSG.moveIntoItself);
    }
    expect((await rowsOf(src.projectId)).find((r) => r.id === src.shootId)!.parentId).toBeNull();
  });

  it('across projects: needs delete rights in the source and write rights in the destination', async () => {
    const owner = await person(t);
    const mover = await person(t);
    const src = await shoot(owner);
    const dst = await apiProject(t, owner);
    await addMembers(t, owner, src.projectId, [mover]);
    await addMembers(t, owner, dst, [mover]);
    const body = {
      ingest_db_ids: [src.shootId],
      action: 'move',
      source_project_db_id: src.projectId,
      destination_project_db_id: dst,
    };
    const noDelete = await copyMove(mover, body);
    expect(noDelete.status).toBe(403);
    await setCodes(t, src.projectId, mover.user.id, ['can_copy_move_assets', 'can_delete_assets']);
    await setCodes(t, dst, mover.user.id, ['can_copy_move_assets']);
    expect((await copyMove(mover, body)).status).toBe(403);
    await setCodes(t, dst, mover.user.id, ['can_upload_assets']);
    expect((await copyMove(mover, body)).body.response).toBe(true);
    expect(await pathsOf(dst)).toEqual(['/Shoot/Day1|clip.mp4', '/Shoot|Day1', '/|Shoot'].sort());
    expect(await projectRow(t, src.projectId)).toMatchObject({ storageUsed: 300, totalAssets: 1 });
    expect(await projectRow(t, dst)).toMatchObject({ storageUsed: 700, totalAssets: 3 });
  });

  it('refuses members without can_copy_move_assets in the source', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const file = await insertFile(t, projectId);
    await setCodes(t, projectId, collaborator.user.id, ['can_upload_assets']);
    const res = await copyMove(collaborator, {
      ingest_db_ids: [file.id],
      action: 'copy',
      source_project_db_id: projectId,
      destination_project_db_id: projectId,
    });
    expect(res.status).toBe(403);
    void owner;
  });
});

describe('GET /api/projects/browse', () => {
  it('lists projects the caller can write into, then folders with move targets disabled', async () => {
    const owner = await person(t);
    const src = await shoot(owner);
    const other = await person(t);
    const writable = await apiProject(t, other, undefined, 'Writable');
    const readOnly = await apiProject(t, other, undefined, 'Read only');
    await addMembers(t, other, writable, [owner]);
    await addMembers(t, other, readOnly, [owner]);
    await setCodes(t, readOnly, owner.user.id, ['download_all_assets']);
    const projects = await call<BrowseAnswer>(t, 'GET', API.projects.browse, owner, {
      action: 'move',
      destination: 'project',
    });
    const ids = projects.body.data.projects.map((p) => p.project_db_id);
    expect(ids).toEqual(expect.arrayContaining([src.projectId, writable]));
    expect(ids).not.toContain(readOnly);

    const folders = await call<BrowseAnswer>(t, 'GET', API.projects.browse, owner, {
      action: 'move',
      destination: 'folder',
      project_db_id: src.projectId,
      source_folder_db_ids: src.shootId,
    });
    expect(folders.body.data.folders).toEqual([
      { ingest_db_id: src.shootId, title: 'Shoot', folder_path: '/', has_children: true, is_disabled: true },
    ]);
    const inside = await call<BrowseAnswer>(t, 'GET', API.projects.browse, owner, {
      action: 'copy',
      destination: 'folder',
      project_db_id: src.projectId,
      folder_db_id: src.shootId,
    });
    expect(inside.body.data.folders).toEqual([
      expect.objectContaining({ title: 'Day1', has_children: false }),
    ]);
    expect(inside.body.data.breadcrumbs).toEqual([{ ingest_db_id: src.shootId, title: 'Shoot' }]);
    const refused = await call(t, 'GET', API.projects.browse, owner, {
      action: 'copy',
      destination: 'folder',
      project_db_id: readOnly,
    });
    expect(refused.status).toBe(403);
    const anon = await call(t, 'GET', API.projects.browse, undefined, {
      action: 'copy',
      destination: 'project',
    });
    expect(anon.status).toBe(401);
  });
});
