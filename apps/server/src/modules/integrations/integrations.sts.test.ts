import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INTEGRATIONS_API as P, type Transfer } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { call, type Person } from '../teams/teams.testkit.ts';
import {
  createS3Integration,
  integrationsWorld,
  startImport,
  type IntegrationsWorld,
} from './integrations.testkit.ts';
import { startStsStandin, type StsRole } from './sts.standin.ts';

/**
 * Role-mode S3 integrations through the AWS SDK's real AssumeRole path: the STS client (at
 * INTEGRATIONS_STS_ENDPOINT, through the outbound guard) signs with the server's own credentials
 * and sends the team's ExternalId to the local STS stand-in, and the S3 calls to s3rver are signed
 * with the temporary credentials it answered (s3rver refuses any other pair).
 */
const SERVER_KEY = 'AKIARUSHESSERVER0001';
const ROLE = 'arn:aws:iam::123456789012:role/RushesAccess';
const OTHER_ROLE = 'arn:aws:iam::123456789012:role/OtherTeamsRole';
const BAD_CREDENTIALS_ROLE = 'arn:aws:iam::123456789012:role/HandsOutWrongKeys';

let t: TestApp;
let s3: IntegrationsWorld['s3'];
let world: IntegrationsWorld | undefined;
let sts: Awaited<ReturnType<typeof startStsStandin>>;
const roles: StsRole[] = [];
let owner: Person;
let teamId: string;
let projectId: string;
let externalId: string;

beforeAll(async () => {
  // The server's own AWS credentials, as the SDK's default chain reads them.
  vi.stubEnv('AWS_ACCESS_KEY_ID', SERVER_KEY);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'rushes-server-secret');
  sts = await startStsStandin({ callerAccessKeyId: SERVER_KEY, roles });
  world = await integrationsWorld({ env: { INTEGRATIONS_STS_ENDPOINT: sts.endpoint } });
  ({ s3, t, owner, teamId, projectId } = world);
  externalId = (await call<{ external_id: string }>(t, 'GET', P.s3Setup, owner, { team_db_id: teamId })).body
    .data.external_id;
  // What the customer set up in their account: the role trusts Rushes with this team's ExternalId.
  const s3rverPair = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  roles.push({ arn: ROLE, externalId, credentials: s3rverPair });
  roles.push({ arn: OTHER_ROLE, externalId: 'rushes-someone-else', credentials: s3rverPair });
  roles.push({
    arn: BAD_CREDENTIALS_ROLE,
    externalId,
    credentials: { accessKeyId: 'ASIAUNKNOWNTOS3RVER1', secretAccessKey: 'S3RVER' },
  });
}, 120_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await world?.close();
  await sts?.close();
});

const roleIntegration = (roleArn: string) =>
  createS3Integration(t, owner, teamId, {
    auth_mode: 'role',
    role_arn: roleArn,
    access_key_id: undefined,
    secret_access_key: undefined,
  });

const testConnection = async (id: string) =>
  (
    await call<{ status: string; checks: { ok: boolean; message: string }[] }>(t, 'POST', P.s3Test, owner, {
      s3_integration_db_id: id,
    })
  ).body.data;

describe('S3 integrations with an IAM role (AssumeRole)', () => {
  it('assumes the role with the team ExternalId and reaches the bucket with the temporary credentials', async () => {
    const id = await roleIntegration(ROLE);
    const before = sts.calls.length;
    const result = await testConnection(id);
    expect(result.status, JSON.stringify(result.checks)).toBe('success');
    const assumed = sts.calls.slice(before);
    expect(assumed.length).toBeGreaterThanOrEqual(1);
    expect(assumed[0]).toMatchObject({
      action: 'AssumeRole',
      roleArn: ROLE,
      externalId,
      accessKeyId: SERVER_KEY,
      durationSeconds: 3600,
      status: 200,
    });
    expect(assumed[0].roleSessionName).toMatch(/^rushes-[0-9a-f]{8}$/);

    // an import through the same path lands the object's bytes
    await s3.put('footage-in', 'rushes/role/clip.txt', 'assumed');
    await startImport(t, owner, { projectId, integrationId: id }, ['rushes/role/clip.txt']);
    await t.ctx.jobs.drainForTests();
    const list = await call<{ transfers: Transfer[] }>(t, 'GET', P.transfers, owner, {
      project_db_id: projectId,
    });
    expect(list.body.data.transfers[0]).toMatchObject({ status: 'finished', done_bytes: 7 });
  });

  it('a role that trusts another ExternalId refuses (AccessDenied): the connection test fails', async () => {
    const id = await roleIntegration(OTHER_ROLE);
    const result = await testConnection(id);
    expect(result.status).toBe('failed');
    expect(sts.calls.at(-1)).toMatchObject({ roleArn: OTHER_ROLE, externalId, status: 403 });
    expect(JSON.stringify(result.checks)).toContain('not authorized to perform: sts:AssumeRole');
  });

  // s3rver checks the access key id of a SigV4 request, not its signature bytes (DESIGN §8)
  it('the S3 calls are signed with what STS answered: a temporary key the bucket does not know fails', async () => {
    const id = await roleIntegration(BAD_CREDENTIALS_ROLE);
    const result = await testConnection(id);
    expect(sts.calls.at(-1)).toMatchObject({ roleArn: BAD_CREDENTIALS_ROLE, status: 200 });
    expect(result.status).toBe('failed');
  });
});
