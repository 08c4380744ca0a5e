import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { listen } from '../../../test/realtime-helpers.ts';
import { studio } from '../projects/projects.testkit.ts';
import { call, type Person } from './camera.testkit.ts';

const CLI = path.resolve(import.meta.dirname, '../../../../../packages/uploader/bin/rushes-upload.mjs');

let t: TestApp;
let appUrl: string;
let dir: string;
let owner: Person;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
  appUrl = await listen(t);
  dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-device-login-'));
  ({ owner, projectId } = await studio(t));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs `rushes-upload login` with its own config directory; `onCode` sees the printed code. */
function login(args: string[], onCode: (code: string, url: string) => void) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, 'login', ...args], {
      env: {
        ...process.env,
        RUSHES_CONFIG_DIR: dir,
        RUSHES_NO_BROWSER: '1',
        RUSHES_TOKEN: '',
        RUSHES_URL: '',
      },
    });
    let out = '';
    let err = '';
    let told = false;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const code = /code: ([A-Z]{4}-[A-Z]{4})/.exec(out)?.[1];
      const url = /open (http\S+)/.exec(out)?.[1];
      if (code && url && !told) {
        told = true;
        onCode(code, url);
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('rushes-upload login (device code)', () => {
  it('prints the page and code, waits for approval, saves a login that works (0600)', async () => {
    const done = login(['--url', appUrl, '--name', 'grading-mac'], (code, url) => {
      expect(url).toBe(`${appUrl}/device`);
      void call(t, 'POST', API.camera.deviceApprove, owner, { user_code: code });
    });
    const { code, out, err } = await done;
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('Logged in to');
    const file = path.join(dir, 'login.json');
    const saved = JSON.parse(await readFile(file, 'utf8')) as { url: string; token: string };
    expect(saved.url).toBe(appUrl);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const info = await t.call('GET', API.projects.info, {
      query: { project_db_id: projectId },
      headers: { authorization: `Bearer ${saved.token}`, 'api-type': 'uploader' },
    });
    expect(info.status).toBe(200);
  }, 30_000);

  it('a denial ends the program with an error and saves nothing new', async () => {
    const before = await readFile(path.join(dir, 'login.json'), 'utf8');
    const { code, err } = await login(['--url', appUrl, '--name', 'unknown-pc'], (userCode) => {
      void call(t, 'POST', API.camera.deviceDeny, owner, { user_code: userCode });
    });
    expect(code).toBe(1);
    expect(err).toContain('The login was denied in the browser');
    expect(await readFile(path.join(dir, 'login.json'), 'utf8')).toBe(before);
  }, 30_000);
});
