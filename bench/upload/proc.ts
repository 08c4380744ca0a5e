/**
 * Child processes for the upload benchmark and their memory. Servers run as `node --import tsx
 * <file>` (one process, so its pid is the server's own: kill -9 hits the server, not a tsx wrapper,
 * and /proc/<pid>/status is the server's memory).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../apps/server/src/platform/freePort.ts';

export const root = path.resolve(import.meta.dirname, '../..');

export { freePort };

export interface Child {
  proc: ChildProcess;
  pid: number;
  output(): string;
  /** SIGTERM (or the given signal) and wait for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `node --import tsx <script> ...args` in the repository root with `env` added. */
export function startTs(script: string, args: string[], env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out = (out + d).slice(-20_000)));
  proc.stderr!.on('data', (d) => (out = (out + d).slice(-20_000)));
  return {
    proc,
    pid: proc.pid!,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill(signal);
      await exited;
    },
  };
}

/** Polls `url` until it answers 2xx (or the child dies, or 120 s pass). */
export async function waitUntilUp(child: Child, url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.proc.exitCode !== null) throw new Error(`server exited early:\n${child.output()}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function statusKb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = new RegExp(`${field}:\\s+(\\d+)`).exec(status);
  if (!m) throw new Error(`no ${field} for pid ${pid}`);
  return Number(m[1]);
}

/** Current resident memory of `pid`, MiB. */
export const rssMiB = (pid: number) => statusKb(pid, 'VmRSS') / 1024;

/** Peak resident memory of `pid` since start or since the last resetPeak, MiB. */
export const peakMiB = (pid: number) => statusKb(pid, 'VmHWM') / 1024;

/**
 * Resets the kernel's peak-RSS mark (VmHWM) to the current RSS: writing 5 to clear_refs (Linux ≥ 4.0),
 * so the next peakMiB is the peak of what happens after this call (the upload), not of start-up.
 */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/**
 * Polls VmRSS of `pid` every `everyMs` as a cross-check of VmHWM; stop() answers the largest seen,
 * MiB (0 if the process died before the first sample).
 */
export function pollRss(pid: number, everyMs = 50): { stop(): number } {
  let max = 0;
  const sample = () => {
    try {
      max = Math.max(max, rssMiB(pid));
    } catch {
      // the process is gone (kill -9 in the resume run)
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return max;
    },
  };
}
