import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { API, INTEGRATION_TEXT, INTEGRATIONS_API, SHELL_UI, TOUR_STEPS, UI } from '@rushes/shared';
import { projects, transfers, users } from '../apps/server/src/db/schema/index.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { DEMO_PRODUCER, logIn, newPerson, signUpAndVerify } from './people.ts';
import { answerTo, createProject, dialog, gone, projectIdOfCard, tray, visible } from './projectSteps.ts';
import { serverAndBrowser } from './server.ts';

/**
 * The first-login tour starts only on an untouched home, never over a panel, and a click outside
 * ends it and still does what it was aimed at; the transfers dropdown links the spec's routes and the
 * transfers page reaches every page of 25.
 */
const FLOW = 'tour-transfers';
const run = serverAndBrowser(() => startInProcessServer({ PRODUCT_TOUR: 'on' }));

async function newPage(): Promise<Page> {
  const page = await (await run.browser.newContext(contextOptions)).newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

const popover = (page: Page) => page.locator('.driver-popover');
const bell = (page: Page) => page.getByRole('button', { name: UI.notifications });
const isTourRead = (req: Request) => req.method() === 'GET' && req.url().includes(API.shell.productTour);

describe.skipIf(!e2eAvailable)('first-login tour: untouched pages only, never in the way', () => {
  it('a panel opened before the tour would start: no tour, and the panel takes clicks', async () => {
    const page = await newPage();
    const person = newPerson('Pia', 'Panel');
    await signUpAndVerify(page, run.server.url, person);
    // the tour's answer waits until the user has opened a panel (a slow network, a quick user)
    let release = () => {};
    const opened = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${API.shell.productTour}*`, async (route) => {
      if (isTourRead(route.request())) await opened;
      await route.continue();
    });
    const asked = page.waitForResponse((res) => isTourRead(res.request()));
    await logIn(page, run.server.url, person);
    await bell(page).click();
    const panel = dialog(page, UI.notifications);
    await visible(panel);
    release();
    expect(((await (await asked).json()) as { data: { show_tour: boolean } }).data.show_tour).toBe(true);
    // longer than the tour waits for home's trays
    await page.waitForTimeout(4000);
    expect(await popover(page).count()).toBe(0);
    await shot(page, FLOW, '01-panel-no-tour');
    await panel.getByRole('button', { name: UI.close }).click();
    await gone(panel);
    await page.context().close();
  });

  it('on an untouched home the tour starts; a click outside ends it and opens what was clicked', async () => {
    const page = await newPage();
    const person = newPerson('Otto', 'Outside');
    await signUpAndVerify(page, run.server.url, person);
    await logIn(page, run.server.url, person);
    await visible(popover(page).getByText(TOUR_STEPS[0].title, { exact: true }));
    await visible(tray(page, UI.trayMyProjects));
    await shot(page, FLOW, '02-tour-on-home');
    const saved = answerTo(page, 'PUT', API.shell.productTour);
    await bell(page).click();
    expect(((await (await saved).json()) as { data: { show_tour: boolean } }).data.show_tour).toBe(false);
    await gone(popover(page));
    await visible(dialog(page, UI.notifications));
    await shot(page, FLOW, '03-click-outside-ended-tour');
    // the tour's Next still works when it runs again (restarted from the user menu)
    await dialog(page, UI.notifications).getByRole('button', { name: UI.close }).click();
    await page.getByRole('button', { name: UI.userMenu }).click();
    await page.getByRole('menuitem', { name: SHELL_UI.restartTour }).click();
    await visible(popover(page).getByText(TOUR_STEPS[0].title, { exact: true }));
    await popover(page).getByRole('button', { name: SHELL_UI.tourNext }).click();
    await visible(popover(page).getByText(TOUR_STEPS[1].title, { exact: true }));
    await page.context().close();
  });
});

describe.skipIf(!e2eAvailable)('transfers: the spec links and every page of 25', () => {
  const PROJECT = `Transfer Reel ${Date.now() % 10_000}`;
  let page: Page;
  let projectDbId = '';
  const listCalls: URLSearchParams[] = [];

  beforeAll(async () => {
    page = await newPage();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === INTEGRATIONS_API.transfers) listCalls.push(url.searchParams);
    });
  });

  it('30 transfers: the dropdown shows the newest 25 and links /contido and /all with team, 25 a page, page 1', async () => {
    await logIn(page, run.server.url, DEMO_PRODUCER);
    await createProject(page, PROJECT);
    const card = tray(page, UI.trayMyProjects).getByRole('article', { name: PROJECT });
    projectDbId = await projectIdOfCard(card, PROJECT);
    const { db } = run.server;
    const [project] = await db.select().from(projects).where(eq(projects.id, projectDbId));
    const [owner] = await db.select().from(users).where(eq(users.email, DEMO_PRODUCER.email));
    const now = Date.now();
    await db.insert(transfers).values(
      Array.from({ length: 30 }, (_, i) => ({
        teamId: project.teamId,
        projectId: projectDbId,
        service: i % 2 ? 'contido' : 's3',
        transferType: 'import',
        title: `Import ${String(i + 1).padStart(2, '0')}`,
        status: 'finished',
        createdBy: owner.id,
        // Import 01 is the newest
        createdAt: new Date(now - (i + 1) * 60_000),
      })),
    );

    await page.goto(`${run.server.url}/project/${projectDbId}`);
    await page.getByRole('button', { name: INTEGRATION_TEXT.transfers }).click();
    const menu = page.getByRole('menu', { name: INTEGRATION_TEXT.transfers });
    await expect.poll(() => menu.getByTestId('transfer-row').count()).toBe(25);
    await visible(menu.getByText('Import 25', { exact: true }));
    const contido = menu.getByRole('link', { name: INTEGRATION_TEXT.contidoTransfers });
    expect(await contido.getAttribute('href')).toBe(`/transfers/${projectDbId}/contido`);
    const all = menu.getByRole('link', { name: INTEGRATION_TEXT.viewAll });
    expect(await all.getAttribute('href')).toBe(`/transfers/${projectDbId}/all`);
    const first = listCalls.at(-1)!;
    expect(Object.fromEntries(first)).toMatchObject({
      team_db_id: project.teamId,
      project_db_id: projectDbId,
      entries_per_page: '25',
      page_no: '1',
    });
    await shot(page, FLOW, '04-transfers-dropdown');
    await all.click();
    await page.waitForURL(/\/transfers\/.+\/all$/);
  });

  it('the transfers page asks for page 2 and shows the 26th to the 30th', async () => {
    const table = page.getByRole('table', { name: INTEGRATION_TEXT.transfers });
    await expect.poll(() => table.getByTestId('transfer-row').count()).toBe(25);
    await gone(table.getByText('Import 26', { exact: true }));
    const second = page.waitForRequest(
      (req) => req.url().includes(INTEGRATIONS_API.transfers) && req.url().includes('page_no=2'),
    );
    await page.getByRole('button', { name: '2', exact: true }).click();
    expect(new URL((await second).url()).searchParams.get('team_db_id')).toBeTruthy();
    await visible(table.getByText('Import 26', { exact: true }));
    await expect.poll(() => table.getByTestId('transfer-row').count()).toBe(5);
    await visible(table.getByText('Import 30', { exact: true }));
    expect(page.url()).toMatch(/\?page=2$/);
    await shot(page, FLOW, '05-transfers-page-2');

    // the spec's /contido route lists that service's transfers
    await page.goto(`${run.server.url}/transfers/${projectDbId}/contido`);
    await expect.poll(() => table.getByTestId('transfer-row').count()).toBe(15);
    await visible(table.getByText('Import 02', { exact: true }));
    await gone(table.getByText('Import 01', { exact: true }));
  });
});
