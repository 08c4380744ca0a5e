// The local page's work: the upload queue (files dropped on the page, spooled to disk so a restart
// resumes them) and the watch folders, both kept in the config directory and run with the same
// code as the `upload` and `watch` commands.
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { createApi } from '../api.mjs';
import { configPath, loadLogin } from '../config.mjs';
import { where } from '../files.mjs';
import { parseProject } from '../project.mjs';
import { destinationOf } from '../session.mjs';
import { jsonStore } from '../state.mjs';
import { createUploader } from '../upload.mjs';
import { createWatcher } from '../watch.mjs';

const PUBLIC = ['id', 'name', 'size', 'sent', 'status', 'error', 'project', 'folder'];
const pick = (job) => Object.fromEntries(PUBLIC.map((k) => [k, job[k]]));

export function createWork({ log = () => {} } = {}) {
  const saved = jsonStore(configPath('page.json')); // { jobs: [...], watches: [...] }
  const state = jsonStore(configPath('uploads.json'));
  const jobs = (saved.get('jobs') ?? []).map((j) => ({
    ...j,
    status: j.status === 'uploading' ? 'queued' : j.status,
  }));
  const watches = saved.get('watches') ?? [];
  const running = new Map(); // job id → AbortController
  const watchers = new Map(); // watch id → watcher
  let session = null;

  const persist = () => {
    saved.set(
      'jobs',
      jobs.filter((j) => j.status !== 'cancelled').map((j) => ({ ...pick(j), abs: j.abs, mtime: j.mtime })),
    );
    saved.set('watches', watches);
  };

  function connect() {
    const login = loadLogin();
    if (!login) return (session = null);
    const api = createApi(login);
    session = { login, api, uploader: createUploader({ api, state, log }) };
    return session;
  }

  const destinations = new Map();
  async function dest(project, folder) {
    const k = `${project}|${folder ?? ''}`;
    if (!destinations.has(k))
      destinations.set(k, (await destinationOf(session.api, parseProject(project), folder)).dest);
    return destinations.get(k);
  }

  async function pump() {
    if (!session || [...running.keys()].length > 0) return;
    const job = jobs.find((j) => j.status === 'queued');
    if (!job) return;
    const abort = new AbortController();
    running.set(job.id, abort);
    job.status = 'uploading';
    job.error = null;
    try {
      const file = { abs: job.abs, name: job.name, folderPath: '/', size: job.size, mtime: job.mtime };
      await session.uploader.uploadFile(file, await dest(job.project, job.folder), {
        signal: abort.signal,
        onProgress: (sent) => (job.sent = sent),
      });
      job.status = 'done';
      job.sent = job.size;
      rmSync(path.dirname(job.abs), { recursive: true, force: true });
    } catch (err) {
      if (!abort.signal.aborted) {
        job.status = 'error';
        job.error = err.message;
        log(`failed ${where({ folderPath: '/', name: job.name })}: ${err.message}`);
      }
    } finally {
      running.delete(job.id);
      persist();
      setImmediate(pump);
    }
  }

  function startWatch(w) {
    if (!session || watchers.has(w.id)) return;
    const entry = { watcher: null };
    watchers.set(w.id, entry);
    dest(w.project, w.folder)
      .then((d) => {
        if (!watchers.has(w.id)) return;
        entry.watcher = createWatcher({
          uploader: session.uploader,
          state,
          dir: w.dir,
          dest: d,
          log,
        }).start();
      })
      .catch((err) => (entry.error = err.message));
  }

  return {
    signedIn: () => (session ? { url: session.login.url } : null),
    connect() {
      for (const [, e] of watchers) e.watcher?.stop();
      watchers.clear();
      destinations.clear();
      if (connect()) {
        for (const w of watches) startWatch(w);
        pump();
      }
    },
    api: () => session?.api,
    /** A file the page sent: its bytes are in `abs` (a spool folder of its own). */
    spoolDir() {
      const id = randomUUID();
      const dir = configPath(path.join('spool', id));
      mkdirSync(dir, { recursive: true });
      return { id, dir };
    },
    async addJob({ id, abs, name, project, folder }) {
      await dest(project, folder); // refuses an unknown project before queueing
      const st = statSync(abs);
      const job = {
        id,
        abs,
        name,
        size: st.size,
        mtime: st.mtimeMs,
        sent: 0,
        status: 'queued',
        project,
        folder,
      };
      jobs.push(job);
      persist();
      pump();
      return pick(job);
    },
    pause(id) {
      const job = jobs.find((j) => j.id === id);
      if (!job || !['queued', 'uploading', 'error'].includes(job.status)) return false;
      running.get(id)?.abort(new Error('paused'));
      job.status = 'paused';
      persist();
      return true;
    },
    resume(id) {
      const job = jobs.find((j) => j.id === id);
      if (!job || !['paused', 'error'].includes(job.status)) return false;
      job.status = 'queued';
      persist();
      pump();
      return true;
    },
    async cancel(id) {
      const job = jobs.find((j) => j.id === id);
      if (!job || job.status === 'done') return false;
      running.get(id)?.abort(new Error('cancelled'));
      job.status = 'cancelled';
      const file = { abs: job.abs, name: job.name, folderPath: '/', size: job.size, mtime: job.mtime };
      if (session)
        await session.uploader.cancelFile(file, await dest(job.project, job.folder)).catch(() => {});
      rmSync(path.dirname(job.abs), { recursive: true, force: true });
      persist();
      return true;
    },
    clearDone() {
      for (let i = jobs.length - 1; i >= 0; i--)
        if (['done', 'cancelled'].includes(jobs[i].status)) jobs.splice(i, 1);
      persist();
    },
    async addWatch({ dir, project, folder }) {
      const abs = path.resolve(dir);
      if (!statSync(abs).isDirectory()) throw new Error(`${abs} is not a folder`);
      await dest(project, folder);
      const w = { id: randomUUID(), dir: abs, project, folder: folder || '' };
      watches.push(w);
      persist();
      startWatch(w);
      return w;
    },
    removeWatch(id) {
      const i = watches.findIndex((w) => w.id === id);
      if (i < 0) return false;
      watchers.get(id)?.watcher?.stop();
      watchers.delete(id);
      watches.splice(i, 1);
      persist();
      return true;
    },
    view: () => ({
      jobs: jobs.map(pick),
      watches: watches.map((w) => {
        const e = watchers.get(w.id);
        return {
          ...w,
          uploaded: e?.watcher?.status.uploaded ?? 0,
          current: e?.watcher?.status.current ?? null,
          error: e?.error ?? e?.watcher?.status.error ?? null,
        };
      }),
    }),
    stop() {
      for (const [, a] of running) a.abort(new Error('stopped'));
      for (const [, e] of watchers) e.watcher?.stop();
    },
  };
}
