import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOOT_ELEMENT_ID, MSG, SELECTED_TEAM_COOKIE, TEAM_ID_STORAGE_KEY, UI } from '@rushes/shared';
import { codeIn, contextOptions, e2eAvailable, mailTo, shot } from './browser.ts';
import { serverAndBrowser, startServer } from './server.ts';

const FLOW = 'account';
const run = serverAndBrowser(startServer);

/** Types a 6-digit code into the focused-first PinInput group. */
async function enterCode(page: Page, code: string) {
  const boxes = page.getByRole('group', { name: UI.verificationCode }).locator('input');
  await boxes.first().click();
  await page.keyboard.type(code);
}

describe.skipIf(!e2eAvailable)('a new user: sign up, verify, log in, 2FA, change password', () => {
  const email = `asha-${Date.now()}@example.com`;
  const password = 'Edit-Suite-2026!';
  const newPassword = 'Colour-Grade-2027#';
  let page: Page;

  beforeAll(async () => {
    page = await (await run.browser.newContext(contextOptions)).newPage();
  });

  it('signs up and shows the spec validation messages', async () => {
    await page.goto(`${run.server.url}/signup`);
    await page.getByRole('button', { name: UI.signUp }).click();
    await expect.poll(() => page.getByText(MSG.required).count()).toBeGreaterThan(0);
    await page.getByLabel(UI.email).fill('not-an-email');
    await page.getByRole('button', { name: UI.signUp }).click();
    await expect.poll(() => page.getByText(MSG.invalidEmail).isVisible()).toBe(true);
    await shot(page, FLOW, '01-signup-errors');

    await page.getByLabel(UI.firstName).fill('Asha');
    await page.getByLabel(UI.lastName).fill('Rao');
    await page.getByLabel(UI.email).fill(email);
    await page.getByLabel(UI.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: UI.signUp }).click();
    await expect.poll(() => page.getByText(MSG.signupSent).isVisible()).toBe(true);
    await shot(page, FLOW, '02-signup-sent');
  });

  it('verifies from the outbox linked on the login screen', async () => {
    await page.goto(`${run.server.url}/login`);
    await page.getByRole('link', { name: UI.mailOutbox }).click();
    await expect.poll(() => page.getByText('Verify your Rushes account').first().isVisible()).toBe(true);
    // the page says who may read it (this browser runs on the server's machine)
    await expect.poll(() => page.getByText(UI.outboxLocalOnly).isVisible()).toBe(true);
    await shot(page, FLOW, '03-outbox');
    const mail = await mailTo(run.server.url, email);
    const link = /(http\S+\/verify\?token=\S+)/.exec(mail.text)![1];
    await page.getByRole('link', { name: link }).first().click();
    await expect.poll(() => page.getByText(MSG.emailVerified).isVisible()).toBe(true);
    await shot(page, FLOW, '04-verified');
  });

  it('the outbox refuses a reader on another machine, and its page says so', async () => {
    // as if the request came through a proxy on the server's machine from a client elsewhere
    await page.route('**/api/dev/outbox', (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': '203.0.113.9' } }),
    );
    await page.goto(`${run.server.url}/outbox`);
    await expect.poll(() => page.getByRole('alert').getByText(MSG.outboxLocalOnly).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Verify your Rushes account').count()).toBe(0);
    await shot(page, FLOW, '04b-outbox-refused-elsewhere');
    await page.unroute('**/api/dev/outbox');
  });

  it('logs in and sees home with the personal account in the switcher', async () => {
    await page.goto(`${run.server.url}/login`);
    await page.getByLabel(UI.email).fill(email);
    await page.getByLabel(UI.password, { exact: true }).fill('Wrong-Password-1!');
    await page.getByRole('button', { name: UI.logIn }).click();
    await expect.poll(() => page.getByText(MSG.invalidCredentials).first().isVisible()).toBe(true);
    await page.getByLabel(UI.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: UI.logIn }).click();
    await page.waitForURL(`${run.server.url}/`);
    await expect.poll(() => page.getByText(UI.trayMyProjects).isVisible()).toBe(true);
    await page.getByRole('button', { name: UI.teamSwitcher }).click();
    await expect.poll(() => page.getByText(UI.myAccountSection, { exact: true }).isVisible()).toBe(true);
    await shot(page, FLOW, '05-home-switcher');
    await page.keyboard.press('Escape');
  });

  it('turns on two-factor with the mailed code', async () => {
    await page.getByRole('button', { name: UI.userMenu }).click();
    await page.getByRole('menuitem', { name: UI.accountSettings }).click();
    await expect.poll(() => page.getByText(MSG.comingSoon).isVisible()).toBe(true);
    const sentAfter = Date.now() - 1000;
    await page.getByLabel(UI.twoFactor).click({ force: true });
    await expect.poll(() => page.getByRole('group', { name: UI.verificationCode }).isVisible()).toBe(true);
    await enterCode(page, '000000');
    await expect.poll(() => page.getByText(MSG.otpInvalid).isVisible()).toBe(true);
    await shot(page, FLOW, '06-2fa-wrong-code');
    const mail = await mailTo(run.server.url, email, sentAfter);
    await enterCode(page, codeIn(mail.text));
    await expect.poll(() => page.getByText(MSG.twoFactorEnabled).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel(UI.twoFactor).isChecked()).toBe(true);
    await shot(page, FLOW, '07-2fa-enabled');
  });

  it('logs out and back in through /2fa', async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: UI.userMenu }).click();
    await page.getByRole('menuitem', { name: UI.signOut }).click();
    await page.waitForURL(/\/login/);
    const sentAfter = Date.now() - 1000;
    await page.getByLabel(UI.email).fill(email);
    await page.getByLabel(UI.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: UI.logIn }).click();
    await page.waitForURL(/\/2fa/);
    await shot(page, FLOW, '08-2fa-login');
    const mail = await mailTo(run.server.url, email, sentAfter);
    await enterCode(page, codeIn(mail.text));
    await page.waitForURL(`${run.server.url}/`);
    await expect.poll(() => page.getByText(UI.trayMyProjects).isVisible()).toBe(true);
  });

  it('changes the password and lands on /logout', async () => {
    await page.getByRole('button', { name: UI.userMenu }).click();
    await page.getByRole('menuitem', { name: UI.accountSettings }).click();
    await page.getByLabel(UI.existingPassword).fill(password);
    await page.getByLabel(UI.newPassword, { exact: true }).fill(newPassword);
    await page.getByLabel(UI.confirmNewPassword).fill('Something-Else-1!');
    await page.getByRole('button', { name: UI.changePassword }).click();
    await expect.poll(() => page.getByText(MSG.passwordMismatch).isVisible()).toBe(true);
    await shot(page, FLOW, '09-password-mismatch');
    await page.getByLabel(UI.confirmNewPassword).fill(newPassword);
    const landed = page.waitForURL(/\/logout/);
    await page.getByRole('button', { name: UI.changePassword }).click();
    await landed;
    await page.waitForURL(/\/login/);
    await shot(page, FLOW, '10-after-password-change');
    const me = await page.evaluate(async () => (await fetch('/api/auth/check-login')).json());
    expect(me).toMatchObject({ response: false, errorcode: 401 });
  });
});

