/**
 * bench cloud-media: bringing a project's footage onto the workstation with the agent's media sync
 * against a plain copy of the same stored blobs on the same disk, interleaved (cp, ours, cp, ours…).
 *
 * Seed (not timed): BENCH_CLOUD_MEDIA_FILES (8) files of BENCH_CLOUD_MEDIA_MIB (128) MiB of random
 * bytes (.mxf camera files) uploaded into the project's /Footage folder by the uploader's `upload`
 * command through the upload protocol (the fs store keeps each as its part files), a session booked
 * on the local provider (its desktop and its own agent, whose first sync is over before anything is
 * timed), so the manifest is the one a local workstation gets.
 * ours: a child process (bench/cloud-media/sync-child.mjs) asks the agent API for the manifest and
 *   runs the agent's syncProjectMedia into a fresh home. Fast path: the local provider's manifest
 *   names each file's stored part files, which the agent copies itself (localCopy.mjs), 4 files at
 *   a time, into .part files renamed read-only into ~/<Project>/Footage. Timed inside the child,
 *   from the manifest request to the last rename.
 * ours over HTTP (a reference: what a pool machine's agent does): the same with `local: false`,
 *   signed GETs of the server over loopback (node's HTTP client, 4 files at a time).
 * baseline: `cp` of the very blob files (every part file of the 8 objects) into a fresh folder on
 *   the same disk, spawn to exit.
 * reference (third in each round): curl of the manifest's signed URLs into a fresh folder, 4 at a
 *   time, spawn to exit: what a plain HTTP client gets from this server over loopback.
 * All run warm: the blobs are in the page cache (dropping it needs root's /proc/sys/vm/drop_caches,
 * not ours to touch on a shared machine) and none syncs its writes to disk.
 *
 * Run: node_modules/.bin/node --import tsx bench/cloud-media/index.ts
 * Knobs: BENCH_CLOUD_PAIRS (5), BENCH_CLOUD_MEDIA_FILES, BENCH_CLOUD_MEDIA_MIB, BENCH_DATABASE_URL.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { once } from 'node:events';
import { eq } from 'drizzle-orm';
import { assets } from '../../apps/server/src/db/schema/index.ts';
import { secretBoxFor } from '../../apps/server/src/platform/security/secretBox.ts';
import { book, sessionRow } from '../../apps/server/src/modules/cloud/cloud.testkit.ts';
import { median } from '../stats.ts';
import { MiB, UPLOADER, cloudRig, loadavg, log, num, pause, spread, until } from '../cloud-launch/rig.ts';

/** Runs a program; resolves with its stdout and the ms from spawn to exit, throws on a non-zero exit. */
function timed(bin: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<{ ms: number; out: string }>((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(bin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - t0;
      if (code !== 0) reject(new Error(`${bin} exited ${code}: ${err}`));
      else resolve({ ms, out });
    });
  });
}

