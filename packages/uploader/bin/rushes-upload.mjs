#!/usr/bin/env node
// Rushes uploader: uploads files and whole folders into a project through the same
// multipart protocol as the browser (start, signed part PUTs in parallel, complete), resumable after
// Ctrl-C or a crash (the upload ids are kept in a state file; on restart the server's list of stored
// parts decides what is sent again). Logs in with a personal access token made in account settings.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const USAGE = `Usage: rushes-upload --url <https://rushes.example> --token <rsh_…> --project <project_db_id>
                     [--folder <folder_db_id>] [--parallel 4] [--state <file>] <file or folder>...
Environment: RUSHES_URL, RUSHES_TOKEN. Run it again after an interruption: finished parts are not sent again.`;

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: process.env.RUSHES_URL },
    token: { type: 'string', default: process.env.RUSHES_TOKEN },
    project: { type: 'string' },
    folder: { type: 'string' },
    parallel: { type: 'string', default: '4' },
    state: { type: 'string', default: path.join(os.homedir(), '.rushes-uploader', 'state.json') },
    help: { type: 'boolean', short: 'h' },
  },
});
if (opts.help || !opts.url || !opts.token || !opts.project || positionals.length === 0) {
  console.error(USAGE);
  process.exit(opts.help ? 0 : 2);
}
const base = opts.url.replace(/\/$/, '');
const parallel = Math.max(1, Math.min(16, Number(opts.parallel) || 4));
const headers = {
  authorization: `Bearer ${opts.token}`,
  'api-type': 'uploader',
  'api-version': '1',
  'content-type': 'application/json',
};

class Refused extends Error {}

async function api(method, apiPath, payload) {
  const url = new URL(base + apiPath);
  const init = { method, headers: { ...headers } };
  if (method === 'GET') for (const [k, v] of Object.entries(payload ?? {})) url.searchParams.set(k, v);
  else init.body = JSON.stringify(payload ?? {});
  if (method === 'GET') delete init.headers['content-type'];
  const res = await fetch(url, init);
  const body = await res.json().catch(() => ({}));
  if (!res.ok || body.response === false) {
    const err = new Refused(body.errormessage || `HTTP ${res.status}`);
    err.status = res.status;
    throw err;
  }
  return body.data;
}

// ---- state: the upload id of each file, so a restart resumes it ----
const loadState = () => {
  try {
    return JSON.parse(readFileSync(opts.state, 'utf8'));
  } catch {
    return {};
  }
};
let state = loadState();
const saveState = () => {
  mkdirSync(path.dirname(opts.state), { recursive: true });
  const tmp = `${opts.state}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(state, null, 1));
  renameSync(tmp, opts.state);
};
const keyOf = (f) =>
  createHash('sha256')
    .update([base, opts.project, opts.folder ?? '', f.abs, f.size, f.mtime].join('|'))
    .digest('hex');

// ---- files: a folder keeps its name and structure (like the browser's folder upload) ----
function collect(p) {
  const abs = path.resolve(p);
  const st = statSync(abs);
  if (st.isFile())
    return [{ abs, name: path.basename(abs), folderPath: '/', size: st.size, mtime: st.mtimeMs }];
  const out = [];
  const walk = (dir, rel) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, `${rel}/${entry.name}`);
      else if (entry.isFile()) {
        const s = statSync(full);
        out.push({ abs: full, name: entry.name, folderPath: rel, size: s.size, mtime: s.mtimeMs });
      }
    }
  };
  walk(abs, `/${path.basename(abs)}`);
  return out;
}

// ---- progress ----
let total = 0;
let done = 0;
const tty = process.stderr.isTTY;
function progress(label) {
  const pct = total ? Math.floor((done / total) * 100) : 100;
  const width = 30;
  const bar = '#'.repeat(Math.round((pct / 100) * width)).padEnd(width, ' ');
  const line = `[${bar}] ${String(pct).padStart(3)}% ${(done / 1e6).toFixed(1)}/${(total / 1e6).toFixed(1)} MB ${label}`;
  if (tty) process.stderr.write(`\r${line.slice(0, process.stderr.columns - 1 || 100)}`);
}
const log = (line) => {
  if (tty) process.stderr.write('\r\x1b[K');
  console.log(line);
};

