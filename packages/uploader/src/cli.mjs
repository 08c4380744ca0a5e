// The program's commands. With no arguments (a double-click) it opens the local page; a first
// argument that is not a command is the old invocation of `upload` (options and paths).
import { BadProject } from './project.mjs';
import { Refused } from './api.mjs';
import { AGENT_USAGE, runAgent } from './agent/cmdAgent.mjs';
import { UPLOAD_USAGE, runUpload } from './cmdUpload.mjs';
import { CONNECT_USAGE, runConnect } from './connect/cmdConnect.mjs';
import { WATCH_USAGE, runWatch } from './cmdWatch.mjs';
import { LOGIN_USAGE, runLogin } from './deviceLogin.mjs';
import { UI_USAGE, runUi } from './local/cmdUi.mjs';
import { UsageError } from './session.mjs';
import { VERSION } from './version.mjs';

export const COMMANDS = {
  upload: runUpload,
  watch: runWatch,
  ui: runUi,
  login: runLogin,
  agent: runAgent,
  connect: runConnect,
};

export const USAGE = `Rushes uploader ${VERSION}: files and folders into a project, resumable, parallel parts.

Usage:
  ${UPLOAD_USAGE}
  ${WATCH_USAGE}
  ${UI_USAGE}
  ${LOGIN_USAGE}
  ${AGENT_USAGE}
  ${CONNECT_USAGE}
  rushes-upload --version | --help

With no arguments it opens its page in the browser (drag and drop, the upload queue, watch folders).
--project takes the Project ID the project page shows (PR…), the project page's URL, or its id.
The login: --url and --token (a personal access token from account settings), RUSHES_URL and
RUSHES_TOKEN, or the login saved in the config directory by 'rushes-upload login'. Run a command again
after an interruption: finished parts and files are not sent again.`;

export async function main(argv) {
  const [first, ...rest] = argv;
  if (first === undefined) return runUi([]);
  if (first === '--version' || first === '-v' || first === 'version') return console.log(VERSION);
  if (first === '--help' || first === '-h' || first === 'help') return console.log(USAGE);
  const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : null;
  return command ? command(rest) : runUpload(argv);
}

/** Exit codes: 2 a usage or refused-file error (nothing sent), 3 the login is refused, 1 anything else. */
export function exitCodeOf(err) {
  if (err instanceof UsageError || err instanceof BadProject || err?.code?.startsWith?.('ERR_PARSE_ARGS'))
    return 2;
  if (err instanceof Refused && err.status === 401) return 3;
  return 1;
}

export function run(argv = process.argv.slice(2)) {
  main(argv).catch((err) => {
    if (process.stderr.isTTY) process.stderr.write('\n');
    console.error(`rushes-upload: ${err.message}`);
    if (err instanceof UsageError || err?.code?.startsWith?.('ERR_PARSE_ARGS'))
      console.error('(rushes-upload --help shows the usage)');
    process.exit(exitCodeOf(err));
  });
}
