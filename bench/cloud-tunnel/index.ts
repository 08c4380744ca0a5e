/**
 * bench cloud-tunnel: a VNC framebuffer update round trip (FramebufferUpdateRequest, incremental=0,
 * a small region, Raw encoding → the whole FramebufferUpdate read) through the connector's tunnel
 * (`rushes-upload connect` on a local port → the server's tunnel WebSocket → the session's x11vnc)
 * against the same client straight to x11vnc's loopback port.
 *
 * The server runs in its own process (server.ts: the local provider, one started session); the
 * connector is the real command in its own process; the client is this one. Each pair opens one
 * fresh connection per path (straight first, then through the tunnel) and times BENCH_TUNNEL_TRIPS
 * (100) round trips on it after a warm-up, each after a random pause (x11vnc answers on its own
 * polling loop); a sample is the median round trip of its connection. Pairs are
 * interleaved (BENCH_TUNNEL_PAIRS, default 7); the summary is the median of each path, the median
 * per-pair ratio and its spread. Region: BENCH_TUNNEL_REGION (default 64x64); a full-frame update is
 * measured too, for what bandwidth adds (3.6 MB raw at 1280x720), BENCH_TUNNEL_FULL_TRIPS (30) per
 * connection: its round trip also waits for x11vnc's polling loop, so ten were too few for a steady
 * median. BENCH_TUNNEL_VERBOSE=1 prints every sample.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, root, startTs, type Child } from '../upload/proc.ts';
import { interleave, median, report } from '../stats.ts';
import { openRfb } from './rfb.ts';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** The random pause before each timed request spans this much (x11vnc's loop: see sample()). */
const PHASE_MS = 30;

interface Ready {
  base: string;
  sessionId: string;
  password: string;
  vncPort: number;
  file: string;
}

/** The bench server, started; resolves with its JSON line once its session is started. */
async function startServer(): Promise<{ child: Child; ready: Ready }> {
  const child = startTs('bench/cloud-tunnel/server.ts', [], {
    BENCH_PORT: String(await freePort()),
    BENCH_GEOMETRY: process.env.BENCH_TUNNEL_GEOMETRY ?? '1280x720',
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    let out = '';
    child.proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"base"'));
      if (line) resolve(JSON.parse(line) as Ready);
    });
    child.proc.once('exit', (code) => reject(new Error(`bench server exited ${code}:\n${child.output()}`)));
  });
  return { child, ready };
}

/** `rushes-upload connect` with the session's file; resolves with its local port. */
async function startConnector(file: string, base: string) {
  const proc = spawn(
    process.execPath,
    [
      path.join(root, 'packages/uploader/bin/rushes-upload.mjs'),
      'connect',
      file,
      '--url',
      base,
      '--no-viewer',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /open vnc:\/\/127\.0\.0\.1:(\d+) /.exec(out);
      if (m) resolve(Number(m[1]));
    });
    proc.once('exit', (code) => reject(new Error(`connect exited ${code}`)));
  });
  return { proc, port };
}

/** The median round trip (ms) of `trips` update requests on a fresh connection to `port`. */
async function sample(port: number, password: string, region: [number, number] | 'full', trips: number) {
  const rfb = await openRfb(net.connect(port, '127.0.0.1'), password);
  try {
    const [w, h] = region === 'full' ? [rfb.width, rfb.height] : region;
    for (let i = 0; i < Math.max(5, trips / 10); i++) await rfb.update(0, 0, w, h);
    const times: number[] = [];
    for (let i = 0; i < trips; i++) {
      // x11vnc answers on its own polling loop (about every 20 ms): back-to-back requests lock onto
      // one phase of it (every trip ~0 or ~20 ms for a whole connection); a random pause samples
      // every phase, the same for both paths
      await new Promise((r) => setTimeout(r, Math.random() * PHASE_MS));
      times.push(await rfb.update(0, 0, w, h));
    }
    if (process.env.BENCH_TUNNEL_VERBOSE)
      console.log(
        `  port ${port}: median ${median(times).toFixed(2)} ms, min ${Math.min(...times).toFixed(2)}, max ${Math.max(...times).toFixed(2)}`,
      );
    return median(times);
  } finally {
    rfb.close();
  }
}

export async function run() {
  const pairs = num('BENCH_TUNNEL_PAIRS', 7);
  const trips = num('BENCH_TUNNEL_TRIPS', 100);
  const fullTrips = num('BENCH_TUNNEL_FULL_TRIPS', 30);
  const [rw, rh] = (process.env.BENCH_TUNNEL_REGION ?? '64x64').split('x').map(Number) as [number, number];
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-bench-tunnel-client-'));
  const { child, ready } = await startServer();
  let connector: Awaited<ReturnType<typeof startConnector>> | null = null;
  try {
    const file = path.join(dir, 'session.rushes');
    await writeFile(file, ready.file);
    connector = await startConnector(file, ready.base);
    const viaTunnel = connector.port;
    // x11vnc answers its first client at once and later ones on its polling loop: one untimed
    // connection per path first, so that every timed one meets it in the same state
    await sample(ready.vncPort, ready.password, [rw, rh], 20);
    await sample(viaTunnel, ready.password, [rw, rh], 20);
    const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
    const small = await interleave(
      pairs,
      () => sample(ready.vncPort, ready.password, [rw, rh], trips),
      () => sample(viaTunnel, ready.password, [rw, rh], trips),
    );
    report(
      `VNC update round trip, ${rw}x${rh} Raw, ms (baseline: straight to x11vnc; ours: through the tunnel)`,
      'ms',
      small,
    );
    const full = await interleave(
      pairs,
      () => sample(ready.vncPort, ready.password, 'full', fullTrips),
      () => sample(viaTunnel, ready.password, 'full', fullTrips),
    );
    report('VNC update round trip, full frame Raw, ms', 'ms', full);
    const ratio = median(small.ratios);
    console.log(
      `\nSUMMARY cloud-tunnel: ${rw}x${rh} update round trip ${median(small.ours).toFixed(3)} ms through the tunnel vs ${median(small.baseline).toFixed(3)} ms straight (×${ratio.toFixed(2)}, spread ${Math.min(...small.ratios).toFixed(2)}–${Math.max(...small.ratios).toFixed(2)}, ${pairs} pairs × ${trips} trips; target ≤ 1.2×); full frame ×${median(full.ratios).toFixed(2)}; loadavg before ${loadBefore}, after ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
    );
  } finally {
    connector?.proc.kill();
    await child.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
