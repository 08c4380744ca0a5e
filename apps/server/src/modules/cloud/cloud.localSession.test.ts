// system programs: Xvfb, openbox, x11vnc, shotcut, xdotool, ffmpeg
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type CloudTime } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { assetRow, stored, uploadFile } from '../uploads/uploads.testkit.ts';
import { uploadSessions } from '../../db/schema/index.ts';
import { processesOfHome } from './cloud.desktop.ts';
import { missingLocalBinaries } from './cloud.local.ts';
import { onPath } from './cloud.runnable.ts';
import {
  book,
  call,
  cloudWorld,
  end,
  listeningLocalApp,
  sessionRow,
  time,
  until,
  type Person,
} from './cloud.testkit.ts';

/**
 * A real local session, booked through the API like a user: Shotcut with the frei0r plugin on a
 * desktop of this machine, its workstation agent talking to this test app over HTTP. The program's
 * window is on the X display, the screen is not black, the project's files are in the session's home
 * with their sizes and checksums, a file closed in Renders becomes a project asset (written again:
 * its next version), an agent killed mid-upload is started again and loses nothing, End sends what
 * was written just before it, and nothing of the machine is left after the release. One desktop for
 * the whole file. Needs the programs above: skipped with a notice on a laptop without them, required
 * on CI.
 */
const run = promisify(execFile);
const PROGRAMS = ['shotcut', 'xdotool', 'ffmpeg'];
const missing = [
  ...(await missingLocalBinaries()),
  ...(await Promise.all(PROGRAMS.map(async (p) => ((await onPath(p)) ? null : p)))).filter(
    (p): p is string => p !== null,
  ),
];
if (missing.length) {
  if (process.env.CI) throw new Error(`the local session test needs ${missing.join(', ')} on CI`);
  console.warn(`Skipping the local session test: ${missing.join(', ')} not installed`);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let t: TestApp;
let homes: string;
let owner: Person;
let projectId: string;
let sessionId: string;
let display: string;
let home: string;
const seeded = [
  { name: 'interview.mov', folder: '/Footage', data: randomBytes(300_000) },
  { name: 'music.wav', folder: '/', data: randomBytes(70_000) },
];

/** A short real video (the media pipeline probes what arrives). */
async function tinyVideo(file: string, seconds = 1) {
  await run('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=d=${seconds}:s=64x64:r=5`,
    file,
  ]);
}

/** The project's assets named `title`, through the API as the owner reads them. */
async function assetsNamed(title: string) {
  const res = await call<{ items: { title: string; ingest_db_id: string }[] }>(
    t,
    'GET',
    API.assets.search,
    owner,
    { project_db_id: projectId, search_text: title.replace(/\.\w+$/, '') },
  );
  return (res.body.data?.items ?? []).filter((i) => i.title === title);
}

/** The workstation agent's process id (the provider's `rushes-upload agent` of this session). */
async function agentPid() {
  return until(async () => {
    for (const pid of await processesOfHome(home)) {
      const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (cmd.includes('rushes-upload') && cmd.split('\0').includes('agent')) return pid;
    }
    return null;
  }, 50);
}

/** Every file under `dir` (following the agent's layout), by base name. */
async function filesUnder(dir: string, out = new Map<string, string>()) {
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) await filesUnder(p, out);
    else if (e.isFile()) out.set(e.name, p);
  }
  return out;
}

beforeAll(async () => {
  if (missing.length) return;
  homes = await mkdtemp(path.join(os.tmpdir(), 'rushes-local-session-'));
  ({ t } = await listeningLocalApp({
    CLOUD_LOCAL_GEOMETRY: '1280x720',
    CLOUD_LOCAL_HOME_DIR: homes,
    CLOUD_FINAL_SYNC_SECONDS: '60',
    RATE_LIMIT: 'false',
    UPLOAD_PART_SIZE: String(1024 * 1024),
  }));
  // the lifecycle and the media pipeline run as on a server: the worker polls, nothing is drained
  t.ctx.jobs.start();
  ({ owner, projectId } = await cloudWorld(t, 0));
  for (const f of seeded)
    await uploadFile(t, owner, projectId, f.data, { filename: f.name, folderPath: f.folder });
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (homes) await rm(homes, { recursive: true, force: true });
});

