// `rushes-upload login`: a device-code login (like RFC 8628) with no password typed in a terminal.
// The program asks the server for a code, shows it and opens the approval page in the browser; the
// user approves there where they are logged in, and the program, polling, receives a personal access
// token made for it ('Uploader on <this computer>', revocable in account settings). `--token` saves a
// token made by hand instead. Either is checked against the server, then saved (config.mjs).
import { spawn } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Refused, createApi } from './api.mjs';
import { configPath, loadLogin, saveLogin } from './config.mjs';
import { UsageError } from './session.mjs';

const START = '/api/account/device/start';
const TOKEN = '/api/account/device/token';
/** A call any token may make: checks that a login works before it is saved. */
const CHECK = '/api/projects/info/mine';
const NAME_MAX = 48;

export const LOGIN_USAGE =
  'rushes-upload login --url <server> [--token <rsh_…>] [--name <this computer>] [--no-browser]';

/** The login ended without a token: denied in the browser, or the code expired. */
export class DeviceLoginFailed extends Error {}

/** Opens a URL in the user's browser, best effort: where there is none, the printed URL is enough. */
export function openInBrowser(url) {
  const [cmd, args] =
    process.platform === 'win32'
      ? ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
      : process.platform === 'darwin'
        ? ['open', [url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true, windowsHide: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // no opener on this system
  }
}

const sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** This computer's name as the approving user will see it. */
export const defaultDeviceName = () =>
  (os.hostname() || 'this computer').replace(/\.local$/, '').slice(0, NAME_MAX);

async function post(base, apiPath, body, signal) {
  const res = await fetch(base + apiPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-type': 'uploader', 'api-version': '1' },
    body: JSON.stringify(body),
    signal,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok || json.response === false)
    throw new Refused(json.errormessage || `HTTP ${res.status}`, res.status);
  return json.data;
}

/**
 * Runs the device login against `url` and resolves { token } once the user approves it in the
 * browser. Polls no faster than the server's interval (longer after a slow_down); a dropped network
 * is retried until the code expires. `onCode` receives the start answer (user_code,
 * verification_uri…) for a caller that shows it elsewhere (the local page).
 */
export async function deviceLogin({
  url,
  deviceName = defaultDeviceName(),
  openBrowser = true,
  log = (line) => console.log(line),
  onCode,
  signal,
} = {}) {
  if (!/^https?:\/\//.test(url ?? ''))
    throw new UsageError('--url is missing: the server address, https://…');
  const base = url.replace(/\/+$/, '');
  const started = await post(base, START, { device_name: String(deviceName).slice(0, NAME_MAX) }, signal);
  log(`To log in this uploader, open ${started.verification_uri}`);
  log(`and check or enter the code: ${started.user_code}`);
  onCode?.(started);
  if (openBrowser && !process.env.RUSHES_NO_BROWSER) openInBrowser(started.verification_uri_complete);
  const deadline = Date.now() + started.expires_in * 1000;
  let interval = started.interval;
  log('Waiting for approval in the browser…');
  for (;;) {
    await sleep(interval * 1000, signal);
    let answer;
    try {
      answer = await post(base, TOKEN, { device_code: started.device_code }, signal);
    } catch (err) {
      if (err instanceof Refused || signal?.aborted || Date.now() > deadline) throw err;
      continue; // the network dropped: ask again at the next interval
    }
    interval = Math.max(interval, answer.interval);
    if (answer.status === 'approved') return { token: answer.token };
    if (answer.status === 'denied' || answer.status === 'expired')
      throw new DeviceLoginFailed(answer.message);
  }
}

/** Checks a login against the server (a refused token throws Refused 401), then saves it. */
async function checkAndSave(login) {
  await createApi(login).get(CHECK);
  saveLogin(login);
  return login;
}

/** The device login, then the token checked and saved; what the local page's "Log in" runs. */
export async function login({ url, ...rest }) {
  const { token } = await deviceLogin({ url, ...rest });
  return checkAndSave({ url: url.replace(/\/+$/, ''), token });
}

export async function runLogin(argv) {
  const { values: opts } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      name: { type: 'string' },
      'no-browser': { type: 'boolean' },
    },
  });
  const url = (opts.url || process.env.RUSHES_URL || loadLogin()?.url || '').replace(/\/+$/, '');
  if (!url) throw new UsageError('--url is missing: the server address, https://…');
  const token = opts.token;
  if (token) await checkAndSave({ url, token });
  else
    await login({
      url,
      deviceName: opts.name?.trim() || defaultDeviceName(),
      openBrowser: !opts['no-browser'],
    });
  console.log(`Logged in to ${url}; the login is saved in ${configPath('login.json')}`);
}
