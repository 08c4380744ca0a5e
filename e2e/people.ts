import type { Page } from 'playwright-core';
import { MSG, UI } from '@rushes/shared';
import { mailTo } from './browser.ts';

/** The demo logins `npm start` prints (seeded by apps/server/src/seed.ts). */
export const DEMO_PRODUCER = { email: 'demo@rushes.local', password: 'Demo-Rushes-2026!' };
export const DEMO_EDITOR = { email: 'editor@rushes.local', password: 'Editor-Rushes-2026!' };

export interface Person {
  first: string;
  last: string;
  email: string;
  password: string;
}

/** A new person with a unique e-mail. */
export function newPerson(first: string, last: string): Person {
  const tag = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  return { first, last, email: `${first.toLowerCase()}-${tag}@example.com`, password: 'Grade-Suite-2026!' };
}

/** Fills the sign-up form (first name, last name, password; the e-mail unless prefilled) and sends it. */
export async function fillSignup(page: Page, person: Person, { emailPrefilled = false } = {}) {
  await page.getByLabel(UI.firstName).fill(person.first);
  await page.getByLabel(UI.lastName).fill(person.last);
  if (!emailPrefilled) await page.getByLabel(UI.email).fill(person.email);
  await page.getByLabel(UI.password, { exact: true }).fill(person.password);
  await page.getByRole('button', { name: UI.signUp }).click();
}

/** Signs up through the UI and verifies with the mailed link from the dev outbox. */
export async function signUpAndVerify(page: Page, baseUrl: string, person: Person) {
  await page.goto(`${baseUrl}/signup`);
  await fillSignup(page, person);
  await page.getByText(MSG.signupSent).waitFor();
  const mail = await mailTo(baseUrl, person.email);
  const link = /(http\S+\/verify\?token=\S+)/.exec(mail.text)![1];
  await page.goto(link);
  await page.getByText(MSG.emailVerified).waitFor();
}

/** Logs in from /login (or the login page already shown) and waits for home. */
export async function logIn(
  page: Page,
  baseUrl: string,
  person: Pick<Person, 'email' | 'password'>,
  goto = true,
) {
  if (goto) await page.goto(`${baseUrl}/login`);
  await page.getByLabel(UI.email).fill(person.email);
  await page.getByLabel(UI.password, { exact: true }).fill(person.password);
  await page.getByRole('button', { name: UI.logIn }).click();
  await page.waitForURL(`${baseUrl}/`);
}
