import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { MSG, SIGNIN_MSG, SIGNIN_UI, TOTP_STEP_SECONDS, UI } from '@rushes/shared';
import { codeIn, contextOptions, e2eAvailable, mailTo, shot } from './browser.ts';
import { logIn, newPerson, signUpAndVerify } from './people.ts';
import { serverAndBrowser, startServer } from './server.ts';

const FLOW = 'signin-passkeys';
const run = serverAndBrowser(startServer);

/** Types a 6-digit code into the PinInput group with this name. */
async function enterCode(page: Page, name: string, code: string) {
  await page.getByRole('group', { name }).locator('input').first().click();
  await page.keyboard.type(code);
}

async function openAccountSettings(page: Page) {
  await page.getByRole('button', { name: UI.userMenu }).click();
  await page.getByRole('menuitem', { name: UI.accountSettings }).click();
  await page.getByTestId('security-section').waitFor();
}

async function signOut(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: UI.userMenu }).click();
  await page.getByRole('menuitem', { name: UI.signOut }).click();
  await page.waitForURL(/\/login/);
}

/** Signs out, then enters the password: the /2fa screen. */
async function passwordStep(page: Page, person: { email: string; password: string }) {
  await signOut(page);
  await page.getByLabel(UI.email).fill(person.email);
  await page.getByLabel(UI.password, { exact: true }).fill(person.password);
  await page.getByRole('button', { name: UI.logIn }).click();
  await page.waitForURL(/\/2fa/);
  await page.mouse.move(0, 0);
}

