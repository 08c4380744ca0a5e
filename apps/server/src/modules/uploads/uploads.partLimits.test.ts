import { eq } from 'drizzle-orm';
import { API } from '@rushes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { uploadSessions } from '../../db/schema/index.ts';
import { studio } from '../projects/projects.testkit.ts';
import { partLimits } from './uploads.sessions.ts';
import { TEST_PART_SIZE, call, sessionRow, start } from './uploads.testkit.ts';

/** The part route's size limit per part, and how long it trusts a session it found open. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_PART_SIZE: String(TEST_PART_SIZE), RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

describe('partLimits', () => {
  it('answers each part its size, remembers an open session for 10 s, then asks again', async () => {
    const { owner, projectId } = await studio(t);
    const size = TEST_PART_SIZE * 2 + 100;
    const started = (await start(t, owner, projectId, size)).body.data;
    const row = (await sessionRow(t, started.upload_id))!;
    let clock = 1_000_000;
    const limitOf = partLimits(t.ctx.db, () => clock);

    expect(await limitOf(row.blobKey, row.blobUploadId, 1)).toBe(TEST_PART_SIZE);
    expect(await limitOf(row.blobKey, row.blobUploadId, 3)).toBe(100);
    expect(await limitOf(row.blobKey, row.blobUploadId, 4)).toBeNull();
    // another upload's id with this key, or another key with this id: no session
    expect(await limitOf(row.blobKey, 'f'.repeat(32), 1)).toBeNull();
    expect(await limitOf(`${row.blobKey}x`, row.blobUploadId, 1)).toBeNull();

    const aborted = await call(t, 'DELETE', API.uploads.root, owner, {
      project_db_id: projectId,
      upload_id: started.upload_id,
    });
    expect(aborted.status).toBe(200);
    // within the trust window the route's answer stands (the store refuses: the upload dir is gone)
    clock += 9_000;
    expect(await limitOf(row.blobKey, row.blobUploadId, 1)).toBe(TEST_PART_SIZE);
    clock += 2_000;
    expect(await limitOf(row.blobKey, row.blobUploadId, 1)).toBeNull();
  });

  it('refuses a session that is being completed', async () => {
    const { owner, projectId } = await studio(t);
    const started = (await start(t, owner, projectId, 10)).body.data;
    const row = (await sessionRow(t, started.upload_id))!;
    await t.ctx.db.update(uploadSessions).set({ status: 'completing' }).where(eq(uploadSessions.id, row.id));
    expect(await partLimits(t.ctx.db)(row.blobKey, row.blobUploadId, 1)).toBeNull();
  });
});
