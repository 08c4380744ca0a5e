import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { TRANSCRIPTS_API } from '@rushes/shared';
import type { Person } from '../apps/server/test/factories.ts';
import type { TestApp } from '../apps/server/test/harness.ts';
import { cpuSeconds } from './load/procs.ts';
import { median } from './stats.ts';

/**
 * The server's CPU per transcription (BENCH_TRANSCRIPTS_PART=cpu), a figure this busy machine does not
 * move: process.cpuUsage of this process (the API, the job, the database client) and the CPU of the
 * tools it ran (ffprobe, ffmpeg: /proc/self/stat's reaped children), per transcription, against an
 * idle window of the same length (timers, the queue's polling) in interleaved rounds. Also the event
 * loop's longest stall in each window (a spawn forks the whole process) and the stand-in's CPU (it
 * stands for another machine: not the server's share).
 */

const TICKS_PER_SECOND = 100;
/** CPU ms of this process's children that have ended (cutime + cstime). */
function childrenMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND) * 1000;
}
const selfMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface Window {
  ms: number;
  selfMs: number;
  childrenMs: number;
  standInMs: number;
  stallMaxMs: number;
}

async function measure(standInPid: number | undefined, work: () => Promise<void>): Promise<Window> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const t0 = performance.now();
  const s0 = selfMs();
  const c0 = childrenMs();
  const x0 = cpuSeconds(standInPid);
  loop.enable();
  await work();
  loop.disable();
  return {
    ms: performance.now() - t0,
    selfMs: selfMs() - s0,
    childrenMs: childrenMs() - c0,
    standInMs: (cpuSeconds(standInPid) - x0) * 1000,
    stallMaxMs: loop.max / 1e6,
  };
}

export async function cpuPart(
  t: TestApp,
  owner: Person,
  assetId: string,
  opts: { rounds: number; perRound: number; standInPid: number | undefined },
) {
  const transcribeOnce = async () => {
    const res = await t.call('POST', TRANSCRIPTS_API.root, {
      cookie: owner.cookie,
      body: { ingest_db_id: assetId },
    });
    if (res.status !== 200) throw new Error(`transcribe answered ${res.status}: ${res.body.errormessage}`);
    await t.ctx.jobs.drainForTests();
  };
  await transcribeOnce(); // warm-up
  const busy: Window[] = [];
  const idle: Window[] = [];
  for (let r = 0; r < opts.rounds; r++) {
    const b = await measure(opts.standInPid, async () => {
      for (let i = 0; i < opts.perRound; i++) await transcribeOnce();
    });
    idle.push(await measure(opts.standInPid, () => sleep(b.ms)));
    busy.push(b);
  }
  /** per transcription, the idle window's share subtracted */
  const per = (k: 'selfMs' | 'childrenMs' | 'standInMs') =>
    median(busy.map((x, r) => (x[k] - idle[r]![k]) / opts.perRound));
  const fmt = (x: number) => x.toFixed(1);
  console.log(
    `\ncpu: ${opts.rounds} rounds × ${opts.perRound} transcriptions, each against an idle window as long; ms per transcription, idle subtracted, median of rounds`,
  );
  console.log('| per transcription | wall | server process | its ffprobe/ffmpeg | stand-in (not ours) |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(
    `| ms | ${fmt(median(busy.map((b) => b.ms / opts.perRound)))} | ${fmt(per('selfMs'))} | ${fmt(per('childrenMs'))} | ${fmt(per('standInMs'))} |`,
  );
  console.log(
    `event loop's longest stall, median of rounds: ${fmt(median(busy.map((b) => b.stallMaxMs)))} ms transcribing, ${fmt(median(idle.map((b) => b.stallMaxMs)))} ms idle`,
  );
}
