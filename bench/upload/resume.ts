/**
 * Resume after a crash: upload through our protocol, kill -9 the server once `killAfter` parts are
 * acknowledged (plus a short delay, so the other connections are mid-part), restart it on the same
 * DATA_DIR and port, list the parts it kept, send only the missing ones, complete, and compare the
 * stored file's SHA-256 with the source. Counts what had to be sent again: parts, and bytes (a part
 * the server kept the first bytes of continues from there).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { completeUpload, listParts, startUpload } from './ourProtocol.ts';
import { signInWithProject, startOurServer } from './ourServer.ts';
import { ourUrl, storedSha256 } from './ours.ts';
import { dropConnections, partCount, putParts, type PartPlan, type PartTarget } from './partsClient.ts';
import { freePort } from './proc.ts';

export interface ResumeResult {
  mib: number;
  parallel: number;
  parts: number;
  /** acknowledged (ETag received) before the kill */
  ackedBeforeKill: number;
  /** PUTs cut by the kill (started, no answer) */
  inFlightAtKill: number;
  /** of those, how many had written their whole body to the socket */
  fullySentButUnanswered: number;
  /** parts the server still had after the restart */
  keptByServer: number;
  /** acknowledged before the kill but missing after the restart (must be 0) */
  ackedButLost: number;
  /** parts PUT again after the restart that had been (partly or fully) sent before */
  resent: number;
  /** of those, how many continued from bytes the server kept (offset > 0) */
  continued: number;
  /**
   * bytes sent twice: for each part started before the kill, what its PUT after the restart sent
   * again of what had already gone to the socket before (sent before − the offset it resumed at)
   */
  resentBytes: number;
  /** resentBytes in parts (16 MiB): the goal is at most 1 */
  resentParts: number;
  /** restart (process start, migrations) until /api/health answers, ms */
  restartMs: number;
  sameSession: boolean;
  verified: boolean;
}

export async function measureResume(
  plan: PartPlan,
  parallel: number,
  sourceSha: string,
  killAfter: number,
  killDelayMs = 40,
): Promise<ResumeResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rushes-bench-resume-'));
  const port = await freePort();
  let server = await startOurServer(dataDir, port);
  try {
    let session = await signInWithProject(server.base);
    const up = await startUpload(server.base, session, plan.size);
    const total = partCount(plan);
    const all = Array.from({ length: total }, (_, i) => i + 1);

    let killed = false;
    let killing: Promise<void> | undefined;
    const before = await putParts(plan, all, {
      parallel,
      urlFor: ourUrl(up, total),
      stopped: () => killed,
      onPartDone: (_n, run) => {
        if (killing || run.etags.size < killAfter) return;
        const victim = server.child;
        killing = new Promise<void>((r) => setTimeout(r, killDelayMs)).then(async () => {
          killed = true;
          await victim.stop('SIGKILL');
        });
      },
    });
    await killing;
    dropConnections();
    const acked = new Set(before.etags.keys());
    const inFlight = [...before.started].filter((n) => !acked.has(n));

    const t0 = performance.now();
    server = await startOurServer(dataDir, port);
    const restartMs = performance.now() - t0;
    // The browser keeps its cookie across a server restart; sessions live in the database.
    let sameSession = true;
    let kept;
    try {
      kept = await listParts(server.base, session, up.start.upload_id);
    } catch {
      sameSession = false;
      session = { ...(await signInWithProject(server.base)), projectId: session.projectId };
      kept = await listParts(server.base, session, up.start.upload_id);
    }
    const keptSet = new Set(kept.parts.map((p) => p.PartNumber));
    const missing = all.filter((n) => !keptSet.has(n));
    const resumed = { ...up, base: server.base, session, urls: new Map<number, PartTarget>() };
    const after = await putParts(plan, missing, { parallel, urlFor: ourUrl(resumed, total) });
    if (after.failed.size) throw new Error(`resume: ${[...after.failed.values()][0]}`);

    const etags = new Map(kept.parts.map((p) => [p.PartNumber, p.ETag]));
    for (const [n, e] of after.etags) etags.set(n, e);
    const done = await completeUpload(resumed, etags);
    const verified = (await storedSha256(server.base, session, done.ingest_db_id)) === sourceSha;
    const again = missing.filter((n) => before.started.has(n));
    if (process.env.BENCH_DEBUG)
      for (const n of again)
        console.log(`part ${n}: sent before ${before.bytesSent.get(n)}, resumed at ${after.offsets.get(n)}`);
    const resentBytes = again.reduce(
      (sum, n) =>
        sum + Math.max(0, before.offsets.get(n)! + before.bytesSent.get(n)! - after.offsets.get(n)!),
      0,
    );
    return {
      mib: plan.size / 2 ** 20,
      parallel,
      parts: total,
      ackedBeforeKill: acked.size,
      inFlightAtKill: inFlight.length,
      fullySentButUnanswered: inFlight.filter((n) => before.sent.has(n)).length,
      keptByServer: keptSet.size,
      ackedButLost: [...acked].filter((n) => !keptSet.has(n)).length,
      resent: again.length,
      continued: again.filter((n) => after.offsets.get(n)! > 0).length,
      resentBytes,
      resentParts: resentBytes / plan.partSize,
      restartMs,
      sameSession,
      verified,
    };
  } finally {
    dropConnections();
    await server.child.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
