/**
 * bench cloud-launch: from Start (the booking API call) to the first desktop pixels a browser gets
 * through the server's VNC proxy, and to the booked program's window on the display, with the local
 * provider and Shotcut; against the floor in the same run, interleaved (floor, ours, floor, ours…).
 *
 * ours: POST CLOUD_API.start (Shotcut) → the boot job starts Xvfb, openbox, the panel, x11vnc and the
 *   workstation agent, which fetches its manifest, starts Shotcut and reports 'started' → the session
 *   row is machine_started (polled every 25 ms, as the browser's realtime event would say) → POST
 *   CLOUD_API.launch → the proxy's WebSocket → RFB 3.8 with the session's password → the first
 *   FramebufferUpdate with at least one rectangle: "first pixels". "window": `xdotool search
 *   --onlyvisible --name` on the session's display (polled every 50 ms from the moment the row names
 *   the display): any mapped window named Shotcut (its splash screen first) and its main window
 *   ('Untitled - Shotcut'). After each run the session is ended and released (not timed).
 * floor: the script starts Xvfb (-displayfd), then at once Shotcut (same environment and a fresh home)
 *   and x11vnc with a password file; RFB straight to x11vnc's TCP port; the same two windows.
 *
 * Run: node_modules/.bin/node --import tsx bench/cloud-launch/index.ts (the repository's Node 24;
 * the system's Node 20 crashed under tsx here), or npm run bench -- cloud-launch
 * Knobs: BENCH_CLOUD_PAIRS (5), BENCH_DATABASE_URL (PostgreSQL; default in-memory PGlite).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CLOUD_API } from '@rushes/shared';
import { freePort } from '../../apps/server/src/platform/freePort.ts';
import { signalGroup, startXvfb, waitForPort } from '../../apps/server/src/modules/cloud/cloud.desktop.ts';
import { desktopEnv } from '../../apps/server/src/modules/cloud/cloud.desktopFiles.ts';
import { firstFramebufferUpdate, openSocket } from '../../apps/server/src/modules/cloud/cloud.rfb.testkit.ts';
import { book, call, sessionRow } from '../../apps/server/src/modules/cloud/cloud.testkit.ts';
import { median } from '../stats.ts';
import { cloudRig, exec, loadavg, log, num, spread, until, type CloudRig } from './rig.ts';

interface Times {
  /** the VNC port accepts (ours: the provider answered, the row names the display) */
  vnc: number;
  /** the first non-empty FramebufferUpdate through the proxy (ours) or from x11vnc (floor) */
  pixels: number;
  /** a mapped window named Shotcut (the splash screen comes first) */
  anyWindow: number;
  /** Shotcut's main window ('… - Shotcut') mapped */
  mainWindow: number;
  load: string;
}

/** Times a mapped window named Shotcut, then its main window, appear on `display` (ms after t0). */
async function windows(display: string, t0: number) {
  const env = { ...process.env, DISPLAY: display };
  const found = (name: string) =>
    exec('xdotool', ['search', '--onlyvisible', '--name', name], { env }).then(
      (r) => r.stdout.trim() !== '',
      () => false,
    );
  let anyWindow = 0;
  await until(async () => {
    if (!anyWindow && (await found('Shotcut'))) anyWindow = performance.now() - t0;
    return anyWindow && (await found(' - Shotcut$'));
  }, 50);
  return { anyWindow, mainWindow: performance.now() - t0 };
}

/** A plain TCP socket as the RFB speaker's transport (cloud.rfb.testkit takes a WebSocket's shape). */
function tcpTransport(port: number) {
  return new Promise<{
    on(e: 'message' | 'close', fn: (d: Buffer) => void): void;
    send(b: Buffer): void;
    close(): void;
  }>((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('error', reject);
    s.once('connect', () =>
      resolve({
        on: (e, fn) => void s.on(e === 'message' ? 'data' : 'close', fn),
        send: (b) => void s.write(b),
        close: () => s.destroy(),
      }),
    );
  });
}

async function ours(rig: CloudRig, port: number): Promise<Times> {
  const { t, owner, projectId } = rig;
  const t0 = performance.now();
  const booked = await book(t, owner, projectId, { software: 'shotcut' });
  if (!booked.body.data) throw new Error(`booking refused: ${booked.body.errormessage}`);
  const id = booked.body.data.cloud_access_db_id;
  const row = async () => {
    const r = await sessionRow(t, id);
    if (r.status === 'failed') throw new Error(`session failed: ${r.failure}`);
    return r;
  };
  let vnc = 0;
  const win = (async () => {
    const display = await until(async () => (await row()).providerRef, 25);
    vnc = performance.now() - t0;
    return windows(display, t0);
  })();
  const pixels = (async () => {
    await until(async () => (await row()).status === 'machine_started', 25);
    const launch = await call<{ url: string; password: string }>(t, 'POST', CLOUD_API.launch, owner, {
      cloud_id: id,
    });
    if (!launch.body.data) throw new Error(`launch refused: ${launch.body.errormessage}`);
    const ws = await openSocket(`ws://127.0.0.1:${port}${launch.body.data.url}`, { cookie: owner.cookie });
    const update = await firstFramebufferUpdate(ws, launch.body.data.password);
    const ms = performance.now() - t0;
    ws.close();
    if (update.rects < 1) throw new Error('an empty framebuffer update');
    return ms;
  })();
  const [w, p] = await Promise.all([win, pixels]);
  const load = loadavg();
  await rig.endSession(id);
  return { vnc, pixels: p, ...w, load };
}

