// `rushes-upload agent --service`: a pool workstation's agent service. It runs for as long as the
// machine is in the pool (started by the machine's service manager), holds only the machine's agent
// key, and asks the server every few seconds which session holds the machine. When one does, it runs
// the normal agent for that session (a child process: one session's crash or exit is not the
// service's) with the session's token and its own home folder; once that agent is done (its final
// sync reported), it goes back to asking.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { Refused } from '../api.mjs';
import { AGENT_API } from './agent.mjs';
import { checkExists } from './launch.mjs';

export const LEASE_MS = 5000;
/** Waits after failed asks in a row (the server restarting, the network down), then the last one. */
const BACKOFF_MS = [5000, 10_000, 20_000, 40_000, 60_000];
/** A session's agent that crashed is started again this many times (it resumes from its state). */
const RESTARTS = 5;
/** Session homes kept under --home-root, this session's included. */
export const KEEP_HOMES = 3;
/** The agent's exit codes that end its work for the session: 0 final sync done, 3 the session is over. */
const FINISHED = new Set([0, 3]);

const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** The command that runs this program's `agent` (a script under Node, or the single executable). */
export function agentCommand(argv = process.argv, execPath = process.execPath) {
  const script = argv[1] && argv[1] !== execPath && /\.[cm]?js$/.test(argv[1]) ? [argv[1]] : [];
  return { file: execPath, args: [...script, 'agent'] };
}

/** What the machine can run of the catalogue's checks the server sent (reported with each ask). */
export function capabilitiesFromChecks(checks, env = process.env) {
  if (!checks) return undefined;
  return {
    softwares: checks.softwares.filter((s) => checkExists(s.check, env)).map((s) => s.slug),
    plugins: checks.plugins.filter((p) => !p.check || checkExists(p.check, env)).map((p) => p.slug),
  };
}

/**
 * The desktop user's real home is shared by every session: the agent's state of uploads stays
 * (keyed per project, so a render sent before is not sent again), but what it started for the last
 * session (settings restored, program's pid) is not this session's.
 */
