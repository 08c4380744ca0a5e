import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { API, INTEGRATIONS_API as P, type CurrentUser, type Transfer } from '@rushes/shared';
import { apiClient, bootServer, freePort, kill9 } from '../../../test/restart.testkit.ts';
import { DEMO_LOGIN } from '../../seed.ts';
import { localS3 } from './integrations.testkit.ts';

/**
 * Kills the real server (main.ts in a child process) with SIGKILL in the middle of the import of a
 * 64 MB object (which resumes inside the object) and again in the middle of a multipart export of
 * the 64 MB asset to s3rver (13 parts of 5 MiB; each cut comes after 3), starts it again on the same
 * data, and the export finishes on its own: the job is taken over once its short lock lapses, only the parts not yet recorded are
 * sent (done_bytes ends exactly at the file's size), and the object in the bucket has the source's
 * SHA-256. EXPORT_RESTART_MB sets another size.
 */
const MB = Number(process.env.EXPORT_RESTART_MB ?? 64);
const MiB = 1024 * 1024;

let child: ChildProcess | null = null;
let dataDir = '';
let s3: Awaited<ReturnType<typeof localS3>> | null = null;
afterAll(async () => {
  child?.kill('SIGKILL');
  await s3?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function boot(port: number, endpoint: string) {
  const { url, proc } = await bootServer(
    port,
    {
      DATA_DIR: path.join(dataDir, 'server'),
      INTEGRATIONS_S3_ENDPOINT: endpoint,
      OUTBOUND_TRUSTED_HOSTS: '127.0.0.1',
      TRANSFER_PART_SIZE: String(5 * MiB),
      TRANSFER_LOCK_SECONDS: '4',
      JOBS_POLL_MS: '200',
    },
    300_000, // a busy machine: migrations, demo seed, first transform
  );
  child = proc;
  return url;
}

/** Writes `mb` MiB of random bytes to a file, answering its SHA-256. */
async function bigFile(file: string, mb: number) {
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  for (let i = 0; i < mb; i++) {
    const chunk = randomBytes(MiB);
    hash.update(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return hash.digest('hex');
}

describe('an import and an export survive kill -9 of the server', () => {
  it('each resumes after a restart and the bucket holds the exact bytes', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rushes-export-restart-'));
    s3 = await localS3();
    const source = path.join(dataDir, 'big.mov');
    const digest = await bigFile(source, MB);
    await s3.client.send(
      new PutObjectCommand({
        Bucket: 'footage-in',
        Key: 'big/big.mov',
        Body: createReadStream(source),
        ContentLength: MB * MiB,
      }),
    );

    const port = await freePort();
    let url = await boot(port, s3.endpoint);
    const api = apiClient(() => url);
    const transfer = async (projectId: string, id: string) =>
      (await api<{ transfers: Transfer[] }>('GET', P.transfers, { project_db_id: projectId })).transfers.find(
        (x) => x.transfer_db_id === id,
      )!;
    const waitFor = async (projectId: string, id: string, done: (t: Transfer) => boolean, ms = 180_000) => {
      const deadline = Date.now() + ms;
      for (;;) {
        const t = await transfer(projectId, id);
        if (done(t)) return t;
        if (t.status === 'failed') throw new Error(`transfer failed: ${t.reason}`);
        if (Date.now() > deadline) throw new Error(`transfer stuck: ${JSON.stringify(t)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    await api('POST', API.auth.login, DEMO_LOGIN);
    const me = await api<CurrentUser>('GET', API.auth.checkLogin);
    const team = me.teams.find((x) => x.is_personal)!;
    const { project_db_id: projectId } = await api<{ project_db_id: string }>('POST', API.projects.root, {
      team_db_id: team.team_db_id,
      title: 'Export restart reel',
    });
    const { s3_integration } = await api<{ s3_integration: { s3_integration_db_id: string } }>('POST', P.s3, {
      team_db_id: team.team_db_id,
      input: true,
      input_bucket: 'footage-in',
      input_bucket_folder: 'big',
      output: true,
      output_bucket: 'delivery-out',
      create_date_folders: false,
      auth_mode: 'keys',
      access_key_id: 'S3RVER',
      secret_access_key: 'S3RVER',
    });
    const integrationId = s3_integration.s3_integration_db_id;
    const imported = await api<{ transfer: Transfer }>('POST', P.s3Imports, {
      project_db_id: projectId,
      integration_db_id: integrationId,
      bucket: 'footage-in',
      keys: ['big/big.mov'],
    });
    // The import is cut off inside the object too: after the restart it continues with ranged GETs
    // from the first part the store did not hold (each part's bytes counted once).
    const importId = imported.transfer.transfer_db_id;
    const cut = await waitFor(projectId, importId, (t) => t.done_bytes >= 3 * 5 * MiB, 120_000);
    expect(cut.done_bytes).toBeLessThan(MB * MiB);
    await kill9(child!);
    url = await boot(port, s3.endpoint);
    await api('POST', API.auth.login, DEMO_LOGIN);
    const importDone = await waitFor(projectId, importId, (t) => t.status === 'finished');
    expect(importDone.attempts).toBeGreaterThanOrEqual(2);
    expect(importDone.done_bytes).toBe(MB * MiB);
    const page = await api<{ items: { ingest_db_id: string; title: string }[] }>('GET', API.assets.root, {
      project_db_id: projectId,
    });
    const assetId = page.items.find((a) => a.title === 'big.mov')!.ingest_db_id;

    const exported = await api<{ transfer: Transfer }>('POST', P.s3Uploads, {
      project_db_id: projectId,
      integration_db_id: integrationId,
      ingest_db_ids: [assetId],
      destination_bucket: 'delivery-out',
    });
    const id = exported.transfer.transfer_db_id;
    // Some parts are in the bucket, not all: the server dies now.
    const midway = await waitFor(projectId, id, (t) => t.done_bytes >= 3 * 5 * MiB, 120_000);
    expect(midway.done_bytes).toBeLessThan(MB * MiB);
    await kill9(child!);

    url = await boot(port, s3.endpoint);
    await api('POST', API.auth.login, DEMO_LOGIN);
    const done = await waitFor(projectId, id, (t) => t.status === 'finished');
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    // every part counted once: nothing recorded before the kill was sent again
    expect(done.done_bytes).toBe(MB * MiB);
    const out = await s3.client.send(new GetObjectCommand({ Bucket: 'delivery-out', Key: 'big.mov' }));
    const hash = createHash('sha256');
    for await (const chunk of out.Body as AsyncIterable<Buffer>) hash.update(chunk);
    expect(hash.digest('hex')).toBe(digest);
    await kill9(child!);
    child = null;
  }, 600_000);
});
