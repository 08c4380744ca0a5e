import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { person, setCodes, studio } from '../projects/projects.testkit.ts';
import {
  TEST_PART_SIZE,
  assetRow,
  call,
  complete,
  listParts,
  putParts,
  start,
  uploadFile,
} from './uploads.testkit.ts';

/** Who may: members with can_upload_assets upload; members read; nobody else does anything. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_PART_SIZE: String(TEST_PART_SIZE), RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

async function scene() {
  const s = await studio(t);
  const stranger = await person(t);
  const data = randomBytes(TEST_PART_SIZE + 10);
  const started = (await start(t, s.owner, s.projectId, data.length)).body.data;
  const parts = await putParts(t, started, data);
  return { ...s, stranger, data, started, parts };
}

describe('a non-member', () => {
  it('cannot start an upload', async () => {
    const { projectId, stranger } = await scene();
    const res = await start(t, stranger, projectId, 10);
    expect(res.status).toBe(403);
    expect(res.body.errormessage).toBe(MSG.noProjectAccess);
  });

  it('cannot sign parts, list parts or list uploads', async () => {
    const { projectId, stranger, started } = await scene();
    const sign = await call(t, 'POST', API.uploads.signParts, stranger, {
      project_db_id: projectId,
      upload_id: started.upload_id,
      part_numbers: [1],
    });
    expect(sign.status).toBe(403);
    expect((await listParts(t, stranger, projectId, started.upload_id)).status).toBe(403);
    const sessions = await call(t, 'GET', API.uploads.sessions, stranger, { project_db_id: projectId });
    expect(sessions.status).toBe(403);
  });

  it('cannot complete or abort', async () => {
    const { projectId, stranger, started, parts } = await scene();
    expect((await complete(t, stranger, projectId, started.upload_id, parts)).status).toBe(403);
    const abort = await call(t, 'DELETE', API.uploads.root, stranger, {
      project_db_id: projectId,
      upload_id: started.upload_id,
    });
    expect(abort.status).toBe(403);
    expect(await assetRow(t, started.ingest_db_id)).toBeNull();
  });

  it('cannot read an asset: detail, original, proxy or thumbnail', async () => {
    const { owner, projectId, stranger } = await scene();
    const { done } = await uploadFile(t, owner, projectId, randomBytes(100), { filename: 'a.mp4' });
    const detail = await call(t, 'GET', API.media.asset, stranger, { ingest_db_id: done.ingest_db_id });
    expect(detail.status).toBe(403);
    for (const kind of ['original', 'proxy', 'thumbnail']) {
      const res = await call(t, 'GET', API.media.file, stranger, { ingest_db_id: done.ingest_db_id, kind });
      expect(res.status, kind).toBe(403);
    }
    const anonymous = await call(t, 'GET', API.media.file, undefined, {
      ingest_db_id: done.ingest_db_id,
      kind: 'original',
    });
    expect(anonymous.status).toBe(401);
    // The member reads it.
    const mine = await t.app.inject({
      method: 'GET',
      url: `${API.media.file}?ingest_db_id=${done.ingest_db_id}&kind=original`,
      headers: { cookie: owner.cookie },
    });
    expect(mine.statusCode).toBe(200);
  });
});

describe('members', () => {
  it('a collaborator without can_upload_assets cannot start', async () => {
    const { projectId, collaborator } = await scene();
    await setCodes(t, projectId, collaborator.user.id, ['download_all_assets']);
    const res = await start(t, collaborator, projectId, 10);
    expect(res.status).toBe(403);
    expect(res.body.errormessage).toBe(MSG.forbidden);
  });

  it("another member cannot touch someone else's upload", async () => {
    const { projectId, collaborator, started, parts } = await scene();
    const res = await complete(t, collaborator, projectId, started.upload_id, parts);
    expect(res.status).toBe(404);
    expect(res.body.errormessage).toBe(MSG.uploadNotFound);
    expect((await listParts(t, collaborator, projectId, started.upload_id)).status).toBe(404);
  });

  it('an upload id of another project is not found there', async () => {
    const a = await scene();
    const b = await studio(t);
    const res = await complete(t, a.owner, b.projectId, a.started.upload_id, a.parts);
    expect(res.status).toBe(403);
    const own = await studio(t);
    const s = (await start(t, own.owner, own.projectId, 10)).body.data;
    const other = await studio(t);
    await call(t, 'POST', API.projects.collaborators, other.owner, {
      project_db_id: other.projectId,
      collabrated_with: [own.owner.user.id],
      role: 'collaborator',
    });
    const cross = await listParts(t, own.owner, other.projectId, s.upload_id);
    expect(cross.status).toBe(404);
  });

  it('the external player setting needs a session', async () => {
    const res = await call(t, 'GET', API.media.config, undefined);
    expect(res.status).toBe(401);
    const { owner } = await scene();
    const mine = await call<{ external_player_url: string | null }>(t, 'GET', API.media.config, owner);
    expect(mine.body.data.external_player_url).toBeNull();
  });
});
