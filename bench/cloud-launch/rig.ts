/**
 * What the cloud benches (cloud-launch, cloud-media, cloud-render) share: one app of ours in this
 * process, listening on a port of loopback (the workstation agent reaches it there, as on a server
 * running the local provider), its job worker running (boot, media pipeline, shutdown), a team with
 * credits, a project, its owner's cookie and a personal access token for the uploader. The database
 * is BENCH_DATABASE_URL's PostgreSQL (a scratch database per run) when set, else in-memory PGlite.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { API } from '@rushes/shared';
import { freePort } from '../../apps/server/src/platform/freePort.ts';
import {
  cloudWorld,
  end,
  plainDesktopCatalogueFile,
  sessionRow,
  until as untilIn,
} from '../../apps/server/src/modules/cloud/cloud.testkit.ts';
import { createTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { median } from '../stats.ts';

export const exec = promisify(execFile);
export const root = path.resolve(import.meta.dirname, '../..');
/** This checkout's uploader and agent program (what the local provider runs without CLOUD_AGENT_BIN). */
export const UPLOADER = path.join(root, 'packages/uploader/bin/rushes-upload.mjs');
export const MiB = 1024 * 1024;
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export function log(line: string) {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
}

/** The 1-, 5- and 15-minute load averages now (printed with every figure: the machine is shared). */
export const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** median (min–max) */
export const spread = (xs: number[], digits = 2) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

/** The testkit's poll, with the benches' shorter step and longer limit. */
export const until = <T>(fn: () => Promise<T | null | undefined | false>, every = 50, limitMs = 120_000) =>
  untilIn(fn, every, limitMs);

export interface CloudRig {
  t: TestApp;
  base: string;
  dir: string;
  owner: Awaited<ReturnType<typeof cloudWorld>>['owner'];
  projectId: string;
  /** a personal access token of the owner (the uploader's login) */
  token: string;
  /** Ends a session through the API and waits until it is released (its machine gone). */
  endSession(id: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The app, with the local provider unless told, and a catalogue with one more software,
 * 'plain_desktop', whose program is `sleep` (for benches where the program is not what is measured).
 */
export async function cloudRig(env: Record<string, string> = {}): Promise<CloudRig> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-bench-cloud-'));
  const catalogueFile = await plainDesktopCatalogueFile(dir);
  const port = await freePort();
  const dbUrl = process.env.BENCH_DATABASE_URL;
  if (dbUrl) process.env.DATABASE_URL = dbUrl;
  else delete process.env.DATABASE_URL;
  const t = await createTestApp({
    CLOUD_PROVIDER: 'local',
    CLOUD_LOCAL_GEOMETRY: '1280x720',
    CLOUD_LOCAL_HOME_DIR: path.join(dir, 'homes'),
    CLOUD_CATALOGUE_FILE: catalogueFile,
    CLOUD_FINAL_SYNC_SECONDS: '30',
    PORT: String(port),
    RATE_LIMIT: 'false',
    // the production default (the test harness polls every 50 ms); work enqueued here wakes it anyway
    JOBS_POLL_MS: '1000',
    ...env,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  t.ctx.jobs.start();
  const { owner, projectId } = await cloudWorld(t, 0);
  const made = await t.call<{ token: string }>('POST', API.camera.tokens, {
    cookie: owner.cookie,
    body: { name: 'bench' },
  });
  if (!made.body.data?.token) throw new Error(`no token: ${made.body.errormessage}`);
  log(`app on http://127.0.0.1:${port}, database ${dbUrl ? 'PostgreSQL' : 'PGlite (in-process)'}`);
  return {
    t,
    base: `http://127.0.0.1:${port}`,
    dir,
    owner,
    projectId,
    token: made.body.data.token,
    async endSession(id) {
      const res = await end(t, owner, projectId, id);
      if (res.status !== 200) throw new Error(`End refused: ${res.status}`);
      await until(async () => (await sessionRow(t, id)).status === 'released', 100, 120_000);
    },
    async close() {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
