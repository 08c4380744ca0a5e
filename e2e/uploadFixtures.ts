import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveMediaTool } from '../apps/server/src/platform/media/binaries.ts';

const FFMPEG = resolveMediaTool('ffmpeg').path;

function ffmpeg(args: string[]) {
  execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'pipe' });
}

export interface UploadFixtures {
  /** the folder dragged in: Shoot/ with a video, an image, an audio file and a .exe */
  folder: string;
  video: string;
  image: string;
  audio: string;
  exe: string;
}

/**
 * Media made at test time with the server's ffmpeg (system or npm-shipped): a 4 s lavfi test-pattern MP4 with a tone, a PNG
 * frame, a 100 s stereo WAV (about 19 MB, several 5 MiB parts, big enough to pause mid-way) and a
 * tiny Windows executable header that the browser must refuse.
 */
export function makeUploadFixtures(): UploadFixtures {
  const root = mkdtempSync(path.join(os.tmpdir(), 'rushes-upload-fixtures-'));
  const folder = path.join(root, 'Shoot');
  mkdirSync(folder);
  const video = path.join(folder, 'clip.mp4');
  const image = path.join(folder, 'still.png');
  const audio = path.join(folder, 'tone.wav');
  const exe = path.join(folder, 'setup.exe');
  ffmpeg([
    '-f', 'lavfi', '-i', 'testsrc=duration=4:size=320x240:rate=25',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-shortest', '-movflags', '+faststart', video,
  ]); // prettier-ignore
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=640x360', '-frames:v', '1', image]);
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=220:duration=100:sample_rate=48000', '-ac', '2', audio]);
  writeFileSync(exe, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510)]));
  // Whole-second modification times: a browser's File.lastModified is whole milliseconds, so a
  // copy made later for the resume step (same name, size and date) gets exactly the same one.
  const wholeSecond = new Date(Math.floor(Date.now() / 1000) * 1000);
  for (const file of [video, image, audio, exe]) utimesSync(file, wholeSecond, wholeSecond);
  return { folder, video, image, audio, exe };
}
