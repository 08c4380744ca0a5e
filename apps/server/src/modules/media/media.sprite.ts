import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { INGEST_STATUS, spriteLayoutFor, type SpriteInfo } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../db/client.ts';
import { extendLock } from '../../platform/jobs/jobStore.ts';
import { enqueueJob, type JobData, type JobHandler, type JobInfo } from '../../platform/jobs/queue.ts';
import {
  inputOf,
  MediaToolError,
  runTool,
  whitelistArgs,
  type MediaInput,
} from '../../platform/media/tools.ts';
import {
  enqueueBlobDeletion,
  findAsset,
  setProcessingStatus,
  spriteKey,
  spriteKeysOf,
  type AssetRow,
} from '../assets/index.ts';
import './media.events.ts';

const HEARTBEAT_EVERY_MS = 60_000;
const HEARTBEAT_LOCK_SECONDS = 300;
const SPRITE_JPEG_QUALITY = '5'; // ffmpeg's mjpeg q scale (2 best … 31 worst)

/**
 * The ffmpeg arguments of a sprite sheet: ONE run that decodes only the key frames
 * (`-skip_frame nokey`), scales each to the tile size at once, samples them at the tiles' rate
 * (`fps`: each tile shows the last key frame at or before its time), clones the last one to fill the
 * tiles after the final key frame (`tpad`) and tiles them into one JPEG on stdout. Decoding every
 * frame of a 1-minute 1080p clip costs several poster grabs; key frames alone cost less than one
 * (bench/review-media.ts). The price: a long-GOP clip repeats a tile until its next key frame.
 * Only filters of ffmpeg 4.1 (the npm-shipped fallback) are used.
 */
export function spriteArgs(
  input: MediaInput,
  layout: SpriteInfo,
  durationSeconds: number,
  keyFramesOnly = true,
): string[] {
  const { count, cols, rows, tileWidth, tileHeight } = layout;
  const filters = [
    `scale=${tileWidth}:${tileHeight}`,
    `fps=${count}/${durationSeconds.toFixed(3)}`,
    `tpad=stop_mode=clone:stop=${count}`,
    `tile=${cols}x${rows}:nb_frames=${count}`,
  ].join(',');
  return [
    '-v',
    'error',
    ...(keyFramesOnly ? ['-skip_frame', 'nokey'] : []),
    ...whitelistArgs(input),
    '-i',
    inputOf(input),
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-dn',
    '-vf',
    filters,
    '-frames:v',
    '1',
    '-q:v',
    SPRITE_JPEG_QUALITY,
    '-f',
    'image2pipe',
    '-c:v',
    'mjpeg',
    'pipe:1',
  ];
}

/** The sheet of a clip (JPEG bytes); throws MediaToolError when ffmpeg cannot decode it. */
export async function makeSprite(
  ffmpeg: string,
  input: MediaInput,
  layout: SpriteInfo,
  durationSeconds: number,
): Promise<Buffer> {
  const run = (keyFramesOnly: boolean) =>
    runTool(ffmpeg, spriteArgs(input, layout, durationSeconds, keyFramesOnly), {
      maxStdout: 8 * 1024 * 1024,
      timeoutMs: 10 * 60_000,
    });
  // A clip with a single key frame (a short original with a long GOP) gives the key-frame run
  // nothing to tile (and the npm-shipped ffmpeg 4.1 crashes on it): such clips are short, so
  // decoding every frame costs little. A clip ffmpeg cannot read fails the second run too.
  let jpeg = await run(true).catch(() => Buffer.alloc(0));
  if (jpeg.length === 0) jpeg = await run(false);
  if (jpeg.length === 0) throw new MediaToolError('ffmpeg made no sprite sheet', '');
  return jpeg;
}

/** Enqueues the sheet of a finished video (once per asset while pending). */
export async function enqueueSprite(ctx: AppContext, assetId: string) {
  await enqueueJob(ctx.db, 'media.sprite', { assetId }, { singletonKey: `media.sprite:${assetId}` });
  ctx.jobs.wake();
}

