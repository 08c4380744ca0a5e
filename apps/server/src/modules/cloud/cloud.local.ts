import { spawn, type ChildProcess } from 'node:child_process';
import { access, constants, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../platform/freePort.ts';
import type { ModuleLog } from '../../platform/modules.ts';
import { localRunnable } from './cloud.runnable.ts';
import { oneTimePassword, type CloudProvider, type Machine } from './cloud.machine.ts';

/**
 * The embedded provider: a real Linux desktop per session on this machine. Xvfb picks a
 * free display (-displayfd), openbox manages its windows, x11vnc serves it on a loopback port with a
 * one-time password (read from a file it deletes). Nothing listens beyond 127.0.0.1: the browser
 * reaches it only through the server's authenticated proxy. The desktops live in this process.
 */
export const LOCAL_BINARIES = ['Xvfb', 'openbox', 'x11vnc'] as const;

async function onPath(bin: string) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      await access(path.join(dir, bin), constants.X_OK);
      return true;
    } catch {
      // next
    }
  }
  return false;
}

export async function missingLocalBinaries(): Promise<string[]> {
  const found = await Promise.all(LOCAL_BINARIES.map(onPath));
  return LOCAL_BINARIES.filter((_, i) => !found[i]);
}

/** An openbox configuration with no menu, mouse or key bindings (nothing can be launched). */
const LOCKED_OPENBOX_RC = `<?xml version="1.0" encoding="UTF-8"?>
<openbox_config xmlns="http://openbox.org/3.4/rc">
  <menu><file>/dev/null</file></menu>
  <keyboard></keyboard>
  <mouse></mouse>
  <desktops><number>1</number></desktops>
</openbox_config>
`;

interface Desktop {
  machine: Machine;
  procs: ChildProcess[];
  dir: string;
}

/** Xvfb writes its display number to fd 3 once it accepts clients. */
export function startXvfb(geometry: string): Promise<{ proc: ChildProcess; display: number }> {
  return new Promise((resolve, reject) => {
    const proc = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', `${geometry}x24`, '-nolisten', 'tcp'], {
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
    await new Promise((r) => setTimeout(r, 150));
  }
}

export function createLocalProvider(opts: {
  geometry: string;
  homeDir?: string;
  finalSyncSeconds: number;
  log: ModuleLog;
}): CloudProvider {
  const desktops = new Map<string, Desktop>();
  const starting = new Map<string, Promise<Machine>>();

  async function launch(sessionId: string, password: string): Promise<Machine> {
    const procs: ChildProcess[] = [];
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-vnc-'));
    try {
      const x = await startXvfb(opts.geometry);
      procs.push(x.proc);
      const env = { ...process.env, DISPLAY: `:${x.display}`, HOME: dir };
      // openbox without menus or key bindings: the desktop runs as the server's OS user, so it must
      // offer no way to start a program (no terminal, no root menu) — docs/decisions/0024-cloud-editing.md
      const rc = path.join(dir, 'rc.xml');
      await writeFile(rc, LOCKED_OPENBOX_RC);
      procs.push(spawn('openbox', ['--config-file', rc], { env, stdio: 'ignore' }));
      spawn('xsetroot', ['-solid', '#2b4a6f'], { env, stdio: 'ignore' }).on('error', () => undefined);

      const port = await freePort();
      const pwFile = path.join(dir, 'passwd');
      await writeFile(pwFile, `${password}\n`, { mode: 0o600 });
      const vnc = spawn(
        'x11vnc',
        [
          '-display',
          `:${x.display}`,
          '-rfbport',
          String(port),
          '-localhost',
          '-passwdfile',
          `rm:${pwFile}`,
        ].concat(['-forever', '-shared', '-quiet', '-noxdamage', '-nopw']),
        { env, stdio: 'ignore' },
      );
      procs.push(vnc);
      await waitForPort(port, vnc);
      const machine: Machine = {
        hostName: os.hostname(),
        ipAddress: '127.0.0.1',
        port,
        username: 'editor',
        password,
        ref: `:${x.display}`,
      };
      desktops.set(sessionId, { machine, procs, dir });
      opts.log.info({ sessionId, display: x.display, port }, 'cloud: local desktop started');
      return machine;
    } catch (err) {
      for (const p of procs) p.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
  }

  return {
    name: 'local',
    runnable: (c) => localRunnable(c),
    async unavailableReason() {
      const missing = await missingLocalBinaries();
      return missing.length
        ? `the local provider needs ${missing.join(', ')} on PATH (Debian: apt-get install xvfb openbox x11vnc)`
        : null;
    },
    start(sessionId, { password }) {
      const live = desktops.get(sessionId);
      if (live && live.procs.every((p) => p.exitCode === null)) return Promise.resolve(live.machine);
      const pending = starting.get(sessionId);
      if (pending) return pending;
      const p = launch(sessionId, password ?? oneTimePassword()).finally(() => starting.delete(sessionId));
      starting.set(sessionId, p);
      return p;
    },
    async stop(sessionId) {
      const d = desktops.get(sessionId);
      if (!d) return;
      desktops.delete(sessionId);
      for (const p of [...d.procs].reverse()) p.kill('SIGTERM');
      await rm(d.dir, { recursive: true, force: true });
      opts.log.info({ sessionId }, 'cloud: local desktop stopped');
    },
    running: (id) => desktops.has(id),
    async close() {
      await Promise.all([...desktops.keys()].map((id) => this.stop(id)));
    },
  };
}
