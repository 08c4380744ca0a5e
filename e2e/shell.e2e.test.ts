import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  API,
  API_TYPE,
  API_VERSION,
  MSG,
  SHELL_UI,
  TOUR_STEPS,
  UI,
  formatDate,
  type PlayerAsset,
} from '@rushes/shared';
import { resolveMediaTool } from '../apps/server/src/platform/media/binaries.ts';
import { contextOptions, e2eAvailable, launch, shot } from './browser.ts';
import { DEMO_PRODUCER, logIn, newPerson, signUpAndVerify } from './people.ts';
import {
  answerTo,
  apiCall,
  createProject,
  dialog,
  gone,
  projectIdOfCard,
  row,
  settledIn,
  switchTeam,
  toast,
  tray,
} from './projectSteps.ts';
import { expectNoHorizontalScroll } from './layoutChecks.ts';
import { startServer, type RunningServer } from './server.ts';

const FLOW = 'shell';
const PROJECT = `Shell Reel ${Date.now() % 10_000}`;
const TEAM = `Kiosk ${Date.now() % 10_000}`;

let server: RunningServer;
let appServer: RunningServer;
let standIn: http.Server;
let standInUrl = '';
let browser: Browser;

beforeAll(async () => {
  if (!e2eAvailable) return;
  // A local stand-in for a self-hosted Chatwoot: its /packs/js/sdk.js, nothing else.
  const sdk = readFileSync(path.join(import.meta.dirname, 'fixtures/chatwoot-stand-in.js'));
  standIn = http.createServer((req, res) => {
    if (req.url?.startsWith('/packs/js/sdk.js')) {
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(sdk);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  [server, appServer] = await Promise.all([
    startServer({ PRODUCT_TOUR: 'on' }),
    startServer({
      BUILD_TYPE: 'app',
      SUPPORT_CHAT_BASE_URL: standInUrl,
      SUPPORT_CHAT_WEBSITE_TOKEN: 'stand-in-token',
    }),
  ]);
  browser = await launch();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await appServer?.stop();
  await new Promise((r) => standIn?.close(r));
});

/** What the page's last right-click did: true when something (the product) prevented the browser's menu. */
async function watchContextMenus(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __menus: boolean[] };
    w.__menus = [];
    window.addEventListener('contextmenu', (e) => w.__menus.push(e.defaultPrevented));
  });
}
const lastMenuPrevented = (page: Page) =>
  page.evaluate(() => (window as unknown as { __menus: boolean[] }).__menus.at(-1));

function makeVideo(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'rushes-shell-')), 'clip.mp4');
  execFileSync(resolveMediaTool('ffmpeg').path, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file,
  ]); // prettier-ignore
  return file;
}

/** One file through the upload protocol the browser speaks: start, PUT the part, complete. */
async function uploadByApi(page: Page, baseUrl: string, projectDbId: string, file: string) {
  const bytes = readFileSync(file);
  const started = (await apiCall(page, baseUrl, API.uploads.root, {
    project_db_id: projectDbId,
    data: {
      upload_status: 'started',
      file_info: {
        filename: 'clip.mp4',
        folder_path: '/',
        extension: 'mp4',
        size: bytes.length,
        mime_type: 'video/mp4',
      },
    },
  })) as { upload_id: string; parts: { PartNumber: number; url: string }[] };
  const put = await page.request.put(new URL(started.parts[0].url, baseUrl).toString(), { data: bytes });
  expect(put.ok()).toBe(true);
  const res = await page.request.post(`${baseUrl}${API.uploads.complete}`, {
    headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
    data: {
      project_db_id: projectDbId,
      upload_id: started.upload_id,
      folder_path: '/',
      parts: [{ PartNumber: 1, ETag: put.headers()['etag'] }],
    },
  });
  expect(res.ok()).toBe(true);
}

/** Waits (up to the page's timeout) for the first match to show: the tour, the widget and a timed-out chunk take seconds. */
const shown = (locator: Locator) => locator.first().waitFor({ state: 'visible' });

async function playerAsset(page: Page, ingestDbId: string): Promise<PlayerAsset> {
  const res = await page.request.get(`${server.url}${API.media.asset}?ingest_db_id=${ingestDbId}`, {
    headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
  });
  return ((await res.json()) as { data: PlayerAsset }).data;
}

const userMenu = (page: Page) => page.getByRole('button', { name: UI.userMenu });