describe.skipIf(missing.length > 0)('a local session for real: Shotcut with the frei0r plugin', () => {
  it('starts: the desktop is served, then the agent reports started and Shotcut is on the screen', async () => {
    const began = Date.now();
    const booked = await book(t, owner, projectId, { software: 'shotcut', plugins: ['frei0r_effects'] });
    expect(booked.body.errormessage ?? '').toBe('');
    sessionId = booked.body.data.cloud_access_db_id;
    // the provider answered once the VNC port accepted: the row has the display then
    const row = await until(async () => {
      const r = await sessionRow(t, sessionId);
      expect(r.status).not.toBe('failed');
      return r.providerRef ? r : null;
    }, 25);
    const vncMs = Date.now() - began;
    display = row.providerRef!;
    home = path.join(homes, sessionId);
    expect((await stat(home)).mode & 0o777).toBe(0o700);
    const env = { ...process.env, DISPLAY: display };
    // the main window ('Untitled - Shotcut'), not the splash screen before it
    await until(async () => {
      const out = await run('xdotool', ['search', '--onlyvisible', '--name', ' - Shotcut$'], { env }).catch(
        () => null,
      );
      return out?.stdout.trim() ? out.stdout : null;
    }, 100);
    const windowMs = Date.now() - began;
    const started = await until(async () => {
      const s = (await time(t, owner)).body.data as CloudTime;
      return s.session?.machine_status === 'machine_started' ? s : null;
    }, 200);
    expect(started.session?.machine_status).toBe('machine_started');
    console.info(
      `local session: VNC accepting ${vncMs} ms after Start, Shotcut's window after ${windowMs} ms`,
    );
  }, 90_000);

  it('the screen is not black: the background and the window are painted', async () => {
    const [w, h] = [1280, 720];
    const { stdout } = await run(
      'ffmpeg',
      ['-loglevel', 'error', '-f', 'x11grab', '-video_size', `${w}x${h}`, '-i', display].concat([
        '-frames:v',
        '1',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'gray',
        '-',
      ]),
      { encoding: 'buffer', maxBuffer: w * h * 2 },
    );
    const pixels = stdout as unknown as Buffer;
    expect(pixels.length).toBe(w * h);
    let sum = 0;
    for (const p of pixels) sum += p;
    const mean = sum / pixels.length;
    let variance = 0;
    for (const p of pixels) variance += (p - mean) ** 2;
    variance /= pixels.length;
    expect(mean).toBeGreaterThan(20);
    expect(variance).toBeGreaterThan(10);
  });

  it("the project's files are in the session's home with their sizes and checksums", async () => {
    const found = await until(async () => {
      const files = await filesUnder(home);
      return seeded.every((f) => files.has(f.name)) ? files : null;
    }, 200);
    for (const f of seeded) {
      const file = found.get(f.name)!;
      await until(async () => (await stat(file)).size === f.data.length, 100);
      expect(sha256(await readFile(file))).toBe(sha256(f.data));
    }
    // the folder structure of the project is kept
    expect(found.get('interview.mov')).toMatch(/\/Footage\/interview\.mov$/);
  }, 60_000);

  it('a file closed in Renders becomes a project asset, and its next version when written again', async () => {
    const renders = await until(async () => {
      const dirs = (await readdir(home, { withFileTypes: true })).filter(
        (e) => e.isDirectory() && !e.name.startsWith('.') && existsSync(path.join(home, e.name, 'Renders')),
      );
      return dirs[0] ? path.join(home, dirs[0].name, 'Renders') : null;
    }, 200);
    const scratch = path.join(homes, 'render-1.mp4');
    await tinyVideo(scratch);
    await writeFile(path.join(renders, 'render-1.mp4'), await readFile(scratch));
    const [asset] = await until(async () => {
      const list = await assetsNamed('render-1.mp4');
      return list.length ? list : null;
    }, 300);
    expect(asset?.title).toBe('render-1.mp4');
    // the editor renders the same name again: the next version of that asset
    await tinyVideo(scratch, 2);
    await writeFile(path.join(renders, 'render-1.mp4'), await readFile(scratch));
    const versions = await until(async () => {
      const res = await call<{ versions: { version: number; title: string }[] }>(
        t,
        'GET',
        API.shares.versions,
        owner,
        {
          ingest_db_id: asset!.ingest_db_id,
        },
      );
      return (res.body.data?.versions.length ?? 0) >= 2 ? res.body.data.versions : null;
    }, 300);
    expect(versions.map((v) => [v.version, v.title])).toEqual([
      [1, 'render-1.mp4'],
      [2, 'render-1.mp4'],
    ]);
  }, 60_000);

  it('the agent killed -9 mid-upload is started again and the render arrives whole, once', async () => {
    const renders = (await filesUnder(home)).get('render-1.mp4')!.replace(/render-1\.mp4$/, '');
    const data = randomBytes(12 * 1024 * 1024);
    await writeFile(path.join(renders, 'big-render.mov'), data);
    // its upload has begun (parts of 1 MiB): the agent is killed before it completes
    await until(async () => {
      const [row] = await t.ctx.db
        .select()
        .from(uploadSessions)
        .where(eq(uploadSessions.filename, 'big-render.mov'));
      return row?.status === 'open' ? row : null;
    }, 20);
    const killed = await agentPid();
    process.kill(killed, 'SIGKILL');
    // the provider starts it again; it resumes and completes the upload
    const [asset] = await until(async () => {
      const list = await assetsNamed('big-render.mov');
      return list.length ? list : null;
    }, 200);
    expect(await agentPid()).not.toBe(killed);
    const row = await assetRow(t, asset!.ingest_db_id);
    expect(sha256(await stored(t, row!.blobKey!))).toBe(sha256(data));
    expect(await assetsNamed('big-render.mov')).toHaveLength(1);
  }, 90_000);

  it("End sends what was written just before it, then the machine's processes and home are gone", async () => {
    const renders = (await filesUnder(home)).get('render-1.mp4')!.replace(/render-1\.mp4$/, '');
    const scratch = path.join(homes, 'last-minute.mp4');
    await tinyVideo(scratch);
    await writeFile(path.join(renders, 'last-minute.mp4'), await readFile(scratch));
    expect((await end(t, owner, projectId, sessionId)).status).toBe(200);
    await until(async () => ((await sessionRow(t, sessionId)).status === 'released' ? true : null), 200);
    expect(await assetsNamed('last-minute.mp4')).toHaveLength(1);
    expect(await processesOfHome(home)).toEqual([]);
    expect(existsSync(home)).toBe(false);
    const gone = await run('xdotool', ['search', '--name', 'Shotcut'], {
      env: { ...process.env, DISPLAY: display },
    }).catch(() => null);
    expect(gone).toBeNull();
  }, 120_000);
});
