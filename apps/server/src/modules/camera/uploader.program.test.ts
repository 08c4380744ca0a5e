import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
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
import {
  cliEnv,
  newToken,
  partProxy,
  programs,
  runCli,
  sha,
  startCli,
  storedFiles,
} from './uploader.testkit.ts';
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

/** What the issue asks of the built program, run by the script and by the Linux binary alike. */
describe.each(programs())('the uploader program ($name)', (program) => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(dir, 'program-'));
  });

  it('uploads a folder by the Project ID the page shows, and by the project page URL (no --url)', async () => {
    const folder = path.join(root, 'Card 1');
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
      program,
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
      program,
    );
    expect(second.code).toBe(0);
    expect(await storedFiles(t, byUrl.projectId)).toEqual(want('/Shoot/Day 1'));
  });

  it('watch uploads a file written slowly after it starts, once, complete; restarted, not again', async () => {
    const { projectId, code, env } = await fresh();
    const card = path.join(root, 'CARD');
    await mkdir(card);
    const args = ['watch', card, '--url', appUrl, '--token', token, '--project', code, '--folder', 'Cards/A'];
    const watcher = startCli([...args, '--settle', '2'], env, program);
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
    const again = startCli([...args, '--settle', '1'], env, program);
    await again.waitFor(/^watching /m);
    const more = randomBytes(500);
    await writeFile(path.join(card, 'C0002.MP4'), more);
    await again.waitFor(/^uploaded \/Cards\/A\/C0002\.MP4$/m);
    await again.stop();
    expect(again.output()).not.toContain('C0001');
    expect((await storedFiles(t, projectId)).map((f) => f.title)).toEqual(['C0001.MP4', 'C0002.MP4']);
  });

  it('a watcher killed (-9) while parts are in flight resumes on restart: the finished parts are not sent again', async () => {
    const { projectId, code, env } = await fresh();
    const card = path.join(root, 'CARD2');
    await mkdir(card);
    const data = randomBytes(PART * 12 + 3);
    await writeFile(path.join(card, 'BIG.MP4'), data);
    const proxy = partProxy(appUrl);
    const base = await proxy.listen();
    const args = ['watch', card, '--url', base, '--token', token, '--project', code, '--settle', '0.5'];
    proxy.setPhase(1, 4); // parts after the 4th are held: in flight when the watcher dies
    const first = startCli([...args, '--parallel', '3'], env, program);
    await expect.poll(() => proxy.held.length, { timeout: 20_000 }).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await first.stop();
    const before = new Set(proxy.done.filter((d) => d.phase === 1).map((d) => d.part));
    expect(before.size).toBeGreaterThanOrEqual(4); // parts already on their way pass the hold
    expect(before.size).toBeLessThan(13);

    proxy.setPhase(2);
    const again = startCli(args, env, program);
    await again.waitFor(/^uploaded \/BIG\.MP4$/m);
    await again.stop();
    expect(again.output()).toContain(`resume /BIG.MP4: ${before.size}/13 parts already stored`);
    const resent = proxy.done.filter((d) => d.phase === 2).map((d) => d.part);
    expect(resent.filter((p) => before.has(p))).toEqual([]);
    expect(resent).toHaveLength(13 - before.size);
    await proxy.close();
    expect(await storedFiles(t, projectId)).toEqual([{ title: 'BIG.MP4', folderPath: '/', sha: sha(data) }]);
  });

  it('killed (-9) mid-part, the rerun sends only the rest of the cut part: the app kept its first bytes', async () => {
    const { projectId, code, env } = await fresh();
    const f = path.join(root, 'cut.mov');
    const data = randomBytes(PART * 3 + 5);
    await writeFile(f, data);
    const proxy = partProxy(appUrl);
    const base = await proxy.listen();
    const args = ['upload', '--url', base, '--token', token, '--project', code, '--parallel', '1', f];
    proxy.stallNextPart(PART / 2);
    const first = startCli(args, env, program);
    await expect.poll(() => proxy.stalled.length, { timeout: 20_000 }).toBe(1);
    await sleep(500); // the app has written what reached it
    first.child.kill('SIGKILL');
    await first.stop();

    proxy.setPhase(2);
    const again = await runCli(args, undefined, env, program);
    expect(again.err).toBe('');
    expect(again.code).toBe(0);
    const cut = proxy.done.filter((d) => d.phase === 2 && d.part === proxy.stalled[0].part);
    expect(cut.map(({ offset, bytes }) => ({ offset, bytes }))).toEqual([
      { offset: PART / 2, bytes: PART / 2 },
    ]);
    await proxy.close();
    expect(await storedFiles(t, projectId)).toEqual([{ title: 'cut.mov', folderPath: '/', sha: sha(data) }]);
  });
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

  it('a dropped network: part PUTs whose connection is cut are sent again and the upload completes', async () => {
    const { projectId, code, env } = await fresh();
    const proxy = partProxy(appUrl);
    const base = await proxy.listen();
    const f = path.join(dir, 'flaky.mov');
    const data = randomBytes(PART * 3 + 9);
    await writeFile(f, data);
    proxy.dropParts(2);
    const res = await runCli(
      ['--url', base, '--token', token, '--project', code, '--parallel', '1', f],
      undefined,
      env,
    );
    await proxy.close();
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    expect(await storedFiles(t, projectId)).toEqual([
      { title: 'flaky.mov', folderPath: '/', sha: sha(data) },
    ]);
  });
});
