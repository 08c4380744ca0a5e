// system programs: Xvfb, x11vnc
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_API, CLOUD_TEXT, type CloudTime } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { launchToken } from './cloud.access.ts';
import { freePort } from '../../platform/freePort.ts';
import { missingLocalBinaries, startXvfb, waitForPort } from './cloud.local.ts';
import { writePasswordFile } from './cloud.pool.ts';
import { firstFramebufferUpdate, openSocket, openTcp } from './cloud.rfb.testkit.ts';
import { book, call, cloudWorld, end, person, platformAdmin, time, type Person } from './cloud.testkit.ts';

/**
 * Pool passwords rotated per session against a real x11vnc that reads its password from a
 * file (`-passwdfile read:`): the session gets a fresh password that works (directly and through the
 * proxy with the session answer's launch_token), the registered one stops working, and after the
 * session ends its password stops working too. The launch token's lifetime and owner are checked.
 * Needs Xvfb and x11vnc: skipped with a notice without them, required on CI.
 */
const missing = (await missingLocalBinaries()).filter((b) => b !== 'openbox');
if (missing.length) {
  if (process.env.CI) throw new Error(`the pool rotation test needs ${missing.join(', ')} on CI`);
  console.warn(`Skipping the pool rotation test: ${missing.join(', ')} not installed`);
}

const OPS = `ops-rot-${Date.now()}@example.com`;
const REGISTERED = 'Regist3r';
let t: TestApp;
let ops: Person;
let dir: string;
let base: string;
const procs: ChildProcess[] = [];

/** Speaks VNC to the workstation directly: true when the password is accepted. */
async function accepts(port: number, password: string) {
  const s = await openTcp(port);
  try {
    await firstFramebufferUpdate(s, password);
    return true;
  } catch (err) {
    if (/authentication failed|closed/.test(String(err))) return false;
    throw err;
  } finally {
    s.close();
  }
}

beforeAll(async () => {
  if (missing.length) return;
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-pool-pw-'));
  t = await createTestApp({
    CLOUD_PROVIDER: 'pool',
    PLATFORM_ADMIN_EMAILS: OPS,
    CLOUD_POOL_PASSWORD_DIR: dir,
  });
  ops = await platformAdmin(t, OPS);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  for (const p of procs) p.kill('SIGTERM');
  await t?.close();
});

describe.skipIf(missing.length > 0)('a pool workstation whose password rotates per session', () => {
  it('hands each session a fresh password that stops working when it ends; the launch token is the owner’s and short-lived', async () => {
    const vncPort = await freePort();
    const registered = await call<{ machines: { rotation: string; rotation_file: string | null }[] }>(
      t,
      'POST',
      CLOUD_API.adminMachines,
      ops,
      {
        name: 'Bay R',
        hardware_slug: 'performance',
        host: '127.0.0.1',
        port: vncPort,
        username: 'bay',
        password: REGISTERED,
        rotation: 'passwd_file',
        rotation_file: 'bay-r',
      },
    );
    expect(registered.status).toBe(200);
    expect(registered.body.data.machines[0]).toMatchObject({
      rotation: 'passwd_file',
      rotation_file: 'bay-r',
    });
    const file = path.join(dir, 'bay-r');
    expect((await readFile(file, 'utf8')).trim()).toBe(REGISTERED);

    // the workstation: a display and an x11vnc rereading the file the server writes
    const xvfb = await startXvfb('640x480');
    procs.push(xvfb.proc);
    const display = xvfb.display;
    const vnc = spawn(
      'x11vnc',
      ['-display', `:${display}`, '-rfbport', String(vncPort), '-localhost', '-passwdfile', `read:${file}`]
        // serve every client, not just the first
        .concat(['-forever', '-shared', '-quiet', '-noxdamage']),
      { stdio: 'ignore' },
    );
    procs.push(vnc);
    await waitForPort(vncPort, vnc, 20_000);
    expect(await accepts(vncPort, REGISTERED)).toBe(true);

    const { owner, projectId } = await cloudWorld(t, 0);
    const id = (await book(t, owner, projectId, { hardware: 'performance' })).body.data.cloud_access_db_id;
    await t.ctx.jobs.drainForTests();
    const session = ((await time(t, owner)).body.data as CloudTime).session!;
    expect(session.machine_status).toBe('machine_started');
    const password = session.password!;
    expect(password).not.toBe(REGISTERED);
    expect(await accepts(vncPort, password)).toBe(true);
    expect(await accepts(vncPort, REGISTERED)).toBe(false);

    // the browser launch with the session answer's launch_token, through the proxy
    const token = session.launch_token!;
    const url = (tok: string) =>
      `${base}${CLOUD_API.vnc}?cloud_id=${id}&launch_token=${encodeURIComponent(tok)}`;
    const ws = await openSocket(url(token), { cookie: owner.cookie });
    expect(await firstFramebufferUpdate(ws, password)).toMatchObject({ width: 640, height: 480 });
    ws.close();
    // another user's token (for this session), a token past its lifetime, the token with another cookie
    const other = await person(t);
    const stranger = launchToken(t.ctx.secret, id, other.user.id).token;
    await expect(openSocket(url(stranger), { cookie: owner.cookie })).rejects.toThrow('refused: 403');
    const expired = launchToken(t.ctx.secret, id, owner.user.id, Date.now() - 10 * 60_000).token;
    await expect(openSocket(url(expired), { cookie: owner.cookie })).rejects.toThrow('refused: 403');
    await expect(openSocket(url(token), { cookie: other.cookie })).rejects.toThrow('refused: 403');
    // nobody else's session answer carries it
    expect((await time(t, other)).body.data.session).toBeNull();

    // End: a desktop open through the proxy is closed (a pool machine keeps running), the machine is
    // released with yet another password, and the session's one stops working
    const live = await openSocket(url(token), { cookie: owner.cookie });
    await firstFramebufferUpdate(live, password);
    const closed = new Promise((resolve) => live.once('close', resolve));
    await end(t, owner, projectId, id);
    await closed;
    await t.ctx.jobs.drainForTests();
    expect((await time(t, owner)).body.data.session).toBeNull();
    expect(await accepts(vncPort, password)).toBe(false);
    expect(await accepts(vncPort, REGISTERED)).toBe(false);
    const next = (await readFile(file, 'utf8')).trim();
    expect(next).not.toBe(password);
    expect(await accepts(vncPort, next)).toBe(true);
  }, 60_000);
});