describe.skipIf(!e2eAvailable)('the demo producer switches teams', () => {
  it('switches to Demo Studio and keeps the choice', async () => {
    const page = await (await run.browser.newContext(contextOptions)).newPage();
    await page.goto(`${run.server.url}/login`);
    await page.getByLabel(UI.email).fill('demo@rushes.local');
    await page.getByLabel(UI.password, { exact: true }).fill('Demo-Rushes-2026!');
    await page.getByRole('button', { name: UI.logIn }).click();
    await page.waitForURL(`${run.server.url}/`);
    await page.getByRole('button', { name: UI.teamSwitcher }).click();
    await expect.poll(() => page.getByText(UI.myTeamsSection, { exact: true }).isVisible()).toBe(true);
    await shot(page, 'teams', '01-switcher-open');
    await page
      .getByRole('menuitem', { name: /Demo Studio/ })
      .first()
      .click();
    await expect
      .poll(() => page.getByRole('button', { name: UI.teamSwitcher }).textContent())
      .toContain('Demo Studio');
    await expect
      .poll(() => page.getByRole('button', { name: UI.teamSwitcher }).textContent())
      .toContain('Admin');
    const stored = await page.evaluate((k) => localStorage.getItem(k), TEAM_ID_STORAGE_KEY);
    const me = await page.evaluate(async () => (await fetch('/api/auth/check-login')).json());
    const studio = me.data.teams.find((t: { name: string }) => t.name === 'Demo Studio');
    expect(stored).toBe(studio.team_db_id);
    expect(new URL(page.url()).pathname).toBe('/');
    await shot(page, 'teams', '02-switched');
    // the choice is mirrored in a cookie, so the reloaded home carries My Projects for that team
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === SELECTED_TEAM_COOKIE)?.value).toBe(studio.team_db_id);
    const reloaded = await page.reload();
    const bootText = (await reloaded!.text()).split(`id="${BOOT_ELEMENT_ID}">`)[1].split('</script>')[0];
    const boot = JSON.parse(bootText) as { trays: { my_projects: { team_db_id: string } } };
    expect(boot.trays.my_projects.team_db_id).toBe(studio.team_db_id);
    await expect
      .poll(() => page.getByRole('button', { name: UI.teamSwitcher }).textContent())
      .toContain('Demo Studio');
  });

  it('logs an idle user out after the inactivity limit', async () => {
    const context = await run.browser.newContext(contextOptions);
    await context.addInitScript(() => {
      (window as unknown as { __RUSHES_INACTIVITY_SECONDS__: number }).__RUSHES_INACTIVITY_SECONDS__ = 3;
    });
    const page = await context.newPage();
    await page.goto(`${run.server.url}/login`);
    await page.getByLabel(UI.email).fill('editor@rushes.local');
    await page.getByLabel(UI.password, { exact: true }).fill('Editor-Rushes-2026!');
    await page.getByRole('button', { name: UI.logIn }).click();
    await page.waitForURL(`${run.server.url}/`);
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    await shot(page, 'teams', '03-inactivity-logout');
  });

  it('shows the not-found page for an unknown route', async () => {
    const page = await (await run.browser.newContext(contextOptions)).newPage();
    await page.goto(`${run.server.url}/no-such-page`);
    await expect.poll(() => page.locator('body').textContent()).toMatch(/not found/i);
    await shot(page, 'teams', '04-not-found');
  });
});