/** A deleted asset's sheet goes with its other objects (kept while a copy still points at it). */
export async function deleteSpritesOf(tx: Tx, assetIds: string[]) {
  await enqueueBlobDeletion(tx, await spriteKeysOf(tx, assetIds));
}

/**
 * The 'media.sprite' job, for videos whose sheet did not come out of a proxy run: an original that
 * plays as it is (no proxy is made), a sheet that failed or was not stored in the proxy run, and
 * videos processed before sheets existed (the backfill). Run after media.process finished, so it
 * never holds back the thumbnail, the metadata or the proxy. It reads the proxy when there is one
 * (H.264, smaller), else the original. Idempotent: an asset that already has a sheet is skipped, and the key is the
 * asset's own, so a retry overwrites the same object. Each copy sharing the original gets it, and
 * each one's project room an asset_status so open lists refetch.
 */
export function mediaSpriteJob(
  ctx: AppContext,
  log: { warn(obj: object, msg: string): void },
): JobHandler<JobData<'media.sprite'>> {
  const { db, blobs, events, config } = ctx;

  /** What ffmpeg reads: the proxy; else the original in place when it is local or sniffed as video. */
  async function inputOfAsset(a: AssetRow, tempDir: () => Promise<string>): Promise<MediaInput> {
    const key = a.proxyKey ?? a.blobKey!;
    const source = await blobs.mediaSource(key, { expiresInSeconds: 3600 });
    if (source.local || a.proxyKey || a.mimeType?.startsWith('video/')) return source;
    // Over a URL only bytes recognised as media (the pipeline's rule for unknown files).
    const file = path.join(await tempDir(), 'original');
    await pipeline((await blobs.getObject(key)).body, createWriteStream(file));
    return file;
  }

  async function store(a: AssetRow, layout: SpriteInfo, jpeg: Buffer) {
    const key = spriteKey(a.projectId, a.id);
    await blobs.putObject(key, jpeg, { contentType: 'image/jpeg', contentLength: jpeg.length });
    const rows = await events.transaction(db, async (tx, emit) => {
      const changed = await setProcessingStatus(tx, a.blobKey!, { spriteKey: key, spriteInfo: layout });
      for (const r of changed)
        emit('asset.status', {
          projectId: r.projectId,
          assetId: r.id,
          parentId: r.parentId,
          status: a.status,
          fileType: r.fileType,
        });
      return changed;
    });
    // Deleted (with every copy) while ffmpeg ran: nothing points at the sheet.
    if (rows.length === 0) await blobs.deleteObject(key);
  }

  return async (data, job: Pick<JobInfo, 'id' | 'attempts' | 'maxAttempts'>) => {
    const a = await findAsset(db, data.assetId);
    if (!a || !a.blobKey || a.spriteKey || a.fileType !== 'video' || a.status !== INGEST_STATUS.finished)
      return;
    const layout = spriteLayoutFor(a.durationSeconds, a.width, a.height);
    if (!layout) return;
    let dir: Promise<string> | undefined;
    const tempDir = () => (dir ??= mkdtemp(path.join(os.tmpdir(), 'rushes-sprite-')));
    const heartbeat = setInterval(() => {
      extendLock(db, job, HEARTBEAT_LOCK_SECONDS).catch((err: unknown) =>
        log.warn({ assetId: a.id, err: String(err) }, 'sprite job heartbeat failed'),
      );
    }, HEARTBEAT_EVERY_MS);
    try {
      const input = await inputOfAsset(a, tempDir);
      const jpeg = await makeSprite(config.FFMPEG_PATH, input, layout, a.durationSeconds!);
      await store(a, layout, jpeg);
    } catch (err) {
      // ffmpeg refusing the clip will refuse it again: the asset simply has no sheet.
      if (err instanceof MediaToolError) {
        log.warn({ assetId: a.id, err: err.message, stderr: err.stderr }, 'sprite sheet failed');
        return;
      }
      throw err;
    } finally {
      clearInterval(heartbeat);
      if (dir)
        await dir.then(
          (d) => rm(d, { recursive: true, force: true }),
          () => undefined,
        );
    }
  };
}
