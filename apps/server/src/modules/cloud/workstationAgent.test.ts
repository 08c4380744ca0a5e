import { randomBytes } from 'node:crypto';
import { lstat, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_API, type CloudAgentSession } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { listen } from '../../../test/realtime-helpers.ts';
import { SCRIPT, partProxy, programs, sha, startCli, storedFiles } from '../camera/uploader.testkit.ts';
import { uploadFile } from '../uploads/uploads.testkit.ts';
import type { AgentLaunch } from './cloud.machine.ts';
import { setProviderForTests } from './cloud.providers.ts';
import { agentWaitingProvider, book, cloudWorld, end, sessionRow, type Person } from './cloud.testkit.ts';

/**
 * The workstation agent program (`rushes-upload agent`, packages/uploader/src/agent) against a
 * listening test app: a booked session on a provider that, like the local one, hands the agent its
 * launch and waits for its 'started'. No desktop here (no DISPLAY: nothing is launched); the local
 * session test runs the agent beside a real one.
 */

const PART = 1024 * 1024;
const agentSrc = path.resolve(import.meta.dirname, '../../../../../packages/uploader/src/agent');
const media = (await import(path.join(agentSrc, 'media.mjs'))) as {
  partNameOf: (f: unknown) => string;
  syncProjectMedia: (
    m: CloudAgentSession,
    home: string,
    o: { log: (l: string) => void },
  ) => Promise<{ files: number; failed: string[] }>;
};
const launcher = (await import(path.join(agentSrc, 'launch.mjs'))) as {
  launchProgram: (o: object) => Promise<{ pid?: number; skipped?: string }>;
  capabilitiesOf: (m: object) => { softwares: string[]; plugins: string[] };
};
const tar = (await import(path.join(agentSrc, 'tar.mjs'))) as {
  readTarGz: (
    file: string,
    target: string,
    opts: { allow: (s: string[]) => boolean },
  ) => Promise<{ restored: number; refused: number }>;
};

let t: TestApp;
let appUrl: string;
let dir: string;
const launches = new Map<string, AgentLaunch>();

beforeAll(async () => {
  t = await createTestApp({
    CLOUD_PROVIDER: 'simulated',
    UPLOAD_PART_SIZE: String(PART),
    RATE_LIMIT: 'false',
  });
  setProviderForTests(t.ctx, agentWaitingProvider(launches));
  appUrl = await listen(t);
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-agent-test-'));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true }).catch(() => undefined);
});

/** A booked session of `who` in the project, booting: its id and its agent's token. */
async function booked(who: Person, projectId: string) {
  const res = await book(t, who, projectId);
  if (!res.body.data) throw new Error(`booking refused: ${res.body.errormessage}`);
  const id = res.body.data.cloud_access_db_id;
  await t.ctx.jobs.drainForTests();
  return { id, token: launches.get(id)!.token };
}

/** The agent of a session with its own home folder, reaching the app at `url`. */
function runAgent(s: { id: string; token: string }, home: string, url = appUrl, program = SCRIPT) {
  return startCli(
    ['agent'],
    {
      ...process.env,
      RUSHES_URL: url,
      RUSHES_AGENT_TOKEN: s.token,
      RUSHES_CLOUD_ID: s.id,
      HOME: home,
      DISPLAY: '',
      RUSHES_AGENT_HEARTBEAT_MS: '1000',
    },
    program,
  );
}

async function manifestOf(s: { id: string; token: string }) {
  const u = new URL(CLOUD_API.agentSession, appUrl);
  u.searchParams.set('cloud_id', s.id);
  const res = await fetch(u, { headers: { authorization: `Bearer ${s.token}` } });
  return ((await res.json()) as { data: CloudAgentSession }).data;
}

const modeOf = async (p: string) => (await stat(p)).mode & 0o777;
const renderShas = async (projectId: string) =>
  (await storedFiles(t, projectId))
    .filter((f) => f.folderPath === '/Renders')
    .map((f) => `${f.title} ${f.sha}`);

/** One ustar entry (type '0' file, '2' symbolic link, '5' folder), as any tar program writes it. */
function tarEntry(name: string, type: string, data = Buffer.alloc(0), link = '') {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100);
  h.write('0000644\0', 100);
  h.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
  h.write('00000000000\0', 136);
  h.fill(0x20, 148, 156);
  h.write(type, 156);
  h.write(link, 157, 100);
  h.write('ustar\u000000', 257);
  const sum = h.reduce((n, b) => n + b, 0);
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  const padding = Buffer.alloc((512 - (data.length % 512)) % 512);
  return Buffer.concat([h, data, padding]);
}

