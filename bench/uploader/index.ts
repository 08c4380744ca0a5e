/**
 * bench uploader: the desktop uploader's Linux single executable against the web uploader in
 * headless Chromium and the bare multipart PUT endpoint, one file over loopback, interleaved round
 * by round (bare, binary, web). Method and figures: bench/README.md, section 'uploader'.
 *
 * The bare endpoint is bench/upload's (a fresh process per round, warmed up, 16 MiB parts, 4 at a
 * time). The binary and the web upload to ONE warm server of ours for the whole run (a long-running
 * server, as users meet it; both get an untimed 64 MiB warm-up upload first), each into a new project.
 *
 * Knobs (environment): BENCH_UPLOADER_MIB (default 1024), BENCH_UPLOADER_ROUNDS (5),
 * BENCH_UPLOADER_SETTLE_MS (3000: pause after each upload of ours, for its media job),
 * WEB_DIST (the built web app the server serves; default apps/web/dist), UPLOADER_DIST.
 */
import { existsSync, statfsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { median } from '../stats.ts';
import { measureBare } from '../upload/baselines.ts';
import { storedSha256 } from '../upload/ours.ts';
import { root } from '../upload/proc.ts';
import { sha256File, writeRandomFile } from '../upload/sourceFile.ts';
import { MiB, log, onlyIngest, runBinary, uploaderRig, type UploaderRig } from './rig.ts';
import { webUploader } from './web.ts';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PARALLEL = 4;

interface Round {
  bare: number;
  binary: number;
  web: number;
}

const spread = (xs: number[], digits: number) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

function summarize(size: number, rounds: Round[]) {
  const mbs = (k: keyof Round) => rounds.map((r) => size / 1e6 / (r[k] / 1000));
  const [bare, binary, web] = [mbs('bare'), mbs('binary'), mbs('web')];
  const perRound = (a: number[], b: number[]) => a.map((x, i) => x / b[i]);
  console.log(`\n${size / MiB} MiB, ${rounds.length} rounds; MB/s median (min–max), ratios per round:`);
  console.log('| variant | MB/s | binary / this |');
  console.log('| --- | --- | --- |');
  console.log(`| bare multipart PUT | ${spread(bare, 0)} | ${spread(perRound(binary, bare), 2)} |`);
  console.log(`| web uploader, Chromium | ${spread(web, 0)} | ${spread(perRound(binary, web), 2)} |`);
  console.log(`| **Linux binary** | ${spread(binary, 0)} | — |`);
  console.log(
    `per round (s): ${JSON.stringify(rounds.map((r) => Object.values(r).map((ms) => +(ms / 1000).toFixed(2))))}`,
  );
}

export async function run() {
  const size = num('BENCH_UPLOADER_MIB', 1024) * MiB;
  const roundCount = num('BENCH_UPLOADER_ROUNDS', 5);
  const settle = num('BENCH_UPLOADER_SETTLE_MS', 3000);
  const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error(`no built web app in ${webDist}`);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'rushes-bench-uploader-'));
  const fs = statfsSync(tmp);
  // source, the bare server's parts, and every upload of ours kept in the warm server's DATA_DIR
  if (fs.bavail * fs.bsize < size * (4 + 2 * roundCount)) throw new Error(`not enough disk in ${tmp}`);
  let rig: UploaderRig | undefined;
  let web: Awaited<ReturnType<typeof webUploader>> | undefined;
  try {
    // `.mxf`: a camera file the web and the program both accept (`.bin` is a restricted extension)
    const file = path.join(tmp, 'A001_C001_bench.mxf');
    const warm = path.join(tmp, 'A001_C000_warmup.mxf');
    log(`writing ${size / MiB} MiB of random bytes into ${tmp}`);
    await writeRandomFile(file, size);
    await writeRandomFile(warm, Math.min(size, 64 * MiB));
    const sha = await sha256File(file);
    rig = await uploaderRig({ WEB_DIST: webDist });
    const r = rig;
    const base = r.server.base;
    web = await webUploader(base);
    let n = 0;
    const binary = async (f: string) => {
      const state = path.join(tmp, `run-${++n}`, 'state.json');
      await mkdir(path.dirname(state), { recursive: true });
      const projectId = await r.newProject();
      const res = await runBinary({ base, token: r.token, projectId, state, file: f, parallel: PARALLEL });
      if (res.code !== 0) throw new Error(`binary exited ${res.code}: ${res.err}`);
      return { ms: res.ms, projectId };
    };
    const settleDown = () => new Promise((ok) => setTimeout(ok, settle));
    // warm-up: the server's upload paths, the browser's page and the program's first run
    await binary(warm);
    await web.upload(await r.newProject(), warm);
    await settleDown();
    const rounds: Round[] = [];
    for (let i = 0; i < roundCount; i++) {
      const bare = await measureBare({ file, size, partSize: 16 * MiB }, PARALLEL);
      log(`round ${i + 1} bare: ${(bare.totalMs / 1000).toFixed(2)} s`);
      const bin = await binary(file);
      log(`round ${i + 1} binary: ${(bin.ms / 1000).toFixed(2)} s`);
      await settleDown();
      const webProject = await r.newProject();
      const w = await web.upload(webProject, file);
      log(`round ${i + 1} web: ${(w.ms / 1000).toFixed(2)} s`);
      await settleDown();
      if (i === 0) {
        // the stored originals equal the source (outside the timing)
        for (const [who, ingest] of [
          ['binary', await onlyIngest(r, bin.projectId)],
          ['web', w.ingestId],
        ]) {
          const stored = await storedSha256(base, r.session, ingest);
          if (stored !== sha) throw new Error(`${who}: the stored file differs from the source`);
        }
        log('round 1: both stored files have the source SHA-256');
      }
      rounds.push({ bare: bare.totalMs, binary: bin.ms, web: w.ms });
    }
    summarize(size, rounds);
  } finally {
    await web?.close();
    await rig?.close();
    await rm(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
