import type { ChildProcess } from 'node:child_process';
import { findNginx, startNginx } from './nginx.ts';
import { forkTs, nextMessage } from './procs.ts';

/**
 * The balancer in front of the two nodes: our Node proxy (proxy.ts) unless BENCH_LOAD_PROXY=nginx
 * (nginx.ts, when installed). nginx costs half the proxy's CPU, but at 2,000 users two runs with it
 * showed a chat-delivery tail of 18–20 s (p99) that the Node proxy does not (616 ms in the same
 * build), not yet explained; until it is, the figures use the Node proxy.
 */
export interface Balancer {
  kind: 'nginx' | 'node';
  /** Its processes, counted as 'proxy' in the CPU figures. */
  pids(): number[];
  /** Requests sent to a second node; open websockets per node port when the balancer knows them. */
  stats(): Promise<{ retries: number; sockets?: Record<string, number> }>;
  stop(): Promise<void>;
  /** Synchronous, for the process's 'exit' hook: nothing of the run outlives it. */
  killNow(): void;
}

export async function startBalancer(dir: string, port: number, upstreams: number[]): Promise<Balancer> {
  const wanted = process.env.BENCH_LOAD_PROXY;
  if (wanted && wanted !== 'node' && wanted !== 'nginx')
    throw new Error(`BENCH_LOAD_PROXY must be node or nginx, not ${wanted}`);
  const bin = wanted === 'nginx' ? findNginx() : undefined;
  if (wanted === 'nginx' && !bin) throw new Error('BENCH_LOAD_PROXY=nginx but no nginx is installed');
  if (bin) {
    const nginx = await startNginx(bin, dir, port, upstreams);
    console.log(`load: balancer nginx (${bin}, pid ${nginx.child.pid}, config in ${dir}/nginx)`);
    return {
      kind: 'nginx',
      pids: nginx.pids,
      stats: async () => ({ retries: nginx.retries() }),
      stop: nginx.stop,
      killNow: nginx.killNow,
    };
  }
  const proxy: ChildProcess = forkTs('bench/load/proxy.ts', [String(port), ...upstreams.map(String)]);
  const exited = new Promise((r) => proxy.once('exit', r));
  await nextMessage(proxy);
  console.log(`load: balancer the Node proxy (bench/load/proxy.ts, pid ${proxy.pid})`);
  return {
    kind: 'node',
    pids: () => (proxy.pid ? [proxy.pid] : []),
    stats: () => {
      proxy.send({ stats: true });
      return nextMessage<{ retries: number; sockets: Record<string, number> }>(proxy);
    },
    stop: async () => {
      if (proxy.exitCode !== null) return;
      proxy.kill('SIGTERM');
      await exited;
    },
    killNow: () => {
      if (proxy.exitCode === null) proxy.kill('SIGKILL');
    },
  };
}
