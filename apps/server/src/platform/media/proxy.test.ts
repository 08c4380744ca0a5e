// system programs: ffmpeg, ffprobe
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isExecutable, npmShippedBinary, resolveMediaTool } from './binaries.ts';
import { probeFile } from './probe.ts';
import { spriteLayoutFor } from '@rushes/shared';
import sharp from 'sharp';
import { makeProxy, makeProxyWithSprite } from './proxy.ts';
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

  it.skipIf(!ffmpeg)(
    'one run writes the proxy and the sprite sheet; a failing sheet never loses the proxy',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'rushes-proxy-sprite-'));
      const input = path.join(dir, 'in.mov');
      await runTool(ffmpeg!, [
        ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=640x360:rate=25'],
        ...['-c:v', 'mjpeg', input],
      ]);
      const layout = spriteLayoutFor(3, 640, 360)!;
      const sprite = { layout, durationSeconds: 3, output: path.join(dir, 'sprite.jpg') };
      const failures: unknown[] = [];
      const output = path.join(dir, 'out.mp4');
      expect(
        await makeProxyWithSprite(ffmpeg!, 'video', input, output, false, sprite, (e) => failures.push(e)),
      ).toBe(true);
      expect(failures).toEqual([]);
      expect((await probeFile(ffprobe, output)).videoCodec).toBe('h264');
      // 3 s: 6 tiles of 160 × 90 in one row
      expect(await sharp(sprite.output).metadata()).toMatchObject({ format: 'jpeg', width: 960, height: 90 });

      // The sheet cannot be written (no such folder): the proxy is made all the same, without it.
      const lost = { ...sprite, output: path.join(dir, 'missing', 'sprite.jpg') };
      const again = path.join(dir, 'again.mp4');
      expect(
        await makeProxyWithSprite(ffmpeg!, 'video', input, again, false, lost, (e) => failures.push(e)),
      ).toBe(false);
      expect(failures).toHaveLength(1);
      const probe = await probeFile(ffprobe, again);
      expect([probe.videoCodec, probe.width, probe.height]).toEqual(['h264', 640, 360]);
    },
  );
});
