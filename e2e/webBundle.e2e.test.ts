import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { API, BOOT_ELEMENT_ID, UI } from '@rushes/shared';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import { serverAndBrowser, startServer } from './server.ts';

const FLOW = 'web-bundle';
const run = serverAndBrowser(startServer);

/** Libraries the login page must not load, told apart by text their built code keeps. */
const HEAVY: Record<string, RegExp> = {
  'socket.io client': /\/socket\.io`|"\/socket\.io"/,
  Uppy: /`uppy`|"uppy"|@uppy\//,
  'date pickers': /@mantine\/dates\//,
  charts: /@mantine\/charts\/|recharts/,
};

interface Script {
  url: string;
  encoding: string | undefined;
  body: string;
}

/** Records every script the page fetches, with its Content-Encoding and (decoded) text. */
function recordScripts(page: Page): Script[] {
  const scripts: Script[] = [];
  page.on('response', (res: Response) => {
    if (res.request().resourceType() !== 'script') return;
    res.text().then(
      (body) => scripts.push({ url: res.url(), encoding: res.headers()['content-encoding'], body }),
      // a script still arriving when the run closes the browser (a preloaded chunk): nothing to check
      () => undefined,
    );
  });
  return scripts;
}

const heavyIn = (scripts: Script[]) =>
  Object.entries(HEAVY)
    .filter(([, marker]) => scripts.some((s) => marker.test(s.body)))
    .map(([name]) => name);

describe.skipIf(!e2eAvailable)('the web bundle: /login loads only what it needs', () => {
  let page: Page;
  let scripts: Script[];

  beforeAll(async () => {
    page = await (await run.browser.newContext(contextOptions)).newPage();
    scripts = recordScripts(page);
  });

  it('/login fetches no socket.io, Uppy, date picker or chart code, compressed', async () => {
    await page.goto(`${run.server.url}/login`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('button', { name: UI.logIn }).isVisible()).toBe(true);
    await expect.poll(() => scripts.length).toBeGreaterThan(3);
    expect(heavyIn(scripts)).toEqual([]);
    for (const s of scripts) {
      expect(new URL(s.url).pathname, s.url).toMatch(/^\/assets\/.+\.js$/);
      // the build precompresses a file only when that makes it smaller (a tiny re-export chunk stays raw)
      if (gzipSync(s.body, { level: 9 }).length < Buffer.byteLength(s.body)) {
        expect(['br', 'gzip'], s.url).toContain(s.encoding);
      }
    }
    await shot(page, FLOW, '01-login');
  });

  it('logging in still works and home then loads the realtime client', async () => {
    await logIn(page, run.server.url, DEMO_PRODUCER, false);
    await expect.poll(() => page.getByText(UI.trayMyProjects).isVisible()).toBe(true);
    // The markers do find the libraries once a page needs them: the shell connects the socket.
    await expect.poll(() => heavyIn(scripts)).toContain('socket.io client');
    await shot(page, FLOW, '02-home');
  });

  it('a logged-in page carries its user, its shell settings, and home its trays: home asks nothing before the socket', async () => {
    // the page before is gone first: its own late calls (once idle) must not count as home's
    const home = page.url();
    await page.goto('about:blank');
    const apiCalls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(`${url.pathname}${url.search}`);
    });
    const html = await page.goto(home);
    const text = await html!.text();
    expect(text).toContain(`<script type="application/json" id="${BOOT_ELEMENT_ID}">`);
    const boot = JSON.parse(text.split(`id="${BOOT_ELEMENT_ID}">`)[1].split('</script>')[0]) as {
      shell: unknown;
      trays: Record<string, unknown>;
    };
    expect(Object.keys(boot.trays).sort()).toEqual([
      'assigned_tasks',
      'collaborated_projects',
      'my_projects',
      'my_tasks',
      'shared_assets',
    ]);
    expect(boot.shell).toMatchObject({ help_center_url: expect.any(String) });
    expect(html!.headers()['cache-control']).toBe('private, no-store');
    await expect.poll(() => page.getByText(UI.trayMyProjects).isVisible()).toBe(true);
    // check-login is asked only when the realtime connection opens and every query refreshes
    await expect.poll(() => apiCalls.some((c) => c.startsWith(API.auth.checkLogin))).toBe(true);
    const trayOf = (call: string) => new URLSearchParams(call.split('?')[1]).get('tray_name');
    const beforeSocket = apiCalls.slice(
      0,
      apiCalls.findIndex((c) => c.startsWith(API.auth.checkLogin)),
    );
    // no tray (My Projects came for the team the browser selected) and no shell setting before it
    expect(
      beforeSocket.filter((c) => trayOf(c) !== null || c.startsWith(API.shell.config)),
      apiCalls.join(' '),
    ).toEqual([]);
    // read once at start and taken out of the page
    expect(await page.locator(`#${BOOT_ELEMENT_ID}`).count()).toBe(0);
    await shot(page, FLOW, '03-home-reloaded');
  });
  it('moving to another page keeps the shell mounted: the top bar is the same element', async () => {
    await page.locator('header').evaluate((el) => ((el as HTMLElement & { kept?: boolean }).kept = true));
    await page.getByRole('button', { name: UI.userMenu }).click();
    await page.getByRole('menuitem', { name: UI.teamSettings }).click();
    await page.waitForURL(/\/settings/);
    await expect.poll(() => page.getByText(UI.createTeamDescription).isVisible()).toBe(true);
    expect(
      await page.locator('header').evaluate((el) => (el as HTMLElement & { kept?: boolean }).kept === true),
    ).toBe(true);
  });
});
