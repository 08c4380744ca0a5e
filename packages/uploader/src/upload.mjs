// One file through the browser's multipart protocol: start, signed part PUTs in parallel, complete.
// Resumable: the upload id of each file is kept in a state file; after a crash, a kill or a dropped
// network the server's list of stored parts decides what is sent again.
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Refused } from './api.mjs';
import { joinFolder, where } from './files.mjs';

/** Waits before each new try of a request the network lost (no answer, a 5xx), like the web. */
export const RETRY_DELAYS_MS = [1000, 3000, 5000, 10_000];
const SIGN_BATCH = 100;

const sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/**
 * The URL that continues a part from `offset`: the server kept that many bytes of it from a PUT
 * that was cut off (a kill, a lost network), so only the rest travels again.
 */
const partUrlFrom = (url, offset) =>
  offset > 0 ? `${url}${url.includes('?') ? '&' : '?'}offset=${offset}` : url;

const retryable = (err) => !(err instanceof Refused) || err.status >= 500 || err.status === 429;

/** Runs `fn` again after a network failure, up to RETRY_DELAYS_MS.length more times. */
export async function retrying(fn, signal, delays = RETRY_DELAYS_MS) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (attempt >= delays.length || !retryable(err)) throw err;
      await sleep(delays[attempt], signal);
    }
  }
}

/**
 * `dest`: { projectDbId, folderDbId (the folder the upload goes into, or null), folderPath (a path
 * under it, created on completion: '/' or '/A/B') }. `state`: a jsonStore of upload ids.
 */
