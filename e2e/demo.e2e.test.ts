import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { API, UI } from '@rushes/shared';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import { dialog, row, switchTeam, tray } from './projectSteps.ts';
import { serverAndBrowser, startServer } from './server.ts';

const FLOW = 'demo';
const OWNER = DEMO_PRODUCER;
const PROJECT = 'Spring Launch Film';
const CLIP = 'Opening shot.mp4';
const IMAGE = 'Colour reference.png';
const AUDIO = 'Score sketch.m4a';

/** The server as `npm start` runs it, demo project included (the other flows leave it out). */
const run = serverAndBrowser(() => startServer({ DEMO_SEED_PROJECT: 'true' }));

/** The media jobs run after start-up, on a shared machine: waits are generous. */
const eventually = (locator: Locator, timeout = 60_000) =>
  expect.poll(() => locator.first().isVisible(), { timeout, interval: 250 }).toBe(true);

describe.skipIf(!e2eAvailable)('demo: the printed demo login opens onto real work', () => {
  let page: Page;

  beforeAll(async () => {
    page = await (await run.browser.newContext(contextOptions)).newPage();
    page.setDefaultTimeout(20_000);
  });

  it('the printed login opens on Demo Studio, whose My Projects holds the demo project', async () => {
    // no switching: the demo people last worked in Demo Studio, and a new browser opens there
    await logIn(page, run.server.url, OWNER);
    await expect
      .poll(() => page.getByRole('button', { name: UI.teamSwitcher }).textContent())
      .toContain('Demo Studio');
    await eventually(tray(page, UI.trayMyProjects).getByRole('article', { name: PROJECT }));
    await shot(page, FLOW, '01-home');
  });

  it('the project lists the clip, the image and the audio with thumbnails and durations', async () => {
    await tray(page, UI.trayMyProjects).getByRole('link', { name: PROJECT }).click();
    await eventually(page.getByRole('heading', { name: PROJECT }));
    for (const title of [CLIP, IMAGE, AUDIO]) await eventually(row(page, title));
    for (const title of [CLIP, IMAGE, AUDIO]) {
      const thumb = row(page, title).getByRole('img', { name: UI.thumbnailOf(title) });
      await eventually(thumb);
      await expect
        .poll(() => thumb.evaluate((i: HTMLImageElement) => i.naturalWidth), { timeout: 30_000 })
        .toBeGreaterThan(0);
    }
    await eventually(row(page, CLIP).getByText('0:05'));
    await eventually(row(page, AUDIO).getByText('0:08'));
    await shot(page, FLOW, '02-project-assets');
  });

  it('the brief, the two tasks and the chat are there', async () => {
    await page.getByRole('button', { name: UI.brief, exact: true }).click();
    const brief = dialog(page, UI.projectBrief);
    await eventually(brief.getByText(/A 60-second launch film for the spring collection/));
    await shot(page, FLOW, '03-brief');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: UI.tasks, exact: true }).click();
    const tasks = dialog(page, UI.tasks).getByRole('list', { name: UI.tasks });
    await eventually(tasks.getByText(/Cut a first assembly/));
    await eventually(tasks.getByText(/Send the final logo files/));
    await expect.poll(() => tasks.getByRole('listitem').count()).toBe(2);
    await eventually(tasks.getByText(UI.assignedToNames('Demo Editor')));
    await shot(page, FLOW, '04-tasks');
    await page.keyboard.press('Escape');

    // the producer has read the chat up to their own last message: the editor's reply is unread
    await page.getByRole('button', { name: `${UI.chat}, ${UI.unreadMessages(1)}` }).click();
    const chat = dialog(page, UI.projectChat);
    await eventually(chat.getByText(/could you approve the opening shot/));
    await eventually(chat.getByText(/I will start the assembly today/));
    await shot(page, FLOW, '05-chat');
  });

  it('a switch in one browser is where a new browser of the same person opens (on 127.0.0.1)', async () => {
    await page.keyboard.press('Escape'); // the chat the last step opened
    const remembered = page.waitForResponse((r) => r.url().includes(API.teams.lastTeam) && r.ok());
    await switchTeam(page, UI.myAccount);
    await remembered;
    const other = await (await run.browser.newContext(contextOptions)).newPage();
    await logIn(other, run.server.url.replace('localhost', '127.0.0.1'), OWNER);
    await expect
      .poll(() => other.getByRole('button', { name: UI.teamSwitcher }).textContent())
      .toContain(UI.myAccount);
    await shot(other, FLOW, '06-new-browser-my-account');
    // and back, so a rerun on the same data opens on Demo Studio again
    const back = other.waitForResponse((r) => r.url().includes(API.teams.lastTeam) && r.ok());
    await switchTeam(other, 'Demo Studio');
    await back;
    await other.context().close();
  });
});
