import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { API } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { assets } from '../../db/schema/index.ts';
import { readAll } from '../../platform/blobs/testHarness.ts';
import { call, type Person } from './camera.testkit.ts';

/** Test helpers for the uploader program (packages/uploader), run against a test app. */

const repo = path.resolve(import.meta.dirname, '../../../../..');
export const CLI = path.join(repo, 'packages/uploader/bin/rushes-upload.mjs');

/** What `npm run build:uploader` made: packages/uploader/dist, or UPLOADER_DIST. */
export const UPLOADER_DIST = path.resolve(
  process.env.UPLOADER_DIST ?? path.join(repo, 'packages/uploader/dist'),
);
export const UPLOADER_MANIFEST = path.join(UPLOADER_DIST, 'manifest.json');
/** Outside CI a missing build skips its tests (with a notice); CI builds first, so there it fails them. */
export const uploaderBuilt = existsSync(UPLOADER_MANIFEST);
export const requireUploaderBuild = uploaderBuilt || !!process.env.CI;
export function builtFile(os: string) {
  if (!uploaderBuilt) {
    throw new Error(
      `CI builds the uploader before the tests (npm run build:uploader): no ${UPLOADER_MANIFEST}`,
    );
  }
  const manifest = JSON.parse(readFileSync(UPLOADER_MANIFEST, 'utf8')) as {
    platforms: { os: string; file: string }[];
  };
  const listed = manifest.platforms.find((p) => p.os === os);
  if (!listed) throw new Error(`${UPLOADER_MANIFEST} lists no ${os} file`);
  return path.join(UPLOADER_DIST, listed.file);
}

/** A way to run the uploader: `command()` gives the executable and the arguments before the program's. */
export interface Program {
  name: string;
  command: () => [string, ...string[]];
}
/** The source, run by the node running the tests. */
export const SCRIPT: Program = { name: 'node script', command: () => [process.execPath, CLI] };
/** The Linux single executable the build made, run as a user runs it. */
export const LINUX_BINARY: Program = { name: 'Linux binary', command: () => [builtFile('linux')] };
/** The script always; the Linux binary when built (and on CI, where a missing build fails). */
export function programs(): Program[] {
  if (requireUploaderBuild) return [SCRIPT, LINUX_BINARY];
  console.warn(
    `[uploader] no build in ${UPLOADER_DIST}: the Linux binary runs are skipped (run npm run build:uploader)`,
  );
  return [SCRIPT];
}
const spawnProgram = (program: Program, args: string[], env: NodeJS.ProcessEnv) => {
  const [file, ...pre] = program.command();
  return spawn(file, [...pre, ...args], { env });
};
export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export const newToken = async (t: TestApp, who: Person) =>
  (await call<{ token: string }>(t, 'POST', API.camera.tokens, who, { name: 'laptop' })).body.data.token;

/**
 * A proxy in front of the app that records every part PUT the uploader completes (upload id, part
 * number, phase, the offset it continued from and its body bytes) and can hold part PUTs of an
 * upload once it has `holdAfter` completed parts, cut the connection of the next part PUTs, or
 * stall the next part PUT after some of its bytes reached the app.
 */
