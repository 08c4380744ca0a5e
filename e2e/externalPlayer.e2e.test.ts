import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API, API_TYPE, API_VERSION, UI } from '@rushes/shared';
import { contextOptions, e2eAvailable, launch, shot } from './browser.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import { apiCall, createProject, row, switchTeam, tray, visible } from './projectSteps.ts';
import { startServer, type RunningServer } from './server.ts';
import { makeUploadFixtures } from './uploadFixtures.ts';

const FLOW = 'uploads';
const OWNER = DEMO_PRODUCER;
const EXTERNAL = 'https://player.example.com/view';
const PROJECT = `Review ${Date.now() % 10_000}`;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  if (!e2eAvailable) return;
  server = await startServer({ EXTERNAL_PLAYER_URL: EXTERNAL });
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** One small file through the same protocol the browser speaks: start, PUT the part, complete. */
async function uploadByApi(page: Page, projectDbId: string, file: string, filename: string) {
  const bytes = readFileSync(file);
  const started = (await apiCall(page, server.url, API.uploads.root, {
    project_db_id: projectDbId,
    data: {
      upload_status: 'started',
      file_info: { filename, folder_path: '/', extension: 'png', size: bytes.length, mime_type: 'image/png' },
    },
  })) as { upload_id: string; parts: { PartNumber: number; url: string }[] };
  const put = await page.request.put(new URL(started.parts[0].url, server.url).toString(), { data: bytes });
  expect(put.ok()).toBe(true);
  const res = await page.request.post(`${server.url}${API.uploads.complete}`, {
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

describe.skipIf(!e2eAvailable)('player: a configured external player opens in a new tab', () => {
  it('opens the asset in the external player with id and project query', async () => {
    const context = await browser.newContext(contextOptions);
    // no internet here: the external player answers from the test
    await context.route(`${EXTERNAL}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>External player</h1>' }),
    );
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await logIn(page, server.url, OWNER);
    await switchTeam(page, 'Demo Studio');
    await createProject(page, PROJECT);
    await tray(page, UI.trayMyProjects).getByRole('link', { name: PROJECT }).click();
    await visible(page.getByRole('heading', { name: PROJECT }));
    const projectDbId = new URL(page.url()).pathname.split('/')[2];
    await uploadByApi(page, projectDbId, makeUploadFixtures().image, 'poster.png');
    // the completed upload arrives live in the open project
    await expect.poll(() => row(page, 'poster.png').isVisible(), { timeout: 15_000 }).toBe(true);

    const opened = context.waitForEvent('page');
    await row(page, 'poster.png').dblclick();
    const tab = await opened;
    await tab.waitForURL(/player\.example\.com/);
    await visible(tab.getByRole('heading', { name: 'External player' }));
    const url = new URL(tab.url());
    expect(`${url.origin}${url.pathname}`).toBe(EXTERNAL);
    expect(url.searchParams.get('project')).toBe(projectDbId);
    const ingestDbId = url.searchParams.get('id')!;
    expect(ingestDbId).toMatch(/^[0-9a-f-]{36}$/);
    // the product page stays where it was
    expect(new URL(page.url()).pathname).toBe(`/project/${projectDbId}`);
    await tab.close();

    // /player/{id} opened directly points to the external player instead of playing
    await page.goto(`${server.url}/player/${ingestDbId}`);
    const link = page.getByRole('link', { name: UI.openExternalPlayer });
    await visible(link);
    expect(await link.getAttribute('href')).toContain(`${EXTERNAL}?id=${ingestDbId}`);
    await expect.poll(() => page.locator('video, audio').count()).toBe(0);
    await shot(page, FLOW, '13-external-player-link');
    await context.close();
  });
});
