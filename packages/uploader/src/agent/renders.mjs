// The way back: a file closed in ~/<Project>/Renders (its size and modification time unchanged for
// `settleMs`) goes to the project's /Renders folder through the multipart upload, then the server is
// told it is a render (a name already there stacks it as the next version). A file written again later
// is a new version of the file and goes up again. The state file records, per file version, the
// upload (resumed after a kill: stored parts are not sent again, completion happens once) and whether
// the server was told, so nothing is lost or doubled by a restart.
import { existsSync } from 'node:fs';
import { Refused } from '../api.mjs';
import { collect, joinFolder, where } from '../files.mjs';
import { refusalOf } from '../rules.mjs';

export const SETTLE_MS = 2000;
export const SCAN_MS = 1000;

/** Files an application is still writing or keeps for itself: never sent. */
export const isScratch = (name) => name.startsWith('.') || /(\.part|\.tmp|~)$/i.test(name);

/** A refusal about the file itself, not the network, the login or a busy server. */
const refusedForGood = (err) =>
  err instanceof Refused &&
  err.status >= 400 &&
  err.status < 500 &&
  ![401, 403, 408, 409, 429].includes(err.status);

export function createRenders({
  api,
  uploader,
  state,
  dir,
  dest,
  cloudId,
  settleMs = SETTLE_MS,
  scanMs = SCAN_MS,
  log = () => {},
}) {
  const seen = new Map(); // abs → { size, mtime, since }
  const skipped = new Set(); // abs|size|mtime refused by the name rules (said once)
  let busy = null; // the upload in flight (a promise)
  let timer = null;
  let abort = new AbortController();

  const keyOf = (f) => uploader.keyOf(f, dest);
  const isDone = (f) => !!state.get(keyOf(f))?.rendered;

  function list() {
    if (!existsSync(dir)) return [];
    try {
      return collect(dir, { keepRoot: false }).filter((f) => !isScratch(f.name));
    } catch {
      return []; // a file removed mid-scan: the next scan sees the folder as it is
    }
  }

  /** The files not yet sent (written, being written or waiting for their turn). */
  const pendingFiles = () =>
    list().filter((f) => !isDone(f) && !skipped.has(`${f.abs}|${f.size}|${f.mtime}`));

  async function send(f) {
    const key = keyOf(f);
    const { ingestDbId } = await uploader.uploadFile(f, dest, { signal: abort.signal });
    if (!ingestDbId) throw new Error('the upload answered no asset id');
    const answer = await api.post(
      '/api/cloud/agent/render',
      { cloud_id: cloudId, ingest_db_id: ingestDbId },
      abort.signal,
    );
    state.set(key, { ...state.get(key), rendered: true });
    const shown = where({ folderPath: joinFolder(dest.folderPath, f.folderPath), name: f.name });
    log(answer?.versioned ? `render sent ${shown} (version ${answer.version_no})` : `render sent ${shown}`);
  }

  /** The settled files not sent yet; `settle` 0 takes whatever is there now and unchanged since last look. */
  function ready(settle) {
    const now = Date.now();
    const out = [];
    for (const f of pendingFiles()) {
      const why = refusalOf(f.name, joinFolder(dest.folderPath, f.folderPath));
      if (why) {
        skipped.add(`${f.abs}|${f.size}|${f.mtime}`);
        log(`not sent ${f.name}: ${why}`);
        continue;
      }
      const prev = seen.get(f.abs);
      if (!prev || prev.size !== f.size || prev.mtime !== f.mtime) {
        seen.set(f.abs, { size: f.size, mtime: f.mtime, since: now });
        continue;
      }
      if (now - prev.since >= settle) out.push(f);
    }
    return out;
  }

  async function round(settle = settleMs) {
    for (const f of ready(settle)) {
      if (abort.signal.aborted) return;
      try {
        await send(f);
      } catch (err) {
        if (abort.signal.aborted) return;
        if (refusedForGood(err)) {
          // The server will not take this file as it is (its name, its size): trying again only
          // delays the final sync. Written again, it is a new version and is tried again.
          skipped.add(`${f.abs}|${f.size}|${f.mtime}`);
          log(`render not sent ${f.name}: ${err.message}`);
        } else {
          log(`render not sent ${f.name}: ${err.message} (tried again)`);
          seen.delete(f.abs);
        }
      }
    }
  }

  function tick() {
    if (busy) return;
    busy = round().finally(() => (busy = null));
  }

  return {
    pending: () => pendingFiles().length,
    start() {
      log(`watching ${dir}`);
      tick();
      timer = setInterval(tick, scanMs);
      return this;
    },
    /** Stops the scans and pauses an upload in flight (its parts stay stored). */
    async stop() {
      clearInterval(timer);
      abort.abort(new Error('stopped'));
      await busy?.catch(() => {});
      abort = new AbortController();
    },
    /**
     * The final sync: every file in Renders goes up, including one closed a moment ago (it still
     * has to be unchanged for `settleMs`, so a file being written is not sent half-way). Resolves
     * with the number of files left (0 unless `timeoutMs` ran out or the server kept refusing).
     */
    async flush({ timeoutMs = 10 * 60_000 } = {}) {
      clearInterval(timer);
      await busy?.catch(() => {});
      const until = Date.now() + timeoutMs;
      let left = pendingFiles().length;
      while (left > 0 && Date.now() < until) {
        await round(settleMs);
        left = pendingFiles().length;
        if (left > 0) await new Promise((r) => setTimeout(r, Math.min(scanMs, 500)));
      }
      return left;
    },
  };
}
