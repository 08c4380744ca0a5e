import type { FileType } from '@rushes/shared';
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
 * ffmpeg's -force_key_frames of the proxy: a key frame every 2 s of picture (the spacing streaming
 * services use). A seek decodes at most 2 s of frames; the sprite sheet decodes key frames only, so
 * its cost grows with their number: at 1 s it took 2× a poster grab's CPU (bench/review-media.ts).
 */
export const PROXY_KEY_FRAMES = 'expr:gte(t,n_forced*2)';

/**
 * Writes the proxy to `output`: H.264 (yuv420p, at most 1920 × 1080, even sides) + AAC stereo in an
 * MP4 with the index first (faststart), so the player can seek before it has it all.
 */
export async function makeProxy(
  ffmpeg: string,
  kind: 'video' | 'audio',
  input: MediaInput,
  output: string,
  hasAudio: boolean,
) {
  const audio = hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '160k', '-ac', '2'] : [];
  const video =
    kind === 'video'
      ? [
          '-map',
          '0:v:0',
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
          '-vf',
          FIT_EVEN_1080P,
        ]
      : ['-vn'];
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
    ],
    { timeoutMs: 60 * 60_000 },
  );
}