describe.each(programs())('the workstation agent ($name)', (program) => {
  it('brings the project files under the home folder smallest first, sends back what is closed in Renders (a version on the same name), and syncs at End', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const files = {
      'Footage/Day 1/A001.mov': randomBytes(3 * PART + 5),
      'Footage/notes.txt': Buffer.from('slate 1\n'),
      'Sound/S1.wav': randomBytes(PART / 2),
    };
    for (const [p, data] of Object.entries(files)) {
      const folderPath = `/${path.dirname(p)}`;
      await uploadFile(t, owner, projectId, data, { filename: path.basename(p), folderPath });
    }
    const s = await booked(owner, projectId);
    expect((await sessionRow(t, s.id)).status).toBe('machine_booting');
    const home = await mkdtemp(path.join(dir, 'home-'));
    // A download a killed agent left half-way continues from where it stopped.
    const bigFile = (await manifestOf(s)).files.find((f) => f.path === 'Footage/Day 1/A001.mov')!;
    expect(bigFile.local).toBeUndefined(); // the blob store's paths go to a local session's agent only
    await mkdir(path.join(home, '.rushes-agent', 'parts'), { recursive: true });
    const half = files['Footage/Day 1/A001.mov'].subarray(0, PART);
    await writeFile(path.join(home, '.rushes-agent', 'parts', media.partNameOf(bigFile)), half);

    const agent = runAgent(s, home, appUrl, program);
    const projectDir = (await agent.waitFor(/^project folder (.+), renders /m))[1]!;
    await agent.waitFor(/^phase started$/m);
    expect((await sessionRow(t, s.id)).status).toBe('machine_started');
    await agent.waitFor(/^media: 3 file\(s\)/m);
    for (const [p, data] of Object.entries(files)) {
      const got = await readFile(path.join(projectDir, p));
      expect({ p, size: got.length, sha: sha(got) }).toEqual({ p, size: data.length, sha: sha(data) });
      expect(await modeOf(path.join(projectDir, p))).toBe(0o444);
    }
    expect(await modeOf(path.join(projectDir, 'Footage'))).toBe(0o555);
    expect(await modeOf(projectDir)).toBe(0o555);
    // (started smallest first, four at a time: which of them ends first is the machine's business)
    expect([...agent.output().matchAll(/^arrived (.+)$/gm)].map((m) => m[1]).sort()).toEqual([
      `Footage/Day 1/A001.mov (continued from byte ${PART})`,
      'Footage/notes.txt',
      'Sound/S1.wav',
    ]);
    const status = JSON.parse(await readFile(path.join(projectDir, '.rushes-sync.json'), 'utf8'));
    expect(status).toMatchObject({ files_total: 3, files_arrived: 3, bytes_arrived: status.bytes_total });

    // ~/Renders is the project's Renders; a file being written (.part) is never sent.
    const renders = path.join(home, 'Renders');
    const first = randomBytes(PART + 7);
    await writeFile(path.join(renders, 'cut.mp4.part'), first);
    await writeFile(path.join(renders, 'cut.mp4'), first);
    await agent.waitFor(/^render sent \/Renders\/cut\.mp4$/m);
    const second = randomBytes(2 * PART + 1);
    await writeFile(path.join(renders, 'cut.mp4'), second);
    await agent.waitFor(/^render sent \/Renders\/cut\.mp4 \(version 2\)$/m);
    expect((await renderShas(projectId)).sort()).toEqual(
      [`cut.mp4 ${sha(first)}`, `cut.mp4 ${sha(second)}`].sort(),
    );

    // End: the next heartbeat asks for the final sync; the agent reports 'synced' and exits.
    await end(t, owner, projectId, s.id);
    await agent.waitFor(/^phase synced$/m, 20_000);
    expect(await agent.stop()).toBe(0);
    await t.ctx.jobs.drainForTests();
    expect((await sessionRow(t, s.id)).status).toBe('released');
  });
});

