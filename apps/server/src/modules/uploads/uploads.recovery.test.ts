import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, startUploadBody } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { uploadSessions } from '../../db/schema/index.ts';
import type { BlobStore, FsBlobStore } from '../../platform/blobs/index.ts';
import { studio } from '../projects/projects.testkit.ts';
import { createCompleteUpload } from './uploads.complete.ts';
import { cleanupStaleUploads, sweepOrphanUploads } from './uploads.jobs.ts';
import { createUploadsService } from './uploads.service.ts';
import {
  TEST_PART_SIZE,
  assetRow,
  call,
  complete,
  putParts,
  sessionRow,
  start,
  startBody,
  expectPartsFreed,
} from './uploads.testkit.ts';

/** Failures around the protocol: a start whose row is not written, a deleted user, a crashed completion. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_PART_SIZE: String(TEST_PART_SIZE), RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const fileOf = (parts: number, tail = 1000) => randomBytes(TEST_PART_SIZE * (parts - 1) + tail);

/** The fs store's unfinished multipart uploads (one directory each). */
const uploadDirs = async () =>
  (await readdir(path.join((t.ctx.blobs as FsBlobStore).root, 'uploads')).catch(() => [] as string[])).sort();

/** The real store with one method replaced (a store that fails or stalls at one step). */
function storeWith<K extends keyof BlobStore>(method: K, impl: BlobStore[K]): BlobStore {
  const real = t.ctx.blobs;
  return new Proxy(real, {
    get(target, prop) {
      if (prop === method) return impl;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The error a database refusal carries (drizzle wraps the driver's error as its cause). */
const pgCode = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code;
};

describe('a start whose session row is not written', () => {
  beforeAll(async () => {
    // A real refusal of the insert, for these tests only: the row of a file named doomed.mov.
    await t.ctx.db.execute(
      sql`alter table upload_sessions add constraint test_refuse_doomed check (filename <> 'doomed.mov')`,
    );
  });

  it('aborts the store upload it made, and the caller gets the database error', async () => {
    const { owner, projectId } = await studio(t);
    const before = await uploadDirs();
    const res = await start(t, owner, projectId, 10, { filename: 'doomed.mov' });
    expect(res.status).toBe(500);
    expect(await uploadDirs()).toEqual(before);

    const service = createUploadsService(t.ctx);
    const body = startUploadBody.parse(startBody(projectId, 10, { filename: 'doomed.mov' }));
    const err = await service.start(owner.user.id, body).catch((e: unknown) => e);
    expect(pgCode(err)).toBe('23514');
    expect(await uploadDirs()).toEqual(before);
    // Other files still start (the constraint is only this test's way to fail the insert).
    expect((await start(t, owner, projectId, 10, { filename: 'fine.mov' })).status).toBe(200);
  });

  it('a failing abort is logged and the original error still reaches the caller', async () => {
    const { owner, projectId } = await studio(t);
    const before = await uploadDirs();
    const logged: object[] = [];
    const log = { error: (o: object) => logged.push(o), warn: () => undefined };
    const storeDown = new Error('store unreachable');
    const service = createUploadsService({
      ...t.ctx,
      blobs: storeWith('abortMultipartUpload', () => Promise.reject(storeDown)),
    });
    const body = startUploadBody.parse(startBody(projectId, 10, { filename: 'doomed.mov' }));
    const err = await service.start(owner.user.id, body, log).catch((e: unknown) => e);
    expect(pgCode(err)).toBe('23514');
    expect(logged).toEqual([expect.objectContaining({ err: storeDown })]);
    // The store kept that upload (the abort failed); free it so later tests count from clean.
    const leaked = (await uploadDirs()).filter((d) => !before.includes(d));
    expect(leaked).toHaveLength(1);
    const { key } = logged[0] as { key: string };
    await t.ctx.blobs.abortMultipartUpload(key, leaked[0]);
    expect(await uploadDirs()).toEqual(before);
  });
});

describe('a deleted user', () => {
  it('has their unfinished uploads aborted by the next cleanup, parts freed', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const data = fileOf(2);
    const theirs = (await start(t, collaborator, projectId, data.length)).body.data;
    await putParts(t, theirs, data, [1]);
    const mine = (await start(t, owner, projectId, 10)).body.data;
    const row = (await sessionRow(t, theirs.upload_id))!;

    // No product path deletes a user (docs/decisions/0009-uploads-and-media.md): the operator's delete, with their personal team.
    const id = collaborator.user.id;
    await t.ctx.db.execute(sql`delete from teams where owner_id = ${id}`);
    await t.ctx.db.execute(sql`delete from users where id = ${id}`);
    expect(await sessionRow(t, theirs.upload_id)).not.toBeNull();
    expect(await t.ctx.blobs.listParts(row.blobKey, row.blobUploadId)).toHaveLength(1);

    await cleanupStaleUploads(t.ctx);
    expect(await sessionRow(t, theirs.upload_id)).toBeNull();
    await expectPartsFreed(t, row);
    expect(await sessionRow(t, mine.upload_id)).not.toBeNull();
  });
});

describe('store uploads no session knows', () => {
  it('are aborted by the sweep once older than the cutoff; uploads with a session are left alone', async () => {
    const { owner, projectId } = await studio(t);
    const data = fileOf(2);
    const known = (await start(t, owner, projectId, data.length)).body.data;
    await putParts(t, known, data, [1]);
    const knownRow = (await sessionRow(t, known.upload_id))!;
    // what a process killed between the store's create and the session's commit leaves behind
    const orphanKey = `projects/${projectId}/assets/orphan/original`;
    const { uploadId: orphanId } = await t.ctx.blobs.createMultipartUpload(orphanKey, {
      contentType: 'video/quicktime',
    });
    // (the part route would refuse it now: no open session; the store takes it directly)
    await (t.ctx.blobs as FsBlobStore).writePart(orphanKey, orphanId, 1, Readable.from([data]), {
      maxBytes: data.length,
    });

    // younger than the cutoff: it may be a start still in its transaction
    expect(await sweepOrphanUploads(t.ctx, new Date(Date.now() - 60_000))).toBe(0);
    expect(await t.ctx.blobs.listParts(orphanKey, orphanId)).toHaveLength(1);

    expect(await sweepOrphanUploads(t.ctx, new Date(Date.now() + 1000))).toBe(1);
    await expect(t.ctx.blobs.listParts(orphanKey, orphanId)).rejects.toMatchObject({ code: 'NoSuchUpload' });
    expect(await t.ctx.blobs.listParts(knownRow.blobKey, knownRow.blobUploadId)).toHaveLength(1);
  });
});

describe('a completion that did not finish', () => {
  async function uploaded() {
    const { owner, projectId } = await studio(t);
    const data = fileOf(2);
    const s = (await start(t, owner, projectId, data.length)).body.data;
    const parts = await putParts(t, s, data);
    return { owner, projectId, s, parts };
  }
  const markCompleting = (uploadId: string, agoMs: number) =>
    t.ctx.db
      .update(uploadSessions)
      .set({ status: 'completing', updatedAt: new Date(Date.now() - agoMs) })
      .where(eq(uploadSessions.id, uploadId));

  it('crashed (no heartbeat for 31 s): a retry completes it at once', async () => {
    const { owner, projectId, s, parts } = await uploaded();
    await markCompleting(s.upload_id, 31_000);
    const res = await complete(t, owner, projectId, s.upload_id, parts);
    expect(res.status).toBe(200);
    expect(await assetRow(t, s.ingest_db_id)).not.toBeNull();
    expect((await sessionRow(t, s.upload_id))!.status).toBe('completed');
  });

  it('still running (fresh heartbeat): complete and abort answer 409 in progress, not complete', async () => {
    const { owner, projectId, s, parts } = await uploaded();
    await markCompleting(s.upload_id, 1_000);
    const res = await complete(t, owner, projectId, s.upload_id, parts);
    expect(res.status).toBe(409);
    expect(res.body.errormessage).toBe(MSG.uploadCompleting);
    const abort = await call(t, 'DELETE', API.uploads.root, owner, {
      project_db_id: projectId,
      upload_id: s.upload_id,
    });
    expect(abort.status).toBe(409);
    expect(abort.body.errormessage).toBe(MSG.uploadCompleting);
    expect(await assetRow(t, s.ingest_db_id)).toBeNull();
    expect((await sessionRow(t, s.upload_id))!.status).toBe('completing');
  });

  it('a slow completion keeps its heartbeat: others get 409 in progress, then it finishes once', async () => {
    const { owner, projectId, s, parts } = await uploaded();
    let letJoin: () => void = () => undefined;
    const joinAllowed = new Promise<void>((r) => (letJoin = r));
    const slow = createCompleteUpload(
      {
        ...t.ctx,
        blobs: storeWith('completeMultipartUpload', async (...args) => {
          await joinAllowed;
          return t.ctx.blobs.completeMultipartUpload(...args);
        }),
      },
      { heartbeatMs: 50, takeoverMs: 300 },
    );
    const running = slow(owner.user.id, {
      project_db_id: projectId,
      upload_id: s.upload_id,
      folder_path: '/',
      parts,
    });
    await new Promise((r) => setTimeout(r, 600));
    // Longer than the takeover window has passed, yet the heartbeat kept the session fresh.
    const row = (await sessionRow(t, s.upload_id))!;
    expect(row.status).toBe('completing');
    expect(Date.now() - row.updatedAt.getTime()).toBeLessThan(300);
    const other = createCompleteUpload(t.ctx, { heartbeatMs: 50, takeoverMs: 300 });
    const second = await other(owner.user.id, {
      project_db_id: projectId,
      upload_id: s.upload_id,
      folder_path: '/',
      parts,
    }).catch((e: unknown) => e);
    expect((second as Error).message).toBe(MSG.uploadCompleting);
    letJoin();
    expect((await running).ingest_db_id).toBe(s.ingest_db_id);
    expect((await sessionRow(t, s.upload_id))!.status).toBe('completed');
    const again = await complete(t, owner, projectId, s.upload_id, parts);
    expect(again.body.errormessage).toBe(MSG.uploadAlreadyCompleted);
  });
});