describe.skipIf(!e2eAvailable)('the app shell', () => {
  const tia = newPerson('Tia', 'Tour');
  let page: Page;
  let projectDbId = '';
  let ingestDbId = '';

  beforeAll(async () => {
    page = await (await browser.newContext(contextOptions)).newPage();
    page.setDefaultTimeout(15_000);
  });

  it('shows the product tour on first login, not on the second, and again from the user menu', async () => {
    await signUpAndVerify(page, server.url, tia);
    await logIn(page, server.url, tia);
    const popover = page.locator('.driver-popover');
    await shown(popover.getByText(TOUR_STEPS[0].title, { exact: true }));
    await shot(page, FLOW, '01-tour-home');
    await popover.getByRole('button', { name: SHELL_UI.tourNext }).click();
    await shown(popover.getByText(TOUR_STEPS[1].title, { exact: true }));
    await shot(page, FLOW, '02-tour-projects');
    // Dismissing it is remembered on the server.
    const saved = answerTo(page, 'PUT', API.shell.productTour);
    await page.keyboard.press('Escape');
    expect(((await (await saved).json()) as { data: { show_tour: boolean } }).data.show_tour).toBe(false);
    await gone(popover);

    await page.goto(`${server.url}/logout`);
    await page.waitForURL(/\/login/);
    const asked = answerTo(page, 'GET', API.shell.productTour);
    await logIn(page, server.url, tia, false);
    expect(((await (await asked).json()) as { data: { show_tour: boolean } }).data.show_tour).toBe(false);
    await shown(tray(page, UI.trayMyProjects));
    await settledIn(page);
    expect(await popover.count()).toBe(0);

    await userMenu(page).click();
    await page.getByRole('menuitem', { name: SHELL_UI.restartTour }).click();
    await shown(popover.getByText(TOUR_STEPS[0].title, { exact: true }));
    const again = answerTo(page, 'PUT', API.shell.productTour);
    await popover.getByRole('button', { name: 'Close' }).click();
    await again;
    await gone(popover);
  });

  it('opens Help Center (the user guide by default) in a new tab; the guide finds camera', async () => {
    await userMenu(page).click();
    const help = page.getByRole('menuitem', { name: UI.helpCenter });
    expect(await help.getAttribute('href')).toBe('/user-guide');
    expect(await help.getAttribute('target')).toBe('_blank');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/user-guide`);
    const contents = page.getByRole('navigation', { name: SHELL_UI.guideContents });
    await shown(contents.getByRole('link', { name: 'Getting started' }));
    await shot(page, FLOW, '03-guide');
    await page.getByRole('textbox', { name: SHELL_UI.guideSearch }).fill('camera');
    await shown(page.getByRole('heading', { name: 'Camera to edit' }));
    await gone(page.getByRole('heading', { name: 'Billing details' }));
    await shown(page.getByRole('status').filter({ hasText: /match/ }));
    await shot(page, FLOW, '04-guide-search-camera');
    // Clearing the search brings every section back; a contents link scrolls to its section.
    await page.getByRole('button', { name: SHELL_UI.guideClear }).click();
    await contents.getByRole('link', { name: 'Tasks', exact: true }).click();
    await page.waitForURL(/#tasks$/);
    await expect
      .poll(
        () =>
          page.evaluate(() => Math.abs(document.getElementById('tasks')!.getBoundingClientRect().top) < 200),
        {
          timeout: 5000,
        },
      )
      .toBe(true);
  });

  it('right-click on an asset opens the product menu with working actions', async () => {
    await page.goto(`${server.url}/`);
    await createProject(page, PROJECT);
    await toast(page, MSG.projectCreated);
    const card = tray(page, UI.trayMyProjects).getByRole('article', { name: PROJECT });
    projectDbId = await projectIdOfCard(card, PROJECT);
    await uploadByApi(page, server.url, projectDbId, makeVideo());
    await card.getByRole('link', { name: PROJECT }).click();
    const clip = row(page, 'clip.mp4');
    await shown(clip);
    await watchContextMenus(page);

    await clip.click({ button: 'right' });
    const menu = page.getByRole('menu');
    await shown(menu.getByRole('menuitem', { name: UI.metadata }));
    expect(await lastMenuPrevented(page)).toBe(true);
    await shot(page, FLOW, '05-asset-menu');
    await menu.getByRole('menuitem', { name: UI.metadata }).click();
    await shown(dialog(page, UI.metadataTitle));
    await page.keyboard.press('Escape');
    await gone(dialog(page, UI.metadataTitle));

    // Open from the same menu plays it; the player links to the iPhone / iPad player.
    await clip.click({ button: 'right' });
    await page.getByRole('menu').getByRole('menuitem', { name: UI.open }).click();
    await page.waitForURL(/\/player\//);
    ingestDbId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
    // Processed: a web-playable source (the MP4 proxy, or the original when it already plays).
    await expect
      .poll(async () => (await playerAsset(page, ingestDbId)).play_url, { timeout: 30_000 })
      .toBeTruthy();
  });

  it('the iPhone / iPad player plays inline from the MP4 proxy with tap controls', async () => {
    const phone = await (
      await browser.newContext({ ...contextOptions, viewport: { width: 375, height: 740 }, hasTouch: true })
    ).newPage();
    phone.setDefaultTimeout(15_000);
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`${server.url}/player/${ingestDbId}`);
    await phone.getByRole('link', { name: SHELL_UI.iosPlayerOpen }).click();
    await phone.waitForURL(/\/ios-player\/?\?id=/);
    const video = phone.getByTestId('ios-video');
    await shown(video);
    expect(await video.evaluate((v: HTMLVideoElement) => v.playsInline)).toBe(true);
    const asset = await playerAsset(page, ingestDbId);
    expect(await video.getAttribute('src')).toBe(asset.proxy_url ?? asset.play_url);
    await phone.getByRole('button', { name: UI.play, exact: true }).tap();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0))
      .toBe(true);
    await shown(phone.getByRole('button', { name: SHELL_UI.iosPause }));
    await expectNoHorizontalScroll(phone, 'ios player 375');
    await shot(phone, FLOW, '06-ios-player-375');
    await phone.context().close();
  });

  it('right-click in the chat input keeps the browser menu; a message and a task card open the product menu', async () => {
    await page.goto(`${server.url}/project/${projectDbId}`);
    await watchContextMenus(page);
    await page.getByRole('button', { name: UI.chat, exact: true }).click();
    const chat = dialog(page, UI.projectChat);
    const input = chat.getByRole('textbox').first();
    await input.click({ button: 'right' });
    expect(await lastMenuPrevented(page)).toBe(false);
    expect(await page.getByRole('menu').count()).toBe(0);

    await input.fill('Rough cut is up');
    await input.press('Enter');
    const message = chat.getByTestId('chat-message').filter({ hasText: 'Rough cut is up' });
    await shown(message);
    await message.click({ button: 'right' });
    expect(await lastMenuPrevented(page)).toBe(true);
    await shown(page.getByRole('menu').getByRole('menuitem', { name: SHELL_UI.copyMessage }));
    await shot(page, FLOW, '07-message-menu');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await gone(chat);

    await apiCall(page, server.url, API.tasks.root, {
      project_db_id: projectDbId,
      task_type: 'editing',
      user_email: newPerson('Ed', 'Itor').email,
      expire_at: formatDate(Date.now() + 3 * 86_400_000, 'UTC'),
      description: 'Grade the rough cut',
      tz: 'UTC',
    });
    await page.goto(`${server.url}/`);
    const taskCard = page.getByRole('button', { name: UI.openTask('Editing', PROJECT) }).first();
    await shown(taskCard);
    await watchContextMenus(page);
    await taskCard.click({ button: 'right' });
    await shown(page.getByRole('menu').getByRole('menuitem', { name: UI.taskDetails }));
    await page.getByRole('menu').getByRole('menuitem', { name: UI.chat }).click();
    await shown(dialog(page, UI.taskChat));
    await page.keyboard.press('Escape');
    await gone(dialog(page, UI.taskChat));
  });

  it('a route chunk that fails or never arrives shows the error page with Refresh', async () => {
    const broken = await (await browser.newContext(contextOptions)).newPage();
    broken.setDefaultTimeout(15_000);
    await broken.context().addCookies(await page.context().cookies());
    await broken.addInitScript(() => {
      (window as unknown as { __RUSHES_CHUNK_TIMEOUT_MS__: number }).__RUSHES_CHUNK_TIMEOUT_MS__ = 1500;
    });
    await broken.route(/\/assets\/SettingsPage-[^/]*\.js$/, (route) => route.abort('failed'));
    await broken.route(/\/assets\/StatisticsPage-[^/]*\.js$/, () => undefined); // never answered
    await broken.goto(`${server.url}/`);
    await shown(tray(broken, UI.trayMyProjects));
    await broken.getByRole('button', { name: UI.userMenu }).click();
    await broken.getByRole('menuitem', { name: UI.teamSettings }).click();
    await shown(broken.getByText(MSG.errorPageTitle));
    await shown(broken.getByRole('button', { name: UI.refresh }));
    await shot(broken, FLOW, '08-chunk-failed');
    await broken.goto(`${server.url}/statistics`);
    await shown(broken.getByText(MSG.errorPageTitle));
    await shown(broken.getByRole('button', { name: UI.refresh }));
    await broken.context().close();
  });

  it('F12 is blocked only in a team whose owner opted in', async () => {
    const team = (await apiCall(page, server.url, API.teams.root, {
      name: TEAM,
      aws_region: 'eu-west-1',
      user_emails: [newPerson('Mo', 'Member').email],
      user_db_ids: [],
    })) as { team_db_id: string };
    const f12 = async () => {
      await page.evaluate(() => {
        const w = window as unknown as { __f12: boolean[] };
        w.__f12 = [];
        window.addEventListener('keydown', (e) => void (e.key === 'F12' && w.__f12.push(e.defaultPrevented)));
      });
      await page.keyboard.press('F12');
      return page.evaluate(() => (window as unknown as { __f12: boolean[] }).__f12.at(-1));
    };
    await page.goto(`${server.url}/`);
    await shown(tray(page, UI.trayMyProjects));
    expect(await f12()).toBe(false);

    const put = await page.request.put(`${server.url}${API.shell.teamSettings}`, {
      headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
      data: { team_db_id: team.team_db_id, block_dev_tools: true },
    });
    expect(put.ok()).toBe(true);
    await switchTeam(page, TEAM);
    try {
      // switching refetches the team's settings; the shell's key handler follows them
      await expect.poll(f12, { timeout: 10_000 }).toBe(true);
    } finally {
      await switchTeam(page, UI.myAccount);
    }
  });
  // The breakpoint sweep of every page and panel is e2e/breakpoints.e2e.test.ts.
});

describe.skipIf(!e2eAvailable)('app build and live chat', () => {
  it('the web build has a bell and a team switcher and no live chat', async () => {
    const page = await (await browser.newContext(contextOptions)).newPage();
    page.setDefaultTimeout(15_000);
    const chat = answerTo(page, 'GET', API.shell.supportChat);
    await logIn(page, server.url, DEMO_PRODUCER);
    expect(((await (await chat).json()) as { data: { enabled: boolean } }).data.enabled).toBe(false);
    await shown(page.getByRole('button', { name: UI.teamSwitcher }));
    await shown(page.getByRole('button', { name: UI.notifications }));
    await settledIn(page);
    expect(await page.locator('#support-chat-sdk').count()).toBe(0);
    expect(await page.locator('#support-chat-stand-in').count()).toBe(0);
    await page.context().close();
  });

  it('the app build hides the bell and the switcher; the configured live chat loads 2 s after load', async () => {
    const page = await (await browser.newContext(contextOptions)).newPage();
    page.setDefaultTimeout(15_000);
    await logIn(page, appServer.url, DEMO_PRODUCER);
    // A fresh load of a logged-in page: the widget comes 2 s after its load event.
    await page.reload();
    await shown(page.getByRole('button', { name: UI.userMenu }));
    const bubble = page.locator('#support-chat-stand-in');
    await shown(bubble);
    expect(await bubble.getAttribute('data-website-token')).toBe('stand-in-token');
    expect(await bubble.getAttribute('data-base-url')).toBe(standInUrl);
    // The SDK was asked for no sooner than 2 s after the page's load event.
    const gap = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const sdk = performance.getEntriesByType('resource').find((e) => e.name.includes('/packs/js/sdk.js'))!;
      return sdk.startTime - nav.loadEventEnd;
    });
    expect(gap).toBeGreaterThanOrEqual(2000);
    expect(await page.getByRole('button', { name: UI.teamSwitcher }).count()).toBe(0);
    expect(await page.getByRole('button', { name: UI.notifications }).count()).toBe(0);
    await shot(page, FLOW, '09-app-build-live-chat');
    await page.context().close();
  });
});
