import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API, API_TYPE, API_VERSION, MSG, UI, formatDate } from '@rushes/shared';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { serverAndBrowser } from './server.ts';
import { DEMO_EDITOR, DEMO_PRODUCER, logIn, newPerson, signUpAndVerify } from './people.ts';
import {
  answerTo,
  apiCall,
  createProject,
  dialog,
  gone,
  projectIdOfCard,
  settledIn,
  switchTeam,
  toast,
  tray,
  visible,
} from './projectSteps.ts';

/** Server-side defects seen in the browser: billing, live billing, task delete, passwords. */
const FLOW = 'defects-server';
const A = DEMO_PRODUCER;
const B = DEMO_EDITOR;
const STUDIO = 'Demo Studio';
const PROJECT = `Delete Doc ${Date.now() % 10_000}`;

const run = serverAndBrowser(startInProcessServer);

async function newPage(): Promise<Page> {
  const page = await (await run.browser.newContext(contextOptions)).newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

async function openBilling(page: Page) {
  await page.goto(`${run.server.url}/settings`);
  await page.getByRole('button', { name: new RegExp(UI.billingDetails) }).click();
  const billing = dialog(page, UI.billingDetails);
  await visible(billing.getByLabel(UI.companyName));
  return billing;
}

describe.skipIf(!e2eAvailable)('defects: billing, live billing, task delete, trimmed passwords', () => {
  let a: Page;
  let a2: Page;
  let b: Page;
  let projectDbId = '';

  beforeAll(async () => {
    a = await newPage();
    a2 = await newPage();
    b = await newPage();
  });

  it('saves billing without GST and PAN', async () => {
    await logIn(a, run.server.url, A);
    await switchTeam(a, STUDIO);
    const billing = await openBilling(a);
    await billing.getByLabel(UI.companyName).fill('Demo Studio Films');
    await billing.getByLabel(UI.billingAddress).fill('4 Marine Drive, Mumbai');
    await billing.getByLabel(UI.contactEmail).fill('accounts@demo.example');
    await billing.getByLabel(UI.alternateEmail).fill('ops@demo.example');
    await billing.getByLabel(UI.contactPerson).fill('Demo Producer');
    await billing.getByRole('combobox', { name: UI.placeOfSupply }).click();
    await a.getByRole('option', { name: 'Maharashtra' }).click();
    await billing.getByLabel(UI.gstNumber).fill('');
    await billing.getByLabel(UI.panNumber).fill('');
    await billing.getByRole('button', { name: UI.save }).click();
    await toast(a, MSG.billingUpdated);
    await gone(billing.getByText(/expected string/));
    await shot(a, FLOW, '01-billing-saved-without-gst');
  });

  it('an open Billing Details panel follows a save elsewhere, but keeps what its user is typing', async () => {
    const billingA = dialog(a, UI.billingDetails);
    await logIn(a2, run.server.url, A);
    await switchTeam(a2, STUDIO);
    const billingA2 = await openBilling(a2);
    await expect.poll(() => billingA2.getByLabel(UI.companyName).inputValue()).toBe('Demo Studio Films');
    await billingA2.getByLabel(UI.contactPerson).fill('Live Person');
    await billingA2.getByRole('button', { name: UI.save }).click();
    await toast(a2, MSG.billingUpdated);
    await expect.poll(() => billingA.getByLabel(UI.contactPerson).inputValue()).toBe('Live Person');
    await shot(a, FLOW, '02-billing-live-refill');

    // A starts editing: a later save elsewhere does not overwrite A's typing
    await billingA.getByLabel(UI.companyName).fill('Typed by A');
    await billingA2.getByLabel(UI.contactPerson).fill('Second Person');
    // A's billing_detail event makes A refetch: once that answer is rendered, nothing was overwritten
    const refetched = answerTo(a, 'GET', API.billing.root);
    await billingA2.getByRole('button', { name: UI.save }).click();
    await toast(a2, MSG.billingUpdated);
    await refetched;
    await settledIn(a);
    expect(await billingA.getByLabel(UI.companyName).inputValue()).toBe('Typed by A');
    expect(await billingA.getByLabel(UI.contactPerson).inputValue()).toBe('Live Person');
    await shot(a, FLOW, '03-billing-dirty-kept');
    await a.keyboard.press('Escape');
    await a2.keyboard.press('Escape');
  });

  it('the assigner deletes a task from its detail panel; the assignee’s tray drops it live', async () => {
    await a.goto(`${run.server.url}/`);
    await createProject(a, PROJECT);
    const card = tray(a, UI.trayMyProjects).getByRole('article', { name: PROJECT });
    await visible(card);
    projectDbId = await projectIdOfCard(card, PROJECT);
    await apiCall(a, run.server.url, API.projects.collaborators, {
      project_db_id: projectDbId,
      invited_collaborators: [B.email],
      role: 'collaborator',
    });
    await logIn(b, run.server.url, B);
    const bProfile = (await (
      await b.request.get(`${run.server.url}${API.auth.checkLogin}`, {
        headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
      })
    ).json()) as { data: { user_id: string } };
    const newTask = (description: string) =>
      apiCall(a, run.server.url, API.tasks.root, {
        project_db_id: projectDbId,
        task_type: 'editing',
        assigned_to: bProfile.data.user_id,
        expire_at: formatDate(Date.now() + 3 * 86_400_000, 'UTC'),
        description,
        tz: 'UTC',
      });
    const first = (await newTask('Rough cut to delete')) as { task_db_id: string };
    await newTask('Second cut, deleted from the list');
    const bCards = tray(b, UI.trayMyTasks).getByRole('button', {
      name: UI.openTask('Editing', PROJECT),
    });
    await expect.poll(() => bCards.count()).toBe(2);
    await shot(b, FLOW, '04-assignee-tray-before');

    await a.goto(`${run.server.url}/project/${projectDbId}?task=${first.task_db_id}`);
    const detail = dialog(a, UI.taskDetails);
    await detail.getByRole('button', { name: UI.deleteTask }).click();
    const confirm = dialog(a, UI.deleteTask);
    await visible(confirm.getByText(UI.deleteTaskConfirm));
    await shot(a, FLOW, '05-delete-confirm');
    await confirm.getByRole('button', { name: UI.delete, exact: true }).click();
    await toast(a, MSG.taskDeleted);
    await gone(confirm);
    const list = dialog(a, UI.tasks);
    await expect
      .poll(() => list.getByRole('button', { name: UI.openTask('Editing', PROJECT) }).count())
      .toBe(1);
    await shot(a, FLOW, '06-after-delete-list');
    await expect.poll(() => bCards.count()).toBe(1);
    await shot(b, FLOW, '07-assignee-tray-after');

    // from the task list's menu
    await list.getByRole('button', { name: UI.taskActions('Editing') }).click();
    await a.getByRole('menuitem', { name: UI.deleteTask }).click();
    await dialog(a, UI.deleteTask).getByRole('button', { name: UI.delete, exact: true }).click();
    await toast(a, MSG.taskDeleted);
    await visible(list.getByText(UI.noTasks));
    await expect.poll(() => bCards.count()).toBe(0);
    await shot(a, FLOW, '08-list-empty');
  });

  it('the bell shows only the selected team’s notifications, and its live dot too', async () => {
    const bell = b.getByTestId('notification-dot').getByRole('button');
    await switchTeam(b, UI.myAccount);
    await expect.poll(() => bell.getAttribute('data-has-new')).toBe('false');
    // a task in Demo Studio while B looks at My Account: no dot here
    await apiCall(a, run.server.url, API.tasks.root, {
      project_db_id: projectDbId,
      task_type: 'editing',
      assigned_to: (
        (await (
          await b.request.get(`${run.server.url}${API.auth.checkLogin}`, {
            headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
          })
        ).json()) as { data: { user_id: string } }
      ).data.user_id,
      expire_at: formatDate(Date.now() + 3 * 86_400_000, 'UTC'),
      description: 'Only under Demo Studio',
      tz: 'UTC',
    });
    const bCards = tray(b, UI.trayMyTasks).getByRole('button', {
      name: UI.openTask('Editing', PROJECT),
    });
    await expect.poll(() => bCards.count()).toBe(1);
    // The dot's has_new_notification went out before the task_add that drew the card (one socket,
    // one commit's hints in order), so once the card shows, the bell has had its chance to light up.
    await settledIn(b);
    expect(await bell.getAttribute('data-has-new')).toBe('false');
    await bell.click();
    const panel = dialog(b, UI.notifications);
    await visible(panel.getByText(UI.noNotifications));
    await shot(b, FLOW, '10-bell-my-account');
    await b.keyboard.press('Escape');
    await gone(panel);

    await switchTeam(b, STUDIO);
    await expect.poll(() => bell.getAttribute('data-has-new')).toBe('true');
    await bell.click();
    await visible(panel.getByText(MSG.taskAssignedTitle));
    await visible(panel.getByText(MSG.taskDeletedTitle));
    await shot(b, FLOW, '11-bell-studio');
    await b.keyboard.press('Escape');
  });

  it('a password set with spaces around it logs in without them', async () => {
    const page = await newPage();
    const person = newPerson('Tara', 'Trim');
    await page.goto(`${run.server.url}/signup`);
    await visible(page.getByText(UI.passwordTrimHint));
    await shot(page, FLOW, '09-signup-trim-hint');
    await signUpAndVerify(page, run.server.url, { ...person, password: `  ${person.password}  ` });
    await logIn(page, run.server.url, person);
    await visible(page.getByRole('button', { name: UI.userMenu }));
  });
});
