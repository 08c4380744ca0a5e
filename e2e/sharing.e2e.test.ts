import { mkdtempSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG, UI } from '@rushes/shared';
import { contextOptions, e2eAvailable, mailTo, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { serverAndBrowser } from './server.ts';
import { DEMO_EDITOR, DEMO_PRODUCER, logIn } from './people.ts';
import {
  createProject,
  dialog,
  projectIdOfCard,
  row,
  switchTeam,
  toast,
  tray,
  visible,
} from './projectSteps.ts';
import { makeUploadFixtures } from './uploadFixtures.ts';

const FLOW = 'sharing';
const A = DEMO_PRODUCER;
const B = DEMO_EDITOR;
const B_NAME = 'Demo Editor';
const PROJECT = `Review Reel ${Date.now() % 10_000}`;
const FILE = 'review-cut.mp4';
const GUEST_EMAIL = `reviewer-${Date.now()}@example.com`;
const PASSCODE = 'Sesame-2026';

const run = serverAndBrowser(startInProcessServer);

async function newPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext(contextOptions)).newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

describe.skipIf(!e2eAvailable)('sharing: share to people, review link with passcode, revoke', () => {
  let a: Page;
  let b: Page;
  let guest: Page;
  let link = '';

  beforeAll(async () => {
    a = await newPage(run.browser);
    b = await newPage(run.browser);
    guest = await newPage(run.browser);
  });
  afterAll(async () => {
    await guest?.context().close();
  });

  it('A uploads a video into a new project; B waits on home', async () => {
    await logIn(b, run.server.url, B);
    await visible(tray(b, UI.traySharedAssets));
    await logIn(a, run.server.url, A);
    await switchTeam(a, 'Demo Studio');
    await createProject(a, PROJECT);
    const card = tray(a, UI.trayMyProjects).getByRole('article', { name: PROJECT });
    await visible(card);
    const projectDbId = await projectIdOfCard(card, PROJECT);
    await a.goto(`${run.server.url}/project/${projectDbId}`);
    const fixtures = makeUploadFixtures();
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'rushes-share-')), FILE);
    copyFileSync(fixtures.video, file);
    await a.getByTestId('upload-files-input').setInputFiles(file);
    await visible(row(a, FILE));
    await expect.poll(() => row(a, FILE).getByText('0:04').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  });

  it('A shares it with B and a new e-mail for 24 h with a passcode; the rules answer the spec texts', async () => {
    await row(a, FILE).click({ button: 'right' });
    await a.getByRole('menuitem', { name: UI.shareAsset }).click();
    const panel = dialog(a, UI.shareAsset);
    const duration = panel.getByRole('textbox', { name: UI.shareDurationLabel });
    await expect.poll(() => duration.inputValue()).toBe('48');
    await duration.fill('130');
    await panel.getByRole('button', { name: UI.shareButton }).click();
    await visible(panel.getByText(MSG.shareDurationRange));
    await duration.fill('2x');
    await panel.getByRole('button', { name: UI.shareButton }).click();
    await visible(panel.getByText(MSG.enterNumbersOnly));
    await duration.fill('24');
    await panel.getByRole('textbox', { name: UI.shareWith }).fill('Editor');
    await panel.getByRole('option', { name: B_NAME }).click();
    await panel.getByRole('textbox', { name: UI.shareWith }).fill(GUEST_EMAIL);
    await panel.getByRole('option', { name: UI.inviteEmail(GUEST_EMAIL) }).click();
    await panel.getByRole('checkbox', { name: 'Passcode protection' }).check();
    const passcode = panel.getByRole('textbox', { name: UI.passcodeLabel });
    await passcode.fill('open sesame');
    await panel.getByRole('button', { name: UI.shareButton }).click();
    await visible(panel.getByText(MSG.removeAllBlankSpaces));
    await passcode.fill('short');
    await panel.getByRole('button', { name: UI.shareButton }).click();
    await visible(panel.getByText(MSG.passcodeLength));
    await passcode.fill(PASSCODE);
    await shot(a, FLOW, '01-share-panel');
    await panel.getByRole('button', { name: UI.shareButton }).click();
    await toast(a, MSG.assetShared);
    const linkDialog = dialog(a, UI.reviewLink);
    const input = linkDialog.getByRole('textbox', { name: `${UI.reviewLink} ${FILE}` });
    await visible(input);
    link = await input.inputValue();
    expect(link).toMatch(/\/review\?shared_link=[A-Za-z0-9_-]{43}$/);
    await shot(a, FLOW, '02-review-link');
    await linkDialog
      .getByRole('button', { name: 'Close' })
      .click()
      .catch(() => a.keyboard.press('Escape'));
  });

  it('B sees it live in Shared Assets; the invitee got a mail with the link', async () => {
    const card = tray(b, UI.traySharedAssets).getByRole('article', { name: FILE });
    await visible(card);
    await shot(b, FLOW, '03-b-shared-assets');
    const mail = await mailTo(run.server.url, GUEST_EMAIL);
    expect(mail.text).toContain(new URL(link).pathname + new URL(link).search);
  });

  it('an anonymous browser is asked for the passcode, then watches', async () => {
    await guest.goto(link);
    await visible(guest.getByText(UI.reviewPasscodeTitle));
    await guest.getByLabel(UI.passcodeLabel, { exact: true }).fill('wrong-passcode');
    await guest.getByRole('button', { name: UI.reviewUnlock }).click();
    await visible(guest.getByText(MSG.wrongPasscode));
    await shot(guest, FLOW, '04-guest-passcode');
    await guest.getByLabel(UI.passcodeLabel, { exact: true }).fill(PASSCODE);
    await guest.getByRole('button', { name: UI.reviewUnlock }).click();
    await visible(guest.getByRole('heading', { name: FILE }));
    const video = guest.locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await guest.getByRole('link', { name: UI.download }).count()).toBe(0);
    await shot(guest, FLOW, '05-guest-watching');
  });

  it('A sees B and the Pending e-mail in LIST with the link views, revokes it; the guest page says expired', async () => {
    await row(a, FILE).click({ button: 'right' });
    await a.getByRole('menuitem', { name: UI.shareAsset }).click();
    const panel = dialog(a, UI.shareAsset);
    await panel.getByText(UI.shareViewList, { exact: true }).click();
    await visible(panel.getByText(B_NAME));
    await visible(panel.getByRole('listitem', { name: GUEST_EMAIL }).getByText(UI.pending));
    await visible(panel.getByText(UI.linkViews(1)));
    await shot(a, FLOW, '06-shared-list');
    await panel.getByRole('button', { name: UI.revokeLink }).click();
    await toast(a, MSG.linkRevoked);
    await visible(panel.getByText(UI.linkRevokedBadge));
    await guest.reload();
    await visible(guest.getByText(UI.reviewExpiredTitle));
    await shot(guest, FLOW, '07-guest-expired');
  });

  it('removing B answers Deleted user successfully and B loses the card live', async () => {
    const panel = dialog(a, UI.shareAsset);
    await panel.getByRole('button', { name: UI.removeSharedUser(B_NAME) }).click();
    await toast(a, MSG.deletedUser);
    await expect
      .poll(() => tray(b, UI.traySharedAssets).getByRole('article', { name: FILE }).count())
      .toBe(0);
    await shot(a, FLOW, '08-removed');
  });
});