describe.skipIf(!e2eAvailable)('passkeys and an authenticator app', () => {
  const person = newPerson('Mira', 'Sen');
  let page: Page;
  let totp: TOTP;
  let recoveryCode = '';

  beforeAll(async () => {
    page = await (await run.browser.newContext(contextOptions)).newPage();
    // Chromium's virtual authenticator: a platform passkey that verifies its user (like Touch ID).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    await signUpAndVerify(page, run.server.url, person);
    await logIn(page, run.server.url, person);
  });

  it('adds a passkey in account settings after "Confirm it\'s you", then renames it', async () => {
    await openAccountSettings(page);
    // Two-factor is off: the section says what that means for these factors.
    await expect.poll(() => page.getByText(SIGNIN_UI.twoFactorOffNote).isVisible()).toBe(true);
    await page.getByRole('button', { name: SIGNIN_UI.addPasskey }).click();
    // A change of how one signs in asks for the password first (then not again for a while).
    const confirm = page.getByRole('dialog', { name: SIGNIN_UI.confirmItsYou });
    await confirm.getByLabel(UI.password, { exact: true }).fill(`${person.password}x`);
    await confirm.getByRole('button', { name: SIGNIN_UI.confirmContinue }).click();
    await expect.poll(() => confirm.getByText(SIGNIN_MSG.reauthWrongPassword).isVisible()).toBe(true);
    await shot(page, FLOW, '00-confirm-its-you');
    await confirm.getByLabel(UI.password, { exact: true }).fill(person.password);
    await confirm.getByRole('button', { name: SIGNIN_UI.confirmContinue }).click();
    await expect.poll(() => page.getByText(`${SIGNIN_MSG.passkeyAdded}: Passkey 1`).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('passkey-row').count()).toBe(1);
    await page.getByRole('button', { name: SIGNIN_UI.rename }).click();
    await page.getByLabel(SIGNIN_UI.passkeyName).fill('Studio Mac');
    await page.getByRole('button', { name: SIGNIN_UI.save }).click();
    await expect.poll(() => page.getByTestId('passkey-row').getByText('Studio Mac').isVisible()).toBe(true);
    await shot(page, FLOW, '01-passkey-added');
  });

  it('sets up an authenticator app with its QR code and a first code', async () => {
    await page.getByRole('button', { name: SIGNIN_UI.setUpAuthenticator }).click();
    await expect.poll(() => page.getByRole('img', { name: SIGNIN_UI.scanQr }).isVisible()).toBe(true);
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    totp = new TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: TOTP_STEP_SECONDS,
      secret: Secret.fromBase32(secret),
    });
    await shot(page, FLOW, '02-authenticator-qr');
    await enterCode(page, SIGNIN_UI.confirmCode, '000000');
    await expect.poll(() => page.getByText(SIGNIN_MSG.totpInvalid).isVisible()).toBe(true);
    await enterCode(page, SIGNIN_UI.confirmCode, totp.generate());
    await expect.poll(() => page.getByText(SIGNIN_MSG.totpAdded).first().isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText(SIGNIN_UI.authenticatorOn, { exact: false }).isVisible())
      .toBe(true);
  });

  it('creates recovery codes, shown once', async () => {
    await page.getByRole('button', { name: SIGNIN_UI.createRecoveryCodes }).click();
    await expect.poll(() => page.getByTestId('recovery-codes').locator('p').count()).toBe(10);
    await shot(page, FLOW, '03-recovery-codes');
    recoveryCode = (await page.getByTestId('recovery-codes').locator('p').first().textContent())!.trim();
    await page.getByRole('button', { name: SIGNIN_UI.done }).click();
    await expect
      .poll(() => page.getByText(SIGNIN_UI.recoveryRemaining(10), { exact: false }).isVisible())
      .toBe(true);
  });

  it('turns on two-factor with the mailed code (unchanged)', async () => {
    // After the security notices mailed just before (created_on has milliseconds).
    const sentAfter = Date.now();
    await page.getByLabel(UI.twoFactor).click({ force: true });
    const mail = await mailTo(run.server.url, person.email, sentAfter);
    await enterCode(page, UI.verificationCode, codeIn(mail.text));
    await expect.poll(() => page.getByText(MSG.twoFactorEnabled).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText(SIGNIN_UI.twoFactorOffNote).count()).toBe(0);
    await page.getByTestId('security-section').scrollIntoViewIfNeeded();
    await shot(page, FLOW, '04-security-section');
  });

  it('signs in with the passkey alone: no second step', async () => {
    await signOut(page);
    await expect
      .poll(() => page.getByRole('button', { name: SIGNIN_UI.signInWithPasskey }).isVisible())
      .toBe(true);
    await shot(page, FLOW, '05-login-page');
    await page.getByRole('button', { name: SIGNIN_UI.signInWithPasskey }).click();
    await page.waitForURL(`${run.server.url}/`);
    await expect.poll(() => page.getByText(UI.trayMyProjects).isVisible()).toBe(true);
  });

  it('after the password, uses the authenticator app instead of the e-mailed code', async () => {
    await passwordStep(page, person);
    // The e-mail code screen as before, with the other ways below it.
    await expect.poll(() => page.getByRole('group', { name: UI.verificationCode }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: SIGNIN_UI.useAuthenticator }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('button', { name: SIGNIN_UI.usePasskey }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: SIGNIN_UI.useRecovery }).isVisible()).toBe(true);
    await shot(page, FLOW, '06-2fa-choices');
    await page.getByRole('button', { name: SIGNIN_UI.useAuthenticator }).click();
    await expect.poll(() => page.getByText(SIGNIN_UI.authenticatorHint).isVisible()).toBe(true);
    await shot(page, FLOW, '07-2fa-authenticator');
    // The setup's code used this 30 s step: the app's next code (accepted one step ahead) signs in.
    await enterCode(
      page,
      SIGNIN_UI.authenticatorTitle,
      totp.generate({ timestamp: Date.now() + TOTP_STEP_SECONDS * 1000 }),
    );
    await page.waitForURL(`${run.server.url}/`);
    await expect.poll(() => page.getByText(UI.trayMyProjects).isVisible()).toBe(true);
  });

  it('after the password, uses the passkey as the second step', async () => {
    await passwordStep(page, person);
    await page.getByRole('button', { name: SIGNIN_UI.usePasskey }).click();
    await shot(page, FLOW, '08-2fa-passkey');
    await page.getByRole('button', { name: SIGNIN_UI.continueWithPasskey }).click();
    await page.waitForURL(`${run.server.url}/`);
    await expect.poll(() => page.getByText(UI.trayMyProjects).isVisible()).toBe(true);
  });

  it('after the password, a recovery code works once', async () => {
    await passwordStep(page, person);
    await page.getByRole('button', { name: SIGNIN_UI.useRecovery }).click();
    await page.getByLabel(SIGNIN_UI.recoveryLabel).fill(recoveryCode);
    await page.getByRole('button', { name: UI.verify }).click();
    await page.waitForURL(`${run.server.url}/`);
    await passwordStep(page, person);
    await page.getByRole('button', { name: SIGNIN_UI.useRecovery }).click();
    await page.getByLabel(SIGNIN_UI.recoveryLabel).fill(recoveryCode);
    await page.getByRole('button', { name: UI.verify }).click();
    await expect.poll(() => page.getByText(SIGNIN_MSG.recoveryInvalid).isVisible()).toBe(true);
    await shot(page, FLOW, '09-2fa-recovery-used');
  });
});
