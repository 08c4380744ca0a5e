import { once } from 'node:events';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { expect } from 'vitest';
import { INTEGRATIONS_API, type TeamPermissionCode, type Transfer } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { people, project } from '../../../test/factories.ts';
import { apiTeam, call, permissionIdOf, type Person } from '../teams/teams.testkit.ts';

/** The part of s3rver's filesystem store its multipart uploads go through (not in its typings). */
interface S3rverStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putPart(bucket: string, uploadId: string, partNumber: string, content: Readable): Promise<unknown>;
  putObjectMultipart(bucket: string, uploadId: string, parts: unknown[]): Promise<unknown>;
}
type S3ErrorClass = new (code: string, message: string) => Error;

/**
 * s3rver keeps an upload as a folder and writes a part into whatever folder its upload id names:
 * an upload that is gone (aborted, completed, never made) would take parts and then fail the
 * completion with an internal error. S3 answers NoSuchUpload to both; so does this s3rver, and
 * `abortUpload` drops an upload as a bucket's lifecycle rule for incomplete multipart uploads does
 * (s3rver has no AbortMultipartUpload route).
 */
function answerNoSuchUpload(server: S3rver) {
  const S3Error = createRequire(import.meta.url)('s3rver/lib/models/error') as S3ErrorClass;
  const store = (server as unknown as { store: S3rverStore }).store;
  const folder = (bucket: string, uploadId: string) =>
    path.join(store.getResourcePath(bucket, undefined, 'uploads'), path.basename(uploadId));
  const known = (bucket: string, uploadId: string) =>
    access(path.join(folder(bucket, uploadId), 'key')).then(
      () => true,
      () => false,
    );
  const noSuchUpload = () =>
    new S3Error(
      'NoSuchUpload',
      'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
    );
  const putPart = store.putPart.bind(store);
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    if (await known(bucket, uploadId)) return putPart(bucket, uploadId, partNumber, content);
    // read the refused body to its end, so the client hears the answer
    if (!content.readableEnded) await Promise.all([once(content, 'end'), content.resume()]);
    throw noSuchUpload();
  };
  const complete = store.putObjectMultipart.bind(store);
  store.putObjectMultipart = async (bucket, uploadId, parts) => {
    if (await known(bucket, uploadId)) return complete(bucket, uploadId, parts);
    throw noSuchUpload();
  };
  return (bucket: string, uploadId: string) => rm(folder(bucket, uploadId), { recursive: true, force: true });
}

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
  const abortUpload = answerNoSuchUpload(server);
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
    /** Drops an unfinished multipart upload with its parts, as a lifecycle rule does. */
    abortUpload,
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
