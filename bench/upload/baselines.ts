/**
 * One measured upload against a baseline: a fresh server process (its own port and directory),
 * peak-RSS mark reset once it is up, the upload timed, then the peak read and everything removed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { dropConnections, partCount, putParts, type PartPlan } from './partsClient.ts';
import { freePort, peakMiB, pollRss, resetPeak, rssMiB, startTs, waitUntilUp } from './proc.ts';
import { uploadTus } from './tusClient.ts';

export interface UploadMeasure {
  /** Whole upload, first request to last answer, ms. */
  totalMs: number;
  /** Part PUTs only (ours: between start and complete), ms. */
  transferMs: number;
  /** The complete call alone (ours), ms. */
  completeMs?: number;
  /** Server RSS when idle before the upload, MiB. */
  idleMiB: number;
  /** Server peak RSS during the upload (VmHWM after a reset), MiB. */
  peakMiB: number;
  /** Largest RSS seen by polling every 50 ms during the upload (cross-check of peakMiB), MiB. */
  polledMiB: number;
}

/** The first 64 MiB of the plan's file: the warm-up upload every fresh server gets before the timed one. */
export const warmupPlan = (plan: PartPlan): PartPlan => ({
  ...plan,
  size: Math.min(plan.size, 4 * plan.partSize),
});

async function withBaselineServer(
  mode: 'bare' | 'tus',
  body: (base: string, warmup: boolean) => Promise<void>,
): Promise<Omit<UploadMeasure, 'transferMs' | 'totalMs'> & { ms: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `rushes-bench-${mode}-`));
  const port = await freePort();
  const child = startTs('bench/upload/baselineServer.ts', [mode], { PORT: String(port), DIR: dir });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntilUp(child, `${base}/health`);
    // A long-running server is warm (JIT, first-request paths): one small upload, untimed.
    await body(base, true);
    const idleMiB = rssMiB(child.pid);
    resetPeak(child.pid);
    const poll = pollRss(child.pid);
    const start = performance.now();
    await body(base, false);
    const ms = performance.now() - start;
    return { ms, idleMiB, peakMiB: peakMiB(child.pid), polledMiB: poll.stop() };
  } finally {
    dropConnections();
    await child.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The bare endpoint: every part PUT with `parallel` workers; no start or complete step exists. */
export async function measureBare(plan: PartPlan, parallel: number): Promise<UploadMeasure> {
  const id = `u${Date.now()}`;
  const parts = Array.from({ length: partCount(plan) }, (_, i) => i + 1);
  const r = await withBaselineServer('bare', async (base, warmup) => {
    const p = warmup ? warmupPlan(plan) : plan;
    const upload = warmup ? `${id}w` : id;
    const numbers = warmup ? parts.slice(0, partCount(p)) : parts;
    const run = await putParts(p, numbers, {
      parallel,
      urlFor: (n) => ({ url: `${base}/parts/${upload}/${n}` }),
    });
    if (run.failed.size) throw new Error(`bare: ${[...run.failed.values()][0]}`);
  });
  return { totalMs: r.ms, transferMs: r.ms, idleMiB: r.idleMiB, peakMiB: r.peakMiB, polledMiB: r.polledMiB };
}

/** @tus/server + FileStore driven by tus-js-client: `streams` concurrent uploads (see tusClient.ts). */
export async function measureTus(plan: PartPlan, streams: number): Promise<UploadMeasure> {
  const r = await withBaselineServer('tus', (base, warmup) => {
    const p = warmup ? warmupPlan(plan) : plan;
    return uploadTus(
      { endpoint: `${base}/files/`, file: p.file, size: p.size, chunkSize: p.partSize },
      warmup ? 1 : streams,
    );
  });
  return { totalMs: r.ms, transferMs: r.ms, idleMiB: r.idleMiB, peakMiB: r.peakMiB, polledMiB: r.polledMiB };
}
