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
import { SNIFF_BYTES, fileTypeOf, sniffBytes } from '../../platform/media/sniff.ts';
import { audioWaveform, imageThumbnail, videoPoster } from '../../platform/media/thumbnails.ts';
import { MediaToolError, type MediaInput } from '../../platform/media/tools.ts';
import { isBlobError } from '../../platform/blobs/blobStore.ts';
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
/** Lifetime of the signed URL ffmpeg reads an S3 original through: longer than the longest proxy encode. */
const SOURCE_URL_SECONDS = 6 * 3600;
const HEARTBEAT_LOCK_SECONDS = 300;
type Update = ProcessingUpdate;

/**
 * The media pipeline of one uploaded asset (a job after completion): status inqueue 4 → inprogress 3
 * → thumbnailGenerated 5 → finished 1, or failed 2 / previewNotAvailable 7 (spec 002 §3). The type
 * comes from the original's first bytes (a ranged read); ffprobe reads duration, format, codec and
 * size, ffmpeg the poster and the H.264/AAC proxy (when browsers cannot play the original) straight
 * from the stored original — its file on the fs driver, a presigned URL on S3 — reading only what
 * they need, never a whole copy first (issue 22). Only an image (sharp decodes every byte anyway)
 * or an unrecognised file on S3 (see `readable`) is streamed to a temp file. Each status change
 * goes to the project room.
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

  /** The original's first bytes, for sniffing; none for an empty object. */
  async function head(a: AssetRow): Promise<Uint8Array> {
    try {
      const object = await blobs.getObject(a.blobKey!, { range: { start: 0, end: SNIFF_BYTES - 1 } });
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (err) {
      if (isBlobError(err, 'InvalidRange')) return new Uint8Array();
      throw err;
    }
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

  async function thumbnailOf(kind: FileType, file: MediaInput, probe: ProbeResult | null) {
    if (kind === 'video' && probe?.videoCodec)
      return videoPoster(config.FFMPEG_PATH, file, probe.durationSeconds);
    if (kind === 'audio' || (kind === 'video' && probe?.audioCodec))
      return audioWaveform(config.FFMPEG_PATH, file);
    return null;
  }

  async function run(a: AssetRow, dir: string) {
    // 'In progress' is stored while the original is read: the metadata waits for neither (issue 22).
    const started = update(a, { status: INGEST_STATUS.inprogress });
    const set = async (values: Update) => {
      await started;
      await update(a, values);
    };
    try {
      await work(a, dir, set);
    } catch (err) {
      // Stored before the failure is: 'failed' must not be overwritten by a late 'in progress'.
      await started.catch(() => undefined);
      throw err;
    }
  }

  async function work(a: AssetRow, dir: string, set: (values: Update) => Promise<void>) {
    const sniffed = await sniffBytes(await head(a));
    const mime = sniffed?.mime ?? 'application/octet-stream';
    let kind = fileTypeOf(sniffed?.mime, sniffed ? sniffed.ext : a.extension);
    const format = (sniffed?.ext ?? a.extension ?? '').toUpperCase() || null;

    let probe: ProbeResult | null = null;
    let meta: Update = { fileType: kind, mimeType: mime, format };
    let thumbnail: Buffer | null = null;
    const source = await blobs.mediaSource(a.blobKey!, { expiresInSeconds: SOURCE_URL_SECONDS });
    // Over a URL only what sniffing recognised: an unknown text file could be a playlist that makes
    // ffmpeg fetch other addresses (a temp file keeps it to the file protocol, as on the fs driver).
    let readable: MediaInput = source;
    if (kind === 'image') {
      try {
        const img = await imageThumbnail(source.file ?? (await download(a, dir)));
        thumbnail = img.thumbnail;
        meta = { ...meta, width: img.width, height: img.height };
      } catch {
        await set({ ...meta, status: INGEST_STATUS.previewNotAvailable });
        return;
      }
    } else if (kind === 'video' || kind === 'audio') {
      if (!source.local && !sniffed) readable = await download(a, dir);
      probe = await probeFile(config.FFPROBE_PATH, readable);
      // A "video" with no moving picture (an audio file in an MP4) is audio.
      if (kind === 'video' && (!probe.videoCodec || probe.stillImage) && probe.audioCodec) kind = 'audio';
      meta = {
        ...meta,
        fileType: kind,
        durationSeconds: probe.durationSeconds,
        codec: [probe.videoCodec, probe.audioCodec].filter(Boolean).join(' / ') || null,
        width: kind === 'video' ? probe.width : null,
        height: kind === 'video' ? probe.height : null,
        frameRate: kind === 'video' ? probe.frameRate : null,
      };
    } else {
      await set({ ...meta, status: INGEST_STATUS.previewNotAvailable });
      return;
    }
    // The poster grab starts as the metadata is stored.
    const poster = thumbnail ? Promise.resolve(thumbnail) : thumbnailOf(kind, readable, probe);
    poster.catch(() => undefined); // awaited below
    await set(meta);

    thumbnail = await poster;
    if (thumbnail) {
      const key = thumbnailKey(a.projectId, a.id);
      await blobs.putObject(key, thumbnail, { contentType: 'image/jpeg', contentLength: thumbnail.length });
      await set({ thumbnailKey: key, status: INGEST_STATUS.thumbnailGenerated });
    }

    if (probe && (kind === 'video' || kind === 'audio') && needsProxy(kind, mime, probe)) {
      const out = path.join(dir, 'proxy.mp4');
      await makeProxy(config.FFMPEG_PATH, kind, readable, out, probe.audioCodec !== null);
      const key = proxyKey(a.projectId, a.id);
      await putFile(key, out, PROXY_CONTENT_TYPE[kind]);
      await set({ proxyKey: key });
    }
    await set({ status: INGEST_STATUS.finished });
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
