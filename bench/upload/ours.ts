/**
 * Measured uploads through our product: a fresh server per run (its own DATA_DIR and port), sign-in
 * and project made before the peak-RSS mark is reset, then start → parts → complete timed.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { API, mediaFileUrl } from '@rushes/shared';
import { warmupPlan, type UploadMeasure } from './baselines.ts';
import { abortUpload, completeUpload, startUpload, urlFor, type OurUpload } from './ourProtocol.ts';
import { signInWithProject, startOurServer, type OurServer, type Session } from './ourServer.ts';
import { dropConnections, partCount, putParts, type PartPlan } from './partsClient.ts';
import { freePort, peakMiB, pollRss, resetPeak, rssMiB } from './proc.ts';

export interface OurRig {
  server: OurServer;
  session: Session;
  close(): Promise<void>;
}

/** A fresh server with a throw-away DATA_DIR, signed in, with a project; `env` adds to its settings. */
export async function ourRig(env: Record<string, string> = {}): Promise<OurRig> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rushes-bench-ours-'));
  const server = await startOurServer(dataDir, await freePort(), env);
  const session = await signInWithProject(server.base);
  return {
    server,
    session,
    async close() {
      dropConnections();
      await server.child.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signed URL for part n, signing the following parts in the same call when it must ask. */
export const ourUrl = (up: OurUpload, total: number) => (n: number) =>
  urlFor(
    up,
    n,
    Array.from({ length: Math.min(100, total - n) }, (_, i) => n + 1 + i),
  );

/** SHA-256 of the stored original, read back through the product's own media route. */
export async function storedSha256(base: string, session: Session, ingestId: string): Promise<string> {
  const res = await fetch(`${base}${mediaFileUrl(ingestId, 'original')}`, {
    headers: { cookie: session.cookie },
  });
  if (!res.ok || !res.body) throw new Error(`${API.media.file} answered ${res.status}`);
  const hash = createHash('sha256');
  for await (const chunk of Readable.fromWeb(res.body as never)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface OurMeasure extends UploadMeasure {
  /** the start call, ms */
  startMs: number;
  /** SHA-256 of the stored file equals the source's (only when asked to check) */
  verified?: boolean;
}

/** One upload of `plan.file` through start → parts → complete; `sourceSha` set: read it back and compare. */
export async function measureOurs(plan: PartPlan, parallel: number, sourceSha?: string): Promise<OurMeasure> {
  const rig = await ourRig();
  try {
    const { server, session } = rig;
    // Warm-up like the baselines': 64 MiB through start and parts, then aborted (a completed upload
    // would start a media job during the timed one).
    const warm = warmupPlan(plan);
    const w = await startUpload(server.base, session, warm.size);
    const wParts = Array.from({ length: partCount(warm) }, (_, i) => i + 1);
    const wRun = await putParts(warm, wParts, { parallel, urlFor: ourUrl(w, partCount(warm)) });
    if (wRun.failed.size) throw new Error(`ours warm-up: ${[...wRun.failed.values()][0]}`);
    await abortUpload(w);
    const idleMiB = rssMiB(server.child.pid);
    resetPeak(server.child.pid);
    const poll = pollRss(server.child.pid);
    const t0 = performance.now();
    const up = await startUpload(server.base, session, plan.size);
    if (up.start.part_size !== plan.partSize) {
      throw new Error(`server chose part_size ${up.start.part_size}, the bench plans ${plan.partSize}`);
    }
    const t1 = performance.now();
    const total = partCount(plan);
    const parts = Array.from({ length: total }, (_, i) => i + 1);
    const run = await putParts(plan, parts, { parallel, urlFor: ourUrl(up, total) });
    if (run.failed.size) throw new Error(`ours: ${[...run.failed.values()][0]}`);
    const t2 = performance.now();
    const done = await completeUpload(up, run.etags);
    const t3 = performance.now();
    const peak = peakMiB(server.child.pid);
    const polledMiB = poll.stop();
    const verified = sourceSha
      ? (await storedSha256(server.base, session, done.ingest_db_id)) === sourceSha
      : undefined;
    return {
      totalMs: t3 - t0,
      startMs: t1 - t0,
      transferMs: t2 - t1,
      completeMs: t3 - t2,
      idleMiB,
      peakMiB: peak,
      polledMiB,
      verified,
    };
  } finally {
    await rig.close();
  }
}
