import { inputOf, runTool, whitelistArgs, type MediaInput } from './tools.ts';

/** What ffprobe tells about a file (spec 000 §3 Asset file info: format, duration, file_size). */
export interface ProbeResult {
  /** ffprobe's format_name, e.g. 'mov,mp4,m4a,3gp,3g2,mj2' */
  formatName: string;
  formatLongName: string;
  durationSeconds: number | null;
  sizeBytes: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  width: number | null;
  height: number | null;
  /** the video stream's frames per second (avg_frame_rate, else r_frame_rate), e.g. 29.97; null when unknown */
  frameRate: number | null;
  /** true for a still picture "video" stream (PNG, JPEG, cover art) */
  stillImage: boolean;
}

interface RawStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  disposition?: { attached_pic?: number };
  nb_frames?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
}
interface RawProbe {
  format?: { format_name?: string; format_long_name?: string; duration?: string; size?: string };
  streams?: RawStream[];
}

const num = (v: string | undefined) => {
  const n = Number(v);
  return v !== undefined && Number.isFinite(n) && n >= 0 ? n : null;
};

/** Longest plausible rate: above it the 'rate' is a timebase (e.g. 90000/1), not frames. */
const MAX_FRAME_RATE = 1000;

/**
 * ffprobe's rational rate ('30000/1001', '25/1', '0/0' when unknown) as frames per second, rounded
 * to 3 decimals (29.97, 23.976); null when absent, zero or implausible.
 */
export function parseFrameRate(v: string | undefined): number | null {
  if (!v) return null;
  const [n, d = '1'] = v.split('/');
  const rate = Number(n) / Number(d);
  if (!Number.isFinite(rate) || rate <= 0 || rate > MAX_FRAME_RATE) return null;
  return Math.round(rate * 1000) / 1000;
}

const IMAGE_CODECS = new Set(['png', 'mjpeg', 'gif', 'webp', 'bmp', 'tiff', 'jpeg2000', 'apng']);

export async function probeFile(
  ffprobe: string,
  file: MediaInput,
  opts: { signal?: AbortSignal } = {},
): Promise<ProbeResult> {
  const out = await runTool(
    ffprobe,
    [
      '-v',
      'error',
      ...whitelistArgs(file),
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '--',
      inputOf(file),
    ],
    { timeoutMs: 60_000, signal: opts.signal },
  );
  const raw = JSON.parse(out.toString('utf8')) as RawProbe;
  const streams = raw.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const formatName = raw.format?.format_name ?? '';
  const stillImage =
    !!video && IMAGE_CODECS.has(video.codec_name ?? '') && (formatName.includes('pipe') || !audio);
  return {
    formatName,
    formatLongName: raw.format?.format_long_name ?? '',
    durationSeconds: stillImage ? null : num(raw.format?.duration),
    sizeBytes: num(raw.format?.size),
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    width: video?.width ?? null,
    height: video?.height ?? null,
    frameRate:
      video && !stillImage
        ? (parseFrameRate(video.avg_frame_rate) ?? parseFrameRate(video.r_frame_rate))
        : null,
    stillImage,
  };
}
