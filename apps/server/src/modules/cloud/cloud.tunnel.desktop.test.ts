// system programs: Xvfb, openbox, x11vnc, vncsnapshot
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_API, type CloudTime } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { programs, SCRIPT, type Program } from '../camera/uploader.testkit.ts';
import { missingLocalBinaries } from './cloud.local.ts';
import { onPath } from './cloud.runnable.ts';
import {
  book,
  cloudWorld,
  end,
  listeningLocalApp,
  person,
  plainDesktopCatalogueFile,
  sessionRow,
  time,
  type Person,
} from './cloud.testkit.ts';
import { connectorToken } from './cloud.tunnel.ts';
// @ts-expect-error: the program is plain ESM without types
import { TUNNEL_PATH } from '../../../../../packages/uploader/src/connect/tunnel.mjs';

/**
 * The connector for real, as a user on another computer runs it: the program's `connect` command
 * with the session's connection file opens a local port tunnelled over the server's WebSocket to the
 * session's x11vnc, and Debian's vncsnapshot, a real VNC client, captures the desktop through it.
 * Refused (exit code 3) with a bad token, with another user's, and after End (the client then gets
 * nothing). One desktop for the file; its booked program is `sleep`: the tunnel is what is tested.
 */
const run = promisify(execFile);
const missing = [
  ...(await missingLocalBinaries()),
  ...((await onPath('vncsnapshot')) ? [] : ['vncsnapshot']),
];
if (missing.length) {
  if (process.env.CI) throw new Error(`the connector desktop test needs ${missing.join(', ')} on CI`);
  console.warn(`Skipping the connector desktop test: ${missing.join(', ')} not installed`);
}

const [W, H] = [800, 600];
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
let dir: string;
let base: string;
let owner: Person;
let projectId: string;
let sessionId: string;
let file: string;
let pwFile: string;

/** The `connect` command, started; `ready` resolves with its local port once it listens. */
function connect(args: string[], program: Program = SCRIPT) {
  const [cmd, ...pre] = program.command();
  const child = spawn(cmd, [...pre, 'connect', '--no-viewer', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, out, err })),
  );
  const ready = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = /open vnc:\/\/127\.0\.0\.1:(\d+) /.exec(out);
      if (m) resolve(Number(m[1]));
    });
    void exited.then((e) => reject(new Error(`connect exited ${e.code}: ${e.err}`)));
  });
  ready.catch(() => undefined); // a refused run is awaited through `exited`
  return { child, ready, exited };
}

/** vncsnapshot through the local port; answers its exit and the JPEG written, if any. */
async function snapshot(port: number, name: string) {
  const out = path.join(dir, name);
  const done = await run(
    'vncsnapshot',
    ['-quiet', '-allowblank', '-passwd', pwFile, `127.0.0.1::${port}`, out],
    {
      timeout: 30_000,
    },
  ).then(
    () => 0,
    (e: { code?: number }) => e.code ?? 1,
  );
  return { code: done, jpeg: done === 0 ? await readFile(out) : null };
}

beforeAll(async () => {
  if (missing.length) return;
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-tunnel-desktop-'));
  // a desktop whose program costs nothing: what is tested is the way in
  const catalogueFile = await plainDesktopCatalogueFile(dir);
  // the workstation agent reaches the server at the configured port on loopback: it listens there
  ({ t, url: base } = await listeningLocalApp({
    CLOUD_LOCAL_GEOMETRY: `${W}x${H}`,
    CLOUD_LOCAL_HOME_DIR: path.join(dir, 'homes'),
    CLOUD_CATALOGUE_FILE: catalogueFile,
    CLOUD_FINAL_SYNC_SECONDS: '5',
    RATE_LIMIT: 'false',
  }));
  t.ctx.jobs.start();
  ({ owner, projectId } = await cloudWorld(t, 0));
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(missing.length > 0)('the connector through a real desktop', () => {
  it('the program speaks to the server’s tunnel path', () => {
    expect(TUNNEL_PATH).toBe(CLOUD_API.tunnel);
  });

  it('vncsnapshot captures the desktop through `rushes-upload connect` with the connection file', async () => {
    const booked = await book(t, owner, projectId, { software: 'plain_desktop' });
    expect(booked.body.errormessage ?? '').toBe('');
    sessionId = booked.body.data.cloud_access_db_id;
    let session: CloudTime['session'] = null;
    for (let i = 0; i < 300 && session?.machine_status !== 'machine_started'; i++) {
      if (i) await pause(100);
      session = ((await time(t, owner)).body.data as CloudTime).session;
    }
    expect(session?.machine_status).toBe('machine_started');
    await run('x11vnc', ['-storepasswd', session!.password!, (pwFile = path.join(dir, 'vncpasswd'))]);

    const answer = await t.call<{ file_name: string; content: string }>('GET', CLOUD_API.connectionFile, {
      cookie: owner.cookie,
      query: { cloud_id: sessionId },
    });
    file = path.join(dir, answer.body.data.file_name);
    await writeFile(file, answer.body.data.content);
    // the file names this machine's network address; the test app listens on loopback only.
    // The script, and the Linux binary users download when it is built (always on CI).
    for (const program of programs()) {
      const c = connect([file, '--url', base, '--once'], program);
      const port = await c.ready;
      const shot = await snapshot(port, 'desktop.jpg');
      expect(shot.code, program.name).toBe(0);
      const { data, info } = await sharp(shot.jpeg!).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([W, H]);
      expect(data.length).toBe(W * H * info.channels);
      // --once: the first client went, so does the tunnel
      expect((await c.exited).code).toBe(0);
    }
  }, 90_000);

  it('a bad token or another user’s is refused: exit code 3, no port opened', async () => {
    const bad = connect(['--url', base, '--cloud-id', sessionId, '--token', 'x.1.forged', '--once']);
    const refused = await bad.exited;
    expect(refused.code).toBe(3);
    expect(refused.err).toMatch(/refused the tunnel \(401\)/);
    expect(refused.out).not.toMatch(/open vnc:/);

    const other = await person(t);
    const row = await sessionRow(t, sessionId);
    const theirs = connectorToken(t.ctx.secret, sessionId, other.user.id, row.endsAt!);
    const stranger = await connect(['--url', base, '--cloud-id', sessionId, '--token', theirs]).exited;
    expect(stranger.code).toBe(3);
    expect(stranger.err).toMatch(/refused the tunnel \(403\)/);
  }, 30_000);

  it('after End the client gets no desktop and the connector exits with 3; started again it is refused', async () => {
    const c = connect([file, '--url', base]);
    const port = await c.ready;
    expect((await end(t, owner, projectId, sessionId)).status).toBe(200);
    const shot = await snapshot(port, 'after-end.jpg');
    expect(shot.code).not.toBe(0);
    const gone = await c.exited;
    expect(gone.code).toBe(3);
    expect(gone.err).toMatch(/refused the tunnel \(403\)/);
    expect((await connect([file, '--url', base]).exited).code).toBe(3);
  }, 30_000);
});
