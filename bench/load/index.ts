import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ChildProcess } from 'node:child_process';
import { recreateDatabase } from '../chat-setup.ts';
import { seedLoad, type LoadWorld } from './seed.ts';
import {
  cpuSeconds,
  forkTs,
  loadAverage,
  nextMessage,
  postgresBackends,
  startNode,
  stopNode,
  type Node,
  type NodeEnv,
} from './procs.ts';
import { checkChat } from './verify.ts';
import { printReport, type DriverResult } from './report.ts';
import {
  autovacuumForRun,
  printDurability,
  printStatements,
  statementsFor,
  vacuumAnalyze,
} from './postgres.ts';
import { metricsScraper, printNodeMetrics } from './metrics.ts';
import { startBalancer, type Balancer } from './balancer.ts';

/**
 * The load test (`npm run bench -- load`) and the rolling restart (`npm run bench -- load-restart`):
 * BENCH_LOAD_USERS simulated users (default 400) on two API nodes (main.ts, NODE_ENV=production, on
 * PostgreSQL and Redis) behind a local round-robin balancer (nginx when installed, nginx.ts, else our
 * Node proxy, proxy.ts; BENCH_LOAD_PROXY=node|nginx chooses), driven by driver.ts. The users
 * start evenly over BENCH_LOAD_RAMP_S (default 60 s); figures count the BENCH_LOAD_HOLD_S that follow
 * (default 120 s). With restart, a quarter into the hold node A gets SIGTERM, is started again once it
 * has exited, and when it is healthy node B gets the same: a rolling restart of both.
 *
 * Knobs: BENCH_LOAD_DATABASE_URL (a database of its own, dropped and recreated), BENCH_LOAD_REDIS_URL,
 * BENCH_LOAD_THINK_MS ('2000-8000'), BENCH_LOAD_REUSE=1 (keep the last seed), BENCH_LOAD_PROFILE=1
 * (node A runs with --cpu-prof; the .cpuprofile lands in the run's temp directory).
 *
 * PostgreSQL runs with autovacuum on for the run (see postgres.ts), the bench database is vacuumed and
 * analysed before the load starts, and if pg_stat_statements is loaded the report lists the statements
 * with the most execution time during the hold. The nodes' /metrics are scraped every 5 s (kept for the
 * report during the hold; the sockets per node for the timeline throughout).
 */
/**
 * PostgreSQL on the same machine is reached through its Unix socket when there is one, as a one-box
 * deployment would: each statement costs both sides about 15 % less CPU than over 127.0.0.1 (measured
 * here with node-postgres, 8 connections: 120 against 140 µs of machine CPU per simple statement).
 */
const UNIX_SOCKET_DIR = '/var/run/postgresql';
const DATABASE_URL =
  process.env.BENCH_LOAD_DATABASE_URL ??
  (existsSync(`${UNIX_SOCKET_DIR}/.s.PGSQL.5432`)
    ? `postgres://postgres@localhost/load22?host=${UNIX_SOCKET_DIR}`
    : 'postgres://postgres@127.0.0.1:5432/load22');
const REDIS_URL = process.env.BENCH_LOAD_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 400);
const RAMP_S = Number(process.env.BENCH_LOAD_RAMP_S ?? 60);
const HOLD_S = Number(process.env.BENCH_LOAD_HOLD_S ?? 120);
const THINK = (process.env.BENCH_LOAD_THINK_MS ?? '2000-8000').split('-').map(Number) as [number, number];
const PROXY_PORT = Number(process.env.BENCH_LOAD_PORT ?? 3300);
const NODE_PORTS = [PROXY_PORT + 1, PROXY_PORT + 2];
const worldFile = path.join(tmpdir(), 'rushes-load-world.json');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function world(): Promise<LoadWorld> {
  if (process.env.BENCH_LOAD_REUSE === '1' && existsSync(worldFile)) {
    const saved = JSON.parse(await readFile(worldFile, 'utf8')) as LoadWorld & { url: string };
    if (saved.url === DATABASE_URL && saved.users.length >= USERS) return saved;
  }
  await recreateDatabase(DATABASE_URL);
  const started = performance.now();
  const made = await seedLoad(DATABASE_URL, USERS);
  console.log(
    `load: seeded ${made.users.length} users, ${made.projects.length} projects in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  await writeFile(worldFile, JSON.stringify({ ...made, url: DATABASE_URL }));
  return made;
}

export async function run(opts: { restart?: boolean } = {}) {
  await printDurability(DATABASE_URL);
  const autovacuum = await autovacuumForRun(DATABASE_URL);
  // An interrupted run puts the server's configuration back before it goes; the 'exit' hook then
  // kills this run's processes.
  const onSignal = (signal: NodeJS.Signals) => {
    console.log(`load: ${signal}, restoring PostgreSQL's autovacuum setting before exiting`);
    void autovacuum
      .restore()
      .catch((err: Error) => console.log(`load: autovacuum not restored: ${err.message}`))
      .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await runLoad(opts);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await autovacuum.restore();
  }
}

