import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { API, API_TYPE, API_VERSION, MSG, UI } from '@rushes/shared';
import { fillSignup, logIn, type Person } from './people.ts';

/** Locators and steps of the projects flow (e2e/projects.e2e.test.ts). */
export const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible()).toBe(true);
export const gone = (locator: Locator) => expect.poll(() => locator.count()).toBe(0);
/**
 * Resolves once the page's event loop has run everything already queued (socket handlers, query
 * updates, React's render and effects, which React schedules as tasks): after waiting for the event
 * or the answer that should have changed something, a check that nothing changed is then not racing it.
 */
export async function settledIn(page: Page) {
  for (let i = 0; i < 3; i++)
    await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}
/** The next answer of `method path` (without its query) the page gets. */
export const answerTo = (page: Page, method: string, path: string) =>
  page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname === path);
/** Counts the page's requests of `method path` still on their way (from now on). */
export function inFlight(page: Page, method: string, path: string) {
  let n = 0;
  const ours = (r: { method(): string; url(): string }) =>
    r.method() === method && new URL(r.url()).pathname === path;
  page.on('request', (r) => void (ours(r) && n++));
  page.on('requestfinished', (r) => void (ours(r) && n--));
  page.on('requestfailed', (r) => void (ours(r) && n--));
  return { count: () => n };
}
/** A side panel or a modal: both are dialogs named by their title. */
export const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
export const tray = (page: Page, title: string) => page.getByRole('region', { name: title });
export const row = (page: Page, title: string) => page.getByRole('row', { name: title, exact: true });

/**
 * A toast with this text shows; it is then closed, so it covers no header button. Closed until none
 * is left: a second one of the same text (two creations in a row) may show after the first is closed.
 */
export async function toast(page: Page, text: string) {
  const alert = page.getByRole('alert').filter({ hasText: text });
  await visible(alert);
  await expect
    .poll(async () => {
      for (const one of await alert.all())
        await one
          .getByRole('button')
          .click({ timeout: 2000 })
          .catch(() => undefined);
      return alert.count();
    })
    .toBe(0);
}

export async function createProject(page: Page, title: string) {
  await page.getByRole('button', { name: UI.createProject }).click();
  const modal = dialog(page, UI.createProjectTitle);
  await modal.getByLabel(UI.projectName).fill(title);
  await modal.getByRole('button', { name: UI.create, exact: true }).click();
  await gone(modal);
}

/** Creates a folder where the page is and waits to land in it. */
export async function createFolder(page: Page, name: string) {
  // an empty folder's upload empty state offers 'Create Folder' too: the header's comes first
  await page.getByRole('button', { name: UI.createFolder }).first().click();
  const modal = dialog(page, UI.createFolderTitle);
  await modal.getByLabel(UI.folderName).fill(name);
  await modal.getByRole('button', { name: UI.create, exact: true }).click();
  await toast(page, MSG.folderCreated);
  await visible(page.getByRole('heading', { name, exact: true }));
}

/** A state-changing API call with the page's session (the API-Type header is the CSRF guard). */
export async function apiCall(page: Page, baseUrl: string, path: string, data: Record<string, unknown>) {
  const res = await page.request.post(`${baseUrl}${path}`, {
    headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
    data,
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

/** Root folders made through the API, for a list longer than one page. */
export async function createFoldersByApi(page: Page, baseUrl: string, projectDbId: string, names: string[]) {
  for (const filename of names) {
    await apiCall(page, baseUrl, API.assets.folder, {
      project_db_id: projectDbId,
      data: { upload_status: 'started', file_info: { filename } },
    });
  }
}

/** The project_db_id of a home-tray card (its link is /project/{id}). */
export async function projectIdOfCard(card: Locator, title: string) {
  const href = await card.getByRole('link', { name: title }).getAttribute('href');
  return href!.split('/')[2];
}

/** Chooses a team in the switcher and waits for the chip to show it. */
export async function switchTeam(page: Page, name: string) {
  await page.getByRole('button', { name: UI.teamSwitcher }).click();
  await page
    .getByRole('menuitem', { name: new RegExp(name) })
    .first()
    .click();
  await expect.poll(() => page.getByRole('button', { name: UI.teamSwitcher }).textContent()).toContain(name);
}

/** Signs up through the sign-up link of an invitation mail (e-mail prefilled), then logs in. */
export async function signUpFromInvite(page: Page, baseUrl: string, mailText: string, person: Person) {
  const link = /(http\S+\/signup\?inviteCode=\S+)/.exec(mailText)![1];
  await page.goto(link);
  await expect.poll(() => page.getByLabel(UI.email).inputValue()).toBe(person.email);
  await fillSignup(page, person, { emailPrefilled: true });
  await visible(page.getByText(MSG.emailVerified));
  await page.getByRole('link', { name: UI.logIn }).click();
  await logIn(page, baseUrl, person, false);
}
