import sharp from 'sharp';
import { forkTool, inputOf, runTool, whitelistArgs, type ForkedTool, type MediaInput } from './tools.ts';

/** Thumbnails: JPEG at most 480 × 480, aspect kept (docs/decisions/0009-uploads-and-media.md 'Uploads and media'). */
export const THUMB_SIZE = 480;
const JPEG = { quality: 80, mozjpeg: true } as const;

/** Normalises any picture sharp reads into the thumbnail JPEG (EXIF orientation applied). */
function toThumbnail(input: string | Buffer) {
  return sharp(input, { failOn: 'error' })
    .rotate()
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#000000' })
    .jpeg(JPEG)
    .toBuffer();
}

/** An image's thumbnail and pixel size; throws when sharp cannot decode it. */
export async function imageThumbnail(file: string) {
  const meta = await sharp(file, { failOn: 'error' }).metadata();
  const thumbnail = await toThumbnail(file);
  // Orientations 5–8 swap width and height.
  const swapped = (meta.orientation ?? 1) >= 5;
  return {
    thumbnail,
    width: (swapped ? meta.height : meta.width) ?? null,
    height: (swapped ? meta.width : meta.height) ?? null,
  };
}

const pngFrameArgs = ['-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'];

const grabArgs = (file: MediaInput) => [
  '-v',
  'error',
  ...whitelistArgs(file),
  '-i',
  inputOf(file),
  '-vf',
  `scale=w=min(${THUMB_SIZE * 2}\\,iw):h=min(${THUMB_SIZE * 2}\\,ih):force_original_aspect_ratio=decrease`,
  ...pngFrameArgs,
];
const GRAB = { maxStdout: 32 * 1024 * 1024, timeoutMs: 120_000 };

/** A poster grab's ffmpeg forked ahead of its start time (see forkTool); `videoPoster` starts it. */
export const forkPosterGrab = (ffmpeg: string, file: MediaInput) =>
  forkTool(ffmpeg, '-ss', grabArgs(file), GRAB);

/**
 * A video's poster frame: at 10 % of the duration (at most 10 s in), so it is rarely a black
 * leader; the first frame when that position gives nothing. `forked`: the first grab's process,
 * forked ahead by `forkPosterGrab` on the same file.
 */
export async function videoPoster(
  ffmpeg: string,
  file: MediaInput,
  durationSeconds: number | null,
  forked?: ForkedTool,
) {
  const at = durationSeconds ? Math.min(durationSeconds * 0.1, 10) : 0;
  const grab = (seconds: number) => runTool(ffmpeg, ['-ss', seconds.toFixed(3), ...grabArgs(file)], GRAB);
  let png = await (forked ? forked.start(at.toFixed(3)) : grab(at));
  if (png.length === 0 && at > 0) png = await grab(0);
  if (png.length === 0) throw new Error('no video frame could be decoded');
  return toThumbnail(png);
}

/** An audio file's "thumbnail": its waveform. */
export async function audioWaveform(ffmpeg: string, file: MediaInput) {
  const png = await runTool(
    ffmpeg,
    [
      '-v',
      'error',
      ...whitelistArgs(file),
      '-i',
      inputOf(file),
      '-filter_complex',
      `showwavespic=s=${THUMB_SIZE}x270:colors=0x4dabf7`,
      ...pngFrameArgs,
    ],
    { maxStdout: 8 * 1024 * 1024, timeoutMs: 300_000 },
  );
  if (png.length === 0) throw new Error('no audio could be decoded');
  return toThumbnail(png);
}
