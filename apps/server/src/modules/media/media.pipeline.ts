import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  INGEST_FINAL_STATUSES,
  INGEST_STATUS,
  PDF_PAGES,
  spriteLayoutFor,
  type FileType,
  type SpriteInfo,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import { extendLock } from '../../platform/jobs/jobStore.ts';
import type { JobData, JobHandler, JobInfo } from '../../platform/jobs/queue.ts';
import { probeFile, type ProbeResult } from '../../platform/media/probe.ts';
import { PROXY_CONTENT_TYPE, makeProxyWithSprite, needsProxy } from '../../platform/media/proxy.ts';
import { SNIFF_BYTES, fileTypeOf, sniffBytes, type Sniffed } from '../../platform/media/sniff.ts';
import {
  audioWaveform,
  forkPosterGrab,
  imageThumbnail,
  videoPoster,
} from '../../platform/media/thumbnails.ts';
import { MediaToolError, type ForkedTool, type MediaInput } from '../../platform/media/tools.ts';
import { isBlobError, type MediaSource } from '../../platform/blobs/blobStore.ts';
import {
  findAsset,
  pagesKey,
  proxyKey,
  setProcessingStatus,
  spriteKey,
  thumbnailKey,
  type AssetRow,
  type ProcessingUpdate,
} from '../assets/index.ts';
import { enqueueSprite } from './media.sprite.ts';
import './media.events.ts';
import { PDF_MIME, renderPdfPages } from './media.pages.ts';

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
 * they need, never a whole copy first. Only an image (sharp decodes every byte anyway)
 * or an unrecognised file on S3 (see `readable`) is streamed to a temp file. On the fs driver a file
 * named as video or audio is probed while it is sniffed (`earlyProbe`); the sniff still decides.
 * Each status change goes to the project room.
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
    // No status, no event: one statement (the metadata's own write is the last step before it is
    // visible), atomic for every copy all the same.
    const status = set.status;
    if (status === undefined) {
      await setProcessingStatus(db, a.blobKey!, set);
      return;
    }
    await events.transaction(db, async (tx, emit) => {
      const rows = await setProcessingStatus(tx, a.blobKey!, set);
      for (const r of rows) {
        emit('asset.status', {
          projectId: r.projectId,
          assetId: r.id,
          parentId: r.parentId,
          status,
          fileType: r.fileType,
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

  async function thumbnailOf(
    kind: FileType,
    file: MediaInput,
    probe: ProbeResult | null,
    forked: ForkedTool | null,
  ) {
    if (kind === 'video' && probe?.videoCodec)
      return videoPoster(config.FFMPEG_PATH, file, probe.durationSeconds, forked ?? undefined);
    if (kind === 'audio' || (kind === 'video' && probe?.audioCodec))
      return audioWaveform(config.FFMPEG_PATH, file);
    return null;
  }

  /**
   * The probe started before the sniff's verdict (ffprobe is most of the time to 'metadata
   * visible'), only where the pipeline would probe the very same input anyway if the sniff agreed
   * with the name: a file on this machine's disk, read with `file` / `concat,file` only (no network),
   * whose name says video or audio. Over a URL (S3) the probe still waits for the verdict: an unknown
   * text file could be a playlist that makes ffmpeg fetch other addresses. The result is used only
   * when the sniff decides video or audio; otherwise the process is killed and its answer dropped.
   */
  function earlyProbe(a: AssetRow, source: MediaSource) {
    const named = fileTypeOf(null, a.extension);
    if (!source.local || (named !== 'video' && named !== 'audio')) return null;
    const abort = new AbortController();
    const result = probeFile(config.FFPROBE_PATH, source, { signal: abort.signal });
    result.catch(() => undefined); // awaited only once the sniff accepts the file
    // The poster grab's process is forked while ffprobe runs, not after the metadata is stored
    // (forkTool: a fork stops the event loop, which would hold back every reader of the metadata).
    const poster = named === 'video' ? forkPosterGrab(config.FFMPEG_PATH, source) : null;
    return {
      result,
      poster,
      abort: () => {
        abort.abort();
        poster?.cancel();
      },
    };
  }

  async function run(a: AssetRow, tempDir: () => Promise<string>) {
    // 'In progress' is stored while the original is read: the metadata waits for neither.
    const started = update(a, { status: INGEST_STATUS.inprogress });
    const set = async (values: Update) => {
      await started;
      await update(a, values);
    };
    try {
      await work(a, tempDir, set);
    } catch (err) {
      // Stored before the failure is: 'failed' must not be overwritten by a late 'in progress'.
      await started.catch(() => undefined);
      throw err;
    }
  }

  async function work(a: AssetRow, tempDir: () => Promise<string>, set: (values: Update) => Promise<void>) {
    // The sniff's ranged read, the source lookup and (see earlyProbe) ffprobe run together; the
    // sniff alone still decides what the file is and whether its probe counts.
    const sniffing = head(a).then(sniffBytes);
    sniffing.catch(() => undefined); // awaited below
    const source = await blobs.mediaSource(a.blobKey!, { expiresInSeconds: SOURCE_URL_SECONDS });
    const early = earlyProbe(a, source);
    try {
      await decide(a, await sniffing, source, early, tempDir, set);
    } finally {
      early?.abort(); // a no-op for what has answered or started
    }
  }

  async function decide(
    a: AssetRow,
    sniffed: Sniffed | null,
    source: MediaSource,
    early: { result: Promise<ProbeResult>; poster: ForkedTool | null } | null,
    tempDir: () => Promise<string>,
    set: (values: Update) => Promise<void>,
  ) {
    const mime = sniffed?.mime ?? 'application/octet-stream';
    let kind = fileTypeOf(sniffed?.mime, sniffed ? sniffed.ext : a.extension);
    const format = (sniffed?.ext ?? a.extension ?? '').toUpperCase() || null;

    let probe: ProbeResult | null = null;
    let meta: Update = { fileType: kind, mimeType: mime, format };
    let thumbnail: Buffer | null = null;
    // Over a URL only what sniffing recognised: an unknown text file could be a playlist that makes
    // ffmpeg fetch other addresses (a temp file keeps it to the file protocol, as on the fs driver).
    let readable: MediaInput = source;
    if (kind === 'image') {
      try {
        const img = await imageThumbnail(source.file ?? (await download(a, await tempDir())));
        thumbnail = img.thumbnail;
        meta = { ...meta, width: img.width, height: img.height };
      } catch {
        await set({ ...meta, status: INGEST_STATUS.previewNotAvailable });
        return;
      }
    } else if (kind === 'video' || kind === 'audio') {
      if (!source.local && !sniffed) readable = await download(a, await tempDir());
      // An early probe read `source` (local only, so `readable` is `source`).
      probe = await (early?.result ?? probeFile(config.FFPROBE_PATH, readable));
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
    } else if (mime === PDF_MIME && Number(a.sizeBytes) <= PDF_PAGES.maxBytes) {
      // Its pages become pictures to pin comments on; the first is the thumbnail.
      const file = source.file ?? (await download(a, await tempDir()));
      const pages = await renderPdfPages(blobs, file, pagesKey(a.projectId, a.id), tempDir);
      if (!pages) {
        await set({ ...meta, status: INGEST_STATUS.previewNotAvailable });
        return;
      }
      thumbnail = pages.thumbnail;
      meta = { ...meta, ...pages.meta };
    } else {
      await set({ ...meta, status: INGEST_STATUS.previewNotAvailable });
      return;
    }
    // The metadata is stored before the poster grab starts. Unless forked ahead (earlyProbe),
    // spawning ffmpeg forks this process, which stops the event loop for ~25 ms at the bench's
    // memory (measured) and holds back every reader of the metadata; the poster has time to spare
    // against its goal, the metadata has none.
    await set(meta);

    thumbnail ??= await thumbnailOf(kind, readable, probe, early?.poster ?? null);
    if (thumbnail) {
      const key = thumbnailKey(a.projectId, a.id);
      await blobs.putObject(key, thumbnail, { contentType: 'image/jpeg', contentLength: thumbnail.length });
      await set({ thumbnailKey: key, status: INGEST_STATUS.thumbnailGenerated });
    }

    let sprite = false;
    if (probe && (kind === 'video' || kind === 'audio') && needsProxy(kind, mime, probe)) {
      const dir = await tempDir();
      const out = path.join(dir, 'proxy.mp4');
      const layout =
        kind === 'video' ? spriteLayoutFor(probe.durationSeconds, probe.width, probe.height) : null;
      const wanted = layout
        ? { layout, durationSeconds: probe.durationSeconds!, output: path.join(dir, 'sprite.jpg') }
        : undefined;
      const made = await makeProxyWithSprite(
        config.FFMPEG_PATH,
        kind,
        readable,
        out,
        probe.audioCodec !== null,
        wanted,
        (err) => log.warn({ assetId: a.id, err: String(err) }, 'proxy with sprite failed: made without'),
      );
      const key = proxyKey(a.projectId, a.id);
      await putFile(key, out, PROXY_CONTENT_TYPE[kind]);
      await set({ proxyKey: key });
      if (made && wanted) sprite = await storeSprite(a, wanted.output, wanted.layout, set);
    }
    await set({ status: INGEST_STATUS.finished });
    // A video with no sheet from a proxy run (its original plays as it is, or the sheet failed)
    // gets it from a job of its own: a finished video never waits for it.
    if (kind === 'video' && probe?.videoCodec && !sprite) await enqueueSprite(ctx, a.id);
  }

  /** Stores the proxy run's sheet; false (the sprite job will make it) when that fails. */
  async function storeSprite(
    a: AssetRow,
    file: string,
    layout: SpriteInfo,
    set: (values: Update) => Promise<void>,
  ): Promise<boolean> {
    try {
      const key = spriteKey(a.projectId, a.id);
      await putFile(key, file, 'image/jpeg');
      await set({ spriteKey: key, spriteInfo: layout });
      return true;
    } catch (err) {
      log.warn({ assetId: a.id, err: String(err) }, 'sprite from the proxy run not stored');
      return false;
    }
  }

  return async function processAsset(assetId: string, job: Pick<JobInfo, 'id' | 'attempts' | 'maxAttempts'>) {
    const a = await findAsset(db, assetId);
    // Deleted meanwhile, or already done (a job run twice after a lost lock).
    if (!a || !a.blobKey || INGEST_FINAL_STATUSES.includes(a.status)) return;
    // Made when first needed (a download, a proxy): most files need none.
    let dir: Promise<string> | undefined;
    const tempDir = () => (dir ??= mkdtemp(path.join(os.tmpdir(), 'rushes-media-')));
    // Encoding a long clip outlasts the queue's 300 s lock: keep the claim alive while working.
    const heartbeat = setInterval(() => {
      extendLock(db, job, HEARTBEAT_LOCK_SECONDS).catch((err: unknown) =>
        log.warn({ assetId, err: String(err) }, 'media job heartbeat failed'),
      );
    }, HEARTBEAT_EVERY_MS);
    try {
      await run(a, tempDir);
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
      if (dir)
        await dir.then(
          (d) => rm(d, { recursive: true, force: true }),
          () => undefined,
        );
    }
  };
}

/** The 'media.process' handler (declared by the media manifest). */
export function mediaProcessJob(ctx: AppContext, log: MediaLog): JobHandler<JobData<'media.process'>> {
  const processAsset = createMediaPipeline(ctx, log);
  return (data, job) => processAsset(data.assetId, job);
}
