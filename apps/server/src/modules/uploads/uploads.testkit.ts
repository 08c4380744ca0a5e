import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { API, type CompleteUploadAnswer, type ListPartsAnswer, type StartUploadAnswer } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { assets, jobs, uploadSessions } from '../../db/schema/index.ts';
import { readAll } from '../../platform/blobs/testHarness.ts';
import { call, type Person } from '../projects/projects.testkit.ts';

/** Test helpers for uploads and media: the browser's side of the protocol, over inject or fetch. */

export { call, type Person };

/** Small parts so multipart paths run on small files (fs driver only; S3 needs 5 MiB). */
export const TEST_PART_SIZE = 64 * 1024;
export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export interface StartOptions {
  filename?: string;
  folderPath?: string;
  folderId?: string | null;
  mime?: string;
  size?: number;
}

export function startBody(projectId: string, bytes: number, o: StartOptions = {}) {
  const filename = o.filename ?? 'clip.mov';
  return {
    project_db_id: projectId,
    folder_db_id: o.folderId ?? null,
    data: {
      upload_status: 'started',
      file_info: {
        filename,
        folder_path: o.folderPath ?? '/',
        extension: filename.split('.').pop() ?? '',
        size: o.size ?? bytes,
        mime_type: o.mime ?? 'application/octet-stream',
      },
    },
  };
}

export const start = (
  t: TestApp,
  who: Person | undefined,
  projectId: string,
  bytes: number,
  o?: StartOptions,
) => call<StartUploadAnswer>(t, 'POST', API.uploads.root, who, startBody(projectId, bytes, o));

/**
 * PUTs a part to its signed URL the way a browser does: over real HTTP when the URL is absolute
 * (S3), else through inject (the fs driver's same-origin path on an app that does not listen).
 */
export async function putPart(t: TestApp | null, url: string, body: Buffer) {
  const u = new URL(url, 'http://relative.invalid');
  if (t && url.startsWith('/')) {
    const res = await t.app.inject({
      method: 'PUT',
      url: u.pathname + u.search,
      payload: body,
      headers: { 'content-type': 'application/octet-stream' },
    });
    return { status: res.statusCode, etag: (res.headers.etag as string | undefined) ?? null, text: res.body };
  }
  const res = await fetch(url, { method: 'PUT', body: new Uint8Array(body) });
  return { status: res.status, etag: res.headers.get('etag'), text: await res.text() };
}

export const slice = (data: Buffer, partSize: number, n: number) =>
  data.subarray((n - 1) * partSize, Math.min(n * partSize, data.length));

/** PUTs the given parts (all by default) and answers [{PartNumber, ETag}] ascending. */
export async function putParts(t: TestApp | null, started: StartUploadAnswer, data: Buffer, only?: number[]) {
  const out: { PartNumber: number; ETag: string }[] = [];
  for (const p of started.parts) {
    if (only && !only.includes(p.PartNumber)) continue;
    const res = await putPart(t, p.url, slice(data, started.part_size, p.PartNumber));
    if (res.status !== 200 || !res.etag) throw new Error(`part ${p.PartNumber}: ${res.status} ${res.text}`);
    out.push({ PartNumber: p.PartNumber, ETag: res.etag });
  }
  return out;
}

export const complete = (
  t: TestApp,
  who: Person | undefined,
  projectId: string,
  uploadId: string,
  parts: { PartNumber: number; ETag: string }[],
  folderPath = '/',
) =>
  call<CompleteUploadAnswer>(t, 'POST', API.uploads.complete, who, {
    project_db_id: projectId,
    upload_id: uploadId,
    folder_path: folderPath,
    parts,
  });

export const listParts = (t: TestApp, who: Person | undefined, projectId: string, uploadId: string) =>
  call<ListPartsAnswer>(t, 'GET', API.uploads.parts, who, { project_db_id: projectId, upload_id: uploadId });

/** The whole browser flow: start, every part, complete. Throws on any refusal. */
export async function uploadFile(
  t: TestApp,
  who: Person,
  projectId: string,
  data: Buffer,
  o: StartOptions = {},
) {
  const started = await start(t, who, projectId, data.length, o);
  if (!started.body.response) throw new Error(`start refused: ${started.body.errormessage}`);
  const parts = await putParts(t, started.body.data, data);
  const done = await complete(t, who, projectId, started.body.data.upload_id, parts, o.folderPath ?? '/');
  if (!done.body.response) throw new Error(`complete refused: ${done.body.errormessage}`);
  return { started: started.body.data, done: done.body.data };
}

export async function assetRow(t: TestApp, id: string) {
  const [row] = await t.ctx.db.select().from(assets).where(eq(assets.id, id));
  return row ?? null;
}

export async function sessionRow(t: TestApp, id: string) {
  const [row] = await t.ctx.db.select().from(uploadSessions).where(eq(uploadSessions.id, id));
  return row ?? null;
}

/**
 * A durable uploads.free_parts job holds this upload's store id, and once the queue has run, the
 * store no longer knows the upload: its parts are freed.
 */
export async function expectPartsFreed(t: TestApp, row: { blobKey: string; blobUploadId: string }) {
  const [job] = await t.ctx.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(eq(jobs.name, 'uploads.free_parts'), sql`${jobs.data}->>'blobUploadId' = ${row.blobUploadId}`),
    );
  expect(job).toBeDefined();
  await t.ctx.jobs.drainForTests();
  await expect(t.ctx.blobs.listParts(row.blobKey, row.blobUploadId)).rejects.toMatchObject({
    code: 'NoSuchUpload',
  });
}

/** The stored bytes of a key (small test objects only). */
export async function stored(t: TestApp, key: string) {
  return readAll((await t.ctx.blobs.getObject(key)).body);
}
