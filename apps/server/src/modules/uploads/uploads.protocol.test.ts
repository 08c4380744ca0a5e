// system programs: ffmpeg, ffprobe
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, INGEST_STATUS, MSG } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { assets, projects, uploadSessions } from '../../db/schema/index.ts';
import { cleanupStaleUploads } from './uploads.jobs.ts';
import { apiProject, person, studio } from '../projects/projects.testkit.ts';
import { findPersonalTeam } from '../teams/teams.service.ts';
import { setPlan } from '../teams/teams.testkit.ts';
import {
  TEST_PART_SIZE,
  assetRow,
  call,
  complete,
  listParts,
  putPart,
  putParts,
  sessionRow,
  sha256,
  slice,
  start,
  stored,
  uploadFile,
  expectPartsFreed,
} from './uploads.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_PART_SIZE: String(TEST_PART_SIZE), RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const fileOf = (parts: number, tail = 1000) => randomBytes(TEST_PART_SIZE * (parts - 1) + tail);
const countAssets = async (projectId: string) =>
  (await t.ctx.db.select().from(assets).where(eq(assets.projectId, projectId))).filter((a) => !a.isFolder)
    .length;

describe('multipart upload protocol (fs driver)', () => {
  it('start → parts → complete stores the exact bytes and makes one asset, in queue for media', async () => {
    const { owner, projectId } = await studio(t);
    const data = fileOf(3);
    const started = await start(t, owner, projectId, data.length, { filename: 'Day 1 (take-2).mov' });
    expect(started.status).toBe(200);
    const s = started.body.data;
    expect(s.part_size).toBe(TEST_PART_SIZE);
    expect(s.part_count).toBe(3);
    expect(s.parts.map((p) => p.PartNumber)).toEqual([1, 2, 3]);
    // Nothing is listed before completion.
    expect(await assetRow(t, s.ingest_db_id)).toBeNull();

    const parts = await putParts(t, s, data);
    const listed = await listParts(t, owner, projectId, s.upload_id);
    expect(listed.body.data.parts.map((p) => [p.PartNumber, p.Size])).toEqual([
      [1, TEST_PART_SIZE],
      [2, TEST_PART_SIZE],
      [3, 1000],
    ]);
    const done = await complete(t, owner, projectId, s.upload_id, parts);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      ingest_db_id: s.ingest_db_id,
      status: INGEST_STATUS.inqueue,
      parent_db_id: null,
    });
    const row = (await assetRow(t, s.ingest_db_id))!;
    expect(row).toMatchObject({ title: 'Day 1 (take-2).mov', sizeBytes: data.length, fileType: 'video' });
    expect(sha256(await stored(t, row.blobKey!))).toBe(sha256(data));
    const [p] = await t.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    expect(p.storageUsed).toBe(data.length);
    expect((await sessionRow(t, s.upload_id))!.status).toBe('completed');
    const jobs = await t.ctx.db.execute(
      `select data from jobs where name = 'media.process' and data->>'assetId' = '${s.ingest_db_id}'`,
    );
    expect((jobs as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it('a folder upload keeps its folder path, creating the folders once', async () => {
    const { owner, projectId } = await studio(t);
    const a = await uploadFile(t, owner, projectId, randomBytes(10), {
      filename: 'a.wav',
      folderPath: '/Shoot/Day1',
    });
    const b = await uploadFile(t, owner, projectId, randomBytes(10), {
      filename: 'b.wav',
      folderPath: '/Shoot/Day1',
    });
    const rowA = (await assetRow(t, a.done.ingest_db_id))!;
    const rowB = (await assetRow(t, b.done.ingest_db_id))!;
    expect(rowA.folderPath).toBe('/Shoot/Day1');
    expect(rowA.parentId).toBe(rowB.parentId);
    const folders = (await t.ctx.db.select().from(assets).where(eq(assets.projectId, projectId))).filter(
      (r) => r.isFolder,
    );
    expect(folders.map((f) => f.title).sort()).toEqual(['Day1', 'Shoot']);
  });

  it('a zero-byte file completes with one empty part', async () => {
    const { owner, projectId } = await studio(t);
    const { done } = await uploadFile(t, owner, projectId, Buffer.alloc(0), { filename: 'empty.txt' });
    expect((await assetRow(t, done.ingest_db_id))!.sizeBytes).toBe(0);
  });

  it('sign-parts re-signs parts and ignores numbers past the last part', async () => {
    const { owner, projectId } = await studio(t);
    const s = (await start(t, owner, projectId, TEST_PART_SIZE * 2)).body.data;
    const res = await call<{ parts: { PartNumber: number }[] }>(t, 'POST', API.uploads.signParts, owner, {
      project_db_id: projectId,
      upload_id: s.upload_id,
      part_numbers: [2, 1, 3],
    });
    expect(res.body.data.parts.map((p) => p.PartNumber)).toEqual([1, 2]);
  });

  it('signed part URLs are same-origin paths, whatever PUBLIC_URL says (a page at 127.0.0.1 may PUT them)', async () => {
    const { owner, projectId } = await studio(t);
    const s = (await start(t, owner, projectId, TEST_PART_SIZE * 2)).body.data;
    const res = await call<{ parts: { url: string }[] }>(t, 'POST', API.uploads.signParts, owner, {
      project_db_id: projectId,
      upload_id: s.upload_id,
      part_numbers: [1, 2],
    });
    for (const { url } of [...s.parts, ...res.body.data.parts]) {
      expect(url.startsWith(`${API.blobs.parts}?`)).toBe(true);
      expect(url).not.toMatch(/^[a-z]+:|^\/\//i);
    }
  });

  it('the caller lists their unfinished uploads', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const s = (await start(t, owner, projectId, 10, { filename: 'x.mp4' })).body.data;
    const mine = await call<{ uploads: { upload_id: string }[] }>(t, 'GET', API.uploads.sessions, owner, {
      project_db_id: projectId,
    });
    expect(mine.body.data.uploads.map((u) => u.upload_id)).toEqual([s.upload_id]);
    const theirs = await call<{ uploads: unknown[] }>(t, 'GET', API.uploads.sessions, collaborator, {
      project_db_id: projectId,
    });
    expect(theirs.body.data.uploads).toEqual([]);
  });
});

describe('refusals leave no asset', () => {
  it('a wrong ETag is refused and the upload can be fixed and completed', async () => {
    const { owner, projectId } = await studio(t);
    const data = fileOf(2);
    const s = (await start(t, owner, projectId, data.length)).body.data;
    const parts = await putParts(t, s, data);
    const bad = await complete(t, owner, projectId, s.upload_id, [
      parts[0],
      { PartNumber: 2, ETag: '"00000000000000000000000000000000"' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.errormessage).toBe(MSG.uploadPartsMismatch);
    expect(await assetRow(t, s.ingest_db_id)).toBeNull();
    expect((await complete(t, owner, projectId, s.upload_id, parts)).status).toBe(200);
  });

  it('a missing part is refused (in the list or in the store)', async () => {
    const { owner, projectId } = await studio(t);
    const data = fileOf(3);
    const s = (await start(t, owner, projectId, data.length)).body.data;
    const parts = await putParts(t, s, data, [1, 3]);
    const short = await complete(t, owner, projectId, s.upload_id, parts);
    expect(short.body.errormessage).toBe(MSG.uploadPartsMismatch);
    const claimed = await complete(t, owner, projectId, s.upload_id, [
      parts[0],
      { PartNumber: 2, ETag: parts[0].ETag },
      parts[1],
    ]);
    expect(claimed.status).toBe(400);
    expect(claimed.body.errormessage).toBe(MSG.uploadPartsMismatch);
    expect(await countAssets(projectId)).toBe(0);
  });

  it('an oversize part is refused at the PUT (413) and a short one at completion', async () => {
    const { owner, projectId } = await studio(t);
    const data = fileOf(2);
    const s = (await start(t, owner, projectId, data.length)).body.data;
    const big = await putPart(t, s.parts[0].url, randomBytes(TEST_PART_SIZE + 1));
    expect(big.status).toBe(413);
    // The last part may carry only the remainder.
    expect((await putPart(t, s.parts[1].url, randomBytes(1001))).status).toBe(413);
    const p1 = await putPart(t, s.parts[0].url, slice(data, TEST_PART_SIZE, 1));
    const p2 = await putPart(t, s.parts[1].url, randomBytes(10));
    const res = await complete(t, owner, projectId, s.upload_id, [
      { PartNumber: 1, ETag: p1.etag! },
      { PartNumber: 2, ETag: p2.etag! },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(MSG.uploadSizeMismatch);
    expect(await assetRow(t, s.ingest_db_id)).toBeNull();
  });

  it('a tampered or expired signature is refused', async () => {
    const { owner, projectId } = await studio(t);
    const s = (await start(t, owner, projectId, 100)).body.data;
    const url = new URL(s.parts[0].url, 'http://localhost:3000');
    const sig = url.searchParams.get('sig')!;
    url.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1));
    expect((await putPart(t, url.pathname + url.search, randomBytes(100))).status).toBe(403);
    const other = new URL(s.parts[0].url, 'http://localhost:3000');
    other.searchParams.set('partNumber', '2');
    expect((await putPart(t, other.pathname + other.search, randomBytes(100))).status).toBe(403);
    const row = (await sessionRow(t, s.upload_id))!;
    const expiring = await t.ctx.blobs.signPartUrl(row.blobKey, row.blobUploadId, 1, { expiresInSeconds: 1 });
    await new Promise((r) => setTimeout(r, 1100));
    const expired = await putPart(t, expiring, randomBytes(100));
    expect(expired.status).toBe(403);
    expect(JSON.parse(expired.text).errormessage).toBe(MSG.invalidLink);
  });

  it('a target folder deleted during the upload: 404, no asset, the joined bytes are removed', async () => {
    const { owner, projectId } = await studio(t);
    const folder = await call<{ ingest_db_id: string }>(t, 'POST', API.assets.folder, owner, {
      project_db_id: projectId,
      data: { upload_status: 'started', file_info: { filename: 'Dailies' } },
    });
    const folderId = folder.body.data.ingest_db_id;
    const data = fileOf(1, 300);
    const s = (await start(t, owner, projectId, data.length, { folderId })).body.data;
    const parts = await putParts(t, s, data);
    const row = (await sessionRow(t, s.upload_id))!;
    await call(t, 'DELETE', API.assets.root, owner, { project_db_id: projectId, ingest_db_ids: [folderId] });
    const res = await complete(t, owner, projectId, s.upload_id, parts);
    expect(res.status).toBe(404);
    expect(res.body.errormessage).toBe(MSG.folderNotFound);
    expect(await assetRow(t, s.ingest_db_id)).toBeNull();
    expect(await t.ctx.blobs.headObject(row.blobKey)).toBeNull();
  });

  it('a second complete is refused and there is still one asset', async () => {
    const { owner, projectId } = await studio(t);
    const data = fileOf(1, 500);
    const s = (await start(t, owner, projectId, data.length)).body.data;
    const parts = await putParts(t, s, data);
    expect((await complete(t, owner, projectId, s.upload_id, parts)).status).toBe(200);
    const again = await complete(t, owner, projectId, s.upload_id, parts);
    expect(again.status).toBe(409);
    expect(again.body.errormessage).toBe(MSG.uploadAlreadyCompleted);
    expect(await countAssets(projectId)).toBe(1);
  });

  it('abort frees the parts; the upload is gone for every later call', async () => {
    const { owner, projectId } = await studio(t);
    const data = fileOf(2);
    const s = (await start(t, owner, projectId, data.length)).body.data;
    const parts = await putParts(t, s, data);
    const row = (await sessionRow(t, s.upload_id))!;
    const aborted = await call(t, 'DELETE', API.uploads.root, owner, {
      project_db_id: projectId,
      upload_id: s.upload_id,
    });
    expect(aborted.body).toMatchObject({ response: true, data: { message: MSG.userCancelled } });
    await expectPartsFreed(t, row);
    const late = await complete(t, owner, projectId, s.upload_id, parts);
    expect(late.status).toBe(404);
    expect(late.body.errormessage).toBe(MSG.uploadNotFound);
    expect((await putPart(t, s.parts[0].url, slice(data, TEST_PART_SIZE, 1))).status).toBe(404);
    expect(await assetRow(t, s.ingest_db_id)).toBeNull();
    expect(await t.ctx.blobs.headObject(row.blobKey)).toBeNull();
  });

  it('restricted extensions and names with special characters are refused by the server', async () => {
    const { owner, projectId } = await studio(t);
    for (const filename of ['setup.exe', 'tool.JAR', 'index.php', 'run.sh', 'installer.msi']) {
      const res = await start(t, owner, projectId, 10, { filename });
      expect(res.status, filename).toBe(400);
      expect(JSON.stringify(res.body), filename).toContain(MSG.uploadRestricted);
    }
    for (const filename of ['bad<name>.mp4', 'semi;colon.mov', '.hidden.mov']) {
      const res = await start(t, owner, projectId, 10, { filename });
      expect(res.status, filename).toBe(400);
      expect(JSON.stringify(res.body), filename).toContain(MSG.uploadNameInvalid);
    }
    const badFolder = await start(t, owner, projectId, 10, { filename: 'ok.mov', folderPath: '/a/../b' });
    expect(badFolder.status).toBe(400);
    expect(await countAssets(projectId)).toBe(0);
  });

  it('the plan storage quota is checked at start (upgrade_required), counting unfinished uploads', async () => {
    const owner = await person(t);
    const team = (await findPersonalTeam(t.ctx.db, owner.user.id))!.id;
    await setPlan(t, team, 'free');
    const projectId = await apiProject(t, owner, team);
    const gib = 1024 ** 3;
    const ok = await start(t, owner, projectId, 6 * gib, { filename: 'big.mov' });
    expect(ok.status).toBe(200);
    const over = await start(t, owner, projectId, 5 * gib, { filename: 'big2.mov' });
    expect(over.status).toBe(403);
    expect(over.body.errormessage).toBe(MSG.upgradeStorageLimit);
    expect(
      (over.body.data as unknown as { upgrade_required: { message: string } }).upgrade_required.message,
    ).toBe(MSG.upgradeStorageLimit);
  });
});

describe('stale uploads', () => {
  it('the hourly cleanup aborts uploads untouched for UPLOAD_STALE_HOURS and frees their parts', async () => {
    const { owner, projectId } = await studio(t);
    const data = fileOf(2);
    const s = (await start(t, owner, projectId, data.length)).body.data;
    await putParts(t, s, data, [1]);
    const fresh = (await start(t, owner, projectId, 10)).body.data;
    const row = (await sessionRow(t, s.upload_id))!;
    await t.ctx.db
      .update(uploadSessions)
      .set({ updatedAt: new Date(Date.now() - (t.ctx.config.UPLOAD_STALE_HOURS + 1) * 3_600_000) })
      .where(eq(uploadSessions.id, s.upload_id));
    await cleanupStaleUploads(t.ctx);
    expect(await sessionRow(t, s.upload_id)).toBeNull();
    await expectPartsFreed(t, row);
    expect(await sessionRow(t, fresh.upload_id)).not.toBeNull();
  });

  it('uploads of a deleted project are aborted by the next cleanup', async () => {
    const { owner, projectId } = await studio(t);
    const data = fileOf(2);
    const s = (await start(t, owner, projectId, data.length)).body.data;
    await putParts(t, s, data, [1]);
    const row = (await sessionRow(t, s.upload_id))!;
    const deleted = await call(t, 'DELETE', API.projects.root, owner, { project_db_id: projectId });
    expect(deleted.status).toBe(200);
    expect(await sessionRow(t, s.upload_id)).not.toBeNull();
    await cleanupStaleUploads(t.ctx);
    expect(await sessionRow(t, s.upload_id)).toBeNull();
    await expectPartsFreed(t, row);
  });
});
