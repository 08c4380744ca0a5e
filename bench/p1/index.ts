import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { API } from '@rushes/shared';
import { folder, person, project } from '../../apps/server/test/factories.ts';
import { createTestApp } from '../../apps/server/test/harness.ts';
import { capture } from '../../apps/server/test/plans.ts';
import { median } from '../stats.ts';

/**
 * Throughput against a bare baseline: requests per second, p99 latency and server CPU per request of GET check-login and
 * of an asset-list page (50 of a 10,000-asset folder), ours against a baseline in bench/p1 that runs
 * the same SQL (captured from our request) with plain `pg` on bare node:http. Each server is its own
 * process on the same scratch PostgreSQL database (DATABASE_URL is required); the load comes from
 * this process: BENCH_P1_CONNECTIONS keep-alive connections (default 16) for BENCH_P1_SECONDS
 * (default 5) per run, BENCH_P1_PAIRS interleaved pairs per route (default 5). Server CPU per
 * request is the process's user+system time over the run (/proc/<pid>/stat) divided by requests.
 */
const CONNECTIONS = Number(process.env.BENCH_P1_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_P1_SECONDS ?? 5);
const PAIRS = Number(process.env.BENCH_P1_PAIRS ?? 5);
const HERE = import.meta.dirname;

function startServer(script: string, args: string[], env: NodeJS.ProcessEnv) {
  // BENCH_P1_PROF=<dir>: a V8 CPU profile of each server, written when it exits.
  const prof = process.env.BENCH_P1_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_P1_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', path.join(HERE, script), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise<{ child: ChildProcess; port: number }>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
}

/** user+system CPU seconds of a process so far. */
function cpuOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

interface RunResult {
  rps: number;
  p50: number;
  p99: number;
  cpuMsPerReq: number;
  errors: number;
}

async function load(port: number, pid: number, url: string, cookie: string): Promise<RunResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const cpu0 = cpuOf(pid);
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: url,
          agent,
          headers: { cookie, 'api-type': 'web', 'api-version': '1' },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) times.push(performance.now() - t0);
            else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  const cpu = cpuOf(pid) - cpu0;
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? NaN;
  return {
    rps: times.length / SECONDS,
    p50: at(0.5),
    p99: at(0.99),
    cpuMsPerReq: (cpu * 1000) / Math.max(1, times.length),
    errors,
  };
}

export async function run() {
  if (!process.env.DATABASE_URL?.startsWith('postgres')) {
    console.log('\np1: skipped (needs DATABASE_URL of a PostgreSQL)');
    return;
  }
  const t = await createTestApp({ RATE_LIMIT: 'false' });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-p1-'));
  const children: ChildProcess[] = [];
  try {
    const owner = await person(t);
    const projectId = await project(t, owner);
    const folderId = await folder(t, projectId, 'Rushes');
    await t.ctx.db.execute(sql`
      insert into assets (project_id, parent_id, title, file_type, folder_path, ingest_code, search_text, size_bytes, status)
      select ${projectId}, ${folderId}, 'clip_' || g || '.mov', 'video', '/Rushes', 'P1' || g, 'clip', 1000, 1
      from generate_series(1, 10000) g`);
    await t.ctx.db.execute(sql`analyze`);
    const routes = {
      '/check-login': API.auth.checkLogin,
      '/assets': `${API.assets.root}?project_db_id=${projectId}&folder_db_id=${folderId}&entries_per_page=50`,
    };
    const statements: Record<string, unknown> = {};
    for (const [name, url] of Object.entries(routes)) {
      const sent = await capture(t.ctx.db, async () => {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { cookie: owner.cookie, 'api-type': 'web', 'api-version': '1' },
        });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      });
      statements[name] = sent;
      console.log(`p1: ${name} sends ${sent.length} statements`);
    }
    const file = path.join(dir, 'statements.json');
    await writeFile(file, JSON.stringify(statements));
    const env = { DATABASE_URL: t.databaseUrl! };
    const baseline = await startServer('baseline-server.ts', [file], env);
    const ours = await startServer('ours-server.ts', [], env);
    children.push(baseline.child, ours.child);

    // Both answer each route with a full body before any load.
    for (const [name, url] of Object.entries(routes)) {
      for (const [who, port, pathOf] of [
        ['baseline', baseline.port, name],
        ['ours', ours.port, url],
      ] as const) {
        const res = await fetch(`http://127.0.0.1:${port}${pathOf}`, {
          headers: { cookie: owner.cookie, 'api-type': 'web', 'api-version': '1' },
        });
        const body = (await res.json()) as { response: boolean; data: unknown };
        if (!body.response) throw new Error(`${who} ${name}: ${JSON.stringify(body)}`);
        console.log(`p1: ${who} ${name} answers ${JSON.stringify(body.data).length} bytes of data`);
      }
    }
    console.log(
      `\np1 (PostgreSQL; ${CONNECTIONS} connections × ${SECONDS} s per run, ${PAIRS} interleaved pairs; baseline = same SQL, plain pg, bare node:http)`,
    );
    console.log('| route | server | req/s | p50 ms | p99 ms | CPU ms/req | errors |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    const summary: string[] = [];
    for (const [name, url] of Object.entries(routes)) {
      const b: RunResult[] = [];
      const o: RunResult[] = [];
      await load(baseline.port, baseline.child.pid!, name, owner.cookie); // warm-up
      await load(ours.port, ours.child.pid!, url, owner.cookie);
      for (let i = 0; i < PAIRS; i++) {
        b.push(await load(baseline.port, baseline.child.pid!, name, owner.cookie));
        o.push(await load(ours.port, ours.child.pid!, url, owner.cookie));
      }
      const f = (xs: number[], d = 1) =>
        `${median(xs).toFixed(d)} (${Math.min(...xs).toFixed(d)}–${Math.max(...xs).toFixed(d)})`;
      for (const [who, rs] of [
        ['baseline', b],
        ['ours', o],
      ] as const) {
        console.log(
          `| ${name} | ${who} | ${f(
            rs.map((r) => r.rps),
            0,
          )} | ${f(
            rs.map((r) => r.p50),
            2,
          )} | ${f(
            rs.map((r) => r.p99),
            2,
          )} | ${f(
            rs.map((r) => r.cpuMsPerReq),
            3,
          )} | ${rs.reduce((n, r) => n + r.errors, 0)} |`,
        );
      }
      const ratio = (k: keyof RunResult) => o.map((r, i) => r[k] / b[i][k]);
      summary.push(
        `${name}: ours/baseline req/s ${f(ratio('rps'), 2)}, p99 ${f(ratio('p99'), 2)}, CPU per request ${f(ratio('cpuMsPerReq'), 2)}`,
      );
    }
    for (const line of summary) console.log(line);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    await t.close();
    await rm(dir, { recursive: true, force: true });
  }
}
