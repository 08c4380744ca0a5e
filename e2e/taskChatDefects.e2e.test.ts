import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request, Route } from 'playwright-core';
import { API, API_TYPE, API_VERSION, MSG, UI, formatDate } from '@rushes/shared';
import { assets } from '../apps/server/src/db/schema/index.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { DEMO_EDITOR, DEMO_PRODUCER, logIn } from './people.ts';
import {
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
import { serverAndBrowser } from './server.ts';

/**
 * Task and chat defects: the task type select, the task unread badge race, the approval people
 * picker, the spec's ?s= section links and chat inputs that never lose typed text.
 */
const FLOW = 'task-chat-defects';
const A = DEMO_PRODUCER;
const B = DEMO_EDITOR;
const A_NAME = 'Demo Producer';
const B_NAME = 'Demo Editor';
const STUDIO = 'Demo Studio';
const tag = Date.now() % 10_000;
const PROJECT = `Dock Reel ${tag}`;
const REVIEW_PROJECT = `Pier Reel ${tag}`;
const FILE = 'Harbour Grade.mov';

const run = serverAndBrowser(startInProcessServer);

async function newPage(): Promise<Page> {
  const page = await (await run.browser.newContext(contextOptions)).newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** A promise with its resolver. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * Holds the first `method` request to `path` of a page: `arrived` opens when it is caught (after the
 * server answered, with `answerFirst`), the request goes on when `release` is called.
 */
async function holdFirst(page: Page, path: string, method: string, answerFirst = false) {
  const arrived = gate();
  const release = gate();
  let armed = true;
  const matches = (url: URL) => url.pathname === path;
  const handler = async (route: Route) => {
    if (!armed || route.request().method() !== method) return route.fallback();
    armed = false;
    if (answerFirst) {
      const response = await route.fetch();
      arrived.open();
      await release.opened;
      return route.fulfill({ response });
    }
    arrived.open();
    await release.opened;
    return route.continue();
  };
  await page.route(matches, handler);
  return {
    arrived: arrived.opened,
    release: () => release.open(),
    stop: () => page.unroute(matches, handler),
  };
}

describe.skipIf(!e2eAvailable)('task and chat defects', () => {
  let a: Page;
  let b: Page;
  let projectDbId = '';
  let reviewProjectDbId = '';
  let taskDbId = '';
  const card = (page: Page, title: string) =>
    tray(page, UI.trayMyProjects).getByRole('article', { name: title });

  beforeAll(async () => {
    a = await newPage();
    b = await newPage();
  });

  it('A makes two projects of Demo Studio: B is in the first only', async () => {
    await logIn(a, run.server.url, A);
    await switchTeam(a, STUDIO);
    await createProject(a, PROJECT);
    projectDbId = await projectIdOfCard(card(a, PROJECT), PROJECT);
    await apiCall(a, run.server.url, API.projects.collaborators, {
      project_db_id: projectDbId,
      invited_collaborators: [B.email],
      role: 'collaborator',
    });
    await createProject(a, REVIEW_PROJECT);
    reviewProjectDbId = await projectIdOfCard(card(a, REVIEW_PROJECT), REVIEW_PROJECT);
    await logIn(b, run.server.url, B);
  });

  it('Task Type: Approval and Review show disabled; the select is searchable; no match says No Record Found', async () => {
    await a.goto(`${run.server.url}/project/${projectDbId}`);
    await a.getByRole('button', { name: UI.tasks, exact: true }).click();
    await dialog(a, UI.tasks).getByRole('button', { name: UI.createTask }).click();
    const form = dialog(a, UI.createTask);
    const type = form.getByRole('combobox', { name: UI.taskType });
    await type.click();
    for (const name of ['Approval', 'Review']) {
      const option = form.getByRole('option', { name, exact: true });
      await option.first().waitFor();
      expect(await option.getAttribute('aria-disabled')).toBe('true');
    }
    expect(await form.getByRole('option', { name: 'Editing' }).getAttribute('aria-disabled')).toBeNull();
    await form.getByRole('option', { name: 'Review', exact: true }).scrollIntoViewIfNeeded();
    await shot(a, FLOW, '01-task-types-disabled');
    await type.fill('zzq');
    await form.getByText(MSG.noRecordFound).first().waitFor();
    await gone(form.getByRole('option'));
    await shot(a, FLOW, '02-task-type-no-record');
    await type.fill('Edi');
    await form.getByRole('option', { name: 'Editing' }).click();
    await expect.poll(() => type.inputValue()).toBe('Editing');
    await a.keyboard.press('Escape');
  });

  it('the unread badge converges to the server count when a refetch answers after a newer live count', async () => {
    const task = await apiCall(a, run.server.url, API.tasks.root, {
      project_db_id: projectDbId,
      form_action: 'create',
      task_type: 'editing',
      assigned_to: await userIdOf(b),
      expire_at: formatDate(Date.now() + 3 * 86_400_000, 'UTC'),
      description: 'Grade the harbour shots',
      tz: 'UTC',
    });
    taskDbId = task.task_db_id as string;
    await a.goto(`${run.server.url}/project/${projectDbId}`);
    await a.getByRole('button', { name: UI.tasks, exact: true }).click();
    const taskCard = dialog(a, UI.tasks).locator(`[data-task="${taskDbId}"]`);
    await taskCard.first().waitFor();
    await gone(taskCard.locator('[data-unread]'));

    // B's first message moves the task to In Progress: A's list refetches. That answer is held
    // (computed before B's second message) until the live count of the second has arrived.
    const refetch = await holdFirst(a, API.tasks.root, 'GET', true);
    const say = (text: string) => apiCall(b, run.server.url, API.tasks.chat, { task_db_id: taskDbId, text });
    await say('First look is up');
    await refetch.arrived;
    await say('And the second pass');
    await taskCard.locator('[data-unread="2"]').first().waitFor();
    const landed = a.waitForEvent(
      'requestfinished',
      (r: Request) => new URL(r.url()).pathname === API.tasks.root,
    );
    refetch.release();
    await landed;
    await refetch.stop();
    await settledIn(a); // the stale answer has been applied (or ignored) by now
    expect(await taskCard.locator('[data-unread]').getAttribute('data-unread')).toBe('2');
    await taskCard.getByText('In Progress').first().waitFor();
    await shot(a, FLOW, '03-unread-after-stale-refetch');
    // and a fresh load agrees with it
    await a.reload();
    await a.getByRole('button', { name: UI.tasks, exact: true }).click();
    await dialog(a, UI.tasks).locator(`[data-task="${taskDbId}"] [data-unread="2"]`).first().waitFor();
  });

  it('approval people: the team is searched; a teammate outside the project joins as reviewer; those asked are disabled', async () => {
    await run.server.db.insert(assets).values({
      projectId: reviewProjectDbId,
      title: FILE,
      fileType: 'video',
      isFolder: false,
      ingestCode: `E2E${Date.now()}`,
      extension: 'mov',
      sizeBytes: 12_000_000,
      status: 1,
      searchText: FILE.toLowerCase(),
    });
    await a.goto(`${run.server.url}/project/${reviewProjectDbId}`);
    await row(a, FILE).click({ button: 'right' });
    await a.getByRole('menuitem', { name: UI.requestApproval }).click();
    const panel = dialog(a, UI.requestApproval);
    const people = panel.getByRole('textbox', { name: UI.reviewers });
    await people.fill('Editor');
    const option = panel.getByRole('option', { name: new RegExp(B_NAME) });
    await option.getByText(UI.joinsAsReviewer).first().waitFor();
    await shot(a, FLOW, '04-approval-picker-teammate');
    await option.click();
    await panel.getByLabel(UI.comment).fill('Is the grade right?');
    await panel.getByRole('button', { name: UI.sendRequest }).click();
    await toast(a, MSG.approvalRequestCreated);
    await panel.getByRole('region', { name: UI.requests }).getByText(B_NAME).first().waitFor();

    // B is asked: already on the request, shown disabled
    await people.fill('Editor');
    const asked = panel.getByRole('option', { name: new RegExp(B_NAME) });
    await asked.getByText(UI.alreadyAsked).first().waitFor();
    expect(await asked.getAttribute('aria-disabled')).toBe('true');
    await shot(a, FLOW, '05-approval-picker-asked');
    await people.fill('');

    // B is now in the project and may answer
    await b.goto(`${run.server.url}/project/${reviewProjectDbId}`);
    await row(b, FILE).click({ button: 'right' });
    await b.getByRole('menuitem', { name: UI.requestApproval }).click();
    await dialog(b, UI.requestApproval).getByRole('combobox', { name: UI.approvalStatus }).first().waitFor();
    await b.keyboard.press('Escape');
  });

  it('?s=project chat opens the project chat; ?s=join live collaboration opens the project; ?chat=1 stays an alias', async () => {
    await b.goto(`${run.server.url}/project/${projectDbId}?s=project%20chat`);
    const chat = dialog(b, UI.projectChat);
    await chat.getByText(MSG.chatEmptyTitle).waitFor();
    await expect.poll(() => new URL(b.url()).search).toBe('');
    await shot(b, FLOW, '06-deep-link-project-chat');
    await b.keyboard.press('Escape');
    await gone(chat);

    await b.goto(`${run.server.url}/project/${projectDbId}?s=join%20live%20collaboration`);
    await b.getByRole('button', { name: UI.tasks, exact: true }).waitFor();
    await expect.poll(() => new URL(b.url()).search).toBe('');
    await gone(b.getByRole('alert'));
    await gone(chat);
    await shot(b, FLOW, '07-deep-link-live-collaboration');

    await b.goto(`${run.server.url}/project/${projectDbId}?chat=1`);
    await chat.getByText(MSG.chatEmptyTitle).waitFor();
    await expect.poll(() => new URL(b.url()).search).toBe('');
  });

  it('project chat: a message typed while the previous one is sending is queued, both arrive in order, nothing typed is lost', async () => {
    await b.goto(`${run.server.url}/project/${projectDbId}?chat=1`);
    const chat = dialog(b, UI.projectChat);
    const input = chat.getByLabel(MSG.typeYourMessage);
    await chat.getByText(MSG.chatEmptyTitle).waitFor();
    const send = await holdFirst(b, API.chat.root, 'POST');
    await input.fill('First take of the mix');
    await input.press('Enter');
    await send.arrived;
    // the input is free at once; the first message waits as 'Sending…'
    await expect.poll(() => input.inputValue()).toBe('');
    await chat.getByTestId('chat-pending').getByText('First take of the mix').first().waitFor();
    await input.fill('Second take of the mix');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');
    await input.pressSequentially('Third, not sent yet');
    await shot(b, FLOW, '08-project-chat-queued');
    send.release();
    const log = chat.getByTestId('chat-messages');
    await log.getByText('Second take of the mix').first().waitFor();
    const text = (await log.textContent()) ?? '';
    expect(text.indexOf('First take of the mix')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('First take of the mix')).toBeLessThan(text.indexOf('Second take of the mix'));
    expect(await input.inputValue()).toBe('Third, not sent yet');
    await gone(chat.getByTestId('chat-pending'));
    await send.stop();
    await shot(b, FLOW, '09-project-chat-in-order');
  });

  it('project chat: a mention picked with Enter, more words typed and Enter at once: the words are sent', async () => {
    await b.goto(`${run.server.url}/project/${projectDbId}?chat=1`);
    const chat = dialog(b, UI.projectChat);
    const input = chat.getByLabel(MSG.typeYourMessage);
    const log = chat.getByTestId('chat-messages');
    await log.waitFor();
    await input.pressSequentially('@Demo P');
    await chat.getByRole('option', { name: A_NAME }).first().waitFor();
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe(`@${A_NAME} `);
    await input.pressSequentially('the mix is ready');
    await input.press('Enter');
    await log
      .getByText(/the mix is ready/)
      .first()
      .waitFor();
    await log
      .locator('[data-mention]')
      .filter({ hasText: `@${A_NAME}` })
      .first()
      .waitFor();
    await expect.poll(() => input.inputValue()).toBe('');
    await shot(b, FLOW, '10-project-chat-mention-fast-enter');
  });

  it('task chat: the same queue; Enter during a send is not ignored', async () => {
    await b.goto(`${run.server.url}/project/${projectDbId}?task=${taskDbId}`);
    await dialog(b, UI.taskDetails).getByRole('button', { name: /^Chat/ }).click();
    const chat = dialog(b, UI.taskChat);
    const log = chat.getByRole('log');
    await log.getByText('And the second pass').waitFor();
    const input = chat.getByLabel(MSG.typeYourMessage);
    const send = await holdFirst(b, API.tasks.chat, 'POST');
    await input.fill('Colour notes, part one');
    await input.press('Enter');
    await send.arrived;
    await expect.poll(() => input.inputValue()).toBe('');
    await input.fill('Colour notes, part two');
    await input.press('Enter');
    await input.pressSequentially('Part three draft');
    await shot(b, FLOW, '11-task-chat-queued');
    send.release();
    await log.getByText('Colour notes, part two').first().waitFor();
    const lines = await log.locator('[data-chat-line]').allTextContents();
    const one = lines.findIndex((l) => l.includes('Colour notes, part one'));
    const two = lines.findIndex((l) => l.includes('Colour notes, part two'));
    expect(one).toBeGreaterThanOrEqual(0);
    expect(one).toBeLessThan(two);
    expect(await input.inputValue()).toBe('Part three draft');
    await send.stop();
    await shot(b, FLOW, '12-task-chat-in-order');
  });

  /** A logged-in page's own user id. */
  async function userIdOf(page: Page): Promise<string> {
    const res = await page.request.get(`${run.server.url}${API.auth.checkLogin}`, {
      headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
    });
    return ((await res.json()) as { data: { user_id: string } }).data.user_id;
  }
});
