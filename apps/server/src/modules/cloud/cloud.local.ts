import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, closeSync } from 'node:fs';
import { chmod, mkdir, readdir, rm, writeFile, lstat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { CloudCatalogue } from '@rushes/shared';
import type { Db } from '../../db/client.ts';
import { cloudSessions } from '../../db/schema/index.ts';
import { freePort } from '../../platform/freePort.ts';
import type { ModuleLog } from '../../platform/modules.ts';
import { catalogueOf } from './cloud.catalogue.ts';
import {
  endProcessesOfHome,
  exited,
  paintBackground,
  signalGroup,
  startXvfb,
  waitForPort,
  waitForWindowManager,
} from './cloud.desktop.ts';
import { desktopEnv, writeDesktopFiles, type DesktopProgram } from './cloud.desktopFiles.ts';
import { oneTimePassword, type AgentLaunch, type CloudProvider, type Machine } from './cloud.machine.ts';
import { localRunnable, onPath } from './cloud.runnable.ts';

export { startXvfb, waitForPort } from './cloud.desktop.ts';

/**
 * The embedded provider: a real Linux desktop per session on this machine, in a home folder of
 * its own (mode 0700, removed at the end). Xvfb picks a free display (-displayfd), openbox manages
 * its windows (the background is painted once it owns the screen), tint2 shows the booked program's
 * launcher, x11vnc serves the screen on a loopback port with a one-time password (read from a file
 * it deletes), and the workstation agent (`rushes-upload agent`) brings the project's files, starts
 * the program and sends renders back. Nothing listens beyond 127.0.0.1: the browser and the
 * connector reach the desktop only through the server. The desktops live in this process.
 */
export const LOCAL_BINARIES = ['Xvfb', 'openbox', 'x11vnc'] as const;

export async function missingLocalBinaries(): Promise<string[]> {
  const found = await Promise.all(LOCAL_BINARIES.map(onPath));
  return LOCAL_BINARIES.filter((_, i) => !found[i]);
}

/** This checkout's agent, run by this Node when CLOUD_AGENT_BIN does not name a built one. */
const AGENT_SCRIPT = fileURLToPath(
  new URL('../../../../../packages/uploader/bin/rushes-upload.mjs', import.meta.url),
);

/** Restarts of an agent that crashed or was killed, per session (it resumes where it was). */
const AGENT_RESTARTS = 5;

interface Desktop {
  machine: Machine;
  home: string;
  agent: ChildProcess | null;
  agentRestarts: number;
  /** X server, window manager, panel, VNC: ended after the agent */
  procs: ChildProcess[];
}

/** Removes a home whose folders the agent made read-only (0555): writable again first. */
async function removeHome(dir: string) {
  const open = async (d: string): Promise<void> => {
    await chmod(d, 0o700).catch(() => undefined);
    for (const name of await readdir(d).catch(() => [] as string[])) {
      const p = path.join(d, name);
      if ((await lstat(p).catch(() => null))?.isDirectory()) await open(p);
    }
  };
  await open(dir);
  await rm(dir, { recursive: true, force: true });
}

export function createLocalProvider(opts: {
  geometry: string;
  homeDir?: string;
  finalSyncSeconds: number;
  agentBin?: string;
  db?: Db;
  log: ModuleLog;
}): CloudProvider {
  const desktops = new Map<string, Desktop>();
  const starting = new Map<string, Promise<Machine>>();
  const base = opts.homeDir ?? path.join(os.tmpdir(), 'rushes-desktops');

  /** The session's booked program (the menu's and panel's launcher), if the catalogue can start it. */
  async function programOf(sessionId: string): Promise<DesktopProgram | null> {
    if (!opts.db) return null;
    const [row] = await opts.db
      .select({ software: cloudSessions.softwareSlug })
      .from(cloudSessions)
      .where(eq(cloudSessions.id, sessionId));
    const software = row && (await catalogueOf(opts.db)).softwares.find((s) => s.slug === row.software);
    return software?.launch ? { title: software.title, launch: software.launch } : null;
  }

  /**
   * The agent beside the desktop, its output in the home's .rushes-agent folder. One that cannot
   * start (not built, no agent yet) is logged: the desktop is still served.
   */
  function startAgent(sessionId: string, home: string, display: string, agent: AgentLaunch | undefined) {
    if (!agent) {
      opts.log.warn({ sessionId }, 'cloud: local desktop started without an agent (no agent launch given)');
      return null;
    }
    const bin = opts.agentBin ?? AGENT_SCRIPT;
    if (!existsSync(bin)) {
      opts.log.warn(
        { sessionId, bin },
        'cloud: the workstation agent is missing; the desktop runs without it',
      );
      return null;
    }
    const [file, args] = opts.agentBin ? [bin, ['agent']] : [process.execPath, [bin, 'agent']];
    const logDir = path.join(home, '.rushes-agent');
    const env = desktopEnv(home, display, {
      RUSHES_URL: agent.serverUrl,
      RUSHES_AGENT_TOKEN: agent.token,
      RUSHES_CLOUD_ID: agent.cloudId,
    });
    let out: number;
    try {
      out = openSync(path.join(logDir, 'agent-process.log'), 'a', 0o600);
    } catch (err) {
      opts.log.warn({ sessionId, err }, 'cloud: the agent log cannot be opened; the desktop runs without it');
      return null;
    }
    const proc = spawn(file, args, { env, cwd: home, detached: true, stdio: ['ignore', out, out] });
    closeSync(out);
    proc.once('error', (err) =>
      opts.log.warn(
        { sessionId, err },
        'cloud: the workstation agent did not start; the desktop runs without it',
      ),
    );
    proc.once('exit', (code, signal) => {
      opts.log.info({ sessionId, code, signal }, 'cloud: the workstation agent exited');
      // killed or crashed (not done, not refused): started again; its state file lets it resume
      // the uploads and downloads it was in, so nothing written is lost
      const d = desktops.get(sessionId);
      if (!d || d.agent !== proc || (signal === null && code !== 1) || d.agentRestarts >= AGENT_RESTARTS)
        return;
      d.agentRestarts++;
      setTimeout(() => {
        if (desktops.get(sessionId) === d) d.agent = startAgent(sessionId, home, display, agent);
      }, 500).unref();
    });
    return proc;
  }

  async function launch(sessionId: string, password: string, agent?: AgentLaunch): Promise<Machine> {
    const began = Date.now();
    const procs: ChildProcess[] = [];
    const home = path.join(base, sessionId);
    // a restarted server finds the home of a session it ran: kept (renders not yet sent are in it),
    // and ends what a crash left running there (the old agent and desktop)
    const resumed = existsSync(home);
    if (resumed) await endProcessesOfHome(home);
    await mkdir(base, { recursive: true, mode: 0o700 });
    await mkdir(home, { recursive: true, mode: 0o700 });
    await chmod(home, 0o700);
    await mkdir(path.join(home, '.rushes-agent'), { recursive: true, mode: 0o700 });
    try {
      const files = await writeDesktopFiles(home, await programOf(sessionId));
      const x = await startXvfb(opts.geometry, desktopEnv(home, null));
      procs.push(x.proc);
      const display = `:${x.display}`;
      const env = desktopEnv(home, display);
      const spawnDesktop = (bin: string, args: string[]) => {
        const p = spawn(bin, args, { env, cwd: home, detached: true, stdio: 'ignore' });
        p.once('error', (err) =>
          opts.log.warn({ sessionId, bin, err }, 'cloud: a desktop program did not start'),
        );
        procs.push(p);
        return p;
      };

      const wm = spawnDesktop('openbox', ['--config-file', files.openboxRc]);
      const port = await freePort();
      const pwFile = path.join(home, '.rushes-agent', 'vncpasswd');
      await writeFile(pwFile, `${password}\n`, { mode: 0o600 });
      const vnc = spawnDesktop(
        'x11vnc',
        ['-display', display, '-rfbport', String(port), '-localhost', '-passwdfile', `rm:${pwFile}`].concat([
          '-forever',
          '-shared',
          '-quiet',
          '-noxdamage',
          '-nopw',
        ]),
      );
      let agentProc: ChildProcess | null = null;
      const desktopReady = (async () => {
        if (!(await waitForWindowManager(env, wm)))
          opts.log.warn(
            { sessionId },
            'cloud: openbox did not take the screen; painting the background anyway',
          );
        await paintBackground(env);
        if (await onPath('tint2')) spawnDesktop('tint2', ['-c', files.tint2Rc]);
        agentProc = startAgent(sessionId, home, display, agent);
      })();
      await Promise.all([waitForPort(port, vnc), desktopReady]);
      const machine: Machine = {
        hostName: os.hostname(),
        ipAddress: '127.0.0.1',
        port,
        username: 'editor',
        password,
        ref: display,
      };
      desktops.set(sessionId, { machine, home, agent: agentProc, agentRestarts: 0, procs });
      opts.log.info(
        { sessionId, display, port, ms: Date.now() - began, agent: Boolean(agentProc) },
        'cloud: local desktop started',
      );
      return machine;
    } catch (err) {
      for (const p of procs) signalGroup(p, 'SIGKILL');
      await endProcessesOfHome(home);
      if (!resumed) await removeHome(home);
      throw err;
    }
  }

  /**
   * The agent first: SIGTERM makes it run its final sync (renders still uploading) and exit; it
   * gets `waitSeconds`. Then the desktop, then whatever the agent started, then the home.
   */
  async function stop(sessionId: string, waitSeconds: number) {
    await starting.get(sessionId)?.catch(() => undefined);
    const d = desktops.get(sessionId);
    if (!d) return;
    desktops.delete(sessionId);
    if (d.agent) {
      signalGroup(d.agent, 'SIGTERM');
      if (!(await exited(d.agent, waitSeconds * 1000)))
        opts.log.warn({ sessionId }, 'cloud: the agent did not finish its final sync in time');
      signalGroup(d.agent, 'SIGKILL');
    }
    for (const p of [...d.procs].reverse()) signalGroup(p, 'SIGTERM');
    await Promise.all(d.procs.map((p) => exited(p, 3000)));
    for (const p of d.procs) signalGroup(p, 'SIGKILL');
    await endProcessesOfHome(d.home);
    await removeHome(d.home);
    opts.log.info({ sessionId }, 'cloud: local desktop stopped');
  }

  return {
    name: 'local',
    runnable: (c) => localRunnable(c),
    async unavailableReason(catalogue?: CloudCatalogue) {
      const missing = await missingLocalBinaries();
      if (missing.length)
        return `the local provider needs ${missing.join(', ')} on PATH (Debian: apt-get install xvfb openbox x11vnc)`;
      if (catalogue && !(await localRunnable(catalogue)).softwares.size)
        return 'no software of the cloud catalogue is installed on this machine (none of their launch checks is found)';
      return null;
    },
    start(sessionId, { password, agent }) {
      const live = desktops.get(sessionId);
      if (live && live.procs.every((p) => p.exitCode === null)) return Promise.resolve(live.machine);
      const pending = starting.get(sessionId);
      if (pending) return pending;
      const p = launch(sessionId, password ?? oneTimePassword(), agent).finally(() =>
        starting.delete(sessionId),
      );
      starting.set(sessionId, p);
      return p;
    },
    stop: (sessionId) => stop(sessionId, opts.finalSyncSeconds),
    running: (id) => desktops.has(id),
    // the server is going away, not the session: the agents get a moment, not the final sync's time
    async close() {
      await Promise.all([...desktops.keys()].map((id) => stop(id, 5)));
    },
  };
}
