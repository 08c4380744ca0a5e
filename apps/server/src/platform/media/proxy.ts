import { rm, stat } from 'node:fs/promises';
import type { FileType, SpriteInfo } from '@rushes/shared';
import type { ProbeResult } from './probe.ts';
import { inputOf, runTool, whitelistArgs, type MediaInput } from './tools.ts';

/**
 * Web-playable proxies (H.264/AAC MP4) for media browsers cannot play: ProRes, DNxHD, MXF, AVI,
 * MPEG-2, AIFF and the like. What browsers play is judged by container (the sniffed MIME type) and
 * codecs together; a QuickTime file with H.264 inside still gets a proxy, because browsers disagree
 * on video/quicktime (docs/decisions/0009-uploads-and-media.md).
 */
const PLAYABLE_VIDEO: Record<string, Set<string>> = {
  'video/mp4': new Set(['h264', 'av1']),
  'video/webm': new Set(['vp8', 'vp9', 'av1']),
};
const PLAYABLE_AUDIO_IN_VIDEO = new Set(['aac', 'mp3', 'opus', 'vorbis']);
const PLAYABLE_AUDIO: Record<string, Set<string>> = {
  'audio/mpeg': new Set(['mp3']),
  'audio/mp4': new Set(['aac', 'mp3']),
  'audio/x-m4a': new Set(['aac', 'mp3']),
  'audio/aac': new Set(['aac']),
  'audio/wav': new Set(['pcm_s16le', 'pcm_u8', 'pcm_f32le']),
  'audio/ogg': new Set(['vorbis', 'opus', 'flac']),
  'audio/opus': new Set(['opus']),
  'audio/flac': new Set(['flac']),
  'audio/x-flac': new Set(['flac']),
  'audio/webm': new Set(['opus', 'vorbis']),
};

export function needsProxy(fileType: FileType, mime: string, probe: ProbeResult): boolean {
  if (fileType === 'video') {
    const codecs = PLAYABLE_VIDEO[mime];
    const videoOk = !!codecs && !!probe.videoCodec && codecs.has(probe.videoCodec);
    const audioOk = probe.audioCodec === null || PLAYABLE_AUDIO_IN_VIDEO.has(probe.audioCodec);
    return !(videoOk && audioOk);
  }
  if (fileType === 'audio') {
    const codecs = PLAYABLE_AUDIO[mime];
    return !(codecs && probe.audioCodec && codecs.has(probe.audioCodec));
  }
  return false;
}

export const PROXY_CONTENT_TYPE: Record<'video' | 'audio', string> = {
  video: 'video/mp4',
  audio: 'audio/mp4',
};

/**
 * Fits the picture within 1920 × 1080 keeping its aspect, never upscaling, with even sides (H.264 4:2:0).
 * Written as plain expressions, not `force_divisible_by` (ffmpeg ≥ 4.2), so the npm-shipped ffmpeg 4.1
 * works too; the commas inside the functions are escaped for the filter-graph parser.
 */
const FIT = 'min(1\\,min(1920/iw\\,1080/ih))';
const even = (side: 'iw' | 'ih') => `max(2\\,trunc(${side}*${FIT}/2)*2)`;
const FIT_EVEN_1080P = `scale=w=${even('iw')}:h=${even('ih')}`;

/**
 * ffmpeg's -force_key_frames of the proxy: a key frame every 1 s of picture, so a seek (to a comment)
 * decodes at most 1 s of frames. The hover-scrub sheet of a proxied video is made in the proxy's own
 * run (`ProxySprite`), so the spacing costs the sheet nothing (bench/review-media.ts).
 */
export const PROXY_KEY_FRAMES = 'expr:gte(t,n_forced*1)';

/** The sprite sheet made as a second output of the proxy's run: its layout, length and JPEG file. */
export interface ProxySprite {
  layout: SpriteInfo;
  durationSeconds: number;
  output: string;
}

const SPRITE_JPEG_QUALITY = '5'; // ffmpeg's mjpeg q scale (2 best … 31 worst)

