// system programs: lftp
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { assets } from '../../db/schema/index.ts';
import { readAll } from '../../platform/blobs/testHarness.ts';
import { studio } from '../projects/projects.testkit.ts';
import { createSession, haveBinary, nextOutcomes, sha256 } from './camera.testkit.ts';
import { startFtpServer, type FtpHandle } from './ftpServer.ts';

const HAVE_LFTP = haveBinary('lftp');
const run = promisify(execFile);

let t: TestApp;
let ftp: FtpHandle;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ FTP_PORT: '0', FTP_COMMIT_GRACE_MS: '500', RATE_LIMIT: 'false' });
  ftp = await startFtpServer(t.ctx, t.app.log);
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-c2e-lftp-'));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * lftp as a camera operator runs it: its own TLS defaults (GnuTLS, TLS 1.3 when offered), only
 * the self-signed certificate accepted; each file in its own lftp run, as a camera sends clips.
 */
async function lftpPut(port: number, s: { username: string; password: string }, file: string) {
  const settings =
    'set ftp:ssl-force true; set ssl:verify-certificate no; set net:max-retries 1; set net:timeout 20; set cmd:fail-exit true;';
  try {
    const { stderr } = await run(
      'lftp',
      [
        '-u',
        `${s.username},${s.password}`,
        '-p',
        String(port),
        '-e',
        `${settings} put ${file}; bye`,
        '127.0.0.1',
      ],
      { timeout: 120_000 },
    );
    return { code: 0, stderr };
  } catch (err) {
    const e = err as { code?: number; stderr?: string };
    return { code: e.code ?? -1, stderr: e.stderr ?? '' };
  }
}

describe.runIf(HAVE_LFTP)('lftp with its TLS 1.3 defaults', () => {
  it('every clip arrives intact and becomes an asset, a 30 MB one included', async () => {
    const { owner, projectId } = await studio(t);
    const session = await createSession(t, owner, projectId);
    const sizes = [
      30 * 1024 * 1024,
      4096,
      200_000,
      1_000_000,
      4096,
      30 * 1024 * 1024,
      65_536,
      12_345,
      8192,
      3_000_000,
    ];
    const failures: string[] = [];
    for (const [i, size] of sizes.entries()) {
      const name = `C${String(i).padStart(3, '0')}.mov`;
      const data = randomBytes(size);
      await writeFile(path.join(dir, name), data);
      const decided = nextOutcomes(ftp, 1);
      const res = await lftpPut(ftp.port, session, path.join(dir, name));
      if (res.code !== 0) {
        failures.push(`${name} (${size} B): lftp ${res.code} ${res.stderr.trim()}`);
        continue;
      }
      const [o] = await decided;
      if (o!.outcome !== 'ingested') {
        failures.push(`${name} (${size} B): ${o!.outcome}`);
        continue;
      }
      const [row] = await t.ctx.db.select().from(assets).where(eq(assets.id, o!.file.assetId));
      expect(row).toMatchObject({ title: name, sizeBytes: size, kind: 'camera_to_edit_asset' });
      const stored = await readAll((await t.ctx.blobs.getObject(row!.blobKey!)).body);
      expect(sha256(stored), name).toBe(sha256(data));
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