async function floor(): Promise<Times> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'rushes-bench-floor-'));
  await mkdir(path.join(home, '.runtime'), { mode: 0o700 });
  const procs: ChildProcess[] = [];
  try {
    const t0 = performance.now();
    const x = await startXvfb('1280x720', desktopEnv(home, null));
    procs.push(x.proc);
    const display = `:${x.display}`;
    const env = desktopEnv(home, display);
    const spawnIt = (bin: string, args: string[]) => {
      const p = spawn(bin, args, { env, cwd: home, detached: true, stdio: 'ignore' });
      procs.push(p);
      return p;
    };
    spawnIt('shotcut', []);
    const port = await freePort();
    const pwFile = path.join(home, 'vncpasswd');
    const password = 'bench123';
    await writeFile(pwFile, `${password}\n`, { mode: 0o600 });
    const vncProc = spawnIt('x11vnc', [
      ...['-display', display, '-rfbport', String(port), '-localhost', '-passwdfile', `rm:${pwFile}`],
      ...['-forever', '-shared', '-quiet', '-noxdamage', '-nopw'],
    ]);
    const win = windows(display, t0);
    await waitForPort(port, vncProc);
    const vnc = performance.now() - t0;
    const sock = await tcpTransport(port);
    const update = await firstFramebufferUpdate(sock, password);
    const pixels = performance.now() - t0;
    sock.close();
    if (update.rects < 1) throw new Error('an empty framebuffer update');
    const w = await win;
    return { vnc, pixels, ...w, load: loadavg() };
  } finally {
    for (const p of procs.reverse()) signalGroup(p, 'SIGKILL');
    await rm(home, { recursive: true, force: true });
  }
}

export async function run_() {
  const pairs = num('BENCH_CLOUD_PAIRS', 5);
  const rig = await cloudRig();
  const port = Number(new URL(rig.base).port);
  const f: Times[] = [];
  const o: Times[] = [];
  try {
    // warm-up (not counted): the page cache holds Shotcut, Xvfb and the agent's modules for both
    log(`warm-up, load ${loadavg()}`);
    await floor();
    await ours(rig, port);
    for (let i = 0; i < pairs; i++) {
      const a = await floor();
      log(`pair ${i + 1} floor: ${fmt(a)}`);
      const b = await ours(rig, port);
      log(`pair ${i + 1} ours:  ${fmt(b)}`);
      f.push(a);
      o.push(b);
    }
  } finally {
    await rig.close();
  }
  const s = (xs: Times[], k: keyof Omit<Times, 'load'>) => spread(xs.map((x) => x[k] / 1000));
  const ratio = (k: keyof Omit<Times, 'load'>) => spread(o.map((x, i) => x[k] / f[i][k]));
  console.log(`\ncloud-launch, ${pairs} pairs, seconds from Start: median (min–max)`);
  console.log('| step | floor (bare Xvfb + x11vnc) | ours (local provider, proxy) | ours / floor | target |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(`| VNC port accepts | ${s(f, 'vnc')} | ${s(o, 'vnc')} | ${ratio('vnc')} | |`);
  console.log(`| first pixels | ${s(f, 'pixels')} | ${s(o, 'pixels')} | ${ratio('pixels')} | ≤ 5 s |`);
  console.log(
    `| a Shotcut window mapped | ${s(f, 'anyWindow')} | ${s(o, 'anyWindow')} | ${ratio('anyWindow')} | |`,
  );
  console.log(
    `| Shotcut's main window | ${s(f, 'mainWindow')} | ${s(o, 'mainWindow')} | ${ratio('mainWindow')} | ≤ 15 s |`,
  );
  console.log(
    `load average at the end of each run: ${[...f, ...o].map((x) => x.load.split(' ')[0]).join(', ')}`,
  );
  console.log(
    `median 1-min load: ${median([...f, ...o].map((x) => Number(x.load.split(' ')[0]))).toFixed(1)}`,
  );
}

const fmt = (x: Times) =>
  `vnc ${(x.vnc / 1000).toFixed(2)} s, pixels ${(x.pixels / 1000).toFixed(2)} s, window ${(x.anyWindow / 1000).toFixed(2)} s, main ${(x.mainWindow / 1000).toFixed(2)} s (load ${x.load})`;

export { run_ as run };
if (import.meta.url === `file://${process.argv[1]}`) await run_();
