import { stat } from 'node:fs/promises';
import path from 'node:path';
import { runTool } from '../platform/media/tools.ts';

/** One generated demo file, on disk until the seed stores it. */
export interface DemoFile {
  /** The asset's title, as if uploaded under this name. */
  filename: string;
  extension: string;
  mimeType: string;
  /** A fixed key, so a seed that is run again overwrites what an interrupted one stored. */
  blobKey: string;
  file: string;
  sizeBytes: number;
}

const lavfi = (source: string) => ['-f', 'lavfi', '-i', source];
/** An A-major chord (A3, C#4, E4), swelling twice in its 8 seconds so its waveform has a shape. */
const CHORD = '(0.3*sin(2*PI*220*t)+0.2*sin(2*PI*277.18*t)+0.2*sin(2*PI*329.63*t))';

/**
 * The demo media, from ffmpeg's built-in sources (no file ships with the product): a 5-second
 * 1920×1080 H.264/AAC clip of a moving test pattern with a beeping 440 Hz tone (full HD: 640×360
 * looked soft in the player), a 1280×720 colour-bars PNG, and an 8-second swelling AAC chord in an
 * M4A. Together about 2.5 MB, made in about 3 s by @ffmpeg-installer's ffmpeg 4.1 on a busy
 * two-core machine (the clip at CRF 26, veryfast); each argument is supported by that old build too.
 */
const RECIPES = [
  {
    filename: 'Opening shot.mp4',
    extension: 'mp4',
    mimeType: 'video/mp4',
    args: [
      ...lavfi('testsrc2=duration=5:size=1920x1080:rate=25'),
      ...lavfi('sine=frequency=440:beep_factor=2:duration=5'),
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart', '-f', 'mp4'],
    ],
  },
  {
    filename: 'Colour reference.png',
    extension: 'png',
    mimeType: 'image/png',
    args: [...lavfi('smptehdbars=size=1280x720'), '-frames:v', '1', '-f', 'image2', '-c:v', 'png'],
  },
  {
    filename: 'Score sketch.m4a',
    extension: 'm4a',
    mimeType: 'audio/mp4',
    args: [
      ...lavfi(`aevalsrc=${CHORD}*(0.55+0.45*sin(2*PI*0.5*t)):d=8:s=44100`),
      ...['-c:a', 'aac', '-b:a', '96k', '-f', 'ipod'],
    ],
  },
] as const;

/** Writes the demo files into `dir` with `ffmpeg`; throws (MediaToolError) when ffmpeg cannot make them. */
export async function makeDemoMedia(ffmpeg: string, dir: string): Promise<DemoFile[]> {
  const out: DemoFile[] = [];
  for (const [i, r] of RECIPES.entries()) {
    const file = path.join(dir, `demo-${i}.${r.extension}`);
    await runTool(ffmpeg, ['-v', 'error', '-y', ...r.args, file], { timeoutMs: 60_000 });
    const { size } = await stat(file);
    out.push({
      filename: r.filename,
      extension: r.extension,
      mimeType: r.mimeType,
      blobKey: `demo/seed/${i}.${r.extension}`,
      file,
      sizeBytes: size,
    });
  }
  return out;
}
