// system programs: ffmpeg, ffprobe
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATIONS_API as P, type Transfer } from '@rushes/shared';
import { jobs, transfers } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/harness.ts';
import { call, type Person } from '../teams/teams.testkit.ts';
import { originalKey } from '../assets/index.ts';
import { cleanupStaleUploads } from '../uploads/uploads.jobs.ts';
import { assetRow } from '../uploads/uploads.testkit.ts';
import {
  createS3Integration,
  integrationsWorld,
  startImport,
  type IntegrationsWorld,
} from './integrations.testkit.ts';
import { guardedRequestHandler } from './s3client.ts';

/**
 * Import resume inside an object: an object larger than TRANSFER_PART_SIZE is fetched by ranged GETs
 * into a multipart upload of the store. The store fails in the middle of the second part (the bytes
 * it had read are lost, as in a crash); the retry asks the bucket only for the ranges from the second
 * part on, never again for the first part nor for the object that was already imported, and the
 * stored original has the source's bytes. The requests are observed on the SDK's real request
 * handler (the one every integration call goes through), not replaced.
 */
const MiB = 1024 * 1024;
const PART = 5 * MiB;

let t: TestApp;
let s3: IntegrationsWorld['s3'];
let owner: Person;
let teamId: string;
let projectId: string;
const seen: { method: string; path: string; range: string }[] = [];

let world: IntegrationsWorld | undefined;

