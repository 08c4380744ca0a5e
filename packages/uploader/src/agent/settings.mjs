// The desktop user's settings between sessions: ~/.config and ~/.local/share as one tar.gz, saved to
// the server at the final sync and restored from the manifest's settings_url before the program starts.
import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readTarGz, writeTarGz } from './tar.mjs';

export const SETTINGS_DIRS = ['.config', '.local/share'];
/** The server takes at most this much; a bigger archive is not sent (the last saved one stays). */
export const SETTINGS_MAX_BYTES = 50 * 1024 * 1024;
/** Bulky or private things that are not settings. */
const SKIP = /^\.local\/share\/(Trash|recently-used\.xbel)(\/|$)|^\.config\/rushes-uploader(\/|$)/;

const underSettings = (segments) => {
  const p = segments.join('/');
  return SETTINGS_DIRS.some((d) => p === d || p.startsWith(`${d}/`) || d.startsWith(`${p}/`));
};

/** Restores the saved archive at `url` into `home`. Returns the restore counts. */
export async function restoreSettings({ url, home, agentDir, log = () => {} }) {
  const file = path.join(agentDir, 'settings-restore.tar.gz');
  const res = await fetch(url);
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`settings: HTTP ${res.status}`);
  }
  await pipeline(Readable.fromWeb(res.body), createWriteStream(file, { mode: 0o600 }));
  try {
    const counts = await readTarGz(file, home, { allow: underSettings });
    log(
      `settings restored: ${counts.restored} entries${counts.refused ? `, ${counts.refused} refused` : ''}`,
    );
    return counts;
  } finally {
    rmSync(file, { force: true });
  }
}

/** Archives the settings folders of `home` and PUTs them to the server. */
export async function saveSettings({ api, cloudId, home, agentDir, log = () => {} }) {
  const file = path.join(agentDir, 'settings-save.tar.gz');
  try {
    const entries = await writeTarGz(file, home, SETTINGS_DIRS, { skip: (name) => SKIP.test(name) });
    const size = statSync(file).size;
    if (size > SETTINGS_MAX_BYTES) {
      log(`settings not saved: ${size} bytes is more than ${SETTINGS_MAX_BYTES}`);
      return { saved: false };
    }
    const target = new URL(`${api.base}/api/cloud/agent/settings`);
    target.searchParams.set('cloud_id', cloudId);
    const res = await fetch(target, {
      method: 'PUT',
      headers: { ...api.headers, 'content-type': 'application/octet-stream', 'content-length': String(size) },
      body: createReadStream(file),
      duplex: 'half',
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok || body.response === false)
      throw new Error(body.errormessage || `settings: HTTP ${res.status}`);
    log(`settings saved: ${entries} entries, ${size} bytes`);
    return { saved: true, size };
  } finally {
    rmSync(file, { force: true });
  }
}
