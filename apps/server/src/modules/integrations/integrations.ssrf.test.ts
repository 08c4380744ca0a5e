import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INTEGRATIONS_API as P } from '@rushes/shared';
import { buildApp, type BuiltApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { integrations } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../../test/db-template.ts';
import type { TestApp } from '../../../test/harness.ts';
import { people } from '../../../test/factories.ts';
import { findPersonalTeam } from '../teams/teams.service.ts';
import { call, type Person } from '../teams/teams.testkit.ts';

/**
 * The SSRF guard on the AWS SDK's path: a Contido endpoint (any address a customer types)
 * at the metadata address, at loopback, at a name resolving to 10.x, or at a trusted host that
 * redirects to loopback, is never reached; Test connection answers 'failed'. Only 'localhost' (by
 * name) is trusted here. The secret never appears in an answer or a log line.
 */
const SECRET = `Sk-${randomBytes(12).toString('hex')}`;
const lines: string[] = [];
let built: BuiltApp;
let database: Database;
let dataDir: string;
let t: TestApp;
let owner: Person;
let teamId: string;
let hits = 0;
let loopback: http.Server;
let redirector: http.Server;
let loopPort: number;
let redirectPort: number;

const listen = async (srv: http.Server) => {
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return (srv.address() as AddressInfo).port;
};

beforeAll(async () => {
  loopback = http.createServer((_req, res) => {
    hits += 1;
    res.end('<ok/>');
  });
  loopPort = await listen(loopback);
  redirector = http.createServer((req, res) => {
    res.writeHead(307, { location: `http://127.0.0.1:${loopPort}${req.url}` });
    res.end();
  });
  redirectPort = await listen(redirector);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'rushes-ssrf-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'debug',
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    OUTBOUND_TRUSTED_HOSTS: 'localhost',
    RATE_LIMIT: 'false',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  database = await openTestDatabase(config.DATABASE_URL);
  built = await buildApp(config, {
    db: database.db,
    secret: randomBytes(32).toString('base64url'),
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await built.app.ready();
  t = { ...built, database } as unknown as TestApp;
  [owner] = await people(t, 1);
  teamId = (await findPersonalTeam(t.ctx.db, owner.user.id))!.id;
  const realLookup = dns.lookup;
  vi.spyOn(dns, 'lookup').mockImplementation(((host: string, opts: unknown, cb: unknown) => {
    if (host === 'intranet.example.com') {
      (cb as (e: null, a: dns.LookupAddress[]) => void)(null, [{ address: '10.20.30.40', family: 4 }]);
      return;
    }
    return (realLookup as (...a: unknown[]) => void)(host, opts, cb);
  }) as typeof dns.lookup);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await built?.app.close();
  await database?.close();
  loopback?.close();
  redirector?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function contido(endpoint: string) {
  const res = await call<{ integration: { integration_db_id: string } }>(t, 'POST', P.contido, owner, {
    team_db_id: teamId,
    endpoint,
    region: 'eu-west-1',
    input: true,
    input_bucket: 'media',
    access_key_id: 'AKIATESTKEY0001',
    secret_access_key: SECRET,
  });
  expect(res.body.errormessage).toBe('');
  return res.body.data.integration.integration_db_id;
}

async function testConnection(id: string) {
  const res = await call<{ status: string; checks: { ok: boolean; message: string }[] }>(
    t,
    'POST',
    P.contidoTest,
    owner,
    {
      integration_db_id: id,
    },
  );
  expect(JSON.stringify(res.body)).not.toContain(SECRET);
  return res.body.data;
}

describe('integration endpoints behind the SSRF guard', () => {
  it('refuses the metadata address, loopback and a name resolving to 10.x', async () => {
    for (const endpoint of [
      'http://169.254.169.254',
      `http://127.0.0.1:${loopPort}`,
      `http://[::1]:${loopPort}`,
      `http://intranet.example.com:${loopPort}`,
    ]) {
      const out = await testConnection(await contido(endpoint));
      expect(out.status, endpoint).toBe('failed');
      expect(out.checks[0].message, endpoint).toMatch(/refused/);
    }
    expect(hits).toBe(0);
  });

  it('a trusted host that redirects to loopback: the redirect is not followed', async () => {
    const out = await testConnection(await contido(`http://localhost:${redirectPort}`));
    expect(out.status).toBe('failed');
    expect(hits).toBe(0);
  });

  it('keeps the secret sealed at rest and out of every answer and log line', async () => {
    const rows = await t.ctx.db.select().from(integrations).where(eq(integrations.teamId, teamId));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.sealedSecret).toMatch(/^v0\./);
      expect(row.sealedSecret).not.toContain(SECRET);
    }
    const list = await call(t, 'GET', P.contido, owner, { team_db_id: teamId });
    expect(JSON.stringify(list.body)).not.toContain(SECRET);
    expect(JSON.stringify(list.body)).not.toContain('AKIATESTKEY0001');
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(line).not.toContain(SECRET);
  });
});
