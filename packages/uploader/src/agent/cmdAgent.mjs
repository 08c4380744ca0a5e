// `rushes-upload agent`: the workstation agent of a cloud session (started by the machine's provider,
// not by a user). Its settings come from the environment the provider gives it, or from flags.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from '../session.mjs';
import { runAgentSession } from './agent.mjs';

export const AGENT_USAGE = `rushes-upload agent [--url <server>] [--token <rsh_…>] [--cloud-id <session>] [--home <dir>] [--display <:N>]
                     (a cloud workstation's agent; RUSHES_URL, RUSHES_AGENT_TOKEN, RUSHES_CLOUD_ID, HOME, DISPLAY)`;

export async function runAgent(argv) {
  const { values: opts } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      'cloud-id': { type: 'string' },
      home: { type: 'string' },
      display: { type: 'string' },
    },
  });
  const env = process.env;
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
