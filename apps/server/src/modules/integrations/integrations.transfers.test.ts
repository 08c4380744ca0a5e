import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  INTEGRATION_TEXT,
  INTEGRATIONS_API as P,
  type NotificationList,
  type Transfer,
} from '@rushes/shared';
import { jobs } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/harness.ts';
import { asset, folder } from '../../../test/factories.ts';
import { closeAllSockets, connect, listen, next } from '../../../test/realtime-helpers.ts';
import { call, type Person } from '../teams/teams.testkit.ts';
import { dateFolderOf } from './bucketTransfers.ts';
import {
  createS3Integration,
  integrationsWorld,
  startImport,
  type IntegrationsWorld,
} from './integrations.testkit.ts';

/**
 * Transfers against s3rver on loopback: the starter is notified (bell and realtime) when a transfer
 * ends, in the transaction that ends it; exporting folders writes their files under the folders'
 * relative paths (nested ones too) in the date folder.
 */
let t: TestApp;
let url: string;
let s3: IntegrationsWorld['s3'];
let owner: Person;
let member: Person;
let teamId: string;
let projectId: string;
let integrationId: string;

let world: IntegrationsWorld | undefined;

beforeAll(async () => {
  world = await integrationsWorld({
    permissions: ['can_create_projects', 'can_view_app_integration'],
    memberOnProject: true,
  });
  ({ s3, t, owner, member, teamId, projectId } = world);
  url = await listen(t);
  integrationId = await createS3Integration(t, owner, teamId);
}, 120_000);
afterEach(() => closeAllSockets());
afterAll(async () => {
  closeAllSockets();
  await world?.close();
});

const notificationsOf = async (who: Person) =>
  (await call<NotificationList>(t, 'GET', API.notifications.root, who, { team_db_id: teamId })).body.data;

const transferOf = async (id: string) =>
  (
    await call<{ transfers: Transfer[] }>(t, 'GET', P.transfers, owner, { project_db_id: projectId })
  ).body.data.transfers.find((x) => x.transfer_db_id === id)!;

describe('transfer notifications', () => {
  it('a finished import notifies the member who started it (bell and realtime), nobody else', async () => {
    await s3.put('footage-in', 'rushes/note/one.txt', 'hello');
    const socket = await connect(url, { cookie: member.cookie });
    const dot = next(socket, 'has_new_notification');
    const transfer = await startImport(t, member, { projectId, integrationId }, ['rushes/note/one.txt']);
    await t.ctx.jobs.drainForTests();
    expect((await transferOf(transfer.transfer_db_id)).status).toBe('finished');
    expect(await dot).toEqual({ has_new_notification: true, team_db_id: teamId });
    const list = await notificationsOf(member);
    expect(list.has_new_notification).toBe(true);
    expect(list.notifications[0]).toMatchObject({
      notification_type: 'transfer',
      title: INTEGRATION_TEXT.transfers,
      message: INTEGRATION_TEXT.transferFinished(transfer.title),
      project_id: projectId,
    });
    expect(
      (await notificationsOf(owner)).notifications.filter((n) => n.notification_type === 'transfer'),
    ).toEqual([]);
  });

  it('the last failed attempt notifies with the reason; a retried attempt does not', async () => {
    await s3.put('footage-in', 'rushes/note/gone.txt', 'bye');
    const transfer = await startImport(t, member, { projectId, integrationId }, ['rushes/note/gone.txt']);
    await s3.client.send(new DeleteObjectCommand({ Bucket: 'footage-in', Key: 'rushes/note/gone.txt' }));
    const before = (await notificationsOf(member)).total_entries;
    await t.ctx.jobs.drainForTests();
    expect((await transferOf(transfer.transfer_db_id)).status).toBe('queued'); // backoff, not the end
    expect((await notificationsOf(member)).total_entries).toBe(before);

    // the next attempt is the last one
    await t.ctx.db
      .update(jobs)
      .set({ maxAttempts: 2, runAt: new Date() })
      .where(eq(jobs.singletonKey, `transfer:${transfer.transfer_db_id}`));
    await t.ctx.jobs.drainForTests();
    const failed = await transferOf(transfer.transfer_db_id);
    expect(failed.status).toBe('failed');
    const [latest] = (await notificationsOf(member)).notifications;
    expect(latest).toMatchObject({
      notification_type: 'transfer',
      message: INTEGRATION_TEXT.transferFailed(transfer.title, failed.reason),
    });
    expect(failed.reason).toBeTruthy();
  });
});

describe('export of folders', () => {
  it('writes each file under its folder path (nested folders too) inside the date folder', async () => {
    const reels = await folder(t, projectId, 'Reels', { by: owner });
    const cuts = await folder(t, projectId, 'Cuts', { parentId: reels, by: owner });
    const bytes = { top: randomBytes(3000), nested: randomBytes(5000), loose: randomBytes(700) };
    const top = await asset(t, projectId, { title: 'top.mp4', parentId: reels, size: 3000 });
    const nested = await asset(t, projectId, { title: 'nested.mp4', parentId: cuts, size: 5000 });
    const loose = await asset(t, projectId, { title: 'loose.mp4', size: 700 });
    for (const [row, body] of [
      [top, bytes.top],
      [nested, bytes.nested],
      [loose, bytes.loose],
    ] as const)
      await t.ctx.blobs.putObject(row.blobKey!, body, {
        contentType: 'video/mp4',
        contentLength: body.length,
      });

    const res = await call<{ transfer: Transfer }>(t, 'POST', P.s3Uploads, owner, {
      project_db_id: projectId,
      integration_db_id: integrationId,
      folders: [reels],
      ingest_db_ids: [loose.id, top.id], // top also comes with its folder: written once, in the folder
      destination_bucket: 'delivery-out',
      destination_folder: 'delivery',
    });
    expect(res.body.errormessage).toBe('');
    expect(res.body.data.transfer.total_items).toBe(3);
    await t.ctx.jobs.drainForTests();
    expect((await transferOf(res.body.data.transfer.transfer_db_id)).status).toBe('finished');

    const day = dateFolderOf(new Date());
    const root = `exports/delivery/${day}/`;
    expect((await s3.keys('delivery-out', 'exports/delivery/')).sort()).toEqual(
      [`${root}Reels/Cuts/nested.mp4`, `${root}Reels/top.mp4`, `${root}loose.mp4`].sort(),
    );
    expect((await s3.get('delivery-out', `${root}Reels/top.mp4`)).equals(bytes.top)).toBe(true);
    expect((await s3.get('delivery-out', `${root}Reels/Cuts/nested.mp4`)).equals(bytes.nested)).toBe(true);
    expect((await s3.get('delivery-out', `${root}loose.mp4`)).equals(bytes.loose)).toBe(true);
  });
});
