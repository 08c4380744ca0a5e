// The booked software on the desktop, what this machine can run, and how long its desktop was idle.
import { execFile, spawn } from 'node:child_process';
import { accessSync, closeSync, constants, openSync, statSync } from 'node:fs';
import path from 'node:path';

/** A program a check names: an absolute path that exists, or a name found executable on PATH. */
export function checkExists(check, env = process.env) {
  if (!check) return false;
  if (path.isAbsolute(check)) {
    try {
      statSync(check);
      return true;
    } catch {
      return false;
    }
  }
  if (check.includes('/')) return false;
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      const file = path.join(dir, check);
      if (!statSync(file).isFile()) continue;
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      // not in this one
    }
  }
  return false;
}

/**
 * What the manifest's software and plugins need that this machine has (the heartbeat's
 * `capabilities`): the software when it has a launch whose check exists, each plugin whose check
 * exists or that needs nothing.
 */
export function capabilitiesOf(manifest, env = process.env) {
  const sw = manifest.software;
  return {
    softwares: sw?.launch && checkExists(sw.launch.check, env) ? [sw.slug] : [],
    plugins: (manifest.plugins ?? []).filter((p) => !p.check || checkExists(p.check, env)).map((p) => p.slug),
  };
}

/** Seconds since the last input on the display (xprintidle), or null when it cannot be told. */
export function idleSeconds(display, env = process.env) {
  if (!display || !checkExists('xprintidle', env)) return Promise.resolve(null);
  return new Promise((resolve) => {
    execFile('xprintidle', { env: { ...env, DISPLAY: display }, timeout: 3000 }, (err, out) => {
      const ms = Number(String(out).trim());
      resolve(err || !Number.isFinite(ms) ? null : Math.floor(ms / 1000));
    });
  });
}

export const QUICK_EXIT_MS = 10_000;

/**
 * Starts the booked program on `display` in the project folder, in its own process group, its
 * output in `logFile`. A program that fails within QUICK_EXIT_MS (a first-run race with the window
 * manager, a lock left by the last session) is started once more; `stopped()` true stops that.
 * Resolves once it is spawned, with { pid } or { skipped: why }; `onSpawn(pid)` on each start.
 */
/** The program's environment: the agent's, without its credentials (the editor's program never needs them). */
export const programEnv = (env) =>
  Object.fromEntries(Object.entries(env).filter(([k]) => !/^RUSHES_/.test(k)));

export function launchProgram({
  launch,
  display,
  cwd,
  logFile,
  env = process.env,
  log = () => {},
  stopped = () => false,
  onSpawn = () => {},
}) {
  if (!launch?.command?.length) return Promise.resolve({ skipped: 'no launch command' });
  if (!display) return Promise.resolve({ skipped: 'no display' });
  const argv = [...launch.command, ...(launch.open_folder ? [cwd] : [])];
  let tries = 0;
  const start = () =>
    new Promise((resolve) => {
      tries++;
      const out = openSync(logFile, 'a', 0o600);
      const child = spawn(argv[0], argv.slice(1), {
        cwd,
        env: { ...programEnv(env), DISPLAY: display },
        detached: true,
        stdio: ['ignore', out, out],
      });
      const at = Date.now();
      child.once('error', (err) => {
        log(`program ${argv[0]} did not start: ${err.message}`);
        resolve({ skipped: err.message });
      });
      // The child holds its own copy of the log's descriptor.
      closeSync(out);
      child.once('spawn', () => {
        log(`program started: ${argv[0]} (pid ${child.pid})`);
        onSpawn(child.pid);
        resolve({ pid: child.pid });
      });
      child.once('exit', (code, signal) => {
        const quick = Date.now() - at < QUICK_EXIT_MS;
        log(`program ${argv[0]} exited (${signal ?? code})`);
        if (quick && (code !== 0 || signal) && tries < 2 && !stopped()) start();
      });
      child.unref();
    });
  return start();
}
