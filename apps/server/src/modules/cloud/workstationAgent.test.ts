import { randomBytes, randomUUID } from 'node:crypto';
import { lstat, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { listen } from '../../../test/realtime-helpers.ts';
import { project } from '../../../test/factories.ts';
import { projectTitle, studio } from '../projects/projects.testkit.ts';
import type { Person } from '../camera/camera.testkit.ts';
import {
  SCRIPT,
  newToken,
  partProxy,
  programs,
  sha,
  startCli,
  storedFiles,
} from '../camera/uploader.testkit.ts';

/**
 * The workstation agent (`rushes-upload agent`, packages/uploader/src/agent) against the test app's
 * upload protocol and blob store, with the agent API answered by a stand-in that keeps to the
 * contract (manifest, heartbeat, render, settings) and records what the agent sent. No desktop: no
 * DISPLAY, so no program is launched.
 */

const PART = 1024 * 1024;
const agentSrc = path.resolve(import.meta.dirname, '../../../../../packages/uploader/src/agent');
const media = (await import(path.join(agentSrc, 'media.mjs'))) as { partNameOf: (f: unknown) => string };
const tar = (await import(path.join(agentSrc, 'tar.mjs'))) as {
  readTarGz: (
    file: string,
    target: string,
    opts: { allow: (s: string[]) => boolean },
  ) => Promise<{ restored: number; refused: number }>;
};

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
let t: TestApp;
let appUrl: string;
let dir: string;
let owner: Person;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_PART_SIZE: String(PART), RATE_LIMIT: 'false' });
  appUrl = await listen(t);
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-agent-test-'));
  ({ owner } = await studio(t));
  token = await newToken(t, owner);
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true }).catch(() => undefined);
});

type Manifest = Record<string, unknown> & { action: string; files: unknown[]; settings_url: string | null };

/**
 * The agent API as the contract states it, in front of `target` (the app, or a part proxy before
 * it): everything else passes through.
 */
