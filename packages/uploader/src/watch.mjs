// A watch folder (a camera card, an export folder): each new file is uploaded once it is complete,
// i.e. its size and modification time have not changed for `settleMs`. Safe to stop and restart:
// the upload state records every finished file (not sent again) and every started one (resumed).
import { existsSync } from 'node:fs';
import { collect, where } from './files.mjs';
import { refusalOf } from './rules.mjs';

export const SETTLE_MS = 3000;
export const INTERVAL_MS = 1000;

/**
 * Polls `dir` (fs.watch misses changes on some card readers and network shares). `dest` as in
 * upload.mjs; the folder's own files land in dest.folderPath, its subfolders below it.
 */
export function createWatcher({
  uploader,
  state,
  dir,
  dest,
  settleMs = SETTLE_MS,
  intervalMs = INTERVAL_MS,
  log = () => {},
  onChange = () => {},
}) {
  const seen = new Map(); // abs → { size, mtime, since }
  const finished = new Map(); // abs → 'size:mtime' uploaded (or refused)
  const queue = [];
  let current = null;
  let timer = null;
  let stopped = false;
  let abort = null;
  const status = { dir, uploaded: 0, current: null, error: null, missing: false };

  const versionOf = (f) => `${f.size}:${f.mtime}`;

  function scan() {
    if (stopped) return;
    status.missing = !existsSync(dir);
    if (status.missing) return;
    const now = Date.now();
    let files;
    try {
      files = collect(dir, { keepRoot: false });
    } catch (err) {
      status.error = err.message;
      return;
    }
    for (const f of files) {
      if (finished.get(f.abs) === versionOf(f)) continue;
      if (state.get(uploader.keyOf(f, dest))?.completed) {
        finished.set(f.abs, versionOf(f)); // uploaded before a restart
        continue;
      }
      const why = refusalOf(f.name, f.folderPath);
      if (why) {
        finished.set(f.abs, versionOf(f));
        log(`skipped ${where(f)}: ${why}`);
        continue;
      }
      const prev = seen.get(f.abs);
      if (!prev || prev.size !== f.size || prev.mtime !== f.mtime) {
        seen.set(f.abs, { size: f.size, mtime: f.mtime, since: now });
        continue;
      }
      const queued = queue.some((q) => q.abs === f.abs) || current?.abs === f.abs;
      if (!queued && now - prev.since >= settleMs) queue.push(f);
    }
    pump();
  }

  async function pump() {
    if (current || stopped || queue.length === 0) return;
    current = queue.shift();
    status.current = { name: current.name, sent: 0, size: current.size };
    onChange(status);
    abort = new AbortController();
    const f = current;
    try {
      await uploader.uploadFile(f, dest, {
        signal: abort.signal,
        onProgress: (sent) => {
          status.current = { name: f.name, sent, size: f.size };
          onChange(status);
        },
      });
      finished.set(f.abs, versionOf(f));
      status.uploaded++;
      status.error = null;
    } catch (err) {
      if (!stopped) {
        status.error = `${f.name}: ${err.message}`;
        log(`failed ${where(f)}: ${err.message} (tried again later)`);
        seen.delete(f.abs);
      }
    } finally {
      current = null;
      status.current = null;
      onChange(status);
      if (!stopped) pump();
    }
  }

  return {
    status,
    start() {
      log(`watching ${dir}`);
      scan();
      timer = setInterval(scan, intervalMs);
      return this;
    },
    /** Stops polling; an upload in flight is paused (resumed by the next start). */
    stop() {
      stopped = true;
      clearInterval(timer);
      abort?.abort(new Error('stopped'));
    },
  };
}
