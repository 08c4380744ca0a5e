import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { listen, sleep } from '../../../test/realtime-helpers.ts';
import { project } from '../../../test/factories.ts';
import { projectRow, projectTitle, studio } from '../projects/projects.testkit.ts';
import { call, type Person } from './camera.testkit.ts';
import { cliEnv, newToken, partProxy, sha, startCli, storedFiles } from './uploader.testkit.ts';

const PART = 64 * 1024;
let t: TestApp;
let appUrl: string;
let dir: string;
let owner: Person;
let token: string;
let n = 0;

/** A project of the owner's, its Project ID, and a config directory of its own. */
async function fresh() {
  const projectId = await project(t, owner, { title: projectTitle() });
  const code = (await projectRow(t, projectId)).projectCode;
  const env = cliEnv(path.join(dir, `config-${++n}`));
  return { projectId, code, env };
}

/** The program started with no arguments (a double-click) and its page's API with the URL's token. */
async function openPage(env: NodeJS.ProcessEnv) {
  const page = startCli([], env);
  const [url] = await page.waitFor(/http:\/\/127\.0\.0\.1:\d+\/\?t=[\w-]+/);
  const secret = new URL(url).searchParams.get('t')!;
  const api = (p: string, init: RequestInit = {}) =>
    fetch(`${new URL(url).origin}${p}`, { ...init, headers: { 'x-rushes-token': secret, ...init.headers } });
  const json = async (p: string, init: RequestInit = {}) => (await api(p, init)).json();
  const jobs = async () => (await json('/api/state')).jobs as { id: string; name: string; status: string }[];
  const until = async (pred: (j: Awaited<ReturnType<typeof jobs>>) => boolean) => {
    await expect.poll(async () => pred(await jobs()), { timeout: 20_000, interval: 50 }).toBe(true);
  };
  return { page, url, secret, api, json, jobs, until };
}

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_PART_SIZE: String(PART), RATE_LIMIT: 'false' });
  appUrl = await listen(t);
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-page-test-'));
  ({ owner } = await studio(t));
  token = await newToken(t, owner);
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the uploader's local page (no arguments)", () => {
  it('the local page: token and Host checked; a file sent to it is uploaded into the project', async () => {
    const { projectId, code, env } = await fresh();
    const page = startCli([], env);
    const [url] = await page.waitFor(/http:\/\/127\.0\.0\.1:\d+\/\?t=[\w-]+/);
    const { origin, port, searchParams } = new URL(url);
    const secret = searchParams.get('t')!;
    try {
      const html = await fetch(url);
      expect(html.status).toBe(200);
      expect(await html.text()).toContain('Rushes Uploader');
      expect((await fetch(`${origin}/`)).status).toBe(403);
      expect((await fetch(`${origin}/?t=wrong${secret}`)).status).toBe(403);
      const rebound = await new Promise<number>((resolve) =>
        http.get(
          { host: '127.0.0.1', port, path: `/?t=${secret}`, headers: { host: `evil.example:${port}` } },
          (r) => resolve(r.statusCode!),
        ),
      );
      expect(rebound).toBe(403);
      expect((await fetch(`${origin}/api/state`)).status).toBe(403);

      const api = (p: string, init: RequestInit = {}) =>
        fetch(`${origin}${p}`, { ...init, headers: { 'x-rushes-token': secret, ...init.headers } });
      expect((await (await api('/api/state')).json()).signed_in).toBeNull();
      const login = await api('/api/login', { method: 'POST', body: JSON.stringify({ url: appUrl, token }) });
      expect(login.status).toBe(200);
      expect((await stat(path.join(env.RUSHES_CONFIG_DIR!, 'login.json'))).mode & 0o777).toBe(0o600);
      const projects = (await (await api('/api/projects')).json()).projects;
      expect(projects.map((p: { project_id: string }) => p.project_id)).toContain(code);

      const bytes = randomBytes(PART * 2 + 5);
      const sent = await api(`/api/files?${new URLSearchParams({ name: 'drop.mov', project: code })}`, {
        method: 'POST',
        body: bytes,
      });
      expect(sent.status).toBe(200);
      const refused = await api(`/api/files?${new URLSearchParams({ name: 'x.exe', project: code })}`, {
        method: 'POST',
        body: 'MZ',
      });
      expect(refused.status).toBe(400);
      expect((await refused.json()).error).toBe(MSG.uploadRestricted);
      for (let i = 0; ; i++) {
        const { jobs } = await (await api('/api/state')).json();
        if (jobs[0]?.status === 'done') break;
        if (i > 200) throw new Error(JSON.stringify(jobs));
        await sleep(50);
      }
      expect(await storedFiles(t, projectId)).toEqual([
        { title: 'drop.mov', folderPath: '/', sha: sha(bytes) },
      ]);
    } finally {
      await page.stop();
    }
  });

  it('pause stops sending, resume finishes with the stored parts kept; cancel drops the upload', async () => {
    const { projectId, code, env } = await fresh();
    const proxy = partProxy(appUrl);
    const base = await proxy.listen();
    const p = await openPage(env);
    try {
      expect(
        (await p.api('/api/login', { method: 'POST', body: JSON.stringify({ url: base, token }) })).status,
      ).toBe(200);
      proxy.setPhase(1, 3);
      const bytes = randomBytes(PART * 10 + 1);
      const send = (name: string, body: Buffer) =>
        p.json(`/api/files?${new URLSearchParams({ name, project: code })}`, {
          method: 'POST',
          body: new Uint8Array(body),
        });
      const job = await send('long.mov', bytes);
      await expect.poll(() => proxy.held.length, { timeout: 20_000 }).toBeGreaterThan(0);
      await p.api(`/api/jobs/pause?id=${job.id}`, { method: 'POST' });
      await p.until((jobs) => jobs[0].status === 'paused');
      const before = new Set(proxy.done.map((d) => d.part));

      proxy.setPhase(2);
      await p.api(`/api/jobs/resume?id=${job.id}`, { method: 'POST' });
      await p.until((jobs) => jobs[0].status === 'done');
      const resent = proxy.done.filter((d) => d.phase === 2).map((d) => d.part);
      expect(resent.filter((n) => before.has(n))).toEqual([]);
      expect(await storedFiles(t, projectId)).toEqual([
        { title: 'long.mov', folderPath: '/', sha: sha(bytes) },
      ]);

      proxy.setPhase(3, 2);
      const other = await send('dropped.mov', randomBytes(PART * 6));
      await expect.poll(() => proxy.held.length, { timeout: 20_000 }).toBeGreaterThan(0);
      await p.api(`/api/jobs/cancel?id=${other.id}`, { method: 'POST' });
      await p.until((jobs) => jobs.find((j) => j.id === other.id)?.status === 'cancelled');
      await sleep(300);
      expect((await storedFiles(t, projectId)).map((f) => f.title)).toEqual(['long.mov']);
    } finally {
      await p.page.stop();
      await proxy.close();
    }
  });

  it("'Sign in with the browser': the device login's code is shown; approved, the page is signed in", async () => {
    const { env } = await fresh();
    const p = await openPage(env);
    try {
      const started = await p.json('/api/device-login', {
        method: 'POST',
        body: JSON.stringify({ url: appUrl }),
      });
      expect(started.user_code).toMatch(/\w/);
      const state = await p.json('/api/state');
      expect(state.signed_in).toBeNull();
      expect(state.device.user_code).toBe(started.user_code);
      await call(t, 'POST', API.camera.deviceApprove, owner, { user_code: started.user_code });
      await expect
        .poll(async () => (await p.json('/api/state')).signed_in, { timeout: 20_000, interval: 200 })
        .toEqual({ url: appUrl });
    } finally {
      await p.page.stop();
    }
  });
});
