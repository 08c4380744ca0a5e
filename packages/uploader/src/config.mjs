// Where the uploader keeps its files: the saved login, the resume state of uploads and the watch
// folders, in the user's config directory (RUSHES_CONFIG_DIR overrides it: tests, portable use).
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function configDir() {
  if (process.env.RUSHES_CONFIG_DIR) return process.env.RUSHES_CONFIG_DIR;
  const home = os.homedir();
  if (process.platform === 'win32')
    return path.join(process.env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'Rushes Uploader');
  if (process.platform === 'darwin')
    return path.join(home, 'Library', 'Application Support', 'Rushes Uploader');
  return path.join(process.env.XDG_CONFIG_HOME || path.join(home, '.config'), 'rushes-uploader');
}

export const configPath = (name) => path.join(configDir(), name);

export function readJson(file, fallback) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return fallback;
  }
}

/** Written to a temporary file then renamed: a crash never leaves half a file. */
export function writeJson(file, value, mode = 0o600) {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(value, null, 1), { mode });
  renameSync(tmp, file);
  // A file that existed before keeps its old mode through rename on some systems: set it again.
  if (process.platform !== 'win32') chmodSync(file, mode);
}

const LOGIN = 'login.json';

/** The saved login ({ url, token }) or null. */
export function loadLogin() {
  const saved = readJson(configPath(LOGIN), null);
  return saved?.url && saved?.token ? { url: saved.url, token: saved.token } : null;
}

/** Saves the server URL and token, readable by the user only (0600). */
export function saveLogin({ url, token }) {
  writeJson(configPath(LOGIN), { url: url.replace(/\/+$/, ''), token, saved_at: new Date().toISOString() });
}

export function forgetLogin() {
  writeJson(configPath(LOGIN), {});
}

/** The login a command uses: --url/--token (or RUSHES_URL/RUSHES_TOKEN), else the saved one. */
export function loginFrom(opts) {
  const saved = loadLogin();
  const url = opts.url || process.env.RUSHES_URL || saved?.url;
  const token = opts.token || process.env.RUSHES_TOKEN || saved?.token;
  return url && token ? { url: url.replace(/\/+$/, ''), token } : null;
}
