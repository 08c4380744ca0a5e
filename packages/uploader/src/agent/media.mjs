// The project's media onto the workstation. The folder tree is made at once; each file appears in
// it, read-only, the moment it has arrived whole (no FUSE here, so nothing is "fetched on open"): small
// files first so documents, stills and proxies are there within seconds, then the large ones, four at
// a time. A file is streamed into ~/.rushes-agent/parts/<id>.part, checked (size, SHA-256 when the
// manifest gives it) and renamed into place; a .part left by a kill continues with a Range request.
// On the server's own machine (the local provider) the manifest names the blob store's files and
// the .part is copied from them instead (localCopy.mjs), the signed URL being the fallback.
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { chmod } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readJson, writeJson } from '../config.mjs';
import { ensureDirs, layoutOf, prepareLayout, segmentsOf, withWritable } from './layout.mjs';
import { copyLocal, serverIsLocal } from './localCopy.mjs';

export const MEDIA_PARALLEL = 4;
const RETRIES_MS = [500, 2000, 5000];
const STATUS_EVERY_MS = 1000;
const NOTE =
  'Project files appear here as they arrive, smallest first, read-only. ' +
  'Save what you make in the Renders folder: each file closed there is sent back to the project.';

class Mismatch extends Error {}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** What identifies one version of a manifest file: a changed one is fetched again. */
const versionOf = (f) => (f.sha256 ? `${f.size}:${f.sha256}` : `${f.size}:${f.updated_at ?? ''}`);
/** The .part of a file version in ~/.rushes-agent/parts (stable across restarts). */
export const partNameOf = (f) =>
  `${createHash('sha256')
    .update(`${f.path}|${versionOf(f)}`)
    .digest('hex')
    .slice(0, 32)}.part`;

/** A GET through node's own client: about half again as fast as fetch's web streams for big bodies. */
function get(url, headers, signal) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = (u.protocol === 'https:' ? https : http).get(u, { headers, signal }, resolve);
    req.on('error', reject);
  });
}

async function hashOf(file, hash) {
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk);
  return hash;
}

/**
 * Streams one file into its .part (continuing a partial one), then checks it. Returns the bytes
 * fetched and the offset the fetch continued from.
 */
