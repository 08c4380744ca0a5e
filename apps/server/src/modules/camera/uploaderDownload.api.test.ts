import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, UPLOADER_PLATFORMS, type UploaderBuilds } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { person, type Person } from '../../../test/factories.ts';
import { listen } from '../../../test/realtime-helpers.ts';
import { call } from './camera.testkit.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * A build's output as packages/uploader/scripts/build.mjs writes it: files and manifest.json. macOS
 * Apple Silicon is listed but its file is gone (a build under way, a deleted file): not built.
 */
function fakeBuild(dir: string) {
  const files: Record<string, { file: string; form: string; bytes: Buffer }> = {
    windows: { file: 'rushes-upload-windows-x64.exe', form: 'sea', bytes: Buffer.from('MZ windows exe') },
    windows_portable: {
      file: 'rushes-upload-windows-x64-portable.zip',
      form: 'zip',
      bytes: Buffer.from('PK\u0003\u0004 portable'),
    },
    macos_intel: {
      file: 'rushes-upload-macos-x64.tar.gz',
      form: 'tar.gz',
      bytes: Buffer.from([0x1f, 0x8b, 8, 0]),
    },
    macos_silicon: {
      file: 'rushes-upload-macos-arm64.tar.gz',
      form: 'tar.gz',
      bytes: Buffer.from([0x1f, 0x8b]),
    },
    linux: { file: 'rushes-upload-linux-x64', form: 'sea', bytes: Buffer.from('\u007fELF linux') },
  };
  const platforms = Object.entries(files).map(([os, f]) => {
    if (os !== 'macos_silicon') writeFileSync(path.join(dir, f.file), f.bytes);
    return { os, file: f.file, size: f.bytes.length, sha256: sha256(f.bytes), form: f.form, node: '26.10.0' };
  });
  const manifest = { version: '0.1.0', node: '26.10.0', built_at: new Date().toISOString(), platforms };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return files;
}

let t: TestApp;
let base: string;
let user: Person;
let dist: string;
let files: ReturnType<typeof fakeBuild>;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'rushes-uploader-dist-'));
  files = fakeBuild(dist);
  t = await createTestApp({
    UPLOADER_DIST: dist,
    UPLOADER_URL_WINDOWS_PORTABLE: 'https://downloads.example.com/p.zip',
  });
  base = await listen(t);
  user = await person(t);
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('uploader downloads (001 §2, 002 §7, §9)', () => {
  it('answers, per OS, the URL of a file this server serves (its SHA-256 the one the page lists), or the page of one not built', async () => {
    const listing = await call<UploaderBuilds>(t, 'GET', API.camera.uploaderBuilds, user);
    expect(listing.status).toBe(200);
    const page = listing.body.data;
    expect(page.platforms.map((p) => p.os)).toEqual([...UPLOADER_PLATFORMS.map((p) => p.os), 'linux']);

    for (const { os } of UPLOADER_PLATFORMS) {
      const res = await call<string>(t, 'GET', API.camera.uploaderDownload, user, { os, key: 'ps_uploader' });
      expect(res.status).toBe(200);
      const url = res.body.data;
      const listed = page.platforms.find((p) => p.os === os)!;
      if (os === 'windows_portable') {
        // UPLOADER_URL_* still overrides what was built
        expect(url).toBe('https://downloads.example.com/p.zip');
        continue;
      }
      if (os === 'macos_silicon') {
        expect(url).toBe('/uploader?os=macos_silicon');
        expect(listed).toMatchObject({ built: false, url: null, sha256: null, size: null });
        continue;
      }
      // same-origin: it works on whatever address the app was reached at
      expect(url).toMatch(/^\/api\/uploader\/file\?name=/);
      expect(listed).toMatchObject({ built: true, url, file: files[os]!.file, form: files[os]!.form });
      const got = await fetch(new URL(url, base), { headers: { cookie: user.cookie } });
      expect(got.status).toBe(200);
      const body = Buffer.from(await got.arrayBuffer());
      expect(got.headers.get('content-disposition')).toContain(`attachment; filename="${files[os]!.file}"`);
      expect(Number(got.headers.get('content-length'))).toBe(listed.size);
      expect(sha256(body)).toBe(listed.sha256);
      expect(body.equals(files[os]!.bytes)).toBe(true);
    }
    const linux = page.platforms.find((p) => p.os === 'linux')!;
    expect(linux).toMatchObject({ built: true, title: 'Linux x64', form: 'sea' });
    expect(page).toMatchObject({ version: '0.1.0', node: '26.10.0' });
  });

  it('serves only the files the manifest lists, to logged-in users, and resumes a byte range', async () => {
    const name = files.windows!.file;
    const url = `${base}${API.camera.uploaderFile}?name=${name}`;
    expect((await fetch(url)).status).toBe(401);
    const cookie = { cookie: user.cookie };
    const range = await fetch(url, { headers: { ...cookie, range: 'bytes=3-' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(
      `bytes 3-${files.windows!.bytes.length - 1}/${files.windows!.bytes.length}`,
    );
    expect(Buffer.from(await range.arrayBuffer()).equals(files.windows!.bytes.subarray(3))).toBe(true);
    // listed but absent, not listed, or a path: nothing from the disk
    for (const other of [
      'rushes-upload-macos-arm64.tar.gz',
      'rushes-upload-other',
      'manifest.json',
      '../config.ts',
    ]) {
      const res = await fetch(`${base}${API.camera.uploaderFile}?name=${encodeURIComponent(other)}`, {
        headers: cookie,
      });
      expect([400, 404]).toContain(res.status);
    }
  });

  it('lists every platform as not built when nothing was built', async () => {
    const empty = await createTestApp();
    try {
      const someone = await person(empty);
      const page = await call<UploaderBuilds>(empty, 'GET', API.camera.uploaderBuilds, someone);
      expect(page.body.data.platforms.every((p) => !p.built && p.url === null)).toBe(true);
      const res = await call<string>(empty, 'GET', API.camera.uploaderDownload, someone, {
        os: 'windows',
        key: 'ps_uploader',
      });
      expect(res.body.data).toBe('/uploader?os=windows');
    } finally {
      await empty.close();
    }
  });
});
