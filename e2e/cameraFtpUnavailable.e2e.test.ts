import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { C2E_FTP_UNAVAILABLE_TEXT, C2E_TEXT, MSG, UI } from '@rushes/shared';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { serverAndBrowser, startServer } from './server.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import { createProject, projectIdOfCard, switchTeam, toast, tray, visible } from './projectSteps.ts';

const FLOW = 'camera-to-edit';

/** Another program holds the camera FTP port before the server starts. */
const squatter = net.createServer();
const squatted = new Promise<number>((resolve) =>
  squatter.listen(0, '0.0.0.0', () => resolve((squatter.address() as net.AddressInfo).port)),
);
const run = serverAndBrowser(async () => startServer({ FTP_PORT: String(await squatted) }));
afterAll(() => {
  squatter.close();
});

describe.skipIf(!e2eAvailable)('camera to edit when the FTP port is taken at start', () => {
  let page: Page;
  beforeAll(async () => {
    page = await (await run.browser.newContext(contextOptions)).newPage();
    page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('the server runs on; a new session says camera FTP is not available and why, with no credentials', async () => {
    const title = `No FTP ${Date.now() % 10_000}`;
    await logIn(page, run.server.url, DEMO_PRODUCER);
    await switchTeam(page, 'Demo Studio');
    await createProject(page, title);
    const card = tray(page, UI.trayMyProjects).getByRole('article', { name: title });
    await visible(card);
    const projectDbId = await projectIdOfCard(card, title);
    await page.goto(`${run.server.url}/project/${projectDbId}?tab=camera-to-edit`);
    await page.getByRole('button', { name: C2E_TEXT.c2eStart }).click();
    await page.getByRole('combobox', { name: C2E_TEXT.c2eCameraModel }).click();
    await page.getByRole('option', { name: 'Sony FX6' }).click();
    await page.getByRole('button', { name: C2E_TEXT.c2eCreate, exact: true }).click();
    await toast(page, MSG.c2eInitiated);
    const alert = page.getByRole('alert').filter({ hasText: C2E_TEXT.c2eFtpUnavailable });
    await visible(alert);
    await expect.poll(() => alert.textContent()).toContain(C2E_FTP_UNAVAILABLE_TEXT.port_in_use);
    expect(await page.getByTestId('c2e-password').count()).toBe(0);
    expect(await page.getByTestId('c2e-username').count()).toBe(0);
    await shot(page, FLOW, '12-ftp-not-available');
  });
});
