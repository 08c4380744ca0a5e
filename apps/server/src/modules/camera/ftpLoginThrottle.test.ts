// system programs: curl
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { studio } from '../projects/projects.testkit.ts';
import { createSession, curl, haveBinary, nextOutcomes } from './camera.testkit.ts';
import { startFtpServer, type FtpHandle } from './ftpServer.ts';

const HAVE_CURL = haveBinary('curl');

let t: TestApp;
let ftp: FtpHandle;
let clip: string;

beforeAll(async () => {
  t = await createTestApp({
    FTP_PORT: '0',
    FTP_COMMIT_GRACE_MS: '200',
    RATE_LIMIT: 'true',
    FTP_LOGIN_MAX_FAILURES: '3',
    FTP_LOGIN_WINDOW_S: '3',
  });
  ftp = await startFtpServer(t.ctx, t.app.log);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-c2e-throttle-'));
  clip = path.join(dir, 'A001.mov');
  await writeFile(clip, Buffer.alloc(2048, 7));
});
afterAll(async () => {
  await t?.close();
  await rm(path.dirname(clip), { recursive: true, force: true });
});

/** One upload from a given loopback address (127.0.0.x: each its own client address). */
const put = (s: { username: string; password: string }, from: string) =>
  curl(ftp.port, s, ['--interface', from, '-T', clip]);
const wrong = (s: { username: string }) => ({ username: s.username, password: 'x'.repeat(24) });

describe.runIf(HAVE_CURL)('camera FTP login throttle', () => {
  it('after 3 wrong passwords from an address, its next login is refused, the right password too, for a while', async () => {
    const { owner, projectId } = await studio(t);
    const a = await createSession(t, owner, projectId);
    const b = await createSession(t, owner, projectId);
    for (let i = 0; i < 3; i++) expect((await put(wrong(a), '127.0.0.2')).stderr).toContain('530');
    // Another session's right password, from that address: refused unchecked.
    const refused = await put(b, '127.0.0.2');
    expect(refused.code).toBe(67);
    expect(refused.stderr).toContain('530');
    // Session a itself is refused from anywhere (its own count is full too).
    expect((await put(a, '127.0.0.3')).code).toBe(67);
    // b from another address is not concerned.
    const decided = nextOutcomes(ftp, 1);
    expect((await put(b, '127.0.0.4')).code).toBe(0);
    expect((await decided)[0]!.outcome).toBe('ingested');
    // The window ends: a's right password works again.
    await new Promise((r) => setTimeout(r, 3100));
    const later = nextOutcomes(ftp, 1);
    expect((await put(a, '127.0.0.2')).code).toBe(0);
    expect((await later)[0]!.outcome).toBe('ingested');
  }, 60_000);

  it('wrong passwords for one session spread over addresses lock that session, not the others', async () => {
    const { owner, projectId } = await studio(t);
    const a = await createSession(t, owner, projectId);
    const b = await createSession(t, owner, projectId);
    for (const from of ['127.0.0.5', '127.0.0.6', '127.0.0.7']) {
      expect((await put(wrong(a), from)).stderr).toContain('530');
    }
    const refused = await put(a, '127.0.0.8');
    expect(refused.code).toBe(67);
    const decided = nextOutcomes(ftp, 1);
    expect((await put(b, '127.0.0.8')).code).toBe(0);
    expect((await decided)[0]!.outcome).toBe('ingested');
  }, 60_000);
});
