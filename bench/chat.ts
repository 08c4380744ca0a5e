import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { API } from '@rushes/shared';
import { freePort } from '../apps/server/src/platform/freePort.ts';
import type { Target } from './chat-clients.ts';
import { spawnClients, startRushes, startWsBaseline, sumStat, type Proc } from './chat-procs.ts';
import { recreateDatabase, seedChat, type ChatFixture, type ChatProject } from './chat-setup.ts';
import { median } from './stats.ts';
import { printReport, type RunResult, type Variant } from './chat-report.ts';

/**
 * Project chat delivery: N sockets in one project room receive 10 messages/s sent through
 * the real HTTP send route (stored, counted and committed before the emit), on one API instance and
 * on two behind Redis, interleaved in one run with a bare `ws` broadcast server as the baseline.
 * Each run is a fresh server process and fresh client processes; see bench/README.md ('chat').
 *
 * Env: BENCH_CHAT_N (default 100,1000,5000), BENCH_CHAT_PAIRS (5), BENCH_CHAT_SECONDS (10 counted
 * seconds per run), BENCH_CHAT_RATE (10 messages/s), BENCH_CHAT_VARIANTS (ws,one,two,one-quiet),
 * BENCH_CHAT_QUIET_N (1000: the sizes that also run 'one-quiet', every socket the sender's own, so
 * no chat_count pushes), BENCH_CHAT_REUSE=1 (keep the last seed), BENCH_CHAT_TRACE=1 (slowest
 * arrival per message), BENCH_DATABASE_URL, BENCH_REDIS_URL.
 */
const SIZES = (process.env.BENCH_CHAT_N ?? '100,1000,5000').split(',').map(Number);
const PAIRS = Number(process.env.BENCH_CHAT_PAIRS ?? 5);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const VARIANTS = (process.env.BENCH_CHAT_VARIANTS ?? 'ws,one,two,one-quiet').split(',');
const TRACE = Boolean(process.env.BENCH_CHAT_TRACE);
const QUIET_SIZES = (process.env.BENCH_CHAT_QUIET_N ?? '1000').split(',').filter(Boolean).map(Number);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rushes_bench';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 10); // messages per second
const WARMUP = 10; // messages before the counted ones
const SOCKETS_PER_CLIENT_PROCESS = 1250;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const clock = () => performance.timeOrigin + performance.now();

interface Setup {
  servers: Proc[];
  origin: string;
  post: (server: Proc, seq: number) => Promise<boolean>;
  mode: 'sio' | 'ws';
  cookies: (i: number) => string | undefined;
}