beforeAll(async () => {
  world = await integrationsWorld({ env: { TRANSFER_PART_SIZE: String(PART) } });
  ({ s3, t, owner, teamId, projectId } = world);
  const handler = guardedRequestHandler(t.ctx);
  const handle = handler.handle.bind(handler);
  handler.handle = (request, options) => {
    seen.push({ method: request.method, path: request.path, range: String(request.headers.range ?? '') });
    return handle(request, options);
  };
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The store dies in the middle of the next part 2 once: it reads 1 MiB of the part and fails. */
function failPart2Once() {
  const blobs = t.ctx.blobs;
  const uploadPart = blobs.uploadPart.bind(blobs);
  blobs.uploadPart = async (key, uploadId, n, body, opts) => {
    if (n !== 2) return uploadPart(key, uploadId, n, body, opts);
    blobs.uploadPart = uploadPart;
    let read = 0;
    for await (const chunk of body) {
      read += (chunk as Buffer).length;
      if (read >= MiB) break;
    }
    body.destroy();
    throw new Error('the store went away mid-part');
  };
}

const transferOf = async (transferId: string) =>
  (
    await call<{ transfers: Transfer[] }>(t, 'GET', P.transfers, owner, { project_db_id: projectId })
  ).body.data.transfers.find((x) => x.transfer_db_id === transferId)!;

/** Runs the transfer's retry now (its backoff skipped). */
async function retry(transferId: string) {
  await t.ctx.db
    .update(jobs)
    .set({ runAt: new Date() })
    .where(eq(jobs.singletonKey, `transfer:${transferId}`));
  await t.ctx.jobs.drainForTests();
}

async function storedBytes(assetId: string) {
  const asset = await assetRow(t, assetId);
  const stored = await t.ctx.blobs.getObject(asset.blobKey!);
  const chunks: Buffer[] = [];
  for await (const c of stored.body) chunks.push(c as Buffer);
  return { bytes: Buffer.concat(chunks), sizeBytes: Number(asset.sizeBytes) };
}

describe('import resume inside an object', () => {
  it('continues from the first part not stored, with ranged GETs; finished objects are not fetched again', async () => {
    const id = await createS3Integration(t, owner, teamId);
    const small = randomBytes(1000);
    const big = randomBytes(12 * MiB + 123); // 3 parts
    await s3.put('footage-in', 'rushes/resume/small.mov', small);
    await s3.put('footage-in', 'rushes/resume/big.mov', big);

    failPart2Once();

    const { transfer_db_id: transferId } = await startImport(t, owner, { projectId, integrationId: id }, [
      'rushes/resume/small.mov',
      'rushes/resume/big.mov',
    ]);
    seen.length = 0;
    await t.ctx.jobs.drainForTests();
    const list = async () =>
      (
        await call<{ transfers: Transfer[] }>(t, 'GET', P.transfers, owner, { project_db_id: projectId })
      ).body.data.transfers.find((x) => x.transfer_db_id === transferId)!;
    const cut = await list();
    expect(cut).toMatchObject({ status: 'queued', done_items: 1, done_bytes: small.length + PART });
    expect(cut.reason).toContain('mid-part');
    const firstRun = seen.filter((r) => r.method === 'GET');
    expect(firstRun.map((r) => [r.path.split('/').pop(), r.range])).toEqual([
      ['small.mov', ''],
      ['big.mov', `bytes=0-${PART - 1}`],
      ['big.mov', `bytes=${PART}-${2 * PART - 1}`],
    ]);

    // the retry (its backoff skipped)
    seen.length = 0;
    await t.ctx.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.singletonKey, `transfer:${transferId}`));
    await t.ctx.jobs.drainForTests();
    const done = await list();
    expect(done).toMatchObject({ status: 'finished', done_items: 2, done_bytes: small.length + big.length });
    const secondRun = seen.filter((r) => r.method === 'GET');
    expect(secondRun.map((r) => [r.path.split('/').pop(), r.range])).toEqual([
      ['big.mov', `bytes=${PART}-${2 * PART - 1}`],
      ['big.mov', `bytes=${2 * PART}-${big.length - 1}`],
    ]);

    const items = await t.ctx.db.query.transferItems.findMany({
      where: (i, { eq: is }) => is(i.transferId, transferId),
    });
    for (const [item, bytes] of [
      [items.find((i) => i.title === 'small.mov')!, small],
      [items.find((i) => i.title === 'big.mov')!, big],
    ] as const) {
      const asset = await assetRow(t, item.target);
      const stored = await t.ctx.blobs.getObject(asset.blobKey!);
      const chunks: Buffer[] = [];
      for await (const c of stored.body) chunks.push(c as Buffer);
      expect(sha(Buffer.concat(chunks))).toBe(sha(bytes));
      expect(Number(asset.sizeBytes)).toBe(bytes.length);
    }
  }, 120_000);
  it('an import whose store upload was cleared (sweep, lifecycle rule) starts that object again and completes', async () => {
    const id = await createS3Integration(t, owner, teamId);
    const big = randomBytes(11 * MiB + 7); // 3 parts
    await s3.put('footage-in', 'rushes/cleared/big.mov', big);
    failPart2Once();
    const started = await call<{ transfer: Transfer }>(t, 'POST', P.s3Imports, owner, {
      project_db_id: projectId,
      integration_db_id: id,
      bucket: 'footage-in',
      keys: ['rushes/cleared/big.mov'],
    });
    const transferId = started.body.data.transfer.transfer_db_id;
    await t.ctx.jobs.drainForTests();
    expect(await transferOf(transferId)).toMatchObject({ status: 'queued', done_bytes: PART });
    const [item] = await t.ctx.db.query.transferItems.findMany({
      where: (i, { eq: is }) => is(i.transferId, transferId),
    });
    expect(item.parts).toHaveLength(1);

    // The store drops the unfinished upload (and part 1 with it) before the retry.
    await t.ctx.blobs.abortMultipartUpload(originalKey(projectId, item.target), item.uploadId!);

    seen.length = 0;
    await retry(transferId);
    const done = await transferOf(transferId);
    expect(done).toMatchObject({ status: 'finished', done_items: 1, done_bytes: big.length });
    // part 2 was refused by the store (its upload gone), then the object again from its first byte
    const gets = seen.filter((r) => r.method === 'GET').map((r) => r.range);
    expect(gets).toEqual([
      `bytes=${PART}-${2 * PART - 1}`,
      `bytes=0-${PART - 1}`,
      `bytes=${PART}-${2 * PART - 1}`,
      `bytes=${2 * PART}-${big.length - 1}`,
    ]);
    const stored = await storedBytes(item.target);
    expect(sha(stored.bytes)).toBe(sha(big));
    expect(stored.sizeBytes).toBe(big.length);
  }, 120_000);
  it("the hourly sweep keeps the store upload of an import that may still run, and frees a failed import's", async () => {
    const id = await createS3Integration(t, owner, teamId);
    const start = async (name: string, bytes: Buffer) => {
      await s3.put('footage-in', `rushes/sweep/${name}`, bytes);
      failPart2Once();
      const started = await call<{ transfer: Transfer }>(t, 'POST', P.s3Imports, owner, {
        project_db_id: projectId,
        integration_db_id: id,
        bucket: 'footage-in',
        keys: [`rushes/sweep/${name}`],
      });
      const transferId = started.body.data.transfer.transfer_db_id;
      await t.ctx.jobs.drainForTests();
      const [item] = await t.ctx.db.query.transferItems.findMany({
        where: (i, { eq: is }) => is(i.transferId, transferId),
      });
      return { transferId, key: originalKey(projectId, item.target), uploadId: item.uploadId! };
    };
    const running = randomBytes(11 * MiB);
    const kept = await start('running.mov', running);
    const gone = await start('failed.mov', randomBytes(11 * MiB));
    expect(await transferOf(kept.transferId)).toMatchObject({ status: 'queued' });
    // the second one ran out of attempts
    await t.ctx.db.update(transfers).set({ status: 'failed' }).where(eq(transfers.id, gone.transferId));

    // the sweep, once both uploads are older than the stale cutoff
    await cleanupStaleUploads(t.ctx, Date.now() + (t.ctx.config.UPLOAD_STALE_HOURS + 1) * 3_600_000);
    expect(await t.ctx.blobs.listParts(kept.key, kept.uploadId)).toHaveLength(1);
    await expect(t.ctx.blobs.listParts(gone.key, gone.uploadId)).rejects.toMatchObject({
      code: 'NoSuchUpload',
    });

    // the kept one resumes at its second part
    seen.length = 0;
    await retry(kept.transferId);
    expect(await transferOf(kept.transferId)).toMatchObject({
      status: 'finished',
      done_bytes: running.length,
    });
    expect(seen.filter((r) => r.method === 'GET').map((r) => r.range)).toEqual([
      `bytes=${PART}-${2 * PART - 1}`,
      `bytes=${2 * PART}-${running.length - 1}`,
    ]);
  }, 120_000);
});
