import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, RESTRICTED_EXTENSIONS } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { listen, sleep } from '../../../test/realtime-helpers.ts';
import { project } from '../../../test/factories.ts';
import { projectRow, projectTitle, studio } from '../projects/projects.testkit.ts';
import type { Person } from './camera.testkit.ts';
import { cliEnv, newToken, runCli, sha, startCli, storedFiles } from './uploader.testkit.ts';
import pkg from '../../../../../packages/uploader/package.json' with { type: 'json' };

const PART = 64 * 1024;
let t: TestApp;
let appUrl: string;
let dir: string;
let owner: Person;
let token: string;
let n = 0;

/** A project of its own per test, its Project ID, and a config directory of its own. */
async function fresh() {
  const projectId = await project(t, owner, { title: projectTitle() });
  const code = (await projectRow(t, projectId)).projectCode;
  const env = cliEnv(path.join(dir, `config-${++n}`));
  return { projectId, code, env };
}

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_PART_SIZE: String(PART), RATE_LIMIT: 'false' });
  appUrl = await listen(t);
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-program-test-'));
  ({ owner } = await studio(t));
  token = await newToken(t, owner);
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the uploader program', () => {
  it('--version and the web rules are the shared ones', async () => {
    // The program's own copies (it bundles node built-ins only), loaded as plain modules.
    const src = path.resolve(import.meta.dirname, '../../../../../packages/uploader/src');
    const rules = await import(path.join(src, 'rules.mjs'));
    const { VERSION } = await import(path.join(src, 'version.mjs'));
    const res = await runCli(['--version']);
    expect(res.out.trim()).toBe(pkg.version);
    expect(VERSION).toBe(pkg.version);
    expect(rules.RESTRICTED_EXTENSIONS).toEqual(RESTRICTED_EXTENSIONS);
    expect(rules.MSG.uploadRestricted).toBe(MSG.uploadRestricted);
    expect(rules.MSG.uploadNameInvalid).toBe(MSG.uploadNameInvalid);
  });

  it('uploads a folder by the Project ID the page shows, and by the project page URL (no --url)', async () => {
    const folder = path.join(dir, 'Card 1');
    await mkdir(path.join(folder, 'Sub'), { recursive: true });
    const files = { 'a.mov': randomBytes(PART * 3 + 7), 'Sub/b.wav': randomBytes(1000) };
    for (const [name, data] of Object.entries(files)) await writeFile(path.join(folder, name), data);
    const want = (root: string) => [
      { title: 'a.mov', folderPath: `${root}/Card 1`, sha: sha(files['a.mov']) },
      { title: 'b.wav', folderPath: `${root}/Card 1/Sub`, sha: sha(files['Sub/b.wav']) },
    ];

    const byCode = await fresh();
    const first = await runCli(
      ['upload', '--url', appUrl, '--token', token, '--project', byCode.code.toLowerCase(), folder],
      undefined,
      byCode.env,
    );
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(await storedFiles(t, byCode.projectId)).toEqual(want(''));

    const byUrl = await fresh();
    const second = await runCli(
      [
        '--token',
        token,
        '--project',
        `${appUrl}/project/${byUrl.projectId}`,
        '--folder',
        'Shoot/Day 1',
        folder,
      ],
      undefined,
      byUrl.env,
    );
    expect(second.code).toBe(0);
    expect(await storedFiles(t, byUrl.projectId)).toEqual(want('/Shoot/Day 1'));
  });

  it("a Project ID of someone else's project is 'Project not found'", async () => {
    const other = await fresh();
    const { owner: stranger } = await studio(t);
    const f = path.join(dir, 'x.mov');
    await writeFile(f, randomBytes(100));
    const res = await runCli(
      ['--url', appUrl, '--token', await newToken(t, stranger), '--project', other.code, f],
      undefined,
      other.env,
    );
    expect(res.code).toBe(1);
    expect(res.err).toContain(MSG.projectNotFound);
  });

  it('a restricted type is refused with the web message before anything is sent', async () => {
    let requests = 0;
    const server = http.createServer((_req, res) => (requests++, res.writeHead(500).end()));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const folder = path.join(dir, 'Mixed');
    await mkdir(folder);
    await writeFile(path.join(folder, 'clip.mov'), randomBytes(100));
    await writeFile(path.join(folder, 'install.sh'), 'echo hi');
    const { env, code } = await fresh();
    const res = await runCli(
      ['upload', '--url', url, '--token', token, '--project', code, folder],
      undefined,
      env,
    );
    server.close();
    expect(res.code).toBe(2);
    expect(res.err).toContain(`/Mixed/install.sh: ${MSG.uploadRestricted}`);
    expect(requests).toBe(0);
  });

  it('watch uploads a file written slowly after it starts, once, complete; restarted, not again', async () => {
    const { projectId, code, env } = await fresh();
    const card = path.join(dir, 'CARD');
    await mkdir(card);
    const args = ['watch', card, '--url', appUrl, '--token', token, '--project', code, '--folder', 'Cards/A'];
    const watcher = startCli([...args, '--settle', '2'], env);
    await watcher.waitFor(/^watching /m);
    const data = randomBytes(PART * 4 + 11);
    await writeFile(path.join(card, 'C0001.MP4'), data.subarray(0, PART * 2));
    await sleep(1000);
    await appendFile(path.join(card, 'C0001.MP4'), data.subarray(PART * 2));
    await watcher.waitFor(/^uploaded \/Cards\/A\/C0001\.MP4$/m);
    await sleep(2500); // a few more scans: nothing is sent twice
    await watcher.stop();
    expect(watcher.output().match(/^uploaded /gm)).toHaveLength(1);
    expect(await storedFiles(t, projectId)).toEqual([
      { title: 'C0001.MP4', folderPath: '/Cards/A', sha: sha(data) },
    ]);

    // Restarted: the uploaded file is known; a new one still goes up.
    const again = startCli([...args, '--settle', '1'], env);
    await again.waitFor(/^watching /m);
    const more = randomBytes(500);
    await writeFile(path.join(card, 'C0002.MP4'), more);
    await again.waitFor(/^uploaded \/Cards\/A\/C0002\.MP4$/m);
    await again.stop();
    expect(again.output()).not.toContain('C0001');
    expect((await storedFiles(t, projectId)).map((f) => f.title)).toEqual(['C0001.MP4', 'C0002.MP4']);
  });

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
});