export function createUploader({ api, state, parallel = 4, log = () => {}, delays = RETRY_DELAYS_MS }) {
  const keyOf = (f, dest) =>
    createHash('sha256')
      .update(
        [
          api.base,
          dest.projectDbId,
          dest.folderDbId ?? '',
          dest.folderPath ?? '/',
          f.abs,
          f.size,
          f.mtime,
        ].join('|'),
      )
      .digest('hex');

  async function openUpload(f, dest, key, folderPath, signal) {
    const known = state.get(key)?.upload_id;
    if (known) {
      try {
        const listed = await retrying(
          () =>
            api.get(
              '/api/upload/assets/parts',
              { project_db_id: dest.projectDbId, upload_id: known },
              signal,
            ),
          signal,
          delays,
        );
        return { upload: listed, stored: listed.parts, resumed: true };
      } catch (err) {
        if (!(err instanceof Refused) || ![404, 409].includes(err.status)) throw err;
        // 409: completed by a run killed before it could record so; the asset exists, once.
        if (err.status === 409) return { completed: true };
        state.delete(key);
      }
    }
    const started = await retrying(
      () =>
        api.post(
          '/api/upload/assets',
          {
            project_db_id: dest.projectDbId,
            folder_db_id: dest.folderDbId ?? null,
            data: {
              upload_status: 'started',
              file_info: {
                filename: f.name,
                folder_path: folderPath,
                extension: path.extname(f.name).slice(1),
                size: f.size,
                mime_type: 'application/octet-stream',
              },
            },
          },
          signal,
        ),
      signal,
      delays,
    );
    state.set(key, {
      upload_id: started.upload_id,
      project_db_id: dest.projectDbId,
      ingest_db_id: started.ingest_db_id,
    });
    return { upload: started, stored: [], resumed: false, signed: started.parts };
  }

  async function sign(uploadId, projectDbId, numbers, signal) {
    const out = new Map();
    for (let i = 0; i < numbers.length; i += SIGN_BATCH) {
      const got = await retrying(
        () =>
          api.post(
            '/api/upload/assets/sign-parts',
            {
              project_db_id: projectDbId,
              upload_id: uploadId,
              part_numbers: numbers.slice(i, i + SIGN_BATCH),
            },
            signal,
          ),
        signal,
        delays,
      );
      for (const p of got.parts) out.set(p.PartNumber, { url: p.url, offset: p.offset ?? 0 });
    }
    return out;
  }

  /**
   * Uploads one file (or finds it already uploaded). `onProgress(sentBytes, size)` after each part;
   * `signal` pauses it: the parts already stored stay, the next call resumes.
   */
  async function uploadFile(f, dest, { signal, onProgress = () => {} } = {}) {
    const key = keyOf(f, dest);
    const folderPath = joinFolder(dest.folderPath ?? '/', f.folderPath);
    const shown = where({ folderPath, name: f.name });
    const done = () => {
      state.set(key, { ...state.get(key), completed: true });
      onProgress(f.size, f.size);
      log(`already uploaded ${shown}`);
      return { key, already: true, ingestDbId: state.get(key).ingest_db_id ?? null };
    };
    if (state.get(key)?.completed) return done();
    const opened = await openUpload(f, dest, key, folderPath, signal);
    if (opened.completed) return done();
    const { upload, stored, resumed, signed } = opened;
    const partSize = upload.part_size;
    const count = upload.part_count;
    const expected = (n) => Math.min(partSize, f.size - (n - 1) * partSize);
    const etags = new Map();
    for (const p of stored) if (p.Size === expected(p.PartNumber)) etags.set(p.PartNumber, p.ETag);
    let sent = 0;
    for (const n of etags.keys()) sent += expected(n);
    onProgress(sent, f.size);
    if (resumed) log(`resume ${shown}: ${etags.size}/${count} parts already stored`);
    const todo = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !etags.has(n));
    const urls = new Map((signed ?? []).map((p) => [p.PartNumber, { url: p.url, offset: 0 }]));
    const missing = todo.filter((n) => !urls.has(n));
    if (missing.length)
      for (const [n, u] of await sign(upload.upload_id, dest.projectDbId, missing, signal)) urls.set(n, u);
    const handle = await open(f.abs, 'r');
    try {
      let next = 0;
      const putPart = async (n, buf) => {
        const { url, offset } = urls.get(n);
        // Only the first try continues from the kept bytes; a retry sends the part whole.
        urls.set(n, { url, offset: 0 });
        const body = offset > 0 ? buf.subarray(offset) : buf;
        const res = await fetch(api.abs(partUrlFrom(url, offset)), { method: 'PUT', body, signal });
        if (res.status === 403) {
          // The signed URL expired (a long pause): sign it again and retry.
          for (const [m, u] of await sign(upload.upload_id, dest.projectDbId, [n], signal)) urls.set(m, u);
        }
        if (!res.ok)
          throw new Refused(
            `part ${n} of ${f.name}: HTTP ${res.status}`,
            res.status === 403 ? 503 : res.status,
          );
        return res.headers.get('etag');
      };
      const worker = async () => {
        while (next < todo.length) {
          if (signal?.aborted) throw signal.reason;
          const n = todo[next++];
          const length = expected(n);
          const buf = Buffer.alloc(length);
          await handle.read(buf, 0, length, (n - 1) * partSize);
          etags.set(n, await retrying(() => putPart(n, buf), signal, delays));
          sent += length;
          log(`sent ${f.name} part ${n}/${count}`);
          onProgress(sent, f.size);
        }
      };
      await Promise.all(Array.from({ length: Math.min(parallel, todo.length) }, worker));
    } finally {
      await handle.close();
    }
    const parts = Array.from({ length: count }, (_, i) => ({ PartNumber: i + 1, ETag: etags.get(i + 1) }));
    const complete = () =>
      api.post(
        '/api/upload/assets/complete',
        { project_db_id: dest.projectDbId, upload_id: upload.upload_id, folder_path: folderPath, parts },
        signal,
      );
    for (let waited = 0; ; waited++) {
      try {
        await retrying(complete, signal, delays);
        break;
      } catch (err) {
        if (!(err instanceof Refused) || err.status !== 409) throw err;
        // 409: complete already (a retry whose first answer was lost) or being completed by a run
        // that was killed meanwhile; the parts list tells which (it answers 409 once complete).
        const listed = await api
          .get(
            '/api/upload/assets/parts',
            { project_db_id: dest.projectDbId, upload_id: upload.upload_id },
            signal,
          )
          .then(
            () => 'open',
            (e) => (e instanceof Refused && e.status === 409 ? 'completed' : 'unknown'),
          );
        if (listed === 'completed') break;
        if (waited >= delays.length) throw err;
        await sleep(delays[waited], signal);
      }
    }
    // Kept as completed, so running the same command again does not upload it twice.
    state.set(key, { upload_id: upload.upload_id, completed: true, ingest_db_id: upload.ingest_db_id });
    log(`uploaded ${shown}`);
    return { key, already: false, ingestDbId: upload.ingest_db_id };
  }

  /** Cancels a file's upload: the server frees its parts, the state forgets it. */
  async function cancelFile(f, dest) {
    const key = keyOf(f, dest);
    const rec = state.get(key);
    if (rec?.upload_id && !rec.completed)
      await api
        .del('/api/upload/assets', { project_db_id: dest.projectDbId, upload_id: rec.upload_id })
        .catch(() => {});
    state.delete(key);
  }

  return { uploadFile, cancelFile, keyOf };
}
