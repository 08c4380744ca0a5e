/**
 * bench upload: a large upload over loopback, 16 MiB parts, 4 in parallel, through our
 * protocol (start → PUT parts to signed URLs → complete) against two baselines in the same run,
 * interleaved round by round: a bare node:http endpoint (parts to disk with MD5 ETags) and
 * @tus/server + FileStore driven by tus-js-client. Then a small file for memory flatness and a
 * kill -9 + resume. Every server is a fresh child process; its peak RSS (VmHWM, reset once it is up)
 * is read after the upload. Method and figures: bench/README.md, section 'upload'.
 *
 * Knobs (environment): BENCH_UPLOAD_MIB (default 2048), BENCH_UPLOAD_SMALL_MIB (256),
 * BENCH_UPLOAD_PAIRS (5), BENCH_UPLOAD_SMALL_PAIRS (3), BENCH_UPLOAD_RESUMES (2),
 * BENCH_UPLOAD_TUS4 (1: also run tus as four parallel quarter uploads), BENCH_UPLOAD_RESUME_SERIAL
 * (1: also a resume with one part in flight, on the small file), BENCH_UPLOAD_ONLY
 * (comma list of phases: main, small, resume), BENCH_DEBUG (1: per resumed part, the bytes sent
 * before the kill and the offset it continued from).
 */
import { statfsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureBare, measureTus, type UploadMeasure } from './baselines.ts';
import { measureOurs, type OurMeasure } from './ours.ts';
import { partCount, type PartPlan } from './partsClient.ts';
import { summarize, type Round } from './report.ts';
import { measureResume, type ResumeResult } from './resume.ts';
import { sha256File, writeRandomFile } from './sourceFile.ts';

const MiB = 1024 * 1024;
const PART = 16 * MiB;
const PARALLEL = 4;
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

function log(line: string) {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
}

const brief = (m: UploadMeasure) =>
  `${(m.totalMs / 1000).toFixed(2)} s, peak ${m.peakMiB.toFixed(0)} MiB` +
  ('completeMs' in m && m.completeMs !== undefined ? `, complete ${m.completeMs.toFixed(0)} ms` : '') +
  ('verified' in m && m.verified !== undefined ? `, sha256 ${m.verified ? 'ok' : 'MISMATCH'}` : '');

async function rounds(plan: PartPlan, pairs: number, withTus4: boolean, sha: string): Promise<Round[]> {
  const out: Round[] = [];
  for (let i = 0; i < pairs; i++) {
    const bare = await measureBare(plan, PARALLEL);
    log(`  round ${i + 1} bare: ${brief(bare)}`);
    const tus = await measureTus(plan, 1);
    log(`  round ${i + 1} tus (sequential): ${brief(tus)}`);
    const tus4 = withTus4 ? await measureTus(plan, PARALLEL) : undefined;
    if (tus4) log(`  round ${i + 1} tus (4 quarter uploads): ${brief(tus4)}`);
    // The first of ours per size is read back and compared with the source (outside the timing).
    const ours: OurMeasure = await measureOurs(plan, PARALLEL, i === 0 ? sha : undefined);
    log(`  round ${i + 1} ours: ${brief(ours)}`);
    if (ours.verified === false) throw new Error('stored file differs from the source');
    out.push({ bare, tus, tus4, ours });
  }
  return out;
}

export async function run() {
  const bigBytes = num('BENCH_UPLOAD_MIB', 2048) * MiB;
  const smallBytes = num('BENCH_UPLOAD_SMALL_MIB', 256) * MiB;
  const only = (process.env.BENCH_UPLOAD_ONLY ?? 'main,small,resume').split(',');
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'rushes-bench-upload-'));
  // Source + parts + the assembled object, with room to spare.
  const fs = statfsSync(tmp);
  const free = fs.bavail * fs.bsize;
  if (free < bigBytes * 4 + smallBytes * 4) {
    throw new Error(`not enough disk in ${tmp}: ${(free / 2 ** 30).toFixed(1)} GiB free`);
  }
  try {
    log(`writing ${bigBytes / MiB} MiB and ${smallBytes / MiB} MiB of random bytes into ${tmp}`);
    const big: PartPlan = { file: path.join(tmp, 'big.bin'), size: bigBytes, partSize: PART };
    const small: PartPlan = { file: path.join(tmp, 'small.bin'), size: smallBytes, partSize: PART };
    await writeRandomFile(big.file, big.size);
    await writeRandomFile(small.file, small.size);
    const [bigSha, smallSha] = [await sha256File(big.file), await sha256File(small.file)];

    let main: Round[] = [];
    let smallRounds: Round[] = [];
    const resumes: ResumeResult[] = [];
    if (only.includes('main')) {
      log(`${bigBytes / MiB} MiB, ${partCount(big)} parts of 16 MiB, ${PARALLEL} in parallel`);
      main = await rounds(big, num('BENCH_UPLOAD_PAIRS', 5), num('BENCH_UPLOAD_TUS4', 1) === 1, bigSha);
    }
    if (only.includes('small')) {
      log(`${smallBytes / MiB} MiB (memory flatness)`);
      smallRounds = await rounds(small, num('BENCH_UPLOAD_SMALL_PAIRS', 3), false, smallSha);
    }
    if (only.includes('resume')) {
      for (let i = 0; i < num('BENCH_UPLOAD_RESUMES', 2); i++) {
        const killAfter = Math.floor(partCount(big) / 2);
        log(`resume ${i + 1}: kill -9 after ${killAfter} acknowledged parts`);
        const r = await measureResume(big, PARALLEL, bigSha, killAfter, 40 + i * 60);
        log(`  ${JSON.stringify(r)}`);
        if (!r.verified) throw new Error('resumed file differs from the source');
        resumes.push(r);
      }
      if (num('BENCH_UPLOAD_RESUME_SERIAL', 1) === 1) {
        // One part in flight: what a single connection loses to the kill.
        const killAfter = Math.floor(partCount(small) / 2);
        log(`resume, 1 part at a time, ${smallBytes / MiB} MiB: kill -9 after ${killAfter} parts`);
        const r = await measureResume(small, 1, smallSha, killAfter, 40);
        log(`  ${JSON.stringify(r)}`);
        if (!r.verified) throw new Error('resumed file differs from the source');
        resumes.push(r);
      }
    }
    summarize({ bigBytes, smallBytes, main, small: smallRounds, resumes });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
