import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { expect } from 'vitest';
import { INTEGRATIONS_API, type TeamPermissionCode, type Transfer } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { people, project } from '../../../test/factories.ts';
import { apiTeam, call, permissionIdOf, type Person } from '../teams/teams.testkit.ts';

/** s3rver on loopback with an input and an output bucket (DESIGN §8), and a plain SDK client to it. */
export async function localS3(buckets = ['footage-in', 'delivery-out']) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-s3rver-integrations-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    port,
    client,
    put: (bucket: string, key: string, body: Buffer | string) =>
      client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body })),
    get: async (bucket: string, key: string) => {
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await out.Body!.transformToByteArray());
    },
    keys: async (bucket: string, prefix = '') =>
      ((await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).Contents ?? []).map(
        (o) => o.Key!,
      ),
    async close() {
      client.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The secret an S3 integration is created with in tests: it must never come back. */
export const TEST_SECRET = 'S3RVER';

export async function createS3Integration(
  t: TestApp,
  who: Person,
  teamId: string,
  over: Record<string, unknown> = {},
) {
  const res = await call<{ s3_integration: { s3_integration_db_id: string } }>(
    t,
    'POST',
    INTEGRATIONS_API.s3,
    who,
    {
      team_db_id: teamId,
      input: true,
      input_bucket: 'footage-in',
      input_bucket_folder: 'rushes',
      output: true,
      output_bucket: 'delivery-out',
      output_bucket_folder: 'exports',
      create_date_folders: true,
      auth_mode: 'keys',
      access_key_id: 'S3RVER',
      secret_access_key: TEST_SECRET,
      ...over,
    },
  );
  if (!res.body.response) throw new Error(`integration not created: ${res.body.errormessage}`);
  return res.body.data.s3_integration.s3_integration_db_id;
}

export interface IntegrationsWorld {
  s3: Awaited<ReturnType<typeof localS3>>;
  /** an app that reaches s3rver (INTEGRATIONS_S3_ENDPOINT, trusted on loopback), no rate limit */
  t: TestApp;
  /** owns the team and its project */
  owner: Person;
  /** in the owner's team with `permissions`; on the project too when `memberOnProject` */
  member: Person;
  /** people in no team of the owner's, as many as `outsiders` asks */
  outsiders: Person[];
  teamId: string;
  projectId: string;
  /** the app, then s3rver */
  close(): Promise<void>;
}

/**
 * The world of an S3 integrations test file: s3rver, an app that reaches it (`env` added), and an
 * owner's team with one member holding `permissions` and a project in it. s3rver is closed again
 * when the app cannot be built.
 */
export async function integrationsWorld(
  o: {
    env?: Record<string, string>;
    permissions?: TeamPermissionCode[];
    memberOnProject?: boolean;
    outsiders?: number;
  } = {},
): Promise<IntegrationsWorld> {
  const s3 = await localS3();
  let t: TestApp;
  try {
    t = await createTestApp({
      INTEGRATIONS_S3_ENDPOINT: s3.endpoint,
      OUTBOUND_TRUSTED_HOSTS: '127.0.0.1',
      RATE_LIMIT: 'false',
      ...o.env,
    });
  } catch (err) {
    await s3.close();
    throw err;
  }
  const [owner, member, ...outsiders] = await people(t, 2 + (o.outsiders ?? 0));
  const permissions = await Promise.all(
    (o.permissions ?? ['can_create_projects']).map((c) => permissionIdOf(t, c)),
  );
  const teamId = await apiTeam(t, owner, { ids: [member.user.id], permissions });
  const projectId = await project(t, owner, { teamId, members: o.memberOnProject ? [member] : undefined });
  return {
    s3,
    t,
    owner,
    member,
    outsiders,
    teamId,
    projectId,
    async close() {
      await t.close();
      await s3.close();
    },
  };
}

/** Starts an import of `keys` from footage-in into the project as `who`: the transfer it answers. */
export async function startImport(
  t: TestApp,
  who: Person,
  target: { projectId: string; integrationId: string; folderPath?: string },
  keys: string[],
) {
  const res = await call<{ transfer: Transfer }>(t, 'POST', INTEGRATIONS_API.s3Imports, who, {
    project_db_id: target.projectId,
    integration_db_id: target.integrationId,
    bucket: 'footage-in',
    keys,
    ...(target.folderPath ? { folder_path: target.folderPath } : {}),
  });
  expect(res.body.errormessage).toBe('');
  return res.body.data.transfer;
}
