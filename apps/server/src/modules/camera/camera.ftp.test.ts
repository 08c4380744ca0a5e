// system programs: lftp, curl, ffmpeg, ffprobe
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, INGEST_STATUS, type C2eSession } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { assets } from '../../db/schema/index.ts';
import { readAll } from '../../platform/blobs/testHarness.ts';
import { apiFolder, studio } from '../projects/projects.testkit.ts';
import { h264Mp4 } from '../media/media.testkit.ts';
import {
  call,
  createSession,
  curl,
  haveBinary,
  lftp,
  nextOutcomes,
  sha256,
  slowCurl,
  type Person,
} from './camera.testkit.ts';
import { startFtpServer, type FtpHandle } from './ftpServer.ts';

const HAVE_CURL = haveBinary('curl');
const HAVE_LFTP = haveBinary('lftp');

let t: TestApp;
let ftp: FtpHandle;
let dir: string;
let owner: Person;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp({ FTP_PORT: '0', FTP_COMMIT_GRACE_MS: '500', RATE_LIMIT: 'false' });
  ftp = await startFtpServer(t.ctx, t.app.log);
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-c2e-test-'));
  ({ owner, projectId } = await studio(t));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const cameraAssets = () =>
  t.ctx.db
    .select()
    .from(assets)
    .where(and(eq(assets.projectId, projectId), eq(assets.kind, 'camera_to_edit_asset')));

async function file(name: string, bytes = 4096) {
  const p = path.join(dir, name);
  const data = randomBytes(bytes);
  await writeFile(p, data);
  return { path: p, data };
}

