import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type AssetMetadata } from '@rushes/shared';
import { folder as makeFolder, project as makeProject } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { call, insertFile, person, setCodes, studio, type Person } from '../projects/projects.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const read = (who: Person | undefined, projectId: string, assetId: string) =>
  call<AssetMetadata>(t, 'GET', API.assets.metadata, who, {
    project_db_id: projectId,
    ingest_db_id: assetId,
  });
const write = (who: Person | undefined, projectId: string, assetId: string, data: Record<string, unknown>) =>
  call<{ errors: Record<string, string> }>(t, 'POST', API.assets.metadata, who, {
    project_db_id: projectId,
    ingest_db_id: assetId,
    ...data,
  });

describe('GET /api/assets/metadata', () => {
  it('answers file info, additional name, keywords and whether the caller may edit', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const file = await insertFile(t, projectId, {
      size: 4096,
      uploadedBy: owner.user.id,
      keywords: ['dusk'],
    });
    const res = await read(collaborator, projectId, file.id);
    expect(res.body.data).toEqual({
      file_info: {
        uploaded_by: 'Test User',
        ingest_id: file.ingestCode,
        created_on: new Date(file.createdAt).toISOString(),
        uploaded_from: 'Web',
        format: 'MPEG-4',
        file_size: 4096,
        duration: 12.5,
      },
      ingest_db_id: file.id,
      title: file.title,
      additional_filename: '',
      keywords: ['dusk'],
      can_add_update_asset_metadata: true,
    });
    await setCodes(t, projectId, collaborator.user.id, []);
    expect((await read(collaborator, projectId, file.id)).body.data.can_add_update_asset_metadata).toBe(
      false,
    );
  });

  it('folders have metadata too; ids of another project are not found; strangers and anonymous refused', async () => {
    const { owner, projectId } = await studio(t);
    const folder = await makeFolder(t, projectId, 'Folder', { by: owner });
    expect((await read(owner, projectId, folder)).body.data.file_info).toMatchObject({
      format: null,
      duration: null,
    });
    const other = await makeProject(t, owner);
    const foreign = await insertFile(t, other);
    expect((await read(owner, projectId, foreign.id)).status).toBe(404);
    expect((await read(await person(t), projectId, folder)).status).toBe(403);
    expect((await read(undefined, projectId, folder)).status).toBe(401);
  });
});

describe('POST /api/assets/metadata', () => {
  it("saves keywords (once each) and the additional name: 'Details updated successfully'", async () => {
    const { collaborator, projectId } = await studio(t);
    const file = await insertFile(t, projectId);
    const res = await write(collaborator, projectId, file.id, {
      keywords: ['Sunset', ' beach ', 'sunset'],
      additional_filename: 'Final cut v2',
    });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.detailsUpdated } });
    const after = await read(collaborator, projectId, file.id);
    expect(after.body.data).toMatchObject({
      keywords: ['Sunset', 'beach'],
      additional_filename: 'Final cut v2',
    });
    // Both cleared is allowed through the API (the panel disables Submit for it).
    expect(
      (await write(collaborator, projectId, file.id, { keywords: [], additional_filename: '' })).body
        .response,
    ).toBe(true);
  });

  it.each([
    [{ additional_filename: 'Hero <shot>' }, MSG.noSpecialCharacters, 'additional_filename'],
    [{ additional_filename: 'Hero #1' }, MSG.noSpecialCharacters, 'additional_filename'],
    [{ additional_filename: 'a'.repeat(101) }, MSG.charLimit100, 'additional_filename'],
    [{ keywords: ['a'.repeat(60), 'b'.repeat(41)] }, MSG.keywordsLimit, 'keywords'],
    [{ keywords: ['c'.repeat(101)] }, MSG.keywordsLimit, 'keywords.0'],
    [{ keywords: ['  '] }, MSG.required, 'keywords.0'],
  ])('refuses %j with %j', async (data, message, field) => {
    const { owner, projectId } = await studio(t);
    const file = await insertFile(t, projectId);
    const res = await write(owner, projectId, file.id, data);
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(message);
    expect(res.body.data.errors[field]).toBe(message);
  });

  it('accepts keywords of exactly 100 characters combined', async () => {
    const { owner, projectId } = await studio(t);
    const file = await insertFile(t, projectId);
    const res = await write(owner, projectId, file.id, { keywords: ['a'.repeat(60), 'b'.repeat(40)] });
    expect(res.body.response).toBe(true);
  });

  it('refuses members without can_add_update_asset_metadata, strangers, anonymous, and foreign ids', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const file = await insertFile(t, projectId);
    await setCodes(t, projectId, collaborator.user.id, ['can_upload_assets']);
    expect((await write(collaborator, projectId, file.id, { keywords: ['x'] })).status).toBe(403);
    expect((await write(await person(t), projectId, file.id, { keywords: ['x'] })).status).toBe(403);
    expect((await write(undefined, projectId, file.id, { keywords: ['x'] })).status).toBe(401);
    const other = await makeProject(t, owner);
    const foreign = await insertFile(t, other);
    expect((await write(owner, projectId, foreign.id, { keywords: ['x'] })).status).toBe(404);
    expect((await read(owner, other, foreign.id)).body.data.keywords).toEqual([]);
  });
});
