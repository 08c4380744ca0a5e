import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { API } from '@rushes/shared';
import { freePort } from '../src/platform/freePort.ts';
import { seedDataDir } from './db-template.ts';

/**
 * The restart harness: the real server (apps/server/start.mjs, as `npm start` runs it) in a child
 * process on its own DATA_DIR, killed with SIGKILL and started again on the same data — for tests
 * that something survives `kill -9` (an upload, a transfer job).
 */
const root = path.resolve(import.meta.dirname, '../../..');

export { freePort };

/**
 * Starts the real server with `env` over this process's environment (an
 * undefined value leaves that variable out) and waits until `url` answers its health check, `startMs` at the most. It runs as node itself (not the
 * tsx wrapper), so a signal hits the server and not a parent that orphans it.
 */
export async function spawnServer(url: string, env: Record<string, string | undefined>, startMs: number) {
  // the server as `npm start` runs it: the bundle the project's global set-up built
  const proc = spawn(process.execPath, ['apps/server/start.mjs'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (d) => (output += d));
  proc.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + startMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const up = await fetch(`${url}${API.health}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return proc;
}

/**
 * Starts the server on `port` with `env` over the embedded defaults and waits until it answers
 * (`startMs` at the most: a test whose server has more to do at boot gives it longer).
 */
export async function bootServer(port: number, env: Record<string, string>, startMs = 90_000) {
  const url = `http://127.0.0.1:${port}`;
  if (env.DATA_DIR) await seedDataDir(env.DATA_DIR);
  const proc = await spawnServer(
    url,
    {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
      // The demo people to log in as; not the demo project, whose media ffmpeg would make at the first boot.
      DEMO_SEED: 'true',
      DEMO_SEED_PROJECT: 'false',
      ...env,
    },
    startMs,
  );
  return { url, proc };
}

/** SIGKILL, resolved once the process is gone. */
export function kill9(proc: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });
}

/**
 * A JSON client of the envelope that keeps the session cookie across restarts (sessions live in the
 * database); `base()` is read at each call, so it follows the server to its new address. A GET's
 * `body` is sent as its query string.
 */
export function apiClient(base: () => string) {
  let cookie = '';
  const call = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
    const query = method === 'GET' && body;
    const search = query ? `?${new URLSearchParams(body as Record<string, string>)}` : '';
    const res = await fetch(`${base()}${p}${search}`, {
      method,
      headers: {
        'api-type': 'web',
        'api-version': '1',
        cookie,
        ...(body && !query ? { 'content-type': 'application/json' } : {}),
      },
      body: body && !query ? JSON.stringify(body) : undefined,
    });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('rushes_sid='));
    if (sid) cookie = sid.split(';')[0];
    const json = (await res.json()) as { response: boolean; data: T; errormessage: string };
    if (!json.response) throw new Error(`${method} ${p}: ${res.status} ${json.errormessage}`);
    return json.data;
  };
  /** the session cookie, for a raw fetch (a file download) */
  return Object.assign(call, { cookie: () => cookie });
}