describe('registering a rotating workstation', () => {
  it('is refused when the server has no password directory; the launch token is absent until started', async () => {
    const app = await createTestApp({ CLOUD_PROVIDER: 'pool', PLATFORM_ADMIN_EMAILS: OPS });
    try {
      const admin = await platformAdmin(app, OPS);
      const res = await call(app, 'POST', CLOUD_API.adminMachines, admin, {
        name: 'Bay X',
        hardware_slug: 'standard',
        host: '10.0.0.9',
        port: 5900,
        password: REGISTERED,
        rotation: 'passwd_file',
        rotation_file: 'bay-x',
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(CLOUD_TEXT.rotationNotConfigured);
      const plain = await call(app, 'POST', CLOUD_API.adminMachines, admin, {
        name: 'Bay Y',
        hardware_slug: 'standard',
        host: '10.0.0.9',
        port: 5900,
        password: REGISTERED,
      });
      expect(plain.status).toBe(200);
      const { owner, projectId } = await cloudWorld(app, 0);
      const booked = await book(app, owner, projectId);
      expect(booked.body.data).toMatchObject({ machine_status: 'machine_booting', launch_token: null });
      await app.ctx.jobs.drainForTests();
      // not rotated: the registered password, and a launch token once started
      expect((await time(app, owner)).body.data.session).toMatchObject({
        password: REGISTERED,
        launch_token: expect.stringMatching(/^\d+\.[\w-]+$/),
      });
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('the password file', () => {
  it('moves its mtime a whole second on at every write, since x11vnc rereads only a later second', async () => {
    const where = await mkdtemp(path.join(os.tmpdir(), 'rushes-pw-mtime-'));
    const seconds: number[] = [];
    for (const pw of ['first111', 'second22', 'third333']) {
      await writePasswordFile(where, 'bay', pw);
      seconds.push(Math.floor((await stat(path.join(where, 'bay'))).mtimeMs / 1000));
      expect((await readFile(path.join(where, 'bay'), 'utf8')).trim()).toBe(pw);
    }
    // three writes well inside one second still give three distinct, increasing seconds
    expect(seconds[1]).toBeGreaterThan(seconds[0]!);
    expect(seconds[2]).toBeGreaterThan(seconds[1]!);
    expect((await stat(path.join(where, 'bay'))).mode & 0o777).toBe(0o600);
  });
});
