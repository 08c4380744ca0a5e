import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server.mjs';

/** Processes of the load test: the API nodes (as `npm start` runs them), the proxy and the driver. */
const root = path.resolve(import.meta.dirname, '../..');

export interface Node {
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

export interface NodeEnv {
  publicUrl: string;
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
  appSecret: string;
  /** e.g. ['--cpu-prof', '--cpu-prof-dir=…'] */
  nodeArgs?: string[];
}

/** The server's bundle, built once per run before the first node starts. */
let built: Promise<string> | undefined;

/**
 * One API node as `npm start` runs it (the bundle `buildServer` made, apps/server/start.mjs) with
 * NODE_ENV=production, DATABASE_URL and REDIS_URL.
 */
export async function startNode(port: number, env: NodeEnv): Promise<Node> {
  await (built ??= buildServer());
  const child = spawn(process.execPath, [...(env.nodeArgs ?? []), 'apps/server/start.mjs'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: env.publicUrl,
      // Both nodes share one blob directory, as they would share a volume or a bucket: a part PUT
      // to one node is completed by whichever node the proxy picks next.
      DATA_DIR: env.dataDir,
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redisUrl,
      APP_SECRET: env.appSecret,
      DEMO_SEED: 'false',
      // Behind the proxy: the client address is X-Forwarded-For's (each simulated user has its own).
      TRUST_PROXY: 'true',
      // one run with a setting changed, e.g. BENCH_LOAD_NODE_ENV=REALTIME_REBALANCE_MS=0
      ...Object.fromEntries(
        (process.env.BENCH_LOAD_NODE_ENV ?? '')
          .split(',')
          .filter(Boolean)
          .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
      ),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout!.resume();
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}/api/health`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`node on ${port} exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 1200) throw new Error(`node on ${port} never became healthy`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, child, exited };
}

export async function stopNode(node: Node) {
  node.child.kill('SIGTERM');
  const timer = setTimeout(() => node.child.kill('SIGKILL'), 60_000);
  const code = await node.exited;
  clearTimeout(timer);
  return code;
}

/** A TypeScript child with IPC (the proxy, the driver). */
export function forkTs(script: string, args: string[]): ChildProcess {
  return fork(path.join(root, script), args, {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

export function nextMessage<T>(child: ChildProcess, type?: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: T & { type?: string }) => {
      if (type && m.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`${child.spawnargs.join(' ')} exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

const TICKS_PER_SECOND = 100;
/** CPU seconds (user + system) a process has used so far, 0 once it is gone. */
export function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * The PostgreSQL backends serving one database (their title is `postgres: [<cluster>: ]<user> <db> <client> <state>`),
 * so the database's CPU for this run can be read apart from other databases of the shared server.
 */
export function postgresBackends(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      // Debian's titles carry the cluster first: `postgres: 15/main: postgres load22 127.0.0.1(…) idle`.
      if (/^postgres: (?:\S+: )?\S+ (\S+) /.exec(title)?.[1] === database) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}