function sharedHomeFor(home, cloudId) {
  const dir = path.join(home, '.rushes-agent');
  const marker = path.join(dir, 'service.json');
  let last = null;
  try {
    last = JSON.parse(readFileSync(marker, 'utf8')).cloud_id;
  } catch {
    // first session here
  }
  if (last !== cloudId) rmSync(path.join(dir, 'started.json'), { force: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(marker, JSON.stringify({ cloud_id: cloudId }));
}

/** Removes a folder the agent made read-only in parts (the project's media: folders 0555). */
function removeTree(dir) {
  const open = (d) => {
    chmodSync(d, 0o700);
    for (const e of readdirSync(d, { withFileTypes: true })) if (e.isDirectory()) open(path.join(d, e.name));
  };
  try {
    if (!lstatSync(dir).isDirectory()) return;
    open(dir);
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // gone already, or not ours to remove: left
  }
}

/**
 * The homes of finished sessions under `root` beyond the newest `keep` are removed (each holds a
 * copy of its project's media; what the editor made there went back to the project at its final
 * sync, and the last few stay for whatever could not be sent).
 */
function pruneHomes(root, keep, current) {
  let homes;
  try {
    homes = readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== current)
      .map((e) => ({ dir: path.join(root, e.name), at: statSync(path.join(root, e.name)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
  } catch {
    return;
  }
  for (const h of homes.slice(Math.max(0, keep - 1))) removeTree(h.dir);
}

/**
 * Runs until `signal` aborts (then the running session's agent is stopped, which runs its final
 * sync, and awaited) or the key is refused (resolves 2). `cfg`: { url, machineKey, homeRoot, home,
 * display, pollMs, keepHomes, env, log, command }.
 */
export async function runAgentService(cfg) {
  const { url, machineKey, homeRoot, home, display, signal, env = process.env, log = console.log } = cfg;
  const pollMs = cfg.pollMs ?? LEASE_MS;
  const command = cfg.command ?? agentCommand();
  const base = url.replace(/\/+$/, '');
  // the session's agent gets its session's token, never the machine's key
  const childEnv = Object.fromEntries(Object.entries(env).filter(([k]) => k !== 'RUSHES_MACHINE_KEY'));
  const done = new Set();
  const restarts = new Map();
  let running = null; // { cloudId, code, child, exited }
  let capabilities;
  let failures = 0;
  let waiting = false;

  async function ask() {
    const res = await fetch(`${base}${AGENT_API}/lease`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${machineKey}`,
        'content-type': 'application/json',
        'api-type': 'uploader',
        'api-version': '1',
      },
      body: JSON.stringify(capabilities ? { capabilities } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok || body.response === false)
      throw new Refused(body.errormessage || `HTTP ${res.status}`, res.status);
    return body.data;
  }

  function start(lease) {
    const name = lease.assignment_code.replace(/[^A-Za-z0-9_-]/g, '_');
    const sessionHome = home ?? path.join(homeRoot, name);
    if (home) sharedHomeFor(home, lease.cloud_id);
    else {
      pruneHomes(homeRoot, cfg.keepHomes ?? KEEP_HOMES, name);
      mkdirSync(sessionHome, { recursive: true, mode: 0o700 });
    }
    const child = spawn(command.file, command.args, {
      env: {
        ...childEnv,
        RUSHES_URL: base,
        RUSHES_AGENT_TOKEN: lease.token,
        RUSHES_CLOUD_ID: lease.cloud_id,
        HOME: sessionHome,
        DISPLAY: display ?? '',
      },
      cwd: sessionHome,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `[${lease.assignment_code}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) log(prefix + line);
      });
      stream.on('end', () => rest && log(prefix + rest));
    }
    const run = { cloudId: lease.cloud_id, code: lease.assignment_code, child };
    run.exited = new Promise((resolve) => {
      child.once('error', (err) => (log(`${prefix}agent did not start: ${err.message}`), resolve(1)));
      child.once('exit', (code, sig) => resolve(code ?? (sig ? 1 : 0)));
    }).then((code) => {
      const tries = (restarts.get(run.cloudId) ?? 0) + 1;
      restarts.set(run.cloudId, tries);
      if (FINISHED.has(code) || tries > RESTARTS) done.add(run.cloudId);
      log(`${prefix}agent exited (${code})${done.has(run.cloudId) ? '' : ', started again at the next ask'}`);
      running = null;
    });
    running = run;
    log(`session ${lease.assignment_code}: agent started in ${sessionHome}`);
  }

  log(`agent service: asking ${base} for this machine's sessions every ${Math.round(pollMs / 1000)} s`);
  try {
    while (!signal?.aborted) {
      let answer = null;
      try {
        answer = await ask();
        if (failures) log('agent service: the server answers again');
        failures = 0;
      } catch (err) {
        if (err instanceof Refused && err.status === 401) {
          // (a key replaced mid-session: that session's agent holds its own token and runs to its end)
          log(`agent service: the machine key is refused (${err.message}); no new session is taken`);
          await running?.exited;
          return 2;
        }
        const wait = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)];
        if (failures++ === 0 || failures % 10 === 0)
          log(`agent service: ${err.message} (asking again in ${Math.round(wait / 1000)} s)`);
        await Promise.race([sleep(wait, signal), running?.exited].filter(Boolean));
        continue;
      }
      capabilities = capabilitiesFromChecks(answer?.checks, env) ?? capabilities;
      const lease = answer?.lease ?? null;
      if (!running && lease && !done.has(lease.cloud_id)) start(lease);
      const idle = !running && !lease;
      if (idle && !waiting) log('agent service: no session on this machine, waiting');
      waiting = idle;
      // (the machine is leased to one session at a time: another lease waits for this agent's end)
      await Promise.race([sleep(pollMs, signal), running?.exited].filter(Boolean));
    }
    return 0;
  } finally {
    if (running) {
      log(`agent service stopping: the agent of ${running.code} runs its final sync first`);
      running.child.kill('SIGTERM');
      await running.exited;
    }
  }
}