describe.runIf(HAVE_CURL)('camera to edit over FTP/FTPS (curl)', () => {
  let session: C2eSession;
  let folderId: string;

  beforeAll(async () => {
    folderId = await apiFolder(t, owner, projectId, 'Day 1');
    session = await createSession(t, owner, projectId, { folderId });
    expect(session.status).toBe('pending');
    const again = await call<{ c2e_session: C2eSession }>(t, 'GET', API.camera.session, owner, {
      project_db_id: projectId,
      c2e_session_db_id: session.c2e_session_db_id,
    });
    session = again.body.data.c2e_session;
    expect(session).toMatchObject({
      status: 'active',
      is_active: true,
      allow_plain_ftp: false,
      folder_name: 'Day 1',
    });
    expect(session.password).toHaveLength(24);
    expect(session.port).toBe(ftp.port);
  });

  it('an explicit-FTPS upload of a clip lands in the folder as a playable asset with the same SHA-256', async () => {
    const clip = await h264Mp4(dir, 2);
    const clipPath = path.join(dir, 'A001C002.mp4');
    await writeFile(clipPath, clip);
    const decided = nextOutcomes(ftp, 1);
    const res = await curl(ftp.port, session, ['-T', clipPath]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const [o] = await decided;
    expect(o.outcome).toBe('ingested');
    await t.ctx.jobs.drainForTests();
    const [row] = await t.ctx.db.select().from(assets).where(eq(assets.id, o.file.assetId));
    expect(row).toMatchObject({
      title: 'A001C002.mp4',
      kind: 'camera_to_edit_asset',
      parentId: folderId,
      status: INGEST_STATUS.finished,
      fileType: 'video',
      sizeBytes: clip.length,
      uploadedFrom: 'Camera',
    });
    expect(row.thumbnailKey).not.toBeNull();
    expect(row.durationSeconds).toBeGreaterThan(1.5);
    const stored = await readAll((await t.ctx.blobs.getObject(row.blobKey!)).body);
    expect(sha256(stored)).toBe(sha256(clip));
    const list = await call<{ c2e_sessions: C2eSession[] }>(t, 'GET', API.camera.sessions, owner, {
      project_db_id: projectId,
    });
    expect(list.body.data.c2e_sessions[0]).toMatchObject({ files_received: 1, bytes_received: clip.length });
  });

  it('40 sequential curl --ssl-reqd uploads all succeed and all become assets', async () => {
    const before = (await cameraAssets()).length;
    const decided = nextOutcomes(ftp, 40);
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const f = await file(`seq-${i}.mov`, 2048 + i);
      const res = await curl(ftp.port, session, ['-T', f.path]);
      codes.push(res.code);
    }
    expect(codes.filter((c) => c !== 0)).toEqual([]);
    const outcomes = await decided;
    expect(outcomes.every((o) => o.outcome === 'ingested')).toBe(true);
    expect((await cameraAssets()).length).toBe(before + 40);
  });

  it('PASV announces the address the camera reached the server at (not localhost to a LAN camera)', async () => {
    const lan = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    const hosts = ['127.0.0.1', ...(lan ? [lan] : [])];
    if (!lan) console.warn('[camera tests] no LAN IPv4 address here: PASV checked on loopback only');
    for (const host of hosts) {
      const f = await file(`pasv-${host}.mov`);
      const decided = nextOutcomes(ftp, 1);
      const res = await curl(ftp.port, session, ['-v', '--disable-epsv', '-T', f.path], { host });
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr).toContain(`227 PASV OK (${host.replaceAll('.', ',')},`);
      expect((await decided)[0]!.outcome).toBe('ingested');
    }
  });

  it('a wrong password is answered 530', async () => {
    const res = await curl(ftp.port, { username: session.username, password: 'x'.repeat(24) }, [
      '-T',
      (await file('w.mov')).path,
    ]);
    expect(res.code).toBe(67);
    expect(res.stderr).toContain('530');
  });

  it('plain FTP is refused unless the session allows it', async () => {
    const f = await file('plain.mov');
    const refused = await curl(ftp.port, session, ['-T', f.path], { plain: true });
    expect(refused.code).toBe(67);
    const plainSession = await createSession(t, owner, projectId, { plain: true, model: 'panasonic-eva1' });
    const decided = nextOutcomes(ftp, 1);
    const ok = await curl(ftp.port, plainSession, ['-T', f.path], { plain: true });
    expect(ok.code).toBe(0);
    expect((await decided)[0].outcome).toBe('ingested');
  });

  it('refuses `..`, absolute paths, listing other roots, DELE and restricted extensions', async () => {
    const f = await file('evil.mov');
    for (const dir of ['..', '../c2e-other', '/etc', '/']) {
      // CWD '/' is the session's own root (allowed); the rest name places outside it.
      const res = await curl(ftp.port, session, ['-Q', `CWD ${dir}`], { path: '' });
      expect(res.code, dir).toBe(dir === '/' ? 0 : 21);
    }
    const up = await curl(ftp.port, session, ['--ftp-method', 'nocwd', '-T', f.path], {
      path: '..%2Fevil.mov',
    });
    expect(up.code).toBe(25);
    const abs = await curl(ftp.port, session, ['--ftp-method', 'nocwd', '-T', f.path], {
      path: '%2Fetc/evil.mov',
    });
    expect(abs.code).toBe(25);
    for (const other of ['../c2e-other', '/c2e-other']) {
      const list = await curl(ftp.port, session, ['-X', `LIST ${other}`], { path: '' });
      expect(list.code, other).not.toBe(0);
    }
    // Its own root lists nothing, though 42 files arrived: write-only.
    const own = await curl(ftp.port, session, [], { path: '' });
    expect(own.code).toBe(0);
    expect(own.stdout.trim()).toBe('');
    const dele = await curl(ftp.port, session, ['-Q', 'DELE seq-1.mov'], { path: '' });
    expect(dele.code).toBe(21);
    const exe = await file('setup.exe');
    const restricted = await curl(ftp.port, session, ['-T', exe.path]);
    expect(restricted.code).toBe(25);
    expect((await cameraAssets()).some((a) => a.title === 'setup.exe' || a.title === 'evil.mov')).toBe(false);
  });

  it('a dropped upload never becomes an asset', async () => {
    const before = (await cameraAssets()).length;
    const child = slowCurl(ftp.port, session, 'dropped.mov');
    child.stdin.on('error', () => undefined);
    const started = new Promise((r) => ftp.events.once('receiving', r));
    const decided = nextOutcomes(ftp, 1);
    child.stdin.write(randomBytes(256 * 1024));
    await started;
    child.kill('SIGKILL');
    const [o] = await decided;
    expect(['discarded', 'aborted']).toContain(o.outcome);
    await t.ctx.jobs.drainForTests();
    expect((await cameraAssets()).length).toBe(before);
    expect(await t.ctx.blobs.headObject(o.file.blobKey)).toBeNull();
  });

  it('pause refuses new logins, resume lets them in again, delete revokes the login', async () => {
    const ids = { project_db_id: projectId, c2e_session_db_id: session.c2e_session_db_id };
    const paused = await call<{ message: string; c2e_session: C2eSession }>(
      t,
      'PUT',
      API.camera.session,
      owner,
      {
        ...ids,
        action: 'pause',
      },
    );
    expect(paused.body.data).toMatchObject({
      message: 'C2E session paused',
      c2e_session: { status: 'pausing' },
    });
    await t.ctx.jobs.drainForTests();
    const f = await file('late.mov');
    const refused = await curl(ftp.port, session, ['-T', f.path]);
    expect(refused.code).toBe(67);
    await call(t, 'PUT', API.camera.session, owner, { ...ids, action: 'resume' });
    await t.ctx.jobs.drainForTests();
    const decided = nextOutcomes(ftp, 1);
    expect((await curl(ftp.port, session, ['-T', f.path])).code).toBe(0);
    expect((await decided)[0].outcome).toBe('ingested');
    const del = await call<{ message: string }>(t, 'DELETE', API.camera.session, owner, ids);
    expect(del.body.data.message).toBe('C2E session deleted');
    expect((await curl(ftp.port, session, ['-T', f.path])).code).toBe(67);
    const gone = await call(t, 'GET', API.camera.session, owner, ids);
    expect(gone.status).toBe(404);
    expect(gone.body.errormessage).toBe('Session details not found.');
  });
});

describe.runIf(HAVE_LFTP)('camera to edit with lftp', () => {
  it('lftp puts a file into a folder it makes, over explicit FTPS', async () => {
    const session = await createSession(t, owner, projectId);
    const f = await file('B002.mxf', 10_000);
    const decided = nextOutcomes(ftp, 1);
    const res = await lftp(ftp.port, session, `mkdir -p CARD1; cd CARD1; put ${f.path}`);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const [o] = await decided;
    expect(o.outcome).toBe('ingested');
    const [row] = await t.ctx.db.select().from(assets).where(eq(assets.id, o.file.assetId));
    expect(row).toMatchObject({ title: 'B002.mxf', folderPath: '/CARD1', kind: 'camera_to_edit_asset' });
  });
});
