import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { resolveMediaTool } from '../../platform/media/binaries.ts';

/** Small media generated for tests with the server's ffmpeg (lavfi sources) and sharp. */

const run = promisify(execFile);
const FFMPEG = resolveMediaTool('ffmpeg').path;
const FFPROBE = resolveMediaTool('ffprobe').path;

async function ffmpeg(out: string, args: string[]) {
  await run(FFMPEG, ['-v', 'error', '-y', ...args, out]);
  return readFile(out);
}

/** rate: frames per second as ffmpeg takes it, e.g. 25 or '30000/1001' (29.97) */
const testsrc = (seconds: number, size = '320x240', rate: number | string = 25) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc=duration=${seconds}:size=${size}:rate=${rate}`,
];
const sine = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];

/** H.264/AAC MP4, browser-playable: no proxy expected. */
export const h264Mp4 = (dir: string, seconds = 2, rate: number | string = 25) =>
  ffmpeg(path.join(dir, 'clip.mp4'), [
    ...testsrc(seconds, '320x240', rate),
    ...sine(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
  ]);

/** H.264 without sound whose picture changes, a key frame every 0.4 s (sprite tiles differ). */
export const changingClip = (dir: string, seconds = 6, keyFrameEvery = 10) =>
  ffmpeg(path.join(dir, `moving-g${keyFrameEvery}.mp4`), [
    ...testsrc(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    String(keyFrameEvery),
    '-pix_fmt',
    'yuv420p',
  ]);

/** A one-frame H.264 MP4. */
export const stillClip = (dir: string) =>
  ffmpeg(path.join(dir, 'still.mp4'), [
    ...testsrc(1),
    '-frames:v',
    '1',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
  ]);

/** ProRes 422 Proxy + PCM in QuickTime: browsers cannot play it, a proxy is expected. */
export const proresMov = (dir: string, seconds = 1) =>
  ffmpeg(path.join(dir, 'prores.mov'), [
    ...testsrc(seconds),
    ...sine(seconds),
    '-c:v',
    'prores_ks',
    '-profile:v',
    '0',
    '-c:a',
    'pcm_s16le',
    '-shortest',
  ]);

export const sineWav = (dir: string, seconds = 1.5) =>
  ffmpeg(path.join(dir, 'tone.wav'), [...sine(seconds), '-c:a', 'pcm_s16le']);

/** AIFF: browsers other than Safari cannot play it, an audio proxy is expected. */
export const sineAiff = (dir: string, seconds = 1) =>
  ffmpeg(path.join(dir, 'tone.aiff'), [...sine(seconds), '-c:a', 'pcm_s16be']);

export const pngImage = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

export interface Probed {
  format: { format_name: string; duration?: string };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }[];
}

export async function ffprobe(file: string): Promise<Probed> {
  const { stdout } = await run(FFPROBE, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  return JSON.parse(stdout) as Probed;
}
