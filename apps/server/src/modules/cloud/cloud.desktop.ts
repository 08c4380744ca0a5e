import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import net from 'node:net';

/**
 * The pieces of a local desktop: the X server, the moment the window manager owns the screen,
 * and the processes left behind. The desktop's configuration files are cloud.desktopFiles.ts.
 */

/** The desktop's own colour (the background behind every window). */
export const DESKTOP_BACKGROUND = '#2b4a6f';

/** Xvfb writes its display number to fd 3 once it accepts clients. */
export function startXvfb(
  geometry: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ proc: ChildProcess; display: number }> {
  return new Promise((resolve, reject) => {
    const proc = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', `${geometry}x24`, '-nolisten', 'tcp'], {
      env,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`Xvfb did not start: ${err.slice(-300)}`));
    }, 15_000);
    proc.stderr!.on('data', (b: Buffer) => (err += b.toString()));
    (proc.stdio[3] as NodeJS.ReadableStream).on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve({ proc, display: Number(out.trim()) });
      }
    });
    proc.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}): ${err.slice(-300)}`));
    });
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once something accepts on the port (x11vnc, started as `proc`). */
export async function waitForPort(port: number, proc: ChildProcess, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`x11vnc exited (${proc.exitCode})`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`x11vnc did not listen on ${port}`);
    await pause(100);
  }
}

/** Runs a short X client; its output, or null when it failed. */
export function xClient(bin: string, args: string[], env: NodeJS.ProcessEnv, timeout = 5000) {
  return new Promise<string | null>((resolve) => {
    execFile(bin, args, { env, timeout }, (err, stdout) => resolve(err ? null : String(stdout)));
  });
}

/**
 * Waits until a window manager owns the screen: it names its check window in the root's
 * _NET_SUPPORTING_WM_CHECK (EWMH). Painting the background before that raced with the window
 * manager's start and could leave the screen black. Bounded: false when it did not come.
 */
export async function waitForWindowManager(env: NodeJS.ProcessEnv, wm: ChildProcess, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && wm.exitCode === null) {
    const out = await xClient('xprop', ['-root', '_NET_SUPPORTING_WM_CHECK'], env, 2000);
    if (out?.includes('window id #')) return true;
    await pause(50);
  }
  return false;
}

/** Paints the root window (after the window manager owns the screen). */
export async function paintBackground(env: NodeJS.ProcessEnv) {
  return (await xClient('xsetroot', ['-solid', DESKTOP_BACKGROUND], env)) !== null;
}

/** Resolves when the process has exited, or after `ms` (false). */
export function exited(proc: ChildProcess, ms: number) {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Signals a process's group (every desktop process leads its own), or the process alone. */
export function signalGroup(proc: ChildProcess, signal: NodeJS.Signals) {
  if (!proc.pid || proc.exitCode !== null || proc.signalCode !== null) return;
  try {
    process.kill(-proc.pid, signal);
  } catch {
    try {
      proc.kill(signal);
    } catch {
      // gone
    }
  }
}

/**
 * The processes whose environment names this home (HOME=<home>): every process of the desktop,
 * including what the agent started in process groups of their own. Linux's /proc; elsewhere none.
 */
export async function processesOfHome(home: string): Promise<number[]> {
  const marker = Buffer.from(`\0HOME=${home}\0`);
  const found: number[] = [];
  const entries = await readdir('/proc').catch(() => [] as string[]);
  for (const name of entries) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const environ = await readFile(`/proc/${name}/environ`).catch(() => null);
    if (environ && Buffer.concat([Buffer.from([0]), environ]).includes(marker)) found.push(Number(name));
  }
  return found;
}

/** Ends every process of the home: SIGTERM, then SIGKILL to what is left after a moment. */
export async function endProcessesOfHome(home: string) {
  let pids = await processesOfHome(home);
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    for (const pid of pids) {
      try {
        process.kill(pid, signal);
      } catch {
        // gone
      }
    }
    for (let i = 0; i < 20 && pids.length; i++) {
      await pause(100);
      pids = await processesOfHome(home);
    }
    if (!pids.length) return;
  }
}
