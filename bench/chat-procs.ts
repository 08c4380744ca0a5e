import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FromClients, Target, ToClients } from './chat-clients.ts';

/**
 * Processes of the chat benchmark: the servers under test (our API in `node --import tsx` so the pid
 * we read /proc of is the server itself, or the bare ws baseline) and the client children.
 */
const root = path.resolve(import.meta.dirname, '..');
const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

export interface Proc {
  pid: number;
  url: string;
  stop(): Promise<void>;
}

function node(script: string, args: string[], env: NodeJS.ProcessEnv, ipc = false): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env,
    stdio: ipc ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
}

function stopper(child: ChildProcess, after?: () => Promise<void>) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await after?.();
  };
}

async function waitHealthy(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never became healthy`);
}

/** One API instance (apps/server/src/main.ts) on its own DATA_DIR and port. */
export async function startRushes(opts: {
  port: number;
  publicUrl: string;
  databaseUrl: string;
  redisUrl?: string;
  appSecret: string;
}): Promise<Proc> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rushes-chat-bench-'));
  const child = node('apps/server/src/main.ts', [], {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    PUBLIC_URL: opts.publicUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl,
    APP_SECRET: opts.appSecret,
    DEMO_SEED: 'false',
    // 10 messages/s from one sender is the chat route's own limit (600/min); the bench measures
    // delivery, so the limiter is off (it would add a Redis round trip per send on two instances).
    RATE_LIMIT: 'false',
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
  });
  child.stdout!.resume();
  const url = `http://127.0.0.1:${opts.port}`;
  await waitHealthy(url, child);
  return {
    pid: child.pid!,
    url,
    stop: stopper(child, () => rm(dataDir, { recursive: true, force: true })),
  };
}

/** The bare ws broadcast server (chat-ws-server.ts). */
export async function startWsBaseline(): Promise<Proc> {
  const child = node('bench/chat-ws-server.ts', ['0'], { PATH: process.env.PATH });
  const line = await new Promise<string>((resolve) => child.stdout!.once('data', (d) => resolve(String(d))));
  child.stdout!.resume();
  const { port } = JSON.parse(line) as { port: number };
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child);
  return { pid: child.pid!, url, stop: stopper(child) };
}

/** CPU time (ms, user + system) and resident memory (KiB) of a process, from /proc. */
export function procStat(pid: number): { cpuMs: number; rssKb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { cpuMs: (ticks * 1000) / TICKS_PER_SECOND, rssKb };
}

export const sumStat = (pids: number[]) =>
  pids.map(procStat).reduce((a, b) => ({ cpuMs: a.cpuMs + b.cpuMs, rssKb: a.rssKb + b.rssKb }));

/** A client child holding a share of the sockets. */
export interface Clients {
  pid: number;
  request<T extends FromClients['type']>(
    msg: ToClients,
    answer: T,
  ): Promise<Extract<FromClients, { type: T }>>;
  close(): Promise<void>;
}

export function spawnClients(): Clients {
  const child = node('bench/chat-clients.ts', [], { PATH: process.env.PATH }, true);
  return {
    pid: child.pid!,
    request(msg, answer) {
      return new Promise((resolve, reject) => {
        const onMessage = (m: FromClients) => {
          if (m.type !== answer) return;
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(m as never);
        };
        const onExit = (code: number) => reject(new Error(`client child exited with ${code}`));
        child.on('message', onMessage);
        child.once('exit', onExit);
        child.send(msg);
      });
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'close' } satisfies ToClients);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type { Target };