async function setUp(v: Variant, n: number, fx: ChatFixture): Promise<Setup> {
  const project = fx.projects.get(n)!;
  const text = (seq: number) => `${seq}:${clock().toFixed(3)}`;
  if (v === 'ws') {
    const server = await startWsBaseline();
    return {
      servers: [server],
      origin: 'http://localhost',
      mode: 'ws',
      cookies: () => undefined,
      post: (s, seq) =>
        fetch(`${s.url}/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ project_db_id: project.projectId, text: text(seq) }),
        }).then((r) => r.ok),
    };
  }
  const ports = v === 'two' ? [await freePort(), await freePort()] : [await freePort()];
  const publicUrl = `http://localhost:${ports[0]}`;
  const appSecret = randomBytes(32).toString('base64url');
  const servers = await Promise.all(
    ports.map((port) =>
      startRushes({
        port,
        publicUrl,
        databaseUrl: DATABASE_URL,
        redisUrl: v === 'two' ? REDIS_URL : undefined,
        appSecret,
      }),
    ),
  );
  const headers = {
    'content-type': 'application/json',
    'api-type': 'web',
    'api-version': '1',
    cookie: fx.senderCookie,
    origin: publicUrl,
  };
  return {
    servers,
    origin: publicUrl,
    mode: 'sio',
    cookies: (i) => (v === 'one-quiet' ? fx.senderCookie : project.memberCookies[i]),
    post: (s, seq) =>
      fetch(`${s.url}${API.chat.root}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ project_db_id: project.projectId, text: text(seq), mention_user_ids: [] }),
      })
        .then((r) => r.json() as Promise<{ response: boolean }>)
        .then((b) => b.response === true)
        .catch(() => false),
  };
}

async function runOnce(v: Variant, n: number, fx: ChatFixture): Promise<RunResult> {
  const counted = RATE * SECONDS;
  const s = await setUp(v, n, fx);
  const pids = s.servers.map((p) => p.pid);
  const clients = Array.from({ length: Math.ceil(n / SOCKETS_PER_CLIENT_PROCESS) }, spawnClients);
  try {
    // Idle: the server answered health; one send warms the route's code paths and pools.
    await Promise.all(s.servers.map((p) => fetch(`${p.url}/api/health`)));
    await s.post(s.servers[0], -1);
    await sleep(1000);
    const idle = sumStat(pids);

    const targets: Target[][] = clients.map(() => []);
    for (let i = 0; i < n; i++) {
      targets[i % clients.length].push({ url: s.servers[i % s.servers.length].url, cookie: s.cookies(i) });
    }
    const room = `project:${fx.projects.get(n)!.projectId}`;
    const ready = await Promise.all(
      clients.map((c, k) =>
        c.request(
          {
            type: 'connect',
            mode: s.mode,
            origin: s.origin,
            room,
            targets: targets[k],
            first: WARMUP,
            count: counted,
          },
          'ready',
        ),
      ),
    );
    const connectFailed = ready.reduce((a, r) => a + r.failed, 0);
    if (connectFailed)
      console.warn(
        `  ${v} N=${n}: ${connectFailed} sockets failed: ${ready.find((r) => r.firstError)?.firstError}`,
      );
    const connected = sumStat(pids);
    const clientPids = clients.map((c) => c.pid);
    const settleStart = performance.now();
    await sleep(2000);
    // What the processes burn with nobody talking (job poll, timers, heartbeats): subtracted below.
    const settled = sumStat(pids);
    const idleCpuPerMs = (settled.cpuMs - connected.cpuMs) / (performance.now() - settleStart);

    // Open loop at RATE/s: a slow send never delays the next (no coordinated omission).
    const sendStart = { server: settled.cpuMs, clients: sumStat(clientPids).cpuMs, at: performance.now() };
    const sends: Promise<boolean>[] = [];
    for (let seq = 0; seq < WARMUP + counted; seq++) {
      const wait = sendStart.at + (seq * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      sends.push(s.post(s.servers[seq % s.servers.length], seq));
    }
    const sent = await Promise.all(sends);
    await sleep(2000);

    // Late arrivals still count (as late); lost is what has not arrived ~30 s after the last send.
    // A child answers 'collect' only after the socket events queued before it, i.e. once caught up.
    const expected = (n - connectFailed) * counted;
    let results = await Promise.all(clients.map((c) => c.request({ type: 'collect' }, 'results')));
    for (let i = 0; i < 10 && results.reduce((a, r) => a + r.latencies.length, 0) < expected; i++) {
      await sleep(3000);
      results = await Promise.all(clients.map((c) => c.request({ type: 'collect' }, 'results')));
    }
    // CPU from the first send until every client has caught up, per message sent: robust to the
    // machine's load (time spent waiting for a core is not counted), unlike the latencies.
    const after = sumStat(pids);
    const elapsed = performance.now() - sendStart.at;
    const messages = WARMUP + counted;
    const serverCpuMsPerMessage = (after.cpuMs - sendStart.server - idleCpuPerMs * elapsed) / messages;
    const clientCpuMsPerMessage = (sumStat(clientPids).cpuMs - sendStart.clients) / messages;
    const latencies = Float64Array.from(results.flatMap((r) => r.latencies)).sort();
    const slowest = results[0].slowestBySeq.map((_, i) => Math.max(...results.map((r) => r.slowestBySeq[i])));
    const tenth = Math.max(1, Math.floor(counted / 10));
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
    return {
      variant: v,
      n,
      p50: pct(50),
      p99: pct(99),
      max: latencies.at(-1) ?? NaN,
      connectFailed,
      connectMs: Math.max(...ready.map((r) => r.ms)),
      lost: expected - latencies.length,
      duplicates: results.reduce((a, r) => a + r.duplicates, 0),
      reordered: results.reduce((a, r) => a + r.reordered, 0),
      sendOrderInversions: results.reduce((a, r) => a + r.sendOrderInversions, 0),
      slowestBySeq: slowest,
      drift: median(slowest.slice(-tenth)) - median(slowest.slice(0, tenth)),
      load1: loadavg()[0],
      sendFailed: sent.filter((ok) => !ok).length,
      unreadPerSocketPerMessage:
        results.reduce((a, r) => a + r.unread, 0) / Math.max(1, n - connectFailed) / (WARMUP + counted),
      serverCpuMsPerMessage,
      clientCpuMsPerMessage,
      rssIdleMb: idle.rssKb / 1024,
      kbPerConnConnected: (connected.rssKb - idle.rssKb) / n,
      kbPerConnAfter: (after.rssKb - idle.rssKb) / n,
    };
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(s.servers.map((p) => p.stop()));
  }
}

/** A fresh database each run; BENCH_CHAT_REUSE=1 keeps the last seed (same sizes) while iterating. */
async function fixture(): Promise<ChatFixture> {
  const cache = path.join(tmpdir(), `rushes-chat-bench-seed-${SIZES.join('-')}.json`);
  if (process.env.BENCH_CHAT_REUSE) {
    const saved = await readFile(cache, 'utf8').catch(() => null);
    if (saved) {
      const { senderCookie, projects } = JSON.parse(saved) as {
        senderCookie: string;
        projects: [number, ChatProject][];
      };
      return { senderCookie, projects: new Map(projects) };
    }
  }
  const start = performance.now();
  console.log(`\nchat: recreating ${DATABASE_URL} and seeding ${Math.max(...SIZES)} members…`);
  await recreateDatabase(DATABASE_URL);
  const fx = await seedChat(DATABASE_URL, SIZES);
  await writeFile(cache, JSON.stringify({ senderCookie: fx.senderCookie, projects: [...fx.projects] }));
  console.log(`  seeded in ${((performance.now() - start) / 1000).toFixed(0)} s`);
  return fx;
}

export async function run() {
  const fx = await fixture();
  const all: RunResult[] = [];
  // Written after every run, so a long matrix cut short still leaves its figures.
  const file = path.join(tmpdir(), `rushes-chat-bench-${Date.now()}.json`);
  for (const n of SIZES) {
    const variants = (['ws', 'one', 'two', 'one-quiet'] as const).filter(
      (v) => VARIANTS.includes(v) && (v !== 'one-quiet' || QUIET_SIZES.includes(n)),
    );
    for (let pair = 0; pair < PAIRS; pair++) {
      for (const v of variants) {
        const r = await runOnce(v, n, fx);
        all.push(r);
        await writeFile(file, JSON.stringify(all, null, 1));
        if (TRACE) console.log(`  slowest by message: ${r.slowestBySeq.map((x) => x.toFixed(0)).join(' ')}`);
        console.log(
          `  N=${n} ${v.padEnd(9)} p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  lost ${r.lost}  reordered ${r.reordered} (send order ${r.sendOrderInversions})  server cpu ${r.serverCpuMsPerMessage.toFixed(1)} ms/msg  load ${r.load1.toFixed(1)}  ${r.kbPerConnConnected.toFixed(1)} KB/conn`,
        );
      }
    }
  }
  printReport(all, { rate: RATE, seconds: SECONDS });
  console.log(`  raw runs: ${file}`);
}