export function partProxy(target: string) {
  const done: { uploadId: string; part: number; phase: number; offset: number; bytes: number }[] = [];
  let phase = 1;
  let holdAfter = Infinity;
  const held: http.ServerResponse[] = [];
  let drops = 0;
  let stallAfter: number | null = null;
  const stalled: { part: number; bytes: number }[] = [];
  const server = http.createServer((req, res) => {
    const u = new URL(req.url!, target);
    const isPart = req.method === 'PUT' && u.pathname === API.blobs.parts;
    const uploadId = u.searchParams.get('uploadId') ?? '';
    const part = Number(u.searchParams.get('partNumber'));
    const offset = Number(u.searchParams.get('offset') ?? 0);
    const inPhase = phase;
    if (isPart && drops > 0) {
      drops--;
      req.socket.destroy(); // the network dropped mid-PUT
      return;
    }
    if (isPart && stallAfter !== null) {
      // The first `stallAfter` bytes go to the app, then nothing more: the part is mid-way when the
      // client dies, and the app sees its connection go then.
      const limit = stallAfter;
      stallAfter = null;
      const cut = { part, bytes: 0 };
      const up = http.request(u, { method: req.method, headers: req.headers });
      up.on('error', () => undefined);
      req.on('data', (c: Buffer) => {
        const take = c.subarray(0, limit - cut.bytes);
        if (take.length) up.write(take);
        cut.bytes += take.length;
        if (cut.bytes >= limit && !stalled.includes(cut)) stalled.push(cut);
      });
      // (the request's own 'close' comes once its body is read: the client's socket is what dies)
      req.socket.once('close', () => up.destroy());
      return;
    }
    let bytes = 0;
    if (isPart) req.on('data', (c: Buffer) => (bytes += c.length));
    if (isPart && done.filter((d) => d.uploadId === uploadId && d.phase === phase).length >= holdAfter) {
      held.push(res);
      req.resume();
      return;
    }
    const up = http.request(u, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
      answer.on('end', () => {
        if (isPart && answer.statusCode === 200) done.push({ uploadId, part, phase: inPhase, offset, bytes });
      });
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  return {
    done,
    held,
    /** The next `n` part PUTs lose their connection. */
    dropParts: (n: number) => (drops = n),
    /** Part PUTs stalled by stallNextPart, with the bytes that reached the app. */
    stalled,
    /** The next part PUT passes `bytes` of its body to the app, then stalls. */
    stallNextPart: (bytes: number) => (stallAfter = bytes),
    setPhase: (p: number, hold = Infinity) => {
      phase = p;
      holdAfter = hold;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`),
        ),
      ),
    close: () => {
      for (const r of held) r.destroy();
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

/** The program's environment: its own config directory, no login from the caller's environment. */
export const cliEnv = (configDir: string) => ({
  ...process.env,
  RUSHES_TOKEN: '',
  RUSHES_URL: '',
  RUSHES_CONFIG_DIR: configDir,
  RUSHES_NO_BROWSER: '1',
});

/** Runs the program to its end; `onLine` sees each stdout line and may SIGKILL it. */
export function runCli(
  args: string[],
  onLine?: (line: string, kill: () => void) => void,
  env: NodeJS.ProcessEnv = { ...process.env, RUSHES_TOKEN: '' },
  program: Program = SCRIPT,
) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawnProgram(program, args, env);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) if (line) onLine?.(line, () => child.kill('SIGKILL'));
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** A long-running command (watch, the local page): its output so far and a wait for a line. */
export function startCli(args: string[], env: NodeJS.ProcessEnv, program: Program = SCRIPT) {
  const child: ChildProcessWithoutNullStreams = spawnProgram(program, args, env);
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((r) => child.on('close', r));
  return {
    child,
    output: () => out,
    errors: () => err,
    /** Resolves with the first match of `re` in stdout (polling), or fails after `ms`. */
    async waitFor(re: RegExp, ms = 30_000) {
      const until = Date.now() + ms;
      for (;;) {
        const m = re.exec(out);
        if (m) return m;
        if (Date.now() > until) throw new Error(`no ${re} in output:\n${out}\n${err}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The project's files (not folders) with their folder path and the SHA-256 of the stored bytes. */
export async function storedFiles(t: TestApp, projectId: string) {
  const rows = await t.ctx.db
    .select()
    .from(assets)
    .where(and(eq(assets.projectId, projectId), eq(assets.isFolder, false)));
  const out: { title: string; folderPath: string; sha: string }[] = [];
  for (const r of rows) {
    const stored = await readAll((await t.ctx.blobs.getObject(r.blobKey!)).body);
    out.push({ title: r.title, folderPath: r.folderPath, sha: sha(stored) });
  }
  return out.sort((a, b) => `${a.folderPath}/${a.title}`.localeCompare(`${b.folderPath}/${b.title}`));
}
