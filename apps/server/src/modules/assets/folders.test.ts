import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type AssetPage } from '@rushes/shared';
import { folder as makeFolder, project as makeProject } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  apiFolder,
  call,
  folderBody,
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

const list = (who: Person | undefined, query: Record<string, string>) =>
  call<AssetPage>(t, 'GET', API.assets.root, who, query);

describe('POST /api/assets/folder', () => {
  it('creates nested folders with their paths and counts them in total_assets', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const res = await call<{ message: string; ingest_db_id: string }>(
      t,
      'POST',
      API.assets.folder,
      collaborator,
      folderBody(projectId, ' Day_1 - A cam '),
    );
    expect(res.body).toMatchObject({
      response: true,
      data: { message: MSG.folderCreated, project_db_id: projectId },
    });
    const day = res.body.data.ingest_db_id;
    const cards = await apiFolder(t, owner, projectId, 'Cards', day);
    await apiFolder(t, owner, projectId, 'Card 1', cards);
    const inside = await list(owner, { project_db_id: projectId, folder_db_id: cards });
    expect(inside.body.data.items).toEqual([
      expect.objectContaining({
        title: 'Card 1',
        file_type: 'folder',
        is_folder: true,
        folder_path: '/Day_1 - A cam/Cards',
        parent_db_id: cards,
        thumbnail: null,
        approval_status: 0,
        status: 1,
      }),
    ]);
    expect(inside.body.data.breadcrumbs).toEqual([
      { ingest_db_id: day, title: 'Day_1 - A cam' },
      { ingest_db_id: cards, title: 'Cards' },
    ]);
    expect((await projectRow(t, projectId))!.totalAssets).toBe(3);
  });

  it.each([
    ['', MSG.required],
    ['   ', MSG.required],
    ['Bad/name', MSG.removeSpecialCharacters],
    ['Rushes*', MSG.removeSpecialCharacters],
    ['x'.repeat(101), MSG.folderNameLimit],
  ])('refuses the folder name %j with %j', async (name, message) => {
    const { owner, projectId } = await studio(t);
    const res = await call<{ errors: Record<string, string> }>(
      t,
      'POST',
      API.assets.folder,
      owner,
      folderBody(projectId, name),
    );
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(message);
    expect(res.body.data.errors['data.file_info.filename']).toBe(message);
  });

  it('accepts 100 characters and refuses a status other than started', async () => {
    const { owner, projectId } = await studio(t);
    expect(
      (await call(t, 'POST', API.assets.folder, owner, folderBody(projectId, 'y'.repeat(100)))).body.response,
    ).toBe(true);
    const body = folderBody(projectId, 'Ok');
    const wrong = await call(t, 'POST', API.assets.folder, owner, {
      ...body,
      data: { ...body.data, upload_status: 'done' },
    });
    expect(wrong.status).toBe(400);
  });

  it('refuses a parent of another project (not found), members without can_upload_assets, strangers, anonymous', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const elsewhere = await makeProject(t, owner);
    const foreign = await makeFolder(t, elsewhere, 'Theirs', { by: owner });
    const idor = await call(t, 'POST', API.assets.folder, owner, folderBody(projectId, 'Sneaky', foreign));
    expect(idor.status).toBe(404);
    expect(idor.body.errormessage).toBe(MSG.folderNotFound);
    await setCodes(t, projectId, collaborator.user.id, ['can_delete_assets']);
    expect((await call(t, 'POST', API.assets.folder, collaborator, folderBody(projectId, 'No'))).status).toBe(
      403,
    );
    expect(
      (await call(t, 'POST', API.assets.folder, await person(t), folderBody(projectId, 'No'))).status,
    ).toBe(403);
    expect((await call(t, 'POST', API.assets.folder, undefined, folderBody(projectId, 'No'))).status).toBe(
      401,
    );
    expect((await projectRow(t, projectId))!.totalAssets).toBe(0);
  });
});

describe('GET /api/assets (folder listing)', () => {
  it('lists folders first, then files, by name; pages by keyset without duplicates', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const names = ['delta', 'Alpha', 'charlie', 'bravo', 'echo'];
    for (const n of names) await makeFolder(t, projectId, n, { by: owner });
    for (let i = 0; i < 7; i++) await insertFile(t, projectId, { title: `take_${i}.mov` });
    await insertFile(t, projectId, { title: 'Alpha' });

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await list(collaborator, {
        project_db_id: projectId,
        entries_per_page: '4',
        ...(cursor ? { cursor } : {}),
      });
      expect(res.body.data.total_entries).toBe(13);
      expect(res.body.data.breadcrumbs).toEqual([]);
      seen.push(...res.body.data.items.map((i) => `${i.is_folder ? 'D' : 'F'}:${i.title}`));
      cursor = res.body.data.next_cursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(seen).toEqual([
      'D:Alpha',
      'D:bravo',
      'D:charlie',
      'D:delta',
      'D:echo',
      'F:Alpha',
      ...Array.from({ length: 7 }, (_, i) => `F:take_${i}.mov`),
    ]);
  });

  it('lists inside a folder only its children; a folder of another project is not found', async () => {
    const { owner, projectId } = await studio(t);
    const folder = await makeFolder(t, projectId, 'Inside', { by: owner });
    await insertFile(t, projectId, { title: 'nested.mp4', parentId: folder, folderPath: '/Inside' });
    await insertFile(t, projectId, { title: 'root.mp4' });
    const res = await list(owner, { project_db_id: projectId, folder_db_id: folder });
    expect(res.body.data.items.map((i) => i.title)).toEqual(['nested.mp4']);
    expect(res.body.data.items[0]).toMatchObject({
      file_type: 'video',
      size: 1000,
      extension: 'mp4',
      approval_status: 2,
    });
    const other = await makeProject(t, owner);
    const foreign = await list(owner, { project_db_id: other, folder_db_id: folder });
    expect(foreign.status).toBe(404);
  });

  it('refuses strangers, anonymous callers, a page size over 50 and a forged cursor', async () => {
    const { owner, projectId } = await studio(t);
    expect((await list(await person(t), { project_db_id: projectId })).status).toBe(403);
    expect((await list(undefined, { project_db_id: projectId })).status).toBe(401);
    expect((await list(owner, { project_db_id: projectId, entries_per_page: '101' })).status).toBe(400);
    expect((await list(owner, { project_db_id: projectId, cursor: 'abc' })).status).toBe(400);
  });
});