async function fetchPart(f, partFile, { abs, signal }) {
  let have = existsSync(partFile) ? statSync(partFile).size : 0;
  if (have > f.size) {
    rmSync(partFile);
    have = 0;
  }
  let hash = f.sha256 ? createHash('sha256') : null;
  if (hash && have) await hashOf(partFile, hash);
  let fetched = 0;
  let from = have;
  if (have < f.size) {
    const res = await get(abs(f.url), have ? { range: `bytes=${have}-` } : {}, signal);
    if (res.statusCode !== 200 && res.statusCode !== 206) {
      res.resume();
      throw new Error(`HTTP ${res.statusCode}`);
    }
    if (have && res.statusCode === 200) {
      // The store ignored the range: the whole file comes again.
      have = 0;
      from = 0;
      hash = f.sha256 ? createHash('sha256') : null;
    }
    const counting = new Transform({
      transform(chunk, _enc, done) {
        fetched += chunk.length;
        hash?.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(
      res,
      counting,
      createWriteStream(partFile, { flags: have ? 'a' : 'w', mode: 0o600, highWaterMark: 1 << 20 }),
      { signal },
    );
  } else if (f.size === 0) writeFileSync(partFile, '');
  const size = existsSync(partFile) ? statSync(partFile).size : 0;
  if (size !== f.size) {
    if (size > f.size) rmSync(partFile, { force: true });
    throw new Mismatch(`${size} bytes of ${f.size}`);
  }
  if (hash && hash.digest('hex') !== f.sha256.toLowerCase()) {
    rmSync(partFile, { force: true });
    throw new Mismatch('SHA-256 differs');
  }
  return { fetched, from };
}

/**
 * Brings the manifest's files under ~/<Project>/ and returns { files, bytes, seconds, failed }:
 * the files fetched in this call, their bytes, the time it took, and the paths that failed (fetched
 * again next time). Files already in place (same version) are not fetched again. `abs` turns a
 * relative signed URL into an absolute one; `signal` stops it (partial files are kept for later);
 * `local: false` fetches every file even where the manifest names local sources.
 */
export async function syncProjectMedia(manifest, homeDir, opts = {}) {
  const { parallel = MEDIA_PARALLEL, signal, log = () => {}, abs = (u) => u, local = true } = opts;
  const started = Date.now();
  /** The file from the blob store's own files (localCopy.mjs), checked; null: fetch it instead. */
  const copied = async (f, partFile) => {
    if (!local || !f.local || !serverIsLocal(abs(f.url))) return null;
    try {
      await copyLocal(f, partFile);
      if (f.sha256 && (await hashOf(partFile, createHash('sha256'))).digest('hex') !== f.sha256.toLowerCase())
        throw new Mismatch('SHA-256 differs');
      return { fetched: f.size, from: 0, local: true };
    } catch (err) {
      rmSync(partFile, { force: true });
      log(`no local copy of ${f.path} (${err.message}): fetching it`);
      return null;
    }
  };
  const layout = prepareLayout(layoutOf(manifest, homeDir));
  const before = readJson(layout.statusFile, {}).files ?? {};
  const known = {};
  const wanted = [];
  for (const f of manifest.files ?? []) {
    const segments = segmentsOf(f.path);
    // The project's earlier renders stay on the server: this session's Renders is the way back.
    if (!segments || segments[0] === layout.rendersName) continue;
    wanted.push({ ...f, segments });
  }
  wanted.sort((a, b) => a.size - b.size || a.path.localeCompare(b.path));
  const failed = [];
  // The whole tree first, so the editor sees every folder at once.
  const placeable = wanted.filter((f) => {
    try {
      ensureDirs(layout.projectDir, f.segments.slice(0, -1));
      return true;
    } catch (err) {
      // A file and a folder of the same name: the folder wins, the file is said to be missing.
      log(`not arrived ${f.path}: ${err.message}`);
      failed.push(f.path);
      return false;
    }
  });

  const todo = placeable.filter((f) => {
    const target = path.join(layout.projectDir, ...f.segments);
    const version = versionOf(f);
    if (before[f.path]?.version === version && existsSync(target) && statSync(target).size === f.size) {
      known[f.path] = before[f.path];
      return false;
    }
    known[f.path] = { size: f.size, version, state: 'waiting' };
    return true;
  });
  let lastWrite = 0;
  const writeStatus = (force) => {
    if (!force && Date.now() - lastWrite < STATUS_EVERY_MS) return;
    lastWrite = Date.now();
    const states = Object.values(known);
    const arrived = states.filter((s) => s.state === 'done');
    withWritable(layout.projectDir, () =>
      writeJson(
        layout.statusFile,
        {
          note: NOTE,
          order: 'smallest first',
          updated_at: new Date().toISOString(),
          files_total: states.length,
          files_arrived: arrived.length,
          bytes_total: states.reduce((n, s) => n + s.size, 0),
          bytes_arrived: arrived.reduce((n, s) => n + s.size, 0),
          files: known,
        },
        0o444,
      ),
    );
  };
  writeStatus(true);

  let bytes = 0;
  let files = 0;
  let next = 0;
  const worker = async () => {
    while (next < todo.length && !signal?.aborted) {
      const f = todo[next++];
      const dir = path.join(layout.projectDir, ...f.segments.slice(0, -1));
      const target = path.join(dir, f.segments.at(-1));
      const partFile = path.join(layout.partsDir, partNameOf(f));
      known[f.path].state = 'arriving';
      for (let attempt = 0; ; attempt++) {
        try {
          const got = (await copied(f, partFile)) ?? (await fetchPart(f, partFile, { abs, signal }));
          bytes += got.fetched;
          await chmod(partFile, 0o444);
          withWritable(dir, () => renameSync(partFile, target));
          known[f.path].state = 'done';
          files++;
          log(
            `arrived ${f.path}${got.local ? ' (copied on this machine)' : got.from ? ` (continued from byte ${got.from})` : ''}`,
          );
          break;
        } catch (err) {
          if (signal?.aborted) return;
          if (attempt >= RETRIES_MS.length) {
            known[f.path].state = 'failed';
            failed.push(f.path);
            log(`not arrived ${f.path}: ${err.message} (tried again at the next manifest)`);
            break;
          }
          await sleep(RETRIES_MS[attempt]);
        }
      }
      writeStatus(false);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, todo.length) }, worker));
  writeStatus(true);
  return { files, bytes, seconds: (Date.now() - started) / 1000, failed };
}
