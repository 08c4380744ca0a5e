/**
 * bench uploader-resume: the Linux binary uploads a file through a recording proxy and is killed
 * (SIGKILL) at a random moment, uniform over the expected duration (an uncut upload through the same
 * proxy, timed first); the same command is run again to the end. Checked per run: the rerun exits 0,
 * the project holds one file and its stored original has the source's SHA-256; counted: the parts
 * whose bytes travelled in both runs (re-sent), parts finished before the kill and sent again (must be
 * none) and the bytes sent twice. Method and figures: bench/README.md, section 'uploader'.
 *
 * Knobs (environment): BENCH_UPLOADER_RESUME_MIB (default 256), BENCH_UPLOADER_RESUME_RUNS (20),
 * BENCH_UPLOADER_PARALLEL (the program's --parallel; default: its own default), UPLOADER_DIST.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { storedSha256 } from '../upload/ours.ts';
import { sha256File, writeRandomFile } from '../upload/sourceFile.ts';
import { countingProxy, type PartPut } from './proxy.ts';
import { MiB, log, onlyIngest, runBinary, uploaderRig, type UploaderRig } from './rig.ts';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

interface ResumeRun {
  killAtMs: number;
  /** the first run ended by itself before the kill came */
  finishedFirst: boolean;
  partsDoneBefore: number;
  /** part PUTs with bytes sent but no answer when the program died */
  inFlight: number;
  /** cut parts the rerun continued from the bytes the server kept (offset > 0) */
  continued: number;
  /** cut parts the rerun sent again from byte 0: re-sent whole */
  resentWhole: number;
  /**
   * parts answered 200 before the kill and PUT again with bytes (the rerun asked while the server
   * was still taking the part's last bytes: it continues from what was written, counted in twiceMiB)
   */
  doneResent: number;
  /** bytes of the same parts sent in both runs beyond one copy, MiB */
  twiceMiB: number;
  rerunMs: number;
  shaOk: boolean;
}

function count(puts: PartPut[], size: number, partSize: number) {
  const expected = (n: number) => Math.min(partSize, size - (n - 1) * partSize);
  const first = puts.filter((p) => p.phase === 1);
  const second = puts.filter((p) => p.phase === 2 && p.bytes > 0);
  const done = new Set(first.filter((p) => p.ok).map((p) => p.part));
  const bytes1 = new Map<number, number>();
  for (const p of first) bytes1.set(p.part, (bytes1.get(p.part) ?? 0) + p.bytes);
  const bytes2 = new Map<number, number>();
  for (const p of second) bytes2.set(p.part, (bytes2.get(p.part) ?? 0) + p.bytes);
  let twice = 0;
  for (const [n, b2] of bytes2) twice += Math.max(0, (bytes1.get(n) ?? 0) + b2 - expected(n));
  const cut = [...bytes1].filter(([n, b]) => b > 0 && !done.has(n)).map(([n]) => n);
  const rerunFrom = (n: number) => second.find((p) => p.part === n)?.offset;
  return {
    partsDoneBefore: done.size,
    inFlight: cut.length,
    continued: cut.filter((n) => (rerunFrom(n) ?? 0) > 0).length,
    resentWhole: cut.filter((n) => rerunFrom(n) === 0).length,
    doneResent: [...bytes2.keys()].filter((n) => done.has(n)).length,
    twiceMiB: twice / MiB,
  };
}

export async function run() {
  const size = num('BENCH_UPLOADER_RESUME_MIB', 256) * MiB;
  const runs = num('BENCH_UPLOADER_RESUME_RUNS', 20);
  const parallel = process.env.BENCH_UPLOADER_PARALLEL
    ? Number(process.env.BENCH_UPLOADER_PARALLEL)
    : undefined;
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'rushes-bench-uploader-resume-'));
  let rig: UploaderRig | undefined;
  let proxy: ReturnType<typeof countingProxy> | undefined;
  try {
    const file = path.join(tmp, 'A001_C002_resume.mxf');
    log(`writing ${size / MiB} MiB of random bytes into ${tmp}`);
    await writeRandomFile(file, size);
    const sha = await sha256File(file);
    rig = await uploaderRig();
    const r = rig;
    proxy = countingProxy(r.server.base);
    const base = await proxy.listen();
    let n = 0;
    const job = async () => {
      const state = path.join(tmp, `run-${++n}`, 'state.json');
      await mkdir(path.dirname(state), { recursive: true });
      return { base, token: r.token, projectId: await r.newProject(), state, file, parallel };
    };
    // the expected duration: an uncut upload through the proxy (twice: the first warms up)
    let expectedMs = 0;
    for (let i = 0; i < 2; i++) {
      const uncut = await runBinary(await job());
      if (uncut.code !== 0) throw new Error(`uncut upload exited ${uncut.code}: ${uncut.err}`);
      expectedMs = uncut.ms;
    }
    log(
      `${size / MiB} MiB, part size ${proxy.partSize() / MiB} MiB; uncut upload ${expectedMs.toFixed(0)} ms`,
    );
    const results: ResumeRun[] = [];
    for (let i = 0; i < runs; i++) {
      proxy.reset();
      const opts = await job();
      const killAtMs = Math.random() * expectedMs;
      const first = await runBinary(opts, killAtMs);
      proxy.setPhase(2);
      const again = await runBinary(opts);
      if (again.code !== 0) throw new Error(`rerun ${i + 1} exited ${again.code}: ${again.err}`);
      const stored = await storedSha256(r.server.base, r.session, await onlyIngest(r, opts.projectId));
      const res: ResumeRun = {
        killAtMs: Math.round(killAtMs),
        finishedFirst: first.code === 0,
        ...count(proxy.puts, size, proxy.partSize()),
        rerunMs: Math.round(again.ms),
        shaOk: stored === sha,
      };
      log(`run ${i + 1}: ${JSON.stringify(res)}`);
      if (!res.shaOk) throw new Error(`run ${i + 1}: the stored file differs from the source`);
      results.push(res);
    }
    const max = (k: 'resentWhole' | 'continued' | 'doneResent' | 'twiceMiB' | 'inFlight') =>
      Math.max(...results.map((x) => x[k]));
    const part = proxy.partSize() / MiB;
    console.log(`\n${runs} kills of the Linux binary uploading ${size / MiB} MiB (${part} MiB parts):`);
    console.log(`  SHA-256 equal after the rerun: ${results.filter((x) => x.shaOk).length}/${runs}`);
    console.log(`  killed before it finished: ${results.filter((x) => !x.finishedFirst).length}/${runs}`);
    console.log(
      `  parts in flight at the kill: max ${max('inFlight')}, per run ${results.map((x) => x.inFlight).join(' ')}`,
    );
    console.log(`  of them continued from the kept bytes: max ${max('continued')}`);
    console.log(`  of them re-sent whole: max ${max('resentWhole')}`);
    console.log(`  finished parts sent again: max ${max('doneResent')}`);
    console.log(
      `  bytes sent twice: max ${max('twiceMiB').toFixed(1)} MiB = ${(max('twiceMiB') / part).toFixed(2)} part`,
    );
  } finally {
    await proxy?.close();
    await rig?.close();
    await rm(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
