/** Helpers shared by the benchmarks: interleaved pairs, medians and spread (this machine is noisy). */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export interface PairResult {
  ours: number[];
  baseline: number[];
  ratios: number[];
}

/**
 * Runs baseline and ours alternately `pairs` times (ABAB…, so drift hits both) and reports the
 * median of each, the median ratio ours/baseline and the ratio's min–max spread.
 */
export async function interleave(
  pairs: number,
  baseline: () => Promise<number>,
  ours: () => Promise<number>,
): Promise<PairResult> {
  const r: PairResult = { ours: [], baseline: [], ratios: [] };
  for (let i = 0; i < pairs; i++) {
    const b = await baseline();
    const o = await ours();
    r.baseline.push(b);
    r.ours.push(o);
    r.ratios.push(o / b);
  }
  return r;
}

export function report(title: string, unit: string, r: PairResult) {
  const fmt = (n: number) => n.toFixed(2);
  console.log(`\n${title}`);
  console.log(
    `  baseline median ${fmt(median(r.baseline))} ${unit}   ours median ${fmt(median(r.ours))} ${unit}`,
  );
  console.log(
    `  ratio ours/baseline median ${fmt(median(r.ratios))}  (spread ${fmt(Math.min(...r.ratios))}–${fmt(Math.max(...r.ratios))}, ${r.ratios.length} pairs)`,
  );
}