async function writeRandom(file: string, size: number) {
  const out = createWriteStream(file);
  for (let left = size; left > 0; left -= 4 * MiB)
    if (!out.write(randomBytes(Math.min(4 * MiB, left)))) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

/** The files on disk that hold a stored object: its one file, or a composite's part files. */
async function blobFiles(blobDir: string, key: string) {
  const single = path.join(blobDir, 'objects', `${key}~blob`);
  if (existsSync(single)) return [single];
  const meta = JSON.parse(await readFile(path.join(blobDir, 'objects', `${key}~meta.json`), 'utf8')) as {
    parts?: { file: string }[];
  };
  const dir = path.join(blobDir, 'objects', `${key}~parts`);
  const names = meta.parts?.map((p) => p.file) ?? (await readdir(dir));
  return names.map((n) => path.join(dir, n));
}

export async function run() {
  const pairs = num('BENCH_CLOUD_PAIRS', 5);
  const count = num('BENCH_CLOUD_MEDIA_FILES', 8);
  const size = num('BENCH_CLOUD_MEDIA_MIB', 128) * MiB;
  const total = count * size;
  const rig = await cloudRig();
  const { t, dir } = rig;
  try {
    const src = path.join(dir, 'src', 'Footage');
    await mkdir(src, { recursive: true });
    log(`writing ${count} × ${size / MiB} MiB of random bytes`);
    for (let i = 1; i <= count; i++)
      await writeRandom(path.join(src, `A001_C${String(i).padStart(3, '0')}.mxf`), size);
    const up = await timed(process.execPath, [
      ...[UPLOADER, 'upload', '--url', rig.base, '--token', rig.token, '--project', rig.projectId],
      ...['--state', path.join(dir, 'upload-state.json'), src],
    ]);
    log(`uploaded in ${(up.ms / 1000).toFixed(1)} s through the upload protocol`);
    await rm(path.join(dir, 'src'), { recursive: true, force: true });
    const rows = await t.ctx.db.select().from(assets).where(eq(assets.projectId, rig.projectId));
    const files = (
      await Promise.all(
        rows.filter((r) => r.blobKey && !r.isFolder).map((r) => blobFiles(t.ctx.config.blobDir, r.blobKey!)),
      )
    ).flat();
    log(`${rows.filter((r) => !r.isFolder).length} assets, ${files.length} blob files`);

    const booked = await book(t, rig.owner, rig.projectId, { software: 'plain_desktop' });
    if (!booked.body.data) throw new Error(`booking refused: ${booked.body.errormessage}`);
    const id = booked.body.data.cloud_access_db_id;
    const row = await until(async () => {
      const r = await sessionRow(t, id);
      return r.status === 'machine_started' && r.agentTokenSealed ? r : null;
    }, 100);
    const token = secretBoxFor(t.ctx.config, t.ctx.secret).open(row.agentTokenSealed!);
    // the session's own agent has brought the footage into its home: its sync is not timed
    await until(async () => {
      const found = await readdir(path.join(dir, 'homes'), { recursive: true }).catch(() => []);
      const status = found.find((f) => f.endsWith('.rushes-sync.json'));
      if (!status) return false;
      const s = JSON.parse(await readFile(path.join(dir, 'homes', status), 'utf8').catch(() => '{}'));
      return s.files_arrived === count;
    }, 200);
    // the media pipeline's jobs of the seeded files are over before anything is timed
    await pause(5000);

    let n = 0;
    const target = () => path.join(dir, `round-${++n}`);
    const cp = async () => {
      const to = target();
      await mkdir(to);
      const { ms } = await timed('cp', [...files, to]);
      await rm(to, { recursive: true, force: true });
      return ms;
    };
    const ours = async (how: 'local' | 'http' = 'local') => {
      const home = target();
      await mkdir(home, { mode: 0o700 });
      const { out } = await timed(process.execPath, [
        path.join(import.meta.dirname, 'sync-child.mjs'),
        ...[rig.base, token, id, home, how],
      ]);
      const r = JSON.parse(out.trim().split('\n').at(-1)!) as {
        ms: number;
        files: number;
        bytes: number;
        failed: string[];
      };
      if (r.files !== count || r.bytes !== total || r.failed.length)
        throw new Error(`the sync brought ${r.files} files, ${r.bytes} bytes (${r.failed.length} failed)`);
      await rm(home, { recursive: true, force: true });
      return r.ms;
    };
    // a reference, not the target's baseline: the same signed URLs fetched by curl, 4 at a time
    // (what any HTTP client gets from this server over loopback)
    const manifest = (await (
      await fetch(`${rig.base}/api/cloud/agent/session?cloud_id=${id}`, {
        headers: { authorization: `Bearer ${token}`, 'api-type': 'uploader', 'api-version': '1' },
      })
    ).json()) as { data: { files: { path: string; url: string }[] } };
    const curl = async () => {
      const to = target();
      await mkdir(to);
      const args = ['-sf', '--parallel', '--parallel-max', '4'];
      for (const f of manifest.data.files) args.push('-o', path.join(to, path.basename(f.path)), f.url);
      const { ms } = await timed('curl', args);
      await rm(to, { recursive: true, force: true });
      return ms;
    };
    log(`warm-up, load ${loadavg()}`);
    await cp();
    await curl();
    await ours();
    await ours('http');
    const base: number[] = [];
    const viaCurl: number[] = [];
    const mine: number[] = [];
    const overHttp: number[] = [];
    const loads: number[] = [];
    for (let i = 0; i < pairs; i++) {
      const b = await cp();
      const c = await curl();
      const o = await ours();
      const h = await ours('http');
      viaCurl.push(c);
      overHttp.push(h);
      const load = loadavg();
      base.push(b);
      mine.push(o);
      loads.push(Number(load.split(' ')[0]));
      log(
        `pair ${i + 1}: cp ${(b / 1000).toFixed(2)} s, curl ${(c / 1000).toFixed(2)} s, agent sync ${(o / 1000).toFixed(2)} s, over HTTP ${(h / 1000).toFixed(2)} s (load ${load})`,
      );
    }
    await rig.endSession(id);
    const mbs = (xs: number[]) => xs.map((ms) => total / 1e6 / (ms / 1000));
    console.log(
      `\ncloud-media, ${count} × ${size / MiB} MiB = ${total / MiB} MiB, ${pairs} pairs, warm page cache`,
    );
    console.log('| variant | seconds | MB/s | agent / cp throughput | target |');
    console.log('| --- | --- | --- | --- | --- |');
    console.log(
      `| cp of the blob files | ${spread(base.map((x) => x / 1000))} | ${spread(mbs(base), 0)} | | |`,
    );
    console.log(
      `| curl of the signed URLs, 4 at a time (reference) | ${spread(viaCurl.map((x) => x / 1000))} | ${spread(mbs(viaCurl), 0)} | agent / curl ${spread(viaCurl.map((c, i) => c / mine[i]))} | |`,
    );
    console.log(
      `| agent media sync over HTTP (reference: a pool machine's way) | ${spread(overHttp.map((x) => x / 1000))} | ${spread(mbs(overHttp), 0)} | ${spread(base.map((b, i) => b / overHttp[i]))} | |`,
    );
    console.log(
      `| agent media sync, local provider (fast path: copies the stored part files) | ${spread(mine.map((x) => x / 1000))} | ${spread(mbs(mine), 0)} | ${spread(base.map((b, i) => b / mine[i]))} | ≥ 0.8 |`,
    );
    console.log(`1-min load per pair: ${loads.join(', ')} (median ${median(loads).toFixed(1)})`);
  } finally {
    await rig.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
