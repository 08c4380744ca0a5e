import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  INTEGRATION_TEXT,
  INTEGRATIONS_API as P,
  type NotificationList,
  type Transfer,
} from '@rushes/shared';
import { jobs } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/harness.ts';
import { asset } from '../../../test/factories.ts';
import { call, type Person } from '../teams/teams.testkit.ts';
import { createS3Integration, integrationsWorld, type IntegrationsWorld } from './integrations.testkit.ts';
import { guardedRequestHandler } from './s3client.ts';

/**
 * An export into the customer's bucket whose multipart upload the bucket drops mid-way (a lifecycle
 * rule that aborts incomplete multipart uploads): the bucket answers NoSuchUpload to the next part,
 * and the export starts a fresh upload and sends the asset again from its first part, once per run,
 * so it completes with the asset's bytes. A second drop in the same run fails the run the way any
 * export fails (its reason shown; on the last attempt 'failed' and the starter notified). s3rver
 * answers NoSuchUpload for a dropped upload as S3 does (integrations.testkit.ts); the drop happens
 * just before a part is sent, seen on the SDK's real request handler, as in import.resume.test.ts.
 */
const MiB = 1024 * 1024;
const PART = 5 * MiB;

let world: IntegrationsWorld | undefined;
let t: TestApp;
let s3: IntegrationsWorld['s3'];
let owner: Person;
let teamId: string;
let projectId: string;
let integrationId: string;
/** UploadPart requests sent to the bucket: their upload id and part number. */
const parts: { uploadId: string; n: number }[] = [];
/** Part numbers at which the bucket drops the upload before taking the part, one drop each. */
let dropAt: number[] = [];

beforeAll(async () => {
  world = await integrationsWorld({ env: { TRANSFER_PART_SIZE: String(PART) } });
  ({ s3, t, owner, teamId, projectId } = world);
  integrationId = await createS3Integration(t, owner, teamId);
  const handler = guardedRequestHandler(t.ctx);
  const handle = handler.handle.bind(handler);
  handler.handle = async (request, options) => {
    const uploadId = request.query.uploadId as string | undefined;
    const n = Number(request.query.partNumber);
    if (request.method === 'PUT' && uploadId && n) {
      parts.push({ uploadId, n });
      const at = dropAt.indexOf(n);
      if (at >= 0) {
        dropAt.splice(at, 1);
        await s3.abortUpload('delivery-out', uploadId);
      }
    }
    return handle(request, options);
  };
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const transferOf = async (id: string) =>
  (
    await call<{ transfers: Transfer[] }>(t, 'GET', P.transfers, owner, { project_db_id: projectId })
  ).body.data.transfers.find((x) => x.transfer_db_id === id)!;

/** An asset of `bytes` and the export of it: the transfer and the object key it writes. */
async function startExport(title: string, bytes: Buffer) {
  const row = await asset(t, projectId, { title, size: bytes.length });
  await t.ctx.blobs.putObject(row.blobKey!, bytes, { contentType: 'video/mp4', contentLength: bytes.length });
  const res = await call<{ transfer: Transfer }>(t, 'POST', P.s3Uploads, owner, {
    project_db_id: projectId,
    integration_db_id: integrationId,
    ingest_db_ids: [row.id],
    destination_bucket: 'delivery-out',
  });
  expect(res.body.errormessage).toBe('');
  const transfer = res.body.data.transfer;
  const [item] = await t.ctx.db.query.transferItems.findMany({
    where: (i, { eq: is }) => is(i.transferId, transfer.transfer_db_id),
  });
  return { transfer, key: item.target };
}

describe('an export whose multipart upload the bucket dropped', () => {
  it('starts a fresh upload once and completes with the asset bytes', async () => {
    const bytes = randomBytes(11 * MiB + 7); // 3 parts
    const { transfer, key } = await startExport('cleared.mp4', bytes);
    parts.length = 0;
    dropAt = [2];
    await t.ctx.jobs.drainForTests();

    const done = await transferOf(transfer.transfer_db_id);
    expect(done).toMatchObject({ status: 'finished', attempts: 1, done_items: 1, done_bytes: bytes.length });
    // part 2 refused (the upload gone with part 1), then all three parts into a fresh upload
    const [first, second] = [...new Set(parts.map((p) => p.uploadId))];
    expect(second).toBeDefined();
    expect(parts).toEqual([
      { uploadId: first, n: 1 },
      { uploadId: first, n: 2 },
      { uploadId: second, n: 1 },
      { uploadId: second, n: 2 },
      { uploadId: second, n: 3 },
    ]);
    expect(sha(await s3.get('delivery-out', key))).toBe(sha(bytes));
  }, 120_000);

  it('a second drop in the same run fails the export with its reason, and nothing lands in the bucket', async () => {
    const bytes = randomBytes(11 * MiB + 7);
    const { transfer, key } = await startExport('lost-twice.mp4', bytes);
    // this run is the transfer's last attempt
    await t.ctx.db
      .update(jobs)
      .set({ maxAttempts: 1 })
      .where(eq(jobs.singletonKey, `transfer:${transfer.transfer_db_id}`));
    parts.length = 0;
    dropAt = [2, 2];
    await t.ctx.jobs.drainForTests();

    const failed = await transferOf(transfer.transfer_db_id);
    expect(failed).toMatchObject({ status: 'failed', done_items: 0 });
    expect(failed.reason).toMatch(/upload does not exist/);
    expect(new Set(parts.map((p) => p.uploadId)).size).toBe(2); // one restart, not more
    expect(parts.map((p) => p.n)).toEqual([1, 2, 1, 2]);
    expect(await s3.keys('delivery-out', key)).toEqual([]);
    const [latest] = (
      await call<NotificationList>(t, 'GET', API.notifications.root, owner, { team_db_id: teamId })
    ).body.data.notifications;
    expect(latest).toMatchObject({
      notification_type: 'transfer',
      message: INTEGRATION_TEXT.transferFailed(transfer.title, failed.reason),
    });
  }, 120_000);
});
