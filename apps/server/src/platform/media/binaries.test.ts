// system programs: ffmpeg, ffprobe
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { describeTool, npmShippedBinary, resolveMediaTool } from './binaries.ts';
import { runTool } from './tools.ts';

/** A folder holding fake executables with the given names (and, if asked, one that is not executable). */
function fakeDir(names: string[], notExecutable: string[] = []) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rushes-bin-'));
  for (const n of names) {
    writeFileSync(path.join(dir, n), '#!/bin/sh\n');
    chmodSync(path.join(dir, n), notExecutable.includes(n) ? 0o644 : 0o755);
  }
  return dir;
}

const empty = () => fakeDir([]);

describe('media binaries', () => {
  it('with no system binary, picks the one shipped inside the npm package', () => {
    const env = { PATH: empty() };
    const ffmpeg = resolveMediaTool('ffmpeg', { env, systemDirs: [empty()] });
    const ffprobe = resolveMediaTool('ffprobe', { env, systemDirs: [empty()] });
    expect(ffmpeg.source).toBe('npm');
    expect(ffmpeg.path).toContain(`node_modules${path.sep}@ffmpeg-installer`);
    expect(ffprobe.source).toBe('npm');
    expect(ffprobe.path).toContain(`node_modules${path.sep}@ffprobe-installer`);
    expect(describeTool('ffmpeg', ffmpeg)).toContain('npm package @ffmpeg-installer/ffmpeg');
  });

  it('the npm-shipped binaries run', async () => {
    for (const name of ['ffmpeg', 'ffprobe'] as const) {
      const bin = npmShippedBinary(name);
      expect(bin, name).toBeDefined();
      const out = await runTool(bin!, ['-hide_banner', '-version'], { timeoutMs: 30_000 });
      expect(out.toString('utf8')).toContain(`${name} version`);
    }
  });

  it('prefers the system binary, in /usr/bin first and then on PATH, skipping non-executables', () => {
    const usrBin = fakeDir(['ffmpeg', 'ffprobe'], ['ffprobe']);
    const onPath = fakeDir(['ffprobe']);
    const opts = { env: { PATH: `${empty()}${path.delimiter}${onPath}` }, systemDirs: [usrBin] };
    expect(resolveMediaTool('ffmpeg', opts)).toEqual({ path: path.join(usrBin, 'ffmpeg'), source: 'system' });
    expect(resolveMediaTool('ffprobe', opts)).toEqual({
      path: path.join(onPath, 'ffprobe'),
      source: 'system',
    });
  });

  it('FFMPEG_PATH and FFPROBE_PATH win over everything, used as given', () => {
    const usrBin = fakeDir(['ffmpeg', 'ffprobe']);
    const env = { FFMPEG_PATH: '/opt/ff/ffmpeg', FFPROBE_PATH: '/opt/ff/ffprobe', PATH: usrBin };
    expect(resolveMediaTool('ffmpeg', { env, systemDirs: [usrBin] })).toEqual({
      path: '/opt/ff/ffmpeg',
      source: 'env',
    });
    expect(resolveMediaTool('ffprobe', { env, systemDirs: [usrBin] }).path).toBe('/opt/ff/ffprobe');
  });

  it('with nothing anywhere, says so and keeps the bare name', () => {
    const tool = resolveMediaTool('ffmpeg', {
      env: { PATH: empty() },
      systemDirs: [empty()],
      npmBinary: () => undefined,
    });
    expect(tool).toEqual({ path: 'ffmpeg', source: 'missing' });
    expect(describeTool('ffmpeg', tool)).toContain('not found');
  });

  it('config holds the resolved paths that every consumer reads', () => {
    const config = loadConfig({ FFMPEG_PATH: '/opt/ff/ffmpeg' });
    expect(config.FFMPEG_PATH).toBe('/opt/ff/ffmpeg');
    expect(config.mediaTools.ffmpeg.source).toBe('env');
    // Unset: something runnable (system or npm), never a hard-coded path that may not exist.
    expect(config.FFPROBE_PATH).toBe(config.mediaTools.ffprobe.path);
    expect(['system', 'npm']).toContain(config.mediaTools.ffprobe.source);
  });
});
