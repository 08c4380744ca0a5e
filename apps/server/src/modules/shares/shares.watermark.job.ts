import { copyFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { watermarkLine } from '@rushes/shared';
import { shareWatermarks } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { JobData, JobHandler } from '../../platform/jobs/queue.ts';
import { MediaToolError, inputOf, runTool, whitelistArgs } from '../../platform/media/tools.ts';
import { findAsset, type AssetRow } from '../assets/index.ts';
import './shares.events.ts';

/**
 * The font burned in: Noto Sans Regular from the npm package the server already ships for invoices
 * (OFL), so a machine without any system font draws the text too.
 */
const FONT = createRequire(import.meta.url).resolve(
  '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
);

/** Lifetime of the signed URL ffmpeg reads an S3 stream through: longer than the longest encode. */
const SOURCE_URL_SECONDS = 6 * 3600;

/** Rows of the line, as (height fraction, start phase, seconds to cross): spread so none is missed. */
const ROWS: readonly [number, number, number][] = [
  [0.12, 0.5, 11],
  [0.37, 0.15, 14],
  [0.62, 0.8, 9],
  [0.87, 0.35, 12],
];

/**
 * The drawtext filters: the line in four rows, semi-transparent white with a faint dark edge, each
 * row sliding across the whole width at its own speed, so no crop or still frame is free of it. The
 * text and font are read from files (no escaping of what the viewer typed); commas in expressions
 * are escaped for the filter-graph parser.
 */
export function watermarkFilter(fontFile: string, textFile: string) {
  for (const p of [fontFile, textFile])
    if (!/^[\w/.@-]+$/.test(p)) throw new Error(`watermark: unsafe path ${p}`);
  const rows = ROWS.map(([y, phase, cross]) => {
    const x = `mod(t*(w+tw)/${cross}+${phase}*(w+tw)\\,w+tw)-tw`;
    return (
      `drawtext=fontfile=${fontFile}:textfile=${textFile}:expansion=none:fontsize=h/16:` +
      `fontcolor=white@0.5:borderw=2:bordercolor=black@0.35:x=${x}:y=h*${y}-th/2`
    );
  });
  // at most 1920 wide like the proxy, even sides for H.264 4:2:0
  return [`scale=w=min(1920\\,iw):h=-2`, ...rows].join(',');
}

/** The stream a review link plays for an asset: the proxy, else the browser-playable original. */
const playKey = (a: AssetRow) => a.proxyKey ?? a.blobKey;

/** Where the copy is stored: under its asset's stored objects, one per viewer's copy. */
export const watermarkKey = (a: AssetRow, id: string) =>
  `projects/${a.projectId.toLowerCase()}/assets/${a.id.toLowerCase()}/watermarks/${id.toLowerCase()}`;

/** Burns `line` into the asset's play stream (video: MP4 H.264/AAC; image: JPEG) at `output`. */
export async function burnWatermark(
  ctx: AppContext,
  a: AssetRow,
  line: string,
  dir: string,
): Promise<{ file: string; contentType: string }> {
  const key = playKey(a);
  if (!key) throw new MediaToolError('nothing to watermark', '');
  const source = await ctx.blobs.mediaSource(key, { expiresInSeconds: SOURCE_URL_SECONDS });
  const font = path.join(dir, 'font.ttf');
  const text = path.join(dir, 'line.txt');
  await copyFile(FONT, font);
  await writeFile(text, line);
  const image = a.fileType === 'image';
  const file = path.join(dir, image ? 'copy.jpg' : 'copy.mp4');
  const encode = image
    ? ['-frames:v', '1', '-q:v', '3', '-f', 'image2']
    : [
        ...['-map', '0:v:0', '-map', '0:a:0?', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23'],
        ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'mp4'],
      ];
  await runTool(
    ctx.config.FFMPEG_PATH,
    [
      ...['-v', 'error', '-y', ...whitelistArgs(source), '-i', inputOf(source)],
      ...['-vf', watermarkFilter(font, text), ...encode, file],
    ],
    { timeoutMs: 60 * 60_000 },
  );
  return { file, contentType: image ? 'image/jpeg' : 'video/mp4' };
}

export interface WatermarkLog {
  warn(obj: object, msg: string): void;
}

/**
 * 'shares.watermark': makes one viewer's copy (pending → ready, or failed after the last attempt
 * or when ffmpeg refuses the stream). Runs again harmlessly: a ready copy is left as it is.
 */
export function watermarkJob(ctx: AppContext, log: WatermarkLog): JobHandler<JobData<'shares.watermark'>> {
  const { db, blobs } = ctx;
  const fail = (id: string) =>
    db.update(shareWatermarks).set({ status: 'failed' }).where(eq(shareWatermarks.id, id));
  return async ({ watermarkId }, job) => {
    const [row] = await db.select().from(shareWatermarks).where(eq(shareWatermarks.id, watermarkId));
    if (!row || row.status === 'ready') return;
    const asset = await findAsset(db, row.assetId);
    if (!asset) return;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-watermark-'));
    try {
      const { file, contentType } = await burnWatermark(
        ctx,
        asset,
        watermarkLine(row.viewerEmail, row.createdAt),
        dir,
      );
      const key = watermarkKey(asset, row.id);
      const { size } = await stat(file);
      await blobs.putObject(key, createReadStream(file), { contentType, contentLength: size });
      const kept = await db
        .update(shareWatermarks)
        .set({ status: 'ready', blobKey: key })
        .where(eq(shareWatermarks.id, row.id))
        .returning({ id: shareWatermarks.id });
      // The link was revoked or the file deleted while ffmpeg ran: nothing points at the copy.
      if (kept.length === 0) await blobs.deleteObject(key);
    } catch (err) {
      if (err instanceof MediaToolError || job.attempts >= job.maxAttempts) {
        log.warn({ err, watermarkId }, 'watermark failed');
        await fail(row.id);
        return;
      }
      throw err;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