async function agentApi(target: string) {
  const cloudId = randomUUID();
  const projectId = await project(t, owner, { title: projectTitle() });
  const state = {
    manifest: null as Manifest | null,
    beats: [] as { phase: string; pending: number; capabilities?: unknown }[],
    renders: [] as string[],
    settings: null as Buffer | null,
    ranges: [] as string[],
  };
  const blobs = new Map<string, Buffer>();
  const ok = (res: http.ServerResponse, data: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ response: true, data }));
  };
  const body = async (req: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };
  const server = http.createServer(async (req, res) => {
    const u = new URL(req.url!, 'http://x');
    const authorised = req.headers.authorization === `Bearer ${token}`;
    if (u.pathname.startsWith('/files/')) {
      // A signed blob GET that honours Range, like the store's.
      const data = blobs.get(u.pathname)!;
      const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
      if (m) state.ranges.push(`${u.pathname} ${req.headers.range}`);
      const from = m ? Number(m[1]) : 0;
      res.writeHead(m ? 206 : 200, { 'content-length': data.length - from });
      return res.end(data.subarray(from));
    }
    if (u.pathname === '/saved-settings') return res.end(state.settings);
    if (u.pathname.startsWith('/api/cloud/agent/')) {
      if (!authorised) return res.writeHead(401).end('{"response":false,"errormessage":"no"}');
      const what = u.pathname.slice('/api/cloud/agent/'.length);
      if (what === 'session') return ok(res, state.manifest);
      if (what === 'settings') {
        state.settings = await body(req);
        return ok(res, { saved: true });
      }
      const sent = JSON.parse((await body(req)).toString());
      expect(sent.cloud_id).toBe(cloudId);
      if (what === 'heartbeat') {
        state.beats.push(sent);
        return ok(res, { action: state.manifest!.action });
      }
      if (what === 'render') {
        state.renders.push(sent.ingest_db_id);
        return ok(res, { versioned: false, version_no: null });
      }
    }
    const up = http.request(new URL(req.url!, target), { method: req.method, headers: req.headers }, (a) => {
      res.writeHead(a.statusCode!, a.headers);
      a.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  const url = await new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`),
    ),
  );
  state.manifest = {
    cloud_id: cloudId,
    assignment_code: 'CS-TEST',
    action: 'run',
    project: { id: projectId, name: 'Night Shoot', project_code: 'PRTEST' },
    software: {
      slug: 'shotcut',
      title: 'Shotcut',
      launch: { command: ['shotcut'], check: 'node', open_folder: false },
    },
    plugins: [{ slug: 'frei0r_effects', title: 'frei0r Effects', check: '/nonexistent/frei0r-1' }],
    files: [],
    renders_folder: 'Renders',
    idle: { warn_after_s: 1200, end_after_s: 1800 },
    settings_url: null,
  };
  return {
    url,
    cloudId,
    projectId,
    state,
    /** A project file of the manifest at 'Folder/…/name'. */
    addFile(p: string, data: Buffer) {
      const key = `/files/${blobs.size}`;
      blobs.set(key, data);
      state.manifest!.files.push({
        path: p,
        size: data.length,
        sha256: sha(data),
        url: `${url}${key}`,
        updated_at: new Date().toISOString(),
      });
    },
    agent(home: string, program = SCRIPT) {
      return startCli(
        ['agent'],
        {
          ...process.env,
          RUSHES_URL: url,
          RUSHES_AGENT_TOKEN: token,
          RUSHES_CLOUD_ID: cloudId,
          HOME: home,
          DISPLAY: '',
        },
        program,
      );
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

const modeOf = async (p: string) => (await stat(p)).mode & 0o777;

describe.each(programs())('the workstation agent ($name)', (program) => {
  it('brings the project files under the home folder, smallest first, and sends back what is closed in Renders', async () => {
    const api = await agentApi(appUrl);
    const home = await mkdtemp(path.join(dir, 'home-'));
    const files = {
      'Footage/Day 1/A001.mov': randomBytes(3 * PART + 5),
      'Footage/notes.txt': Buffer.from('slate 1\n'),
      'Sound/S1.wav': randomBytes(PART / 2),
      'Renders/old cut.mp4': randomBytes(10), // the project's earlier renders stay on the server
    };
    for (const [p, data] of Object.entries(files)) api.addFile(p, data);
    // A download a killed agent left half-way continues from where it stopped.
    const big = files['Footage/Day 1/A001.mov'];
    const bigFile = api.state.manifest!.files[0] as { path: string; url: string };
    const parts = path.join(home, '.rushes-agent', 'parts');
    await mkdir(parts, { recursive: true });
    await writeFile(path.join(parts, media.partNameOf(bigFile)), big.subarray(0, PART));
    const agent = api.agent(home, program);
    await agent.waitFor(/^phase started$/m);
    await agent.waitFor(/^media: 3 file\(s\)/m);
    const projectDir = path.join(home, 'Night Shoot');
    for (const [p, data] of Object.entries(files).slice(0, 3)) {
      const got = await readFile(path.join(projectDir, p));
      expect({ p, size: got.length, sha: sha(got) }).toEqual({ p, size: data.length, sha: sha(data) });
      expect(await modeOf(path.join(projectDir, p))).toBe(0o444);
    }
    expect(await modeOf(path.join(projectDir, 'Footage'))).toBe(0o555);
    expect(await modeOf(projectDir)).toBe(0o555);
    const arrived = [...agent.output().matchAll(/^arrived (.+)$/gm)].map((m) => m[1]);
    expect(arrived).toEqual(['Footage/notes.txt', 'Sound/S1.wav', 'Footage/Day 1/A001.mov']);
    const status = JSON.parse(await readFile(path.join(projectDir, '.rushes-sync.json'), 'utf8'));
    expect(status).toMatchObject({ files_total: 3, files_arrived: 3, bytes_arrived: status.bytes_total });
    const beat = api.state.beats.at(-1)!;
    expect(beat).toMatchObject({ phase: 'started', capabilities: { softwares: ['shotcut'], plugins: [] } });
    expect(api.state.ranges).toEqual([`${new URL(bigFile.url).pathname} bytes=${PART}-`]);

    // A render, then the same name written again: two uploads, each reported as a render.
    const renders = path.join(home, 'Renders'); // the shortcut in home is the project's Renders
    const first = randomBytes(PART + 7);
    await writeFile(path.join(renders, 'cut.mp4.part'), first); // still being written: never sent
    await writeFile(path.join(renders, 'cut.mp4'), first);
    await agent.waitFor(/^render sent \/Renders\/cut\.mp4$/m);
    const second = randomBytes(2 * PART + 1);
    await writeFile(path.join(renders, 'cut.mp4'), second);
    await expect.poll(() => api.state.renders.length, { timeout: 20_000 }).toBe(2);
    expect(await agent.stop()).toBe(0); // SIGTERM: the final sync, then exit 0
    const stored = await storedFiles(t, api.projectId);
    expect(stored.map((f) => `${f.folderPath}/${f.title} ${f.sha}`).sort()).toEqual(
      [`/Renders/cut.mp4 ${sha(first)}`, `/Renders/cut.mp4 ${sha(second)}`].sort(),
    );
    await api.close();
  });
});

describe('the workstation agent', () => {
  it('killed (-9) mid-upload of a 30 MB render, restarted: the render arrives once and whole, no part sent twice', async () => {
    const proxy = partProxy(appUrl);
    const api = await agentApi(await proxy.listen());
    const home = await mkdtemp(path.join(dir, 'home-'));
    const first = api.agent(home);
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
    const again = api.agent(home);
    await again.waitFor(/^render sent \/Renders\/big\.mov$/m);
    expect(await again.stop()).toBe(0);
    const resent = proxy.done.filter((d) => d.phase === 2).map((d) => d.part);
    expect(resent.filter((p) => before.has(p))).toEqual([]);
    // (a part the app took just as the agent died is stored without the proxy seeing its answer)
    expect(new Set(resent).size).toBe(resent.length);
    expect(before.size + resent.length).toBeLessThanOrEqual(30);
    expect(api.state.renders).toHaveLength(1);
    expect(await storedFiles(t, api.projectId)).toEqual([
      { title: 'big.mov', folderPath: '/Renders', sha: sha(data) },
    ]);
    await api.close();
    await proxy.close();
  });

  it('final_sync sends a file closed just before the End and saves the settings; the next session restores them before it starts', async () => {
    const api = await agentApi(appUrl);
    const home = await mkdtemp(path.join(dir, 'home-'));
    const deep = `.local/share/editor/${'presets/'.repeat(12)}look.xml`; // longer than a ustar name
    const settings = { '.config/editor/prefs.conf': 'theme=dark\n', [deep]: '<look/>' };
    for (const [p, text] of Object.entries(settings)) {
      await mkdir(path.dirname(path.join(home, p)), { recursive: true });
      await writeFile(path.join(home, p), text);
    }
    const agent = api.agent(home);
    await agent.waitFor(/^phase started$/m);
    const last = randomBytes(PART + 3);
    await writeFile(path.join(home, 'Renders', 'final.mov'), last);
    api.state.manifest!.action = 'final_sync'; // End: the next heartbeat answers it
    await agent.waitFor(/^phase synced$/m);
    expect(await agent.stop()).toBe(0);
    expect(api.state.beats.map((b) => b.phase)).toEqual(expect.arrayContaining(['syncing', 'synced']));
    expect(api.state.beats.at(-1)).toMatchObject({ phase: 'synced', pending: 0 });
    expect(api.state.renders).toHaveLength(1);
    expect(await storedFiles(t, api.projectId)).toEqual([
      { title: 'final.mov', folderPath: '/Renders', sha: sha(last) },
    ]);
    expect(api.state.settings?.length).toBeGreaterThan(0);

    const nextHome = await mkdtemp(path.join(dir, 'home-'));
    api.state.manifest = { ...api.state.manifest!, action: 'run', settings_url: `${api.url}/saved-settings` };
    const next = api.agent(nextHome);
    await next.waitFor(/^phase started$/m);
    expect(next.output()).toMatch(/^settings restored: \d+ entries\n/m);
    for (const [p, text] of Object.entries(settings))
      expect(await readFile(path.join(nextHome, p), 'utf8')).toBe(text);
    expect(await next.stop()).toBe(0);
    await api.close();
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
