import type { AppContext } from '../../platform/context.ts';
import { enqueueJob, type JobData, type JobHandler } from '../../platform/jobs/queue.ts';
import { probeFile } from '../../platform/media/probe.ts';
import { SNIFF_BYTES, sniffBytes } from '../../platform/media/sniff.ts';
import { MediaToolError } from '../../platform/media/tools.ts';
import { setProcessingStatus, videosWithoutFrameRate, videosWithoutSprite } from '../assets/index.ts';
import type { MediaLog } from './media.pipeline.ts';
import { mediaSpriteJob } from './media.sprite.ts';
import './media.events.ts';

/** Videos probed per run of the backfill job; the next batch is a new job. */
export const FRAME_RATE_BACKFILL_BATCH = 20;

/**
 * Backfill of `assets.frame_rate` for finished videos uploaded before the pipeline
 * stored it: migration 0016 enqueues the first run once per database; each run probes a batch in
 * id order and enqueues the next from the last id (its own singleton key, so a redelivered run does
 * not start a second chain). Idempotent: only rows still without a rate are read, and the rate is
 * the file's. A file ffprobe cannot read, or whose rate it does not know, keeps null (25 is shown).
 */
export function frameRateBackfillJob(
  ctx: AppContext,
  log: MediaLog,
): JobHandler<JobData<'media.backfill_frame_rate'>> {
  const { db, blobs, config } = ctx;

  async function rateOf(blobKey: string): Promise<number | null> {
    const source = await blobs.mediaSource(blobKey, { expiresInSeconds: 3600 });
    if (!source.local) {
      // Over a URL only bytes recognised as media (the pipeline's rule for unknown files).
      const object = await blobs.getObject(blobKey, { range: { start: 0, end: SNIFF_BYTES - 1 } });
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      if (!(await sniffBytes(Buffer.concat(chunks)))) return null;
    }
    return (await probeFile(config.FFPROBE_PATH, source)).frameRate;
  }

  return async (data) => {
    const batch = await videosWithoutFrameRate(db, data.after ?? null, FRAME_RATE_BACKFILL_BATCH);
    for (const a of batch) {
      let frameRate: number | null = null;
      try {
        frameRate = await rateOf(a.blobKey!);
      } catch (err) {
        if (!(err instanceof MediaToolError)) throw err;
        log.warn({ assetId: a.id, err: err.message }, 'frame rate backfill: probe failed');
      }
      // every copy sharing the original gets it
      if (frameRate !== null) await setProcessingStatus(db, a.blobKey!, { frameRate });
    }
    if (batch.length === FRAME_RATE_BACKFILL_BATCH) {
      const after = batch[batch.length - 1].id;
      await enqueueJob(
        db,
        'media.backfill_frame_rate',
        { after },
        { singletonKey: `media.backfill_frame_rate:${after}` },
      );
      ctx.jobs.wake();
    }
  };
}

/** Videos given a sprite sheet per run of the sprite backfill job; the next batch is a new job. */
export const SPRITE_BACKFILL_BATCH = 10;

/**
 * Backfill of the hover-scrub sprite sheet for finished videos processed before sheets existed:
 * migration 0039 enqueues the first run once per database; each run makes the sheets of a batch in
 * id order, one after the other (the 'media.sprite' job's own work, so a backfill never floods the
 * queue ahead of new uploads), then enqueues the next batch from the last id. Idempotent: a video
 * that has a sheet by then is skipped, and one ffmpeg cannot read simply keeps none.
 */
export function spriteBackfillJob(
  ctx: AppContext,
  log: MediaLog,
): JobHandler<JobData<'media.backfill_sprites'>> {
  const sprite = mediaSpriteJob(ctx, log);
  return async (data, job) => {
    const batch = await videosWithoutSprite(ctx.db, data.after ?? null, SPRITE_BACKFILL_BATCH);
    for (const a of batch) await sprite({ assetId: a.id }, job);
    if (batch.length === SPRITE_BACKFILL_BATCH) {
      const after = batch[batch.length - 1].id;
      await enqueueJob(
        ctx.db,
        'media.backfill_sprites',
        { after },
        { singletonKey: `media.backfill_sprites:${after}` },
      );
      ctx.jobs.wake();
    }
  };
}