describe('the workstation agent', () => {
  it('killed (-9) mid-upload of a 30 MB render, restarted: the render arrives once and whole, no part sent twice', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const s = await booked(owner, projectId);
    const proxy = partProxy(appUrl);
    const url = await proxy.listen();
    const home = await mkdtemp(path.join(dir, 'home-'));
    const first = runAgent(s, home, url);
    await first.waitFor(/^phase started$/m);
    const data = randomBytes(30 * PART);
    proxy.setPhase(1, 6); // the parts after the 6th are held: in flight when the agent dies
    await writeFile(path.join(home, 'Renders', 'big.mov'), data);
    await expect.poll(() => proxy.held.length, { timeout: 20_000 }).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await first.stop();
    const before = new Set(proxy.done.filter((d) => d.phase === 1).map((d) => d.part));
    expect(before.size).toBeGreaterThanOrEqual(6);
    expect(before.size).toBeLessThan(30);

    proxy.setPhase(2);
    const again = runAgent(s, home, url);
    await again.waitFor(/^render sent \/Renders\/big\.mov$/m);
    await end(t, owner, projectId, s.id);
    await again.waitFor(/^phase synced$/m, 20_000);
    expect(await again.stop()).toBe(0);
    await t.ctx.jobs.drainForTests();
    const resent = proxy.done.filter((d) => d.phase === 2).map((d) => d.part);
    expect(resent.filter((p) => before.has(p))).toEqual([]);
    // (a part the app took just as the agent died is stored without the proxy seeing its answer)
    expect(new Set(resent).size).toBe(resent.length);
    expect(before.size + resent.length).toBeLessThanOrEqual(30);
    expect(again.output().match(/^render sent /gm)).toHaveLength(1);
    expect(await renderShas(projectId)).toEqual([`big.mov ${sha(data)}`]);
    await proxy.close();
  }, 90_000);

  it('at End the final sync sends a file closed just before and saves the settings; the next session restores them before the program starts', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const s = await booked(owner, projectId);
    const home = await mkdtemp(path.join(dir, 'home-'));
    const deep = `.local/share/editor/${'presets/'.repeat(12)}look.xml`; // longer than a ustar name
    const settings = { '.config/editor/prefs.conf': 'theme=dark\n', [deep]: '<look/>' };
    for (const [p, text] of Object.entries(settings)) {
      await mkdir(path.dirname(path.join(home, p)), { recursive: true });
      await writeFile(path.join(home, p), text);
    }
    const agent = runAgent(s, home);
    await agent.waitFor(/^phase started$/m);
    const last = randomBytes(PART + 3);
    await writeFile(path.join(home, 'Renders', 'final.mov'), last);
    await end(t, owner, projectId, s.id);
    await agent.waitFor(/^phase synced$/m, 20_000);
    expect(await agent.stop()).toBe(0);
    expect(agent.output()).toMatch(/^settings saved: \d+ entries/m);
    expect(await renderShas(projectId)).toEqual([`final.mov ${sha(last)}`]);
    await t.ctx.jobs.drainForTests();
    expect((await sessionRow(t, s.id)).status).toBe('released');

    const next = await booked(owner, projectId);
    expect((await manifestOf(next)).settings_url).toMatch(/^http/);
    const nextHome = await mkdtemp(path.join(dir, 'home-'));
    const again = runAgent(next, nextHome);
    await again.waitFor(/^phase started$/m);
    const out = again.output();
    expect(out.indexOf('settings restored:')).toBeGreaterThan(-1);
    expect(out.indexOf('settings restored:')).toBeLessThan(out.indexOf('phase started'));
    for (const [p, text] of Object.entries(settings))
      expect(await readFile(path.join(nextHome, p), 'utf8')).toBe(text);
    expect(await again.stop()).toBe(0);
  });
});