/**
 * The filter graph of a proxy run: the picture fitted once, then split; one branch is encoded, the
 * other sampled at the tiles' rate (`fps` before `scale`, so only the tiles are scaled), padded with
 * the last frame for tiles past the end (`tpad`) and tiled into one picture. Filters of ffmpeg 4.1.
 */
export function proxyFilterGraph(sprite?: Pick<ProxySprite, 'layout' | 'durationSeconds'>): string {
  if (!sprite) return `[0:v:0]${FIT_EVEN_1080P}[proxy]`;
  const { count, cols, rows, tileWidth, tileHeight } = sprite.layout;
  return [
    `[0:v:0]${FIT_EVEN_1080P},split=2[proxy][tiles]`,
    `[tiles]fps=${count}/${sprite.durationSeconds.toFixed(3)},scale=${tileWidth}:${tileHeight},` +
      `tpad=stop_mode=clone:stop=${count},tile=${cols}x${rows}:nb_frames=${count}[sprite]`,
  ].join(';');
}

/**
 * Writes the proxy to `output`: H.264 (yuv420p, at most 1920 × 1080, even sides) + AAC stereo in an
 * MP4 with the index first (faststart), so the player can seek before it has it all. With `sprite`
 * (video only) the same decode also writes the hover-scrub sheet (one JPEG) to `sprite.output`:
 * the caller checks that file; a run that fails with the sheet is the caller's to retry without it.
 */
export async function makeProxy(
  ffmpeg: string,
  kind: 'video' | 'audio',
  input: MediaInput,
  output: string,
  hasAudio: boolean,
  sprite?: ProxySprite,
) {
  const audio = hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '160k', '-ac', '2'] : [];
  const withSprite = kind === 'video' ? sprite : undefined;
  const video =
    kind === 'video'
      ? [
          '-filter_complex',
          proxyFilterGraph(withSprite),
          '-map',
          '[proxy]',
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '23',
          '-pix_fmt',
          'yuv420p',
          '-force_key_frames',
          PROXY_KEY_FRAMES,
        ]
      : ['-vn'];
  const spriteOutput = withSprite
    ? [
        '-map',
        '[sprite]',
        '-frames:v',
        '1',
        '-q:v',
        SPRITE_JPEG_QUALITY,
        '-c:v',
        'mjpeg',
        '-f',
        'image2',
        '-update',
        '1',
        withSprite.output,
      ]
    : [];
  await runTool(
    ffmpeg,
    [
      '-v',
      'error',
      '-y',
      ...whitelistArgs(input),
      '-i',
      inputOf(input),
      ...video,
      ...audio,
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
      ...spriteOutput,
    ],
    { timeoutMs: 60 * 60_000 },
  );
}

/**
 * The proxy, with the sheet from the same decode when `sprite` is given. The sheet is a bonus: a
 * run that fails with it (an ffmpeg that rejects the graph, an unwritable sheet) is run again
 * without it, so the proxy is never lost to it; only a proxy-only failure throws. Answers whether
 * a non-empty sheet was written (else the caller makes it another way).
 */
export async function makeProxyWithSprite(
  ffmpeg: string,
  kind: 'video' | 'audio',
  input: MediaInput,
  output: string,
  hasAudio: boolean,
  sprite: ProxySprite | undefined,
  onSpriteFailed: (err: unknown) => void,
): Promise<boolean> {
  if (kind !== 'video' || !sprite) {
    await makeProxy(ffmpeg, kind, input, output, hasAudio);
    return false;
  }
  try {
    await makeProxy(ffmpeg, kind, input, output, hasAudio, sprite);
  } catch (err) {
    onSpriteFailed(err);
    await rm(sprite.output, { force: true }).catch(() => undefined);
    await makeProxy(ffmpeg, kind, input, output, hasAudio);
    return false;
  }
  const made = await stat(sprite.output).catch(() => null);
  return !!made && made.size > 0;
}
