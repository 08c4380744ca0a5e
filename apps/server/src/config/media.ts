import { z } from 'zod';

export const media = {
  FFPROBE_PATH: z.string().optional().meta({
    default: 'the system’s, else npm-shipped',
    description:
      'ffprobe of the media pipeline: `/usr/bin/ffprobe`, then `PATH` (Debian’s `ffmpeg` package), else the binary inside the npm package `@ffprobe-installer/ffprobe`',
  }),
  FFMPEG_PATH: z.string().optional().meta({
    default: 'the system’s, else npm-shipped',
    description:
      'ffmpeg (poster frames, waveforms, H.264/AAC proxies): `/usr/bin/ffmpeg`, then `PATH`, else the one inside `@ffmpeg-installer/ffmpeg` (4.1)',
  }),
  EXTERNAL_PLAYER_URL: z
    .url()
    .optional()
    .describe(
      'an external player (spec 002 §2): assets open there in a new tab with `?id=<ingest_db_id>&project=<project_db_id>` instead of `/player/{id}`',
    ),
};

/** Sampling defaults are the spec's (000 §7) without its newline stop. */
