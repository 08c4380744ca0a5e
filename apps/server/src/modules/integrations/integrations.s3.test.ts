// system programs: ffmpeg, ffprobe
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_STATUS, INTEGRATIONS_API as P, MSG, type Transfer } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { h264Mp4 } from '../media/media.testkit.ts';
import { eq } from 'drizzle-orm';
import { projects } from '../../db/schema/index.ts';
import { call, setPlan, type Person } from '../teams/teams.testkit.ts';
import { assetRow } from '../uploads/uploads.testkit.ts';
import { dateFolderOf } from './bucketTransfers.ts';
import {
  createS3Integration,
  integrationsWorld,
  startImport,
  TEST_SECRET,
  type IntegrationsWorld,
} from './integrations.testkit.ts';

/**
 * Amazon S3 integrations against s3rver on loopback (trusted in this app's config): create, Test
 * connection, browse, import of 3 objects into playable assets, export into the date folder, and
 * the can_view_app_integration rule on every route.
 */
let t: TestApp;
let s3: IntegrationsWorld['s3'];
let owner: Person;
let member: Person;
let outsider: Person;
let teamId: string;
let projectId: string;
let clip: Buffer;
let tmp: string;

let world: IntegrationsWorld | undefined;

beforeAll(async () => {
  world = await integrationsWorld({ memberOnProject: true, outsiders: 1 });
  ({ s3, t, owner, member, teamId, projectId } = world);
  [outsider] = world.outsiders;
  tmp = await mkdtemp(path.join(os.tmpdir(), 'rushes-int-'));
  clip = await h264Mp4(tmp, 1);
}, 120_000);
afterAll(async () => {
  await world?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const transfersOf = async () =>
  (await call<{ transfers: Transfer[] }>(t, 'GET', P.transfers, owner, { project_db_id: projectId })).body
    .data.transfers;

describe('S3 integrations', () => {
  let id: string;

  it('refuses a form with neither path ticked, or a ticked path without its bucket', async () => {
    const none = await call(t, 'POST', P.s3, owner, {
      team_db_id: teamId,
      access_key_id: 'a',
      secret_access_key: 'b',
    });
    expect(none.status).toBe(400);
    const noBucket = await call<{ errors: Record<string, string> }>(t, 'POST', P.s3, owner, {
      team_db_id: teamId,
      output: true,
      access_key_id: 'a',
      secret_access_key: 'b',
    });
    expect(noBucket.status).toBe(400);
    expect(JSON.stringify(noBucket.body)).toContain(MSG.required);
  });

  it('creates an integration in the team region and never answers its secret', async () => {
    id = await createS3Integration(t, owner, teamId);
    const list = await call<{
      s3_integrations: { region: string; status: string; access_key_hint: string }[];
    }>(t, 'GET', P.s3, owner, { team_db_id: teamId });
    expect(list.body.data.s3_integrations).toHaveLength(1);
    expect(list.body.data.s3_integrations[0]).toMatchObject({ region: 'eu-west-1', status: 'pending' });
    const detail = await call(t, 'GET', P.s3Detail, owner, { s3_integration_db_id: id });
    for (const body of [list.body, detail.body]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(TEST_SECRET);
      expect(text).not.toContain('sealed');
    }
    const setup = await call<{ external_id: string; role_trust_policy: string }>(t, 'GET', P.s3Setup, owner, {
      team_db_id: teamId,
    });
    expect(setup.body.data.external_id).toMatch(/^rushes-[0-9a-f]{32}$/);
    expect(
      JSON.parse(setup.body.data.role_trust_policy).Statement[0].Condition.StringEquals['sts:ExternalId'],
    ).toBe(setup.body.data.external_id);
  });

  it('Test connection: success on reachable buckets, failed naming the missing one', async () => {
    const good = await call<{ status: string; checks: { name: string; ok: boolean }[] }>(
      t,
      'POST',
      P.s3Test,
      owner,
      {
        s3_integration_db_id: id,
      },
    );
    expect(good.body.data.status).toBe('success');
    expect(good.body.data.checks.map((c) => c.name)).toEqual([
      'HeadBucket',
      'ListObjectsV2',
      'HeadBucket',
      'PutObject',
      'DeleteObject',
    ]);
    expect(await s3.keys('delivery-out', 'exports/')).toEqual([]); // the probe was deleted
    const bad = await createS3Integration(t, owner, teamId, {
      output: false,
      input_bucket: 'no-such-bucket',
    });
    const failed = await call<{ status: string; integration: { status_detail: string } }>(
      t,
      'POST',
      P.s3Test,
      owner,
      {
        s3_integration_db_id: bad,
      },
    );
    expect(failed.body.data.status).toBe('failed');
    expect(failed.body.data.integration.status_detail).toContain('no-such-bucket');
  });

  it('lists the buckets and a folder of the input bucket', async () => {
    await s3.put('footage-in', 'rushes/day1/a.mp4', clip);
    await s3.put('footage-in', 'rushes/cover.mp4', clip);
    await s3.put('footage-in', 'rushes/day1/b.mp4', clip);
    await s3.put('footage-in', 'rushes/day1/c.mp4', clip);
    await s3.put('footage-in', 'outside.mp4', clip);
    const buckets = await call<{ buckets: { bucket: string }[]; total_entries: number }>(
      t,
      'GET',
      P.s3Buckets,
      owner,
      {
        team_db_id: teamId,
      },
    );
    expect(buckets.body.data.buckets.map((b) => b.bucket)).toContain('footage-in');
    const root = await call<{ folders: { label: string; value: string }[] }>(t, 'GET', P.s3Folders, owner, {
      integration_db_id: id,
      bucket: 'footage-in',
    });
    expect(root.body.data.folders).toEqual([{ label: 'day1', value: 'day1' }]);
    // Test connection again with objects under the input folder (ListObjectsV2 sees them)
    const again = await call<{ status: string }>(t, 'POST', P.s3Test, owner, { s3_integration_db_id: id });
    expect(again.body.data.status).toBe('success');
    const day = await call<{ files: { key: string; name: string }[] }>(t, 'GET', P.s3Folders, owner, {
      integration_db_id: id,
      bucket: 'footage-in',
      folder_path: 'day1',
    });
    expect(day.body.data.files.map((f) => f.name)).toEqual(['a.mp4', 'b.mp4', 'c.mp4']);
  });

  it('imports 3 objects as 3 playable assets, tracked by a finished transfer', async () => {
    const transfer = await startImport(t, owner, { projectId, integrationId: id, folderPath: '/Imported' }, [
      'rushes/day1/a.mp4',
      'rushes/day1/b.mp4',
      'rushes/day1/c.mp4',
    ]);
    expect(transfer).toMatchObject({
      transfer_type: 'import',
      status: 'queued',
      total_items: 3,
    });
    // an object outside the integration's folder is refused
    const outside = await call(t, 'POST', P.s3Imports, owner, {
      project_db_id: projectId,
      integration_db_id: id,
      bucket: 'footage-in',
      keys: ['outside.mp4'],
    });
    expect(outside.status).toBe(400);
    await t.ctx.jobs.drainForTests();
    const [tr] = await transfersOf();
    expect(tr).toMatchObject({
      status: 'finished',
      status_code: 1,
      done_items: 3,
      done_bytes: clip.length * 3,
    });
    const items = await t.ctx.db.query.transferItems.findMany();
    for (const item of items.filter((i) => i.transferId === tr.transfer_db_id)) {
      const asset = await assetRow(t, item.target);
      expect(asset.status).toBe(INGEST_STATUS.finished);
      expect(asset.fileType).toBe('video');
      expect(asset.durationSeconds).toBeGreaterThan(0.5);
      expect(asset.folderPath).toBe('/Imported');
    }
  }, 120_000);

  it('exports assets into the dd-mm-yyyy (UTC) folder of the output bucket', async () => {
    const items = await t.ctx.db.query.transferItems.findMany();
    const assetIds = items.slice(0, 2).map((i) => i.target);
    const res = await call<{ transfer: Transfer }>(t, 'POST', P.s3Uploads, owner, {
      project_db_id: projectId,
      integration_db_id: id,
      ingest_db_ids: assetIds,
      destination_bucket: 'delivery-out',
      destination_folder: 'client',
    });
    expect(res.body.errormessage).toBe('');
    const day = dateFolderOf(new Date());
    expect(res.body.data.transfer.destination).toBe(`delivery-out/exports/client/${day}/`);
    await t.ctx.jobs.drainForTests();
    const keys = await s3.keys('delivery-out', 'exports/');
    expect(keys.sort()).toEqual([`exports/client/${day}/a.mp4`, `exports/client/${day}/b.mp4`]);
    expect((await s3.get('delivery-out', `exports/client/${day}/a.mp4`)).equals(clip)).toBe(true);
    const [latest] = await transfersOf();
    expect(latest).toMatchObject({ transfer_type: 'export', status: 'finished', done_items: 2 });
    // a bucket that is not the integration's output is refused
    const wrong = await call(t, 'POST', P.s3Uploads, owner, {
      project_db_id: projectId,
      integration_db_id: id,
      ingest_db_ids: assetIds,
      destination_bucket: 'footage-in',
    });
    expect(wrong.body.errormessage).toBe('Export requires a bucket');
  }, 60_000);

  it('a failed transfer shows its reason and waits for a retry; cancel stops a queued one', async () => {
    await s3.put('footage-in', 'rushes/day1/gone.mp4', clip);
    const transferId = (
      await startImport(t, owner, { projectId, integrationId: id }, ['rushes/day1/gone.mp4'])
    ).transfer_db_id;
    await s3.client.send(new DeleteObjectCommand({ Bucket: 'footage-in', Key: 'rushes/day1/gone.mp4' }));
    await t.ctx.jobs.drainForTests();
    const failed = (await transfersOf()).find((x) => x.transfer_db_id === transferId)!;
    // back in the queue with a backoff, the reason shown meanwhile
    expect(failed.status).toBe('queued');
    expect(failed.attempts).toBe(1);
    expect(failed.reason).toBeTruthy();
    const notFailed = await call(t, 'POST', P.transferRetry, owner, { transfer_db_id: transferId });
    expect(notFailed.body.errormessage).toBe('Only a failed transfer can be retried');
    // someone outside the project cannot cancel it; its starter can
    expect((await call(t, 'POST', P.transferCancel, outsider, { transfer_db_id: transferId })).status).toBe(
      403,
    );
    const cancelled = await call<{ message: string }>(t, 'POST', P.transferCancel, owner, {
      transfer_db_id: transferId,
    });
    expect(cancelled.body.data.message).toBe('Transfer cancelled');
    expect((await transfersOf()).find((x) => x.transfer_db_id === transferId)!.status).toBe('cancelled');
    const twice = await call(t, 'POST', P.transferCancel, owner, { transfer_db_id: transferId });
    expect(twice.body.errormessage).toBe('This transfer has already ended');
  });

  it('an import into a team without storage room fetches nothing and says why (the plan quota)', async () => {
    await setPlan(t, teamId, 'free');
    const full = 1024 ** 5; // far past any plan's storage
    await t.ctx.db.update(projects).set({ storageUsed: full }).where(eq(projects.id, projectId));
    await s3.put('footage-in', 'rushes/day1/late.mp4', clip);
    const transferId = (
      await startImport(t, owner, { projectId, integrationId: id }, ['rushes/day1/late.mp4'])
    ).transfer_db_id;
    await t.ctx.jobs.drainForTests();
    const tr = (await transfersOf()).find((x) => x.transfer_db_id === transferId)!;
    expect(tr.done_items).toBe(0);
    expect(tr.reason).toContain(MSG.upgradeStorageLimit);
    const items = await t.ctx.db.query.transferItems.findMany();
    const item = items.find((i) => i.transferId === transferId)!;
    expect(await t.ctx.db.query.assets.findFirst({ where: (a, { eq: is }) => is(a.id, item.target) })).toBe(
      undefined,
    );
    await t.ctx.db.update(projects).set({ storageUsed: 0 }).where(eq(projects.id, projectId));
    await call(t, 'POST', P.transferCancel, owner, { transfer_db_id: transferId });
  });

  it('dd-mm-yyyy is the UTC day', () => {
    expect(dateFolderOf(new Date('2026-01-02T23:30:00-05:00'))).toBe('03-01-2026');
  });

  it('a member without can_view_app_integration, and an outsider, are refused on every route', async () => {
    const asks: [string, string, Record<string, unknown>][] = [
      ['GET', P.s3, { team_db_id: teamId }],
      ['GET', P.s3Detail, { s3_integration_db_id: id }],
      ['GET', P.s3Setup, { team_db_id: teamId }],
      [
        'POST',
        P.s3,
        { team_db_id: teamId, input: true, input_bucket: 'x', access_key_id: 'a', secret_access_key: 'b' },
      ],
      ['DELETE', P.s3, { s3_integration_db_id: id }],
      ['POST', P.s3Test, { s3_integration_db_id: id }],
      ['GET', P.s3Buckets, { team_db_id: teamId }],
      ['GET', P.s3Folders, { integration_db_id: id, bucket: 'footage-in' }],
      [
        'POST',
        P.s3Imports,
        {
          project_db_id: projectId,
          integration_db_id: id,
          bucket: 'footage-in',
          keys: ['rushes/day1/a.mp4'],
        },
      ],
      [
        'POST',
        P.s3Uploads,
        {
          project_db_id: projectId,
          integration_db_id: id,
          ingest_db_ids: [],
          destination_bucket: 'delivery-out',
        },
      ],
      ['GET', P.contido, { team_db_id: teamId }],
    ];
    for (const who of [member, outsider]) {
      for (const [method, url, body] of asks) {
        const res = await call(t, method as 'GET', url, who, body);
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    }
    const outsiderTransfers = await call(t, 'GET', P.transfers, outsider, { project_db_id: projectId });
    expect(outsiderTransfers.status).toBe(403);
    const unknown = await call(t, 'GET', P.s3Detail, owner, {
      s3_integration_db_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.body.errormessage).toBe('No integration found');
  });
});
