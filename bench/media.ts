import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { INGEST_STATUS } from '@rushes/shared';
import { assets } from '../apps/server/src/db/schema/index.ts';
import { createMediaPipeline } from '../apps/server/src/modules/media/media.pipeline.ts';
import { studio } from '../apps/server/src/modules/projects/projects.testkit.ts';
import { assetRow, uploadFile } from '../apps/server/src/modules/uploads/uploads.testkit.ts';
import { probeFile } from '../apps/server/src/platform/media/probe.ts';
import { videoPoster } from '../apps/server/src/platform/media/thumbnails.ts';
import { createTestApp } from '../apps/server/test/harness.ts';
import { median } from './stats.ts';

/**
 * How long after an upload's completion its metadata (duration) and its poster are
 * visible, against a plain ffprobe (and ffprobe + the poster grab) of the same file on disk.
 *
 * One H.264 MP4 of BENCH_MEDIA_MB MiB (noise, so it is as large as a camera file of that length; the
 * index at the end, so the reader must seek) is uploaded once through the upload routes in 16 MiB
 * parts (a composite object of the fs driver, as real uploads are). Each round, interleaved:
 * - ffprobe: the probe the pipeline runs, on the original file;
 * - ours: the real media pipeline (createMediaPipeline) on the asset, reset to 'in queue'; the
 *   times at which the row first holds the duration and the thumbnail (polled every 5 ms);
 * - ffprobe + poster: the probe then the poster grab on the file;
 * - copy first: what the pipeline did before (the whole original streamed to a temp file, then probed).
 */
const MiB = 1024 * 1024;

export async function run() {
  const sizeMb = Number(process.env.BENCH_MEDIA_MB ?? 256);
  const pairs = Number(process.env.BENCH_MEDIA_PAIRS ?? 5);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-bench-media-'));
  const t = await createTestApp({ UPLOAD_PART_SIZE: String(16 * MiB), RATE_LIMIT: 'false' });
  try {
    const { FFMPEG_PATH: ffmpeg, FFPROBE_PATH: ffprobe } = t.ctx.config;
    const run = promisify(execFile);
    const seg = path.join(dir, 'seg.mp4');
    const clipFile = path.join(dir, 'clip.mp4');
    const noise = 'nullsrc=s=1280x720:r=25:d=1,geq=lum=random(1)*255:cb=128:cr=128';
    await run(ffmpeg, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      noise,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-qp',
      '0',
      seg,
    ]);
    const loops = Math.max(0, Math.ceil((sizeMb * MiB) / (await stat(seg)).size) - 1);
    await run(ffmpeg, [
      '-v',
      'error',
      '-y',
      '-stream_loop',
      String(loops),
      '-i',
      seg,
      '-c',
      'copy',
      clipFile,
    ]);
    const data = await readFile(clipFile);
    console.log(
      `\nmedia: ${(data.length / MiB).toFixed(0)} MiB H.264 MP4, index at the end, ${pairs} rounds`,
    );

    const { owner, projectId } = await studio(t);
    const { done } = await uploadFile(t, owner, projectId, data, { filename: 'clip.mp4', mime: 'video/mp4' });
    await t.ctx.jobs.drainForTests(); // the first processing: a warm-up
    const a = (await assetRow(t, done.ingest_db_id))!;
    const processAsset = createMediaPipeline(t.ctx, { warn: () => undefined });

    const ffprobeOnly = async () => {
      const t0 = performance.now();
      await probeFile(ffprobe, clipFile);
      return performance.now() - t0;
    };
    const ffprobeAndPoster = async () => {
      const t0 = performance.now();
      const probe = await probeFile(ffprobe, clipFile);
      await videoPoster(ffmpeg, clipFile, probe.durationSeconds);
      return performance.now() - t0;
    };
    const copyFirst = async () => {
      const t0 = performance.now();
      const tmp = path.join(dir, 'copy');
      await pipeline((await t.ctx.blobs.getObject(a.blobKey!)).body, createWriteStream(tmp));
      await probeFile(ffprobe, tmp);
      const ms = performance.now() - t0;
      await rm(tmp);
      return ms;
    };
    const ours = async () => {
      await t.ctx.db
        .update(assets)
        .set({ status: INGEST_STATUS.inqueue, durationSeconds: null, thumbnailKey: null })
        .where(eq(assets.id, a.id));
      const t0 = performance.now();
      let meta = NaN;
      let poster = NaN;
      let finished = false;
      const job = processAsset(a.id, { id: 0, attempts: 1, maxAttempts: 3 }).finally(() => {
        finished = true;
      });
      while (!finished || Number.isNaN(poster)) {
        const [row] = await t.ctx.db
          .select({ d: assets.durationSeconds, th: assets.thumbnailKey })
          .from(assets)
          .where(eq(assets.id, a.id));
        const now = performance.now() - t0;
        if (Number.isNaN(meta) && row?.d != null) meta = now;
        if (Number.isNaN(poster) && row?.th != null) poster = now;
        if (finished && Number.isNaN(poster)) throw new Error('pipeline ended without a poster');
        await new Promise((r) => setTimeout(r, 5));
      }
      await job;
      return { meta, poster };
    };

    const rows: { probe: number; meta: number; poster: number; probePoster: number; copy: number }[] = [];
    for (let i = 0; i < pairs; i++) {
      const probe = await ffprobeOnly();
      const o = await ours();
      const probePoster = await ffprobeAndPoster();
      const copy = await copyFirst();
      rows.push({ probe, meta: o.meta, poster: o.poster, probePoster, copy });
      console.log(
        `  round ${i + 1}: ffprobe ${probe.toFixed(0)} ms, ours metadata ${o.meta.toFixed(0)} ms, poster ${o.poster.toFixed(0)} ms; ffprobe+poster ${probePoster.toFixed(0)} ms; copy first ${copy.toFixed(0)} ms (load ${os.loadavg()[0].toFixed(1)})`,
      );
    }
    const col = (f: (r: (typeof rows)[number]) => number) => rows.map(f);
    const line = (label: string, xs: number[]) =>
      `  ${label}: median ${median(xs).toFixed(2)} (spread ${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
    console.log(
      `  medians: ffprobe ${median(col((r) => r.probe)).toFixed(0)} ms, ours metadata ${median(col((r) => r.meta)).toFixed(0)} ms, ours poster ${median(col((r) => r.poster)).toFixed(0)} ms, ffprobe+poster ${median(col((r) => r.probePoster)).toFixed(0)} ms, copy first ${median(col((r) => r.copy)).toFixed(0)} ms`,
    );
    console.log(
      line(
        'metadata visible / ffprobe (goal ≤ 1.2)',
        col((r) => r.meta / r.probe),
      ),
    );
    console.log(
      line(
        'poster visible / (ffprobe + poster grab) (goal ≤ 1.3)',
        col((r) => r.poster / r.probePoster),
      ),
    );
    console.log(
      line(
        'copy first then probe / ffprobe (before)',
        col((r) => r.copy / r.probe),
      ),
    );
  } finally {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  }
}
