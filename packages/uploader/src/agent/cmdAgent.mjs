// `rushes-upload agent`: the workstation agent of a cloud session (started by the machine's provider,
// not by a user). Its settings come from the environment the provider gives it, or from flags.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from '../session.mjs';
import { runAgentSession } from './agent.mjs';
import { runAgentService } from './service.mjs';

export const AGENT_USAGE = `rushes-upload agent [--url <server>] [--token <rsh_…>] [--cloud-id <session>] [--home <dir>] [--display <:N>]
                     (a cloud workstation's agent; RUSHES_URL, RUSHES_AGENT_TOKEN, RUSHES_CLOUD_ID, HOME, DISPLAY)
  rushes-upload agent --service --url <server> --machine-key <rsm_…> [--home-root <dir> [--keep-homes <n>] | --home <dir>] [--display <:N>]
                     (a pool workstation's agent service: runs each session's agent; RUSHES_MACHINE_KEY)`;

/** The pool workstation's service: one session's agent at a time, until stopped. */
async function runService(opts, env) {
  const url = opts.url || env.RUSHES_URL;
  const machineKey = opts['machine-key'] || env.RUSHES_MACHINE_KEY;
  if (!url || !machineKey) throw new UsageError('agent --service needs the server URL and the machine key');
  const stop = new AbortController();
  for (const sig of ['SIGTERM', 'SIGINT']) process.once(sig, () => stop.abort());
  // tests and benches shorten the ask with the heartbeat; never below 200 ms
  const beat = Number(env.RUSHES_AGENT_HEARTBEAT_MS);
  const code = await runAgentService({
    url,
    machineKey,
    // the desktop user's real home when given (every session's files there), else one folder per session
    home: opts.home ? path.resolve(opts.home) : undefined,
    homeRoot: path.resolve(opts['home-root'] || path.join(os.homedir(), 'RushesSessions')),
    display: opts.display || env.DISPLAY || null,
    pollMs: beat > 0 ? Math.max(200, beat) : undefined,
    keepHomes: opts['keep-homes'] ? Math.max(1, Number(opts['keep-homes']) || 1) : undefined,
    signal: stop.signal,
    env,
    log: (line) => console.log(line),
  });
  process.exit(code);
}

export async function runAgent(argv) {
  const { values: opts } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      'cloud-id': { type: 'string' },
      home: { type: 'string' },
      display: { type: 'string' },
      service: { type: 'boolean' },
      'machine-key': { type: 'string' },
      'home-root': { type: 'string' },
      'keep-homes': { type: 'string' },
    },
  });
  const env = process.env;
  if (opts.service) return runService(opts, env);
  const url = opts.url || env.RUSHES_URL;
  const token = opts.token || env.RUSHES_AGENT_TOKEN;
  const cloudId = opts['cloud-id'] || env.RUSHES_CLOUD_ID;
  if (!url || !token || !cloudId)
    throw new UsageError('agent needs the server URL, the agent token and the cloud session id');
  const home = path.resolve(opts.home || env.HOME || os.homedir());
  const display = opts.display || env.DISPLAY || null;
  const log = (line) => console.log(line);
  // A shorter beat for tests and benches (the End reaches the agent sooner); never below 200 ms.
  const beat = Number(env.RUSHES_AGENT_HEARTBEAT_MS);
  const heartbeatMs = beat > 0 ? Math.max(200, beat) : undefined;
  const code = await runAgentSession({
    url: url.replace(/\/+$/, ''),
    token,
    cloudId,
    home,
    display,
    log,
    heartbeatMs,
  });
  process.exit(code);
}
