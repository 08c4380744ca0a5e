// system programs: ffmpeg, ffprobe
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isExecutable, npmShippedBinary, resolveMediaTool } from './binaries.ts';
import { probeFile } from './probe.ts';
import { makeProxy } from './proxy.ts';
import { runTool } from './tools.ts';

/**
 * The proxy's ffmpeg arguments work with both binaries the server may run: the system's (Debian, 5.x)
 * and the npm-shipped static 4.1 build (no `force_divisible_by` there).
 */
const ffprobe = resolveMediaTool('ffprobe').path;
const binaries = [
  ['system', isExecutable('/usr/bin/ffmpeg') ? '/usr/bin/ffmpeg' : undefined],
  ['npm-shipped', npmShippedBinary('ffmpeg')],
] as const;

describe.each(binaries)('proxy with the %s ffmpeg', (_name, ffmpeg) => {
  it.skipIf(!ffmpeg).each([
    ['2500x1500', 1800, 1080],
    ['1280x720', 1280, 720],
    ['321x241', 320, 240],
  ])('%s fits within 1920 × 1080 with even sides, never upscaled', async (size, width, height) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rushes-proxy-'));
    const input = path.join(dir, 'in.mov');
    const output = path.join(dir, 'out.mp4');
    await runTool(ffmpeg!, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=duration=0.2:size=${size}:rate=25`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.2'],
      ...['-c:v', 'mjpeg', '-c:a', 'pcm_s16le', '-shortest', input],
    ]);
    await makeProxy(ffmpeg!, 'video', input, output, true);
    const probe = await probeFile(ffprobe, output);
    expect(probe.videoCodec).toBe('h264');
    expect(probe.audioCodec).toBe('aac');
    expect([probe.width, probe.height]).toEqual([width, height]);
  });
});
