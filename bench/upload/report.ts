/** Figures of the upload benchmark: medians with min–max spread, ratios per round, the goals. */
import { median, report, type PairResult } from '../stats.ts';
import type { UploadMeasure } from './baselines.ts';
import type { OurMeasure } from './ours.ts';
import type { ResumeResult } from './resume.ts';

export interface Round {
  bare: UploadMeasure;
  tus: UploadMeasure;
  tus4?: UploadMeasure;
  ours: OurMeasure;
}

export interface Results {
  bigBytes: number;
  smallBytes: number;
  main: Round[];
  small: Round[];
  resumes: ResumeResult[];
}

const GiB = 1024 ** 3;
/** fixed decimals, without a '-0' for tiny negatives */
const f = (n: number, d = 0) => (Math.round(n * 10 ** d) / 10 ** d + 0).toFixed(d);
const spread = (xs: number[], d = 0) =>
  `${f(median(xs), d)} (${f(Math.min(...xs), d)}–${f(Math.max(...xs), d)})`;
/** MB/s (10^6 bytes per second) */
const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);

function pairs(rounds: Round[], bytes: number, pick: (r: Round) => [ours: number, base: number]): PairResult {
  const r: PairResult = { ours: [], baseline: [], ratios: [] };
  for (const round of rounds) {
    const [oursMs, baseMs] = pick(round);
    r.ours.push(mbps(bytes, oursMs));
    r.baseline.push(mbps(bytes, baseMs));
    r.ratios.push(baseMs / oursMs);
  }
  return r;
}

function sizeBlock(label: string, rounds: Round[], bytes: number) {
  if (!rounds.length) return;
  const kinds: Array<[string, (r: Round) => UploadMeasure | undefined]> = [
    ['bare endpoint', (r) => r.bare],
    ['tus, sequential', (r) => r.tus],
    ['tus, 4 quarter uploads', (r) => r.tus4],
    ['ours', (r) => r.ours],
  ];
  console.log(`\n== ${label}: ${bytes / 1024 ** 2} MiB, ${rounds.length} rounds (median (min–max)) ==`);
  console.log(
    'kind                     | MB/s whole upload | MB/s parts only | idle RSS MiB | peak RSS MiB | peak − idle MiB | polled max MiB',
  );
  for (const [name, get] of kinds) {
    const ms = rounds.map(get).filter((m): m is UploadMeasure => Boolean(m));
    if (!ms.length) continue;
    console.log(
      `${name.padEnd(24)} | ${spread(ms.map((m) => mbps(bytes, m.totalMs))).padEnd(17)} | ` +
        `${spread(ms.map((m) => mbps(bytes, m.transferMs))).padEnd(15)} | ` +
        `${spread(ms.map((m) => m.idleMiB)).padEnd(12)} | ${spread(ms.map((m) => m.peakMiB)).padEnd(12)} | ` +
        `${spread(ms.map((m) => m.peakMiB - m.idleMiB)).padEnd(15)} | ${spread(ms.map((m) => m.polledMiB))}`,
    );
  }
  const ours = rounds.map((r) => r.ours);
  console.log(
    `ours: start ${spread(ours.map((m) => m.startMs))} ms, complete ${spread(ours.map((m) => m.completeMs!))} ms` +
      ` = ${spread(
        ours.map((m) => m.completeMs! / 1000 / (bytes / GiB)),
        3,
      )} s per GiB`,
  );
}

export function summarize(res: Results) {
  const { bigBytes: big, main } = res;
  sizeBlock('main', main, big);
  sizeBlock('memory check', res.small, res.smallBytes);
  const goals: string[] = [];

  if (main.length) {
    const parts = pairs(main, big, (r) => [r.ours.transferMs, r.bare.totalMs]);
    report('throughput ours (parts phase) / bare endpoint, MB/s', 'MB/s', parts);
    const whole = pairs(main, big, (r) => [r.ours.totalMs, r.bare.totalMs]);
    report('throughput ours (start+parts+complete) / bare endpoint, MB/s', 'MB/s', whole);
    const tus = pairs(main, big, (r) => [r.ours.totalMs, r.tus.totalMs]);
    report('throughput ours (start+parts+complete) / tus sequential, MB/s', 'MB/s', tus);
    const tusParts = pairs(main, big, (r) => [r.ours.transferMs, r.tus.totalMs]);
    report('throughput ours (parts phase) / tus sequential, MB/s', 'MB/s', tusParts);
    if (main.every((r) => r.tus4)) {
      report(
        'throughput ours (start+parts+complete) / tus 4 quarter uploads, MB/s',
        'MB/s',
        pairs(main, big, (r) => [r.ours.totalMs, r.tus4!.totalMs]),
      );
    }
    const completePerGiB = median(main.map((r) => r.ours.completeMs! / 1000 / (big / GiB)));
    goals.push(
      `>= 0.85x bare: parts phase ${f(median(parts.ratios), 2)}, whole upload ${f(median(whole.ratios), 2)}`,
      `>= 1.1x tus: whole upload ${f(median(tus.ratios), 2)}, parts phase ${f(median(tusParts.ratios), 2)}`,
      `complete <= 0.5 s/GiB: ${f(completePerGiB, 3)} s/GiB -> ${completePerGiB <= 0.5 ? 'met' : 'NOT met'}`,
    );
  }
  if (main.length && res.small.length) {
    const a = median(res.small.map((r) => r.ours.peakMiB));
    const b = median(main.map((r) => r.ours.peakMiB));
    goals.push(
      `memory flat: ours peak ${f(a)} MiB at ${res.smallBytes / 1024 ** 2} MiB, ${f(b)} MiB at ${big / 1024 ** 2} MiB ` +
        `(${f(b - a)} MiB more for ${f(big / res.smallBytes)}x the bytes)`,
    );
  }
  if (res.resumes.length) {
    console.log('\n== resume after kill -9 ==');
    for (const r of res.resumes) console.log(`  ${JSON.stringify(r)}`);
    console.log(
      '  (parallel: parts in flight at once; resent: parts PUT again after the restart that had been started before;' +
        ' continued: of those, resumed from the bytes the server kept; resentBytes: bytes sent twice)',
    );
    goals.push(
      `resume: sent twice ${res.resumes.map((r) => `${(r.resentBytes / 2 ** 20).toFixed(1)} MiB = ${r.resentParts.toFixed(2)} part`).join(', ')}` +
        ` (goal: at most 1 part); parts PUT again ${res.resumes.map((r) => r.resent).join(', ')}, of them continued ` +
        `${res.resumes.map((r) => r.continued).join(', ')} (in flight at the kill: ` +
        `${res.resumes.map((r) => r.inFlightAtKill).join(', ')}; acknowledged but lost: ` +
        `${res.resumes.map((r) => r.ackedButLost).join(', ')}; sha256 ${res.resumes.every((r) => r.verified) ? 'ok' : 'MISMATCH'})`,
    );
  }
  console.log('\n== goals ==');
  for (const g of goals) console.log(`  ${g}`);
  console.log('\n== raw ==');
  console.log(JSON.stringify(res));
}
