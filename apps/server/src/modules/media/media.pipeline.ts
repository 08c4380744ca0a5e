import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { INGEST_FINAL_STATUSES, INGEST_STATUS, type FileType } from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { extendLock } from '../../platform/jobs/jobStore.ts';
import type { JobData, JobHandler, JobInfo } from '../../platform/jobs/queue.ts';
import { probeFile, type ProbeResult } from '../../platform/media/probe.ts';
import { PROXY_CONTENT_TYPE, makeProxy, needsProxy } from '../../platform/media/proxy.ts';
import { fileTypeOf, sniffFile } from '../../platform/media/sniff.ts';
import { audioWaveform, imageThumbnail, videoPoster } from '../../platform/media/thumbnails.ts';
import { MediaToolError } from '../../platform/media/tools.ts';
import {
  findAsset,
  proxyKey,
  setProcessingStatus,
  thumbnailKey,
  type AssetRow,
  type ProcessingUpdate,
} from '../assets/index.ts';
import './media.events.ts';

const HEARTBEAT_EVERY_MS = 60_000;
const HEARTBEAT_LOCK_SECONDS = 300;
type Update = ProcessingUpdate;

/**
 * The media pipeline of one uploaded asset (a job after completion): status inqueue 4 → inprogress 3
 * → thumbnailGenerated 5 → finished 1, or failed 2 / previewNotAvailable 7 (spec 002 §3). The
 * original is streamed to a temp file (never into memory); the type comes from its bytes; ffprobe
 * reads duration, format, codec and size; sharp or ffmpeg make the thumbnail; ffmpeg makes an
 * H.264/AAC proxy when browsers cannot play the original. Each status change goes to the project room.
 */
export interface MediaLog {
  warn(obj: object, msg: string): void;
}

export function createMediaPipeline(ctx: AppContext, log: MediaLog) {
  const { db, blobs, events, config } = ctx;

  /**
   * Applies to every asset sharing the original (copies made while it was processing share its
   * blob key), and tells each one's project room about a status change.
   */
  async function update(a: AssetRow, set: Update) {
    await events.transaction(db, async (tx, emit) => {
      const rows = await setProcessingStatus(tx, a.blobKey!, set);
      if (set.status === undefined) return;
      for (const r of rows) {
        emit('asset.status', {
          projectId: r.projectId,
          assetId: r.id,
          parentId: r.parentId,
          status: set.status,
        });
      }
    });
  }

  async function download(a: AssetRow, dir: string) {
    const file = path.join(dir, 'original');
    const object = await blobs.getObject(a.blobKey!);
    await pipeline(object.body, createWriteStream(file));
    return file;
  }

  async function putFile(key: string, file: string, contentType: string) {
    const { size } = await stat(file);
    await blobs.putObject(key, createReadStream(file), { contentType, contentLength: size });
  }

  async function thumbnailOf(kind: FileType, file: string, probe: ProbeResult | null) {
    if (kind === 'video' && probe?.videoCodec)
      return videoPoster(config.FFMPEG_PATH, file, probe.durationSeconds);
    if (kind === 'audio' || (kind === 'video' && probe?.audioCodec))
      return audioWaveform(config.FFMPEG_PATH, file);
    return null;
  }

  async function run(a: AssetRow, dir: string) {
    await update(a, { status: INGEST_STATUS.inprogress });
    const file = await download(a, dir);
    const sniffed = await sniffFile(file);
    const mime = sniffed?.mime ?? 'application/octet-stream';
    let kind = fileTypeOf(sniffed?.mime, sniffed ? sniffed.ext : a.extension);
    const format = (sniffed?.ext ?? a.extension ?? '').toUpperCase() || null;

    let probe: ProbeResult | null = null;
    let meta: Update = { fileType: kind, mimeType: mime, format };
    let thumbnail: Buffer | null = null;
    if (kind === 'image') {
      try {
        const img = await imageThumbnail(file);
        thumbnail = img.thumbnail;
        meta = { ...meta, width: img.width, height: img.height };
      } catch {
        await update(a, { ...meta, status: INGEST_STATUS.previewNotAvailable });
        return;
      }
    } else if (kind === 'video' || kind === 'audio') {
      probe = await probeFile(config.FFPROBE_PATH, file);
      // A "video" with no moving picture (an audio file in an MP4) is audio.
      if (kind === 'video' && (!probe.videoCodec || probe.stillImage) && probe.audioCodec) kind = 'audio';
      meta = {
        ...meta,
        fileType: kind,
        durationSeconds: probe.durationSeconds,
        codec: [probe.videoCodec, probe.audioCodec].filter(Boolean).join(' / ') || null,
        width: kind === 'video' ? probe.width : null,
        height: kind === 'video' ? probe.height : null,
      };
    } else {
      await update(a, { ...meta, status: INGEST_STATUS.previewNotAvailable });
      return;
    }
    await update(a, meta);

    thumbnail ??= await thumbnailOf(kind, file, probe);
    if (thumbnail) {
      const key = thumbnailKey(a.projectId, a.id);
      await blobs.putObject(key, thumbnail, { contentType: 'image/jpeg', contentLength: thumbnail.length });
      await update(a, { thumbnailKey: key, status: INGEST_STATUS.thumbnailGenerated });
    }

    if (probe && (kind === 'video' || kind === 'audio') && needsProxy(kind, mime, probe)) {
      const out = path.join(dir, 'proxy.mp4');
      await makeProxy(config.FFMPEG_PATH, kind, file, out, probe.audioCodec !== null);
      const key = proxyKey(a.projectId, a.id);
      await putFile(key, out, PROXY_CONTENT_TYPE[kind]);
      await update(a, { proxyKey: key });
    }
    await update(a, { status: INGEST_STATUS.finished });
  }

  return async function processAsset(assetId: string, job: Pick<JobInfo, 'id' | 'attempts' | 'maxAttempts'>) {
    const a = await findAsset(db, assetId);
    // Deleted meanwhile, or already done (a job run twice after a lost lock).
    if (!a || !a.blobKey || INGEST_FINAL_STATUSES.includes(a.status)) return;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-media-'));
    // Encoding a long clip outlasts the queue's 300 s lock: keep the claim alive while working.
    const heartbeat = setInterval(() => {
      extendLock(db, job, HEARTBEAT_LOCK_SECONDS).catch((err: unknown) =>
        log.warn({ assetId, err: String(err) }, 'media job heartbeat failed'),
      );
    }, HEARTBEAT_EVERY_MS);
    try {
      await run(a, dir);
    } catch (err) {
      // ffprobe/ffmpeg refusing the file will refuse it again: failed at once. Anything else (the
      // store, the database) is retried by the queue; the last attempt marks the asset failed.
      if (err instanceof MediaToolError || job.attempts >= job.maxAttempts) {
        await update(a, { status: INGEST_STATUS.failed });
        if (err instanceof MediaToolError) {
          log.warn({ assetId, err: err.message, stderr: err.stderr }, 'media processing failed');
          return;
        }
      }
      throw err;
    } finally {
      clearInterval(heartbeat);
      await rm(dir, { recursive: true, force: true });
    }
  };
}

/** The 'media.process' handler (declared by the media manifest). */
export function mediaProcessJob(ctx: AppContext, log: MediaLog): JobHandler<JobData<'media.process'>> {
  const processAsset = createMediaPipeline(ctx, log);
  return (data, job) => processAsset(data.assetId, job);
}