async function runLoad(opts: { restart?: boolean }) {
  const seeded = await world();
  await vacuumAnalyze(DATABASE_URL);
  const statements = await statementsFor(DATABASE_URL);
  const dir = await mkdtemp(path.join(tmpdir(), 'rushes-load-'));
  const base = `http://127.0.0.1:${PROXY_PORT}`;
  const env: NodeEnv = {
    publicUrl: base,
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    dataDir: path.join(dir, 'data'),
    appSecret: randomBytes(32).toString('base64url'),
  };
  const profileArgs = process.env.BENCH_LOAD_PROFILE === '1' ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  const nodes: Node[] = [];
  const children: ChildProcess[] = [];
  const running: { balancer?: Balancer } = {};
  // Whatever happens, no process of this run outlives it (nginx's workers would outlive a SIGKILLed
  // master: it gets SIGTERM, and so do they).
  const cleanUp = () => {
    running.balancer?.killNow();
    for (const c of [...children, ...nodes.map((n) => n.child)]) if (c.exitCode === null) c.kill('SIGKILL');
  };
  process.once('exit', cleanUp);
  nodes.push(await startNode(NODE_PORTS[0], { ...env, nodeArgs: profileArgs }));
  nodes.push(await startNode(NODE_PORTS[1], env));
  const proxy = await startBalancer(dir, PROXY_PORT, NODE_PORTS);
  running.balancer = proxy;
  const planFile = path.join(dir, 'plan.json');
  const users = seeded.users.slice(0, USERS).map((u, index) => ({ ...u, index }));
  await writeFile(planFile, JSON.stringify({ base, users, rampMs: RAMP_S * 1000, thinkMs: THINK }));
  const driver = forkTs('bench/load/driver.ts', [planFile]);
  children.push(driver);
  await nextMessage(driver, 'ready');

  // CPU per process over the hold (the nodes' include their restarts: old pids are read before they go).
  const cpu = new Map<string, number>();
  const cpuBase = new Map<string, number>();
  const sampleCpu = () => {
    for (const [name, pid] of [
      ['node A', nodes[0].child.pid],
      ['node B', nodes[1].child.pid],
      ...proxy.pids().map((pid) => ['proxy', pid] as const),
      ['driver', driver.pid],
    ] as const) {
      const key = `${name}#${pid}`;
      cpu.set(key, Math.max(cpu.get(key) ?? 0, cpuSeconds(pid)));
    }
    for (const pid of postgresBackends(new URL(DATABASE_URL).pathname.slice(1))) {
      const key = `postgres#${pid}`;
      cpu.set(key, Math.max(cpu.get(key) ?? 0, cpuSeconds(pid)));
    }
  };
  const stats = async () => {
    driver.send({ type: 'progress' });
    const [p, d] = await Promise.all([
      proxy.stats(),
      nextMessage<{
        requests: number;
        active: number;
        errors: number;
        reconnects: number;
        connectErrors: number;
      }>(driver, 'progress'),
    ]);
    return { p, d };
  };
  const scraper = metricsScraper(() =>
    nodes.map((n, i) => ({ name: i === 0 ? 'node A' : 'node B', port: n.port })),
  );
  let holding = false;
  const timeline: string[] = [];
  const started = performance.now();
  const log = async (note = '') => {
    sampleCpu();
    await scraper.scrape(holding);
    const { p, d } = await stats();
    const socketsOf = (i: number) =>
      (p.sockets ? p.sockets[NODE_PORTS[i]] : scraper.sockets(i === 0 ? 'node A' : 'node B')) ?? '–';
    const line =
      `t=${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s  users ${String(d.active).padStart(4)}  ` +
      `requests ${d.requests}  errors ${d.errors}  sockets A/B ${socketsOf(0)}/${socketsOf(1)}  ` +
      `reconnects ${d.reconnects}  proxy retries ${p.retries}  load ${loadAverage()}${note ? `  ${note}` : ''}`;
    timeline.push(line);
    console.log(line);
  };
  const ticker = setInterval(() => void log().catch(() => undefined), 5000);

  await sleep(RAMP_S * 1000 + 5000);
  driver.send({ type: 'reset' });
  sampleCpu();
  for (const [k, v] of cpu) cpuBase.set(k, v);
  const loadAtStart = loadAverage();
  await Promise.all([statements?.reset(), scraper.scrape(false)]);
  holding = true;
  const holdStarted = performance.now();
  const restarts: string[] = [];
  if (opts.restart) {
    await sleep((HOLD_S * 1000) / 4);
    for (const i of [0, 1]) {
      const name = i === 0 ? 'A' : 'B';
      sampleCpu();
      await log(`SIGTERM node ${name}`);
      const t0 = performance.now();
      const code = await stopNode(nodes[i]);
      const drained = performance.now() - t0;
      await log(`node ${name} exited (${code}) after ${drained.toFixed(0)} ms`);
      const t1 = performance.now();
      nodes[i] = await startNode(NODE_PORTS[i], { ...env, nodeArgs: i === 0 ? profileArgs : [] });
      await log(`node ${name} healthy again after ${(performance.now() - t1).toFixed(0)} ms`);
      restarts.push(
        `node ${name}: exit code ${code}, drained in ${drained.toFixed(0)} ms, back in ${(performance.now() - t1).toFixed(0)} ms`,
      );
      await sleep(15_000);
    }
  }
  const left = HOLD_S * 1000 - (performance.now() - holdStarted);
  if (left > 0) await sleep(left);
  sampleCpu();
  const holdSeconds = (performance.now() - holdStarted) / 1000;
  const loadAtEnd = loadAverage();
  clearInterval(ticker);
  holding = false;
  // The last window of the hold, and the statements before the check below adds its own.
  const [, topStatements] = await Promise.all([
    scraper.scrape(),
    statements?.top(12).catch((err: Error) => (console.log(`pg_stat_statements: ${err.message}`), null)) ??
      null,
  ]);
  await log('stopping');
  driver.send({ type: 'stop' });
  const result = await nextMessage<DriverResult>(driver, 'result');
  // The figures are printed even if the check cannot run.
  const chat = await checkChat(base, seeded, result).catch((err: Error) => ({ failed: err.message }));
  const cpuPerProcess = new Map<string, number>();
  for (const [k, v] of cpu) {
    const name = k.split('#')[0];
    cpuPerProcess.set(name, (cpuPerProcess.get(name) ?? 0) + v - (cpuBase.get(k) ?? 0));
  }
  const report = printReport({
    result,
    chat,
    users: USERS,
    holdSeconds,
    load: { start: loadAtStart, end: loadAtEnd },
    cpu: Object.fromEntries([...cpuPerProcess].map(([k, v]) => [k, v / holdSeconds])),
    restarts,
    timeline,
    think: THINK,
    restart: !!opts.restart,
    balancer: proxy.kind,
  });
  printStatements(topStatements, holdSeconds);
  const nodeMetrics = scraper.result();
  printNodeMetrics(nodeMetrics);
  await writeFile(
    path.join(dir, 'report.json'),
    JSON.stringify({ ...report, statements: topStatements, nodeMetrics }, null, 2),
  );
  console.log(`(report and plan in ${dir})`);

  const kill = (c: ChildProcess) =>
    new Promise((r) => (c.exitCode !== null ? r(null) : (c.once('exit', r), c.kill('SIGTERM'))));
  await Promise.all([kill(driver), proxy.stop(), ...nodes.map((n) => stopNode(n))]);
  process.off('exit', cleanUp);
  if (!profileArgs.length) await rm(path.join(dir, 'data'), { recursive: true, force: true });
}
