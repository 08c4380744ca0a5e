import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API, API_TYPE, API_VERSION, DEVICE_MESSAGES, DEVICE_TEXT, UI } from '@rushes/shared';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { DEMO_PRODUCER } from './people.ts';
import { serverAndBrowser, startServer } from './server.ts';

const FLOW = 'device-login';
const CLI = path.resolve(import.meta.dirname, '../packages/uploader/bin/rushes-upload.mjs');
const run = serverAndBrowser(() => startServer());

/** `rushes-upload login --url …` with no browser opened (RUSHES_NO_BROWSER): its printed page and code. */
function startLogin(url: string, configDir: string) {
  const child = spawn(process.execPath, [CLI, 'login', '--url', url, '--name', 'edit-bay-2'], {
    env: {
      ...process.env,
      RUSHES_CONFIG_DIR: configDir,
      RUSHES_NO_BROWSER: '1',
      RUSHES_TOKEN: '',
      RUSHES_URL: '',
    },
  });
  let out = '';
  let err = '';
  const printed = new Promise<{ page: string; code: string }>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const page = /open (http\S+)/.exec(out)?.[1];
      const code = /code: ([A-Z]{4}-[A-Z]{4})/.exec(out)?.[1];
      if (page && code) resolve({ page, code });
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', () => reject(new Error(`the uploader exited: ${out}${err}`)));
  });
  const exited = new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out, err })),
  );
  return { child, printed, exited };
}

describe.skipIf(!e2eAvailable)('the uploader’s device login (rushes-upload login)', () => {
  let page: Page;
  let uploader: ChildProcess | undefined;
  const configDir = mkdtempSync(path.join(os.tmpdir(), 'rushes-device-login-'));
  beforeAll(async () => {
    page = await (await run.browser.newContext(contextOptions)).newPage();
    page.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    uploader?.kill('SIGTERM');
    await page?.context().close();
    rmSync(configDir, { recursive: true, force: true });
  });

  it('prints a page and a code; logged out, the page logs in and comes back; approving saves a working login', async () => {
    const login = startLogin(run.server.url, configDir);
    uploader = login.child;
    const printed = await login.printed;
    expect(printed.page).toBe(`${run.server.url}/device`);

    // Not logged in yet: the page asks for the login, then comes back to itself.
    await page.goto(printed.page);
    await page.waitForURL(/\/login\?next=%2Fdevice/);
    await page.getByLabel(UI.email).fill(DEMO_PRODUCER.email);
    await page.getByLabel(UI.password, { exact: true }).fill(DEMO_PRODUCER.password);
    await page.getByRole('button', { name: UI.logIn }).click();
    await page.waitForURL(`${run.server.url}/device`);

    // A wrong code is refused on the field; the right one, typed in lower case, shows the computer.
    const field = page.getByLabel(DEVICE_TEXT.codeLabel);
    await field.fill('BCDF-GHJK');
    await page.getByRole('button', { name: DEVICE_TEXT.find }).click();
    await page.getByText(DEVICE_MESSAGES.codeInvalid).waitFor();
    await field.fill(printed.code.toLowerCase());
    await expect(field.inputValue()).resolves.toBe(printed.code);
    await page.getByRole('button', { name: DEVICE_TEXT.find }).click();
    const request = page.getByTestId('device-request');
    await request.getByText('edit-bay-2').waitFor();
    await request.getByText(printed.code).waitFor();
    await shot(page, FLOW, '01-device-asks');

    await page.getByRole('button', { name: DEVICE_TEXT.approve }).click();
    await page.getByText(DEVICE_TEXT.approvedTitle).waitFor();
    await shot(page, FLOW, '02-approved');

    const done = await login.exited;
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
    expect(done.out).toContain('Logged in to');

    // The saved login works for the uploader's calls, and its token is listed with the user's tokens.
    const file = path.join(configDir, 'login.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { url: string; token: string };
    expect(saved.url).toBe(run.server.url);
    const mine = await page.request.get(`${run.server.url}${API.projects.infoMine}`, {
      headers: { authorization: `Bearer ${saved.token}`, 'API-Type': 'uploader', 'API-Version': API_VERSION },
    });
    expect(mine.status()).toBe(200);
    const tokens = await page.request.get(`${run.server.url}${API.camera.tokens}`, {
      headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
    });
    const listed = ((await tokens.json()) as { data: { tokens: { name: string; prefix: string }[] } }).data
      .tokens;
    expect(listed.find((x) => x.name === 'Uploader on edit-bay-2')?.prefix).toBe(saved.token.slice(0, 10));
  }, 120_000);

  it('opened with the code in the URL (as the program opens it) the device shows at once; Deny ends the program', async () => {
    const login = startLogin(run.server.url, configDir);
    uploader = login.child;
    const before = readFileSync(path.join(configDir, 'login.json'), 'utf8');
    const printed = await login.printed;
    await page.goto(`${printed.page}?code=${printed.code}`);
    await page.getByTestId('device-request').getByText('edit-bay-2').waitFor();
    await page.getByRole('button', { name: DEVICE_TEXT.deny }).click();
    await page.getByText(DEVICE_TEXT.deniedTitle).waitFor();
    await shot(page, FLOW, '03-denied');
    const done = await login.exited;
    expect(done.code).toBe(1);
    expect(done.err).toContain(DEVICE_MESSAGES.deniedOnDevice);
    expect(readFileSync(path.join(configDir, 'login.json'), 'utf8')).toBe(before);
  }, 120_000);
});
