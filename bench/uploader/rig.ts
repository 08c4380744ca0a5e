/**
 * What the uploader benchmarks drive: one warm server of ours (bench/upload's rig: its own process,
 * DATA_DIR and port, the demo producer signed in) with a personal access token for the uploader,
 * the built Linux single executable (packages/uploader/dist), and a project per upload.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { API } from '@rushes/shared';
import { ourRig, type OurRig } from '../upload/ours.ts';
import { call } from '../upload/ourServer.ts';
import { root } from '../upload/proc.ts';

export const MiB = 1024 * 1024;

export function log(line: string) {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
}

/** The Linux file `npm run build:uploader` made, from its manifest. */
export function linuxBinary(): string {
  const dist = path.resolve(process.env.UPLOADER_DIST ?? path.join(root, 'packages/uploader/dist'));
  const manifest = path.join(dist, 'manifest.json');
  if (!existsSync(manifest)) throw new Error(`no ${manifest}: run npm run build:uploader first`);
  const { platforms } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    platforms: { os: string; file: string }[];
  };
  const linux = platforms.find((p) => p.os === 'linux');
  if (!linux) throw new Error(`${manifest} lists no linux file`);
  return path.join(dist, linux.file);
}

export interface UploaderRig extends OurRig {
  /** a personal access token of the signed-in producer, made through the account API */
  token: string;
  /** a new project in the producer's team (one per upload: no name clashes, one asset each) */
  newProject(): Promise<string>;
}

/** A fresh server of ours (kept warm for the whole run), signed in, with an uploader token. */
export async function uploaderRig(env: Record<string, string> = {}): Promise<UploaderRig> {
  // The first-login tour would cover the web uploader's page.
  const rig = await ourRig({ PRODUCT_TOUR: 'off', ...env });
  const { server, session } = rig;
  const made = await call<{ token: string }>(
    server.base,
    'POST',
    API.camera.tokens,
    { name: 'bench' },
    session.cookie,
  );
  let n = 0;
  return {
    ...rig,
    token: made.data.token,
    async newProject() {
      const p = await call<{ project_db_id: string }>(
        server.base,
        'POST',
        API.projects.root,
        { team_db_id: session.teamId, title: `Uploader bench ${Date.now()} ${++n}` },
        session.cookie,
      );
      return p.data.project_db_id;
    },
  };
}

/** The ingests of the files in a project (the binary does not print them). */
export async function projectIngests(rig: OurRig, projectId: string): Promise<string[]> {
  const listed = await call<unknown>(
    rig.server.base,
    'GET',
    API.assets.root,
    { project_db_id: projectId },
    rig.session.cookie,
  );
  return [...JSON.stringify(listed.data).matchAll(/"ingest_db_id":"([^"]+)"/g)].map((m) => m[1]);
}

/** The ingest of the only file in a project. */
export async function onlyIngest(rig: OurRig, projectId: string): Promise<string> {
  const found = await projectIngests(rig, projectId);
  if (found.length !== 1) throw new Error(`${found.length} files in the project, not 1`);
  return found[0];
}

export interface BinaryRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** spawn to exit, ms (the program's start, project lookup, start → parts → complete) */
  ms: number;
  out: string;
  err: string;
}

/**
 * Runs `rushes-upload upload` of `file` into `projectId` as a user would (its own config dir and
 * state file, no login from the environment); `killAfterMs` sends SIGKILL that long after spawn.
 */
export function runBinary(
  opts: { base: string; token: string; projectId: string; state: string; file: string; parallel?: number },
  killAfterMs?: number,
): Promise<BinaryRun> {
  const args = ['upload', '--url', opts.base, '--token', opts.token, '--project', opts.projectId];
  if (opts.parallel) args.push('--parallel', String(opts.parallel));
  args.push('--state', opts.state, opts.file);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(linuxBinary(), args, {
      env: {
        ...process.env,
        RUSHES_TOKEN: '',
        RUSHES_URL: '',
        RUSHES_CONFIG_DIR: path.join(path.dirname(opts.state), 'config'),
        RUSHES_NO_BROWSER: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-20_000)));
    const timer =
      killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, ms: performance.now() - t0, out, err });
    });
  });
}