// ---- one file ----
async function openUpload(f) {
  const key = keyOf(f);
  const known = state[key]?.upload_id;
  if (known) {
    try {
      const listed = await api('GET', '/api/upload/assets/parts', {
        project_db_id: opts.project,
        upload_id: known,
      });
      return { key, upload: listed, stored: listed.parts, resumed: true };
    } catch (err) {
      if (!(err instanceof Refused) || ![404, 409].includes(err.status)) throw err;
      delete state[key];
    }
  }
  const started = await api('POST', '/api/upload/assets', {
    project_db_id: opts.project,
    folder_db_id: opts.folder ?? null,
    data: {
      upload_status: 'started',
      file_info: {
        filename: f.name,
        folder_path: f.folderPath,
        extension: path.extname(f.name).slice(1),
        size: f.size,
        mime_type: 'application/octet-stream',
      },
    },
  });
  state[key] = { upload_id: started.upload_id };
  saveState();
  return { key, upload: started, stored: [], resumed: false, signed: started.parts };
}

async function sign(uploadId, numbers) {
  const out = new Map();
  for (let i = 0; i < numbers.length; i += 100) {
    const got = await api('POST', '/api/upload/assets/sign-parts', {
      project_db_id: opts.project,
      upload_id: uploadId,
      part_numbers: numbers.slice(i, i + 100),
    });
    for (const p of got.parts) out.set(p.PartNumber, p.url);
  }
  return out;
}

async function uploadFile(f) {
  const where = `${f.folderPath === '/' ? '' : f.folderPath}/${f.name}`;
  if (state[keyOf(f)]?.completed) {
    done += f.size;
    log(`already uploaded ${where}`);
    return;
  }
  const { key, upload, stored, resumed, signed } = await openUpload(f);
  const partSize = upload.part_size;
  const count = upload.part_count;
  const expected = (n) => Math.min(partSize, f.size - (n - 1) * partSize);
  const etags = new Map();
  for (const p of stored) if (p.Size === expected(p.PartNumber)) etags.set(p.PartNumber, p.ETag);
  for (const n of etags.keys()) done += expected(n);
  if (resumed) log(`resume ${where}: ${etags.size}/${count} parts already stored`);
  const todo = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !etags.has(n));
  const urls = new Map((signed ?? []).map((p) => [p.PartNumber, p.url]));
  const missing = todo.filter((n) => !urls.has(n));
  if (missing.length) for (const [n, u] of await sign(upload.upload_id, missing)) urls.set(n, u);
  const handle = await open(f.abs, 'r');
  try {
    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        const n = todo[next++];
        const length = expected(n);
        const buf = Buffer.alloc(length);
        await handle.read(buf, 0, length, (n - 1) * partSize);
        const url = urls.get(n);
        const res = await fetch(/^https?:/.test(url) ? url : base + url, { method: 'PUT', body: buf });
        if (!res.ok) throw new Error(`part ${n} of ${f.name}: HTTP ${res.status}`);
        etags.set(n, res.headers.get('etag'));
        done += length;
        log(`sent ${f.name} part ${n}/${count}`);
        progress(f.name);
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, todo.length) }, worker));
  } finally {
    await handle.close();
  }
  const parts = Array.from({ length: count }, (_, i) => ({ PartNumber: i + 1, ETag: etags.get(i + 1) }));
  await api('POST', '/api/upload/assets/complete', {
    project_db_id: opts.project,
    upload_id: upload.upload_id,
    folder_path: f.folderPath,
    parts,
  });
  // Kept as completed, so running the same command again does not upload it twice.
  state[key] = { upload_id: upload.upload_id, completed: true };
  saveState();
  log(`uploaded ${where}`);
}

async function main() {
  const files = positionals.flatMap(collect);
  total = files.reduce((s, f) => s + f.size, 0);
  for (const f of files) await uploadFile(f);
  if (tty) process.stderr.write('\n');
  log(`done: ${files.length} file(s)`);
}

main().catch((err) => {
  if (tty) process.stderr.write('\n');
  console.error(`rushes-upload: ${err.message}`);
  process.exit(err instanceof Refused && err.status === 401 ? 3 : 1);
});
