import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from '../scripts/build-server.mjs';
import { median } from './stats.ts';

/**
 * `npm run bench -- start`: how long an API node takes from its spawn until `/api/health` answers,
 * and the CPU it spent by then. Baseline: the sources through tsx (how nodes started before the
 * bundle), from BENCH_START_BASELINE_ROOT (another checkout, default this one). Ours: what
 * `npm start` runs, apps/server/start.mjs (the bundle, with Node's compile cache warm after the
 * first start). BENCH_START_PAIRS (7) interleaved pairs, PGlite in a temporary directory migrated
 * beforehand, or BENCH_DATABASE_URL.
 */
const root = path.resolve(import.meta.dirname, '..');
const baselineRoot = path.resolve(process.env.BENCH_START_BASELINE_ROOT ?? root);
const pairs = Number(process.env.BENCH_START_PAIRS ?? 7);
const port = 3997;

/** user + system CPU milliseconds of a process so far (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startOnce(cwd: string, args: string[], env: Record<string, string>) {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return { ms: performance.now() - t0, cpu: cpuMs(child.pid!) };
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

const spread = (xs: number[]) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}`;

export async function run() {
  await buildServer();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rushes-bench-start-'));
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    APP_SECRET: 'bench-start-0123456789abcdef0123456789',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  };
  const baseline = () => startOnce(baselineRoot, ['--import', 'tsx', 'apps/server/src/main.ts'], env);
  const ours = () => startOnce(root, ['apps/server/start.mjs'], env);
  try {
    // the database migrated and the compile cache written before anything is timed
    await ours();
    await baseline();
    const b: { ms: number; cpu: number }[] = [];
    const o: { ms: number; cpu: number }[] = [];
    for (let i = 0; i < pairs; i++) {
      b.push(await baseline());
      o.push(await ours());
    }
    const ratios = (k: 'ms' | 'cpu') => o.map((x, i) => x[k] / b[i][k]);
    console.log(
      `\nAPI node start to /api/health, ${pairs} interleaved pairs (baseline: tsx from ${baselineRoot})`,
    );
    for (const k of ['ms', 'cpu'] as const) {
      const label = k === 'ms' ? 'wall ms' : 'CPU ms ';
      console.log(
        `  ${label}  baseline ${Math.round(median(b.map((x) => x[k])))} (${spread(b.map((x) => x[k]))})` +
          `   ours ${Math.round(median(o.map((x) => x[k])))} (${spread(o.map((x) => x[k]))})` +
          `   ratio ${median(ratios(k)).toFixed(2)} (${Math.min(...ratios(k)).toFixed(2)}–${Math.max(...ratios(k)).toFixed(2)})`,
      );
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