describe('the media of a local session', () => {
  it("copies each file from the blob store's own files (whole, right size and SHA-256); a wrong local path is fetched instead", async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const files = { 'Footage/A001.mov': randomBytes(3 * PART + 5), 'notes.txt': Buffer.from('slate 1\n') };
    for (const [p, data] of Object.entries(files)) {
      const folderPath = p.includes('/') ? `/${path.dirname(p)}` : '/';
      await uploadFile(t, owner, projectId, data, { filename: path.basename(p), folderPath });
    }
    setProviderForTests(t.ctx, { ...agentWaitingProvider(launches), name: 'local' });
    const manifest = await manifestOf(await booked(owner, projectId)).finally(() =>
      setProviderForTests(t.ctx, agentWaitingProvider(launches)),
    );
    const big = manifest.files.find((f) => f.path === 'Footage/A001.mov')!;
    expect(big.local!.parts.length).toBe(4); // a multipart upload's part files, joined on the machine
    expect(big.local!.parts.every((p) => path.isAbsolute(p.path))).toBe(true);

    const sync = async (m: CloudAgentSession) => {
      const home = await mkdtemp(path.join(dir, 'home-'));
      const lines: string[] = [];
      const r = await media.syncProjectMedia(m, home, { log: (l) => lines.push(l) });
      expect(r).toMatchObject({ files: 2, failed: [] });
      for (const [p, data] of Object.entries(files)) {
        const got = await readFile(path.join(home, manifest.project.name, p));
        expect({ p, size: got.length, sha: sha(got) }).toEqual({ p, size: data.length, sha: sha(data) });
      }
      return lines.filter((l) => l.startsWith('arrived ') || l.startsWith('no local copy')).sort();
    };
    expect(await sync(manifest)).toEqual([
      'arrived Footage/A001.mov (copied on this machine)',
      'arrived notes.txt (copied on this machine)',
    ]);
    const wrong = structuredClone(manifest);
    for (const f of wrong.files) f.local!.parts[0]!.path = path.join(dir, 'no-such-part');
    expect(await sync(wrong)).toEqual([
      'arrived Footage/A001.mov',
      'arrived notes.txt',
      expect.stringMatching(/^no local copy of Footage\/A001\.mov \(.*no-such-part/),
      expect.stringMatching(/^no local copy of notes\.txt \(ENOENT/),
    ]);
  });
});

describe('the settings archive', () => {
  it('restores regular files and folders only: absolute names, .., links and writes through a link are refused', async () => {
    const home = await mkdtemp(path.join(dir, 'restore-'));
    const outside = await mkdtemp(path.join(dir, 'outside-'));
    await mkdir(path.join(home, '.config'));
    await symlink(outside, path.join(home, '.config', 'linked'));
    const archive = path.join(dir, 'evil.tar.gz');
    const data = Buffer.from('x');
    await writeFile(
      archive,
      gzipSync(
        Buffer.concat([
          tarEntry('.config/app/', '5'),
          tarEntry('.config/app/ok.conf', '0', data),
          tarEntry('/etc/evil', '0', data),
          tarEntry('.config/../../evil', '0', data),
          tarEntry('.config/app/link', '2', Buffer.alloc(0), '/etc/passwd'),
          tarEntry('.config/linked/evil', '0', data),
          tarEntry('Renders/evil', '0', data),
          Buffer.alloc(1024),
        ]),
      ),
    );
    const allow = (s: string[]) => s[0] === '.config';
    expect(await tar.readTarGz(archive, home, { allow })).toEqual({ restored: 2, refused: 5 });
    expect(await readFile(path.join(home, '.config/app/ok.conf'), 'utf8')).toBe('x');
    expect(await readdir(outside)).toEqual([]);
    expect(await readdir(path.join(home, '.config/app'))).toEqual(['ok.conf']);
    await expect(lstat(path.join(dir, 'evil'))).rejects.toThrow();
  });
});

describe('the booked program', () => {
  it('starts in the project folder with its output logged, once more when it fails at once; capabilities are what exists here', async () => {
    const cwd = await mkdtemp(path.join(dir, 'program-'));
    const logFile = path.join(cwd, 'program.log');
    const lines: string[] = [];
    const script =
      "console.error('failed in ' + process.cwd() + ' on ' + process.env.DISPLAY + (process.env.RUSHES_AGENT_TOKEN ?? '')); process.exit(2)";
    const launch = { command: [process.execPath, '-e', script], check: 'node', open_folder: false };
    const got = await launcher.launchProgram({
      launch,
      display: ':77',
      cwd,
      logFile,
      // the agent's own credentials never reach the editor's program
      env: { ...process.env, RUSHES_AGENT_TOKEN: 'rsh_secret' },
      log: (l: string) => lines.push(l),
    });
    expect(got.pid).toBeGreaterThan(0);
    await expect
      .poll(() => lines.filter((l) => l.includes('exited (2)')).length, { timeout: 30_000 })
      .toBe(2);
    expect(lines.filter((l) => l.startsWith('program started')).length).toBe(2);
    expect((await readFile(logFile, 'utf8')).trim().split('\n')).toEqual([
      `failed in ${cwd} on :77`,
      `failed in ${cwd} on :77`,
    ]);
    expect(await launcher.launchProgram({ launch, display: null, cwd, logFile })).toEqual({
      skipped: 'no display',
    });
    const manifest = {
      software: { slug: 'shotcut', launch },
      plugins: [
        { slug: 'here', check: process.execPath },
        { slug: 'none', check: null },
        { slug: 'missing', check: '/nonexistent/plugin' },
      ],
    };
    expect(launcher.capabilitiesOf(manifest)).toEqual({ softwares: ['shotcut'], plugins: ['here', 'none'] });
  });
});
