import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { INTEGRATIONS_API } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { call, type Person } from '../teams/teams.testkit.ts';

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
