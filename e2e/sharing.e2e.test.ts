import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { API, MSG, UI, formatDate } from '@rushes/shared';
import { assets } from '../apps/server/src/db/schema/index.ts';
import { contextOptions, e2eAvailable, mailTo, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { serverAndBrowser } from './server.ts';
import { DEMO_EDITOR, DEMO_PRODUCER, logIn } from './people.ts';
import {
  apiCall,
  createProject,
  dialog,
  gone,
  projectIdOfCard,
  row,
  switchTeam,
  toast,
  tray,
  visible,
} from './projectSteps.ts';
import { resolveMediaTool } from '../apps/server/src/platform/media/binaries.ts';

const FLOW = 'sharing';
const A = DEMO_PRODUCER;
const B = DEMO_EDITOR;
const B_NAME = 'Demo Editor';
const PROJECT = `Review Reel ${Date.now() % 10_000}`;
const FILE = 'review-cut.mp4';
const FILE_V2 = 'review-cut-v2.mp4';
const FILE_V3 = 'review-cut-v3.mp4';
const PICTURE = 'review-still.png';
const GUEST_EMAIL = `reviewer-${Date.now()}@example.com`;
const PASSCODE = 'Sesame-2026';
const GUEST_NAME = 'Greta Guest';

const run = serverAndBrowser(startInProcessServer);

/** An 8 s test clip at 25 fps (frame 120 is at 4.8 s). */
function clip(name: string, source: string) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'rushes-share-')), name);
  execFileSync(resolveMediaTool('ffmpeg').path, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `${source}=duration=8:size=320x240:rate=25`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file,
  ]); // prettier-ignore
  return file;
}

/** A drag of one file from the file manager onto a row, through Chromium's input domain. */
async function dragOntoRow(page: Page, title: string, file: string) {
  const box = (await row(page, title).boundingBox())!;
  const at = { x: box.x + box.width / 3, y: box.y + box.height / 2 };
  const data = { items: [], files: [file], dragOperationsMask: 1 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchDragEvent', { type: 'dragEnter', ...at, data });
  await cdp.send('Input.dispatchDragEvent', { type: 'dragOver', ...at, data });
  await visible(row(page, title).getByText(UI.dropNewVersion));
  // the row says what happens, not the folder's drop zone
  await expect.poll(() => page.getByText(UI.dropToUpload).count()).toBe(0);
  await shot(page, FLOW, '09c-drop-on-row');
  await cdp.send('Input.dispatchDragEvent', { type: 'dragOver', ...at, data });
  await cdp.send('Input.dispatchDragEvent', { type: 'drop', ...at, data });
  await cdp.detach();
}

/** Uploads and media jobs take longer on a loaded machine than the steps' usual wait. */
const soon = (locator: Locator) =>
  expect.poll(() => locator.first().isVisible(), { timeout: 30_000 }).toBe(true);

/** 'New version added' comes after an upload and its stacking: a longer wait, then the toast step. */
async function versionAdded(page: Page) {
  await soon(page.getByRole('alert').filter({ hasText: MSG.versionAdded }));
  await toast(page, MSG.versionAdded);
}

const paused = (page: Page) =>
  page
    .locator('video')
    .first()
    .evaluate((v: HTMLVideoElement) => v.paused);

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
  let projectDbId = '';
  let assetId = '';
  /** The roles A's page asked the share settings for, in order (spec 002 §6). */
  const settingsRoles: string[] = [];

  beforeAll(async () => {
    a = await newPage(run.browser);
    b = await newPage(run.browser);
    guest = await newPage(run.browser);
    // 'Copy link' writes the clipboard; the flow reads it back
    await a.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.server.url });
    a.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === API.shares.settings) settingsRoles.push(url.searchParams.get('role') ?? '');
    });
  });
  afterAll(async () => {
    await guest?.context().close();
  });

  it('A uploads a video into a new project; B waits on home', async () => {
    await logIn(b, run.server.url, B);
    await soon(tray(b, UI.traySharedAssets));
    await logIn(a, run.server.url, A);
    await switchTeam(a, 'Demo Studio');
    await createProject(a, PROJECT);
    const card = tray(a, UI.trayMyProjects).getByRole('article', { name: PROJECT });
    await visible(card);
    projectDbId = await projectIdOfCard(card, PROJECT);
    await a.goto(`${run.server.url}/project/${projectDbId}`);
    const file = clip(FILE, 'testsrc');
    await a.getByTestId('upload-files-input').setInputFiles(file);
    await soon(row(a, FILE));
    assetId = (await run.server.db.select().from(assets).where(eq(assets.title, FILE)))[0].id;
    await expect.poll(() => row(a, FILE).getByText('0:08').count(), { timeout: 30_000 }).toBeGreaterThan(0);
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
    // the rule is on the field before anything fails
    await expect.poll(() => passcode.getAttribute('aria-describedby')).toBeTruthy();
    await visible(panel.getByText(UI.passcodeRule));
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
    // no task here: the settings were asked as a collaborator
    expect(settingsRoles).toEqual(['collaborator']);
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
    await soon(guest.getByText(UI.reviewPasscodeTitle));
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

  it('the guest comments with a drawing on frame 120; A sees it live with its marker, replies and resolves', async () => {
    await a.goto(`${run.server.url}/player/${assetId}`);
    await soon(a.getByRole('region', { name: UI.comments }));
    const video = guest.locator('video');
    await video.evaluate((v: HTMLVideoElement) => {
      v.pause();
      v.currentTime = (120 + 0.5) / 25;
    });
    await expect.poll(() => guest.getByLabel(UI.currentTimecode).textContent()).toBe('00:00:04:20');
    // keyboard review: → one frame on, ← one frame back
    await guest.locator('body').press('ArrowRight');
    await expect.poll(() => guest.getByLabel(UI.currentTimecode).textContent()).toBe('00:00:04:21');
    await guest.locator('body').press('ArrowLeft');
    await expect.poll(() => guest.getByLabel(UI.currentTimecode).textContent()).toBe('00:00:04:20');
    await guest.getByRole('button', { name: UI.draw }).click();
    const layer = guest.getByRole('img', { name: UI.drawingOnFrame });
    const box = (await layer.boundingBox())!;
    await guest.getByText(UI.drawTools.arrow).click();
    await guest.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
    await guest.mouse.down();
    await guest.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
    await guest.mouse.up();
    await guest.getByLabel(UI.yourName).fill(GUEST_NAME);
    await guest.getByLabel(UI.addComment).fill('The logo flickers here');
    await guest.getByRole('button', { name: UI.commentAt('00:00:04:20') }).click();
    await visible(guest.getByRole('article', { name: 'The logo flickers here' }));
    await shot(guest, FLOW, '06-guest-comment-drawing');

    const comment = a.getByRole('article', { name: 'The logo flickers here' });
    await visible(comment);
    await visible(comment.getByText(UI.guestBadge));
    const marker = a.getByRole('button', { name: UI.markerAt('00:00:04:20', GUEST_NAME) });
    await visible(marker);
    await marker.click();
    await expect.poll(() => a.getByLabel(UI.currentTimecode).textContent()).toBe('00:00:04:20');
    await visible(a.getByRole('img', { name: UI.drawingOnFrame }));
    await comment.getByRole('button', { name: UI.reply }).click();
    await comment.getByLabel(UI.replyTo(GUEST_NAME)).fill('Fixed in v2');
    await comment.getByRole('button', { name: UI.reply }).last().click();
    await visible(comment.getByText('Fixed in v2'));
    await comment.getByRole('button', { name: UI.resolve }).click();
    await toast(a, MSG.commentResolved);
    await visible(comment.getByText(UI.resolvedBadge));
    await shot(a, FLOW, '07-owner-comment-marker');
    await expect.poll(() => guest.getByText('Fixed in v2').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // keyboard review on A's player: the keys and the buttons run the same actions
    await a.locator('body').press(' ');
    await expect.poll(() => paused(a)).toBe(false);
    await a.locator('body').press('k');
    await expect.poll(() => paused(a)).toBe(true);
    await a.locator('body').press('l');
    await expect.poll(() => paused(a)).toBe(false);
    await a.locator('body').press('k');
    await a
      .locator('video')
      .first()
      .evaluate((v: HTMLVideoElement) => (v.currentTime = (120 + 0.5) / 25));
    await expect.poll(() => a.getByLabel(UI.currentTimecode).textContent()).toBe('00:00:04:20');
    await a.locator('body').press('j');
    await expect.poll(() => a.getByLabel(UI.currentTimecode).textContent()).toBe('00:00:03:20');
    await a.getByRole('button', { name: UI.reviewActions.nextFrame }).click();
    await expect.poll(() => a.getByLabel(UI.currentTimecode).textContent()).toBe('00:00:03:21');
    await a.getByRole('button', { name: UI.reviewActions.prevFrame }).click();
    await expect.poll(() => a.getByLabel(UI.currentTimecode).textContent()).toBe('00:00:03:20');
    await a.getByRole('button', { name: UI.reviewActions.toggle }).click();
    await expect.poll(() => paused(a)).toBe(false);
    await a.getByRole('button', { name: UI.reviewActions.pause }).click();
    await expect.poll(() => paused(a)).toBe(true);
    // typing in the comment box is not a shortcut
    await a.getByLabel(UI.addComment).press('l');
    expect(await paused(a)).toBe(true);
    await a.getByLabel(UI.addComment).fill('');
    await a.goto(`${run.server.url}/project/${projectDbId}`);
  });

  it('A uploads version 2 onto the asset; the same link shows v2 with a switcher to v1', async () => {
    await soon(row(a, FILE));
    const v2 = clip(FILE_V2, 'testsrc2');
    await row(a, FILE).click({ button: 'right' });
    const chooser = a.waitForEvent('filechooser');
    await a.getByRole('menuitem', { name: UI.uploadNewVersion }).click();
    await (await chooser).setFiles(v2);
    await versionAdded(a);
    // the folder keeps one row for the stack, under the newest version's name with its number
    await soon(row(a, FILE_V2).getByText(UI.versionLabel(2), { exact: true }));
    await expect.poll(() => row(a, FILE).count()).toBe(0);
    await expect.poll(() => a.getByRole('row', { name: /^review-cut/ }).count()).toBe(1);
    await shot(a, FLOW, '08-version-uploaded');

    await guest.reload();
    await soon(guest.getByRole('heading', { name: FILE_V2 }));
    const switcher = guest.getByRole('radiogroup', { name: UI.versions });
    await visible(switcher);
    await shot(guest, FLOW, '09-guest-v2');
    await guest.getByText(UI.versionLabel(1), { exact: true }).click();
    await visible(guest.getByRole('heading', { name: FILE }));
    await visible(guest.getByRole('article', { name: 'The logo flickers here' }));
    await shot(guest, FLOW, '10-guest-v1-with-comment');
    await guest.getByRole('button', { name: UI.compareVersions }).click();
    const compare = guest.getByRole('region', { name: UI.compareVersions });
    await expect.poll(() => compare.locator('video').count()).toBe(2);
    await visible(compare.getByText(UI.versionLabel(2), { exact: true }));
    await shot(guest, FLOW, '10b-guest-compare');
  });

  it("A's own player opens the newest version, switches to v1 with its comment and compares; a file dragged onto the row is v3", async () => {
    // one click on the row's name opens the stack in the player
    await row(a, FILE_V2).getByText(FILE_V2, { exact: true }).click();
    await a.waitForURL(new RegExp(`/player/${assetId}$`));
    await soon(a.getByRole('heading', { name: FILE_V2 }));
    const switcher = a.getByRole('radiogroup', { name: UI.versions });
    await visible(switcher);
    await expect.poll(() => a.getByRole('article', { name: 'The logo flickers here' }).count()).toBe(0);
    await shot(a, FLOW, '09a-owner-player-v2');
    await switcher.getByText(UI.versionLabel(1), { exact: true }).click();
    await visible(a.getByRole('heading', { name: FILE }));
    await visible(a.getByRole('article', { name: 'The logo flickers here' }));
    await visible(a.getByRole('button', { name: UI.markerAt('00:00:04:20', GUEST_NAME) }));
    // a click on the comment's text seeks to its frame (120), as its timecode chip does
    const frameShown = () =>
      a
        .locator('video')
        .first()
        .evaluate((v: HTMLVideoElement) => Math.floor(v.currentTime * 25));
    expect(await frameShown()).not.toBe(120);
    await a
      .getByRole('article', { name: 'The logo flickers here' })
      .getByText('The logo flickers here', { exact: true })
      .click();
    await expect.poll(frameShown).toBe(120);
    await a.getByRole('button', { name: UI.compareVersions }).click();
    const compare = a.getByRole('region', { name: UI.compareVersions });
    await expect.poll(() => compare.locator('video').count()).toBe(2);
    await visible(compare.getByText(UI.versionLabel(2), { exact: true }));
    await expect
      .poll(() =>
        compare.locator('video').evaluateAll((vs: HTMLVideoElement[]) => vs.map((v) => v.readyState > 0)),
      )
      .toEqual([true, true]);
    await shot(a, FLOW, '09b-owner-compare');

    await a.goto(`${run.server.url}/project/${projectDbId}`);
    await soon(row(a, FILE_V2));
    await dragOntoRow(a, FILE_V2, clip(FILE_V3, 'smptebars'));
    await versionAdded(a);
    await soon(row(a, FILE_V3).getByText(UI.versionLabel(3), { exact: true }));
    await expect.poll(() => row(a, FILE_V2).count()).toBe(0);
    await a.goto(`${run.server.url}/player/${assetId}`);
    await soon(a.getByRole('heading', { name: FILE_V3 }));
    await visible(
      a.getByRole('radiogroup', { name: UI.versions }).getByText(UI.versionLabel(3), { exact: true }),
    );
    await a.goto(`${run.server.url}/project/${projectDbId}`);
  });

  it('A sees B and the Pending e-mail in LIST with the link views, revokes it; the guest page says expired', async () => {
    await row(a, FILE_V3).click({ button: 'right' });
    await a.getByRole('menuitem', { name: UI.shareAsset }).click();
    const panel = dialog(a, UI.shareAsset);
    await panel.getByText(UI.shareViewList, { exact: true }).click();
    await visible(panel.getByText(B_NAME));
    await visible(panel.getByRole('listitem', { name: GUEST_EMAIL }).getByText(UI.pending));
    // the guest opened it: once, then again after each reload (v2, then v1)
    await visible(panel.getByText(UI.linkViews(3)));
    await shot(a, FLOW, '11-shared-list');
    await panel.getByRole('button', { name: UI.revokeLink }).click();
    await toast(a, MSG.linkRevoked);
    await visible(panel.getByText(UI.linkRevokedBadge));
    // the open page turns by itself (the guests' poll), no reload
    await expect
      .poll(() => guest.getByText(UI.reviewExpiredTitle).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await shot(guest, FLOW, '12-guest-expired');
  });

  it('removing B answers Deleted user successfully and B loses the card live', async () => {
    const panel = dialog(a, UI.shareAsset);
    await panel.getByRole('button', { name: UI.removeSharedUser(B_NAME) }).click();
    await toast(a, MSG.deletedUser);
    await expect
      .poll(() => tray(b, UI.traySharedAssets).getByRole('article', { name: FILE }).count())
      .toBe(0);
    await shot(a, FLOW, '13-removed');
  });

  it('pictures: A pins a comment to a point, a guest pins another through a link, A sees it live', async () => {
    const png = path.join(mkdtempSync(path.join(os.tmpdir(), 'rushes-share-')), PICTURE);
    execFileSync(resolveMediaTool('ffmpeg').path, [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc=size=640x360', '-frames:v', '1', png,
    ]); // prettier-ignore
    await a.goto(`${run.server.url}/project/${projectDbId}`);
    await a.getByTestId('upload-files-input').setInputFiles(png);
    await soon(row(a, PICTURE));
    await expect
      .poll(
        () =>
          row(a, PICTURE)
            .getByRole('img', { name: UI.thumbnailOf(PICTURE) })
            .count(),
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(0);
    // a link with nobody named: 'Copy link' makes it and puts it on the clipboard
    await row(a, PICTURE).click({ button: 'right' });
    await a.getByRole('menuitem', { name: UI.shareAsset }).click();
    const panel = dialog(a, UI.shareAsset);
    await panel.getByRole('button', { name: UI.copyLink }).click();
    await toast(a, MSG.linkCopied);
    await visible(panel.getByRole('button', { name: UI.copied }));
    await shot(a, FLOW, '13b-link-copied');
    const pictureLink = await a.evaluate(() => navigator.clipboard.readText());
    expect(pictureLink).toMatch(/^http:\/\/[^/]+\/review\?shared_link=[A-Za-z0-9_-]{43}$/);
    expect(new URL(pictureLink).origin).toBe(new URL(run.server.url).origin);
    await a.keyboard.press('Escape');
    await gone(panel);

    await row(a, PICTURE).dblclick();
    const picture = a.getByRole('img', { name: PICTURE });
    await expect
      .poll(() => picture.evaluate((i: HTMLImageElement) => i.naturalWidth), { timeout: 30_000 })
      .toBe(640);
    await visible(a.getByText(UI.clickToPin));
    const box = (await picture.boundingBox())!;
    await a.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.4);
    await visible(a.getByRole('button', { name: UI.newPin }));
    await a.getByLabel(UI.addComment).fill('Sky too bright');
    await a.getByRole('button', { name: UI.commentOnPoint }).click();
    const mine = a.getByRole('article', { name: 'Sky too bright' });
    await visible(mine);
    await visible(mine.getByText(UI.pageLabel(1)));
    await visible(a.getByRole('button', { name: UI.pinOf(1, 'Demo Producer') }));

    await guest.goto(pictureLink);
    const seen = guest.getByRole('img', { name: PICTURE });
    await expect
      .poll(() => seen.evaluate((i: HTMLImageElement) => i.naturalWidth), { timeout: 30_000 })
      .toBe(640);
    await visible(guest.getByRole('button', { name: UI.pinOf(1, 'Demo Producer') }));
    const gbox = (await seen.boundingBox())!;
    await guest.mouse.click(gbox.x + gbox.width * 0.75, gbox.y + gbox.height * 0.7);
    await guest.getByRole('button', { name: UI.draw }).click();
    await guest.getByText(UI.drawTools.rect).click();
    await guest.mouse.move(gbox.x + gbox.width * 0.6, gbox.y + gbox.height * 0.6);
    await guest.mouse.down();
    await guest.mouse.move(gbox.x + gbox.width * 0.9, gbox.y + gbox.height * 0.85, { steps: 4 });
    await guest.mouse.up();
    await guest.getByLabel(UI.yourName).fill(GUEST_NAME);
    await guest.getByLabel(UI.addComment).fill('Crop the corner');
    await guest.getByRole('button', { name: UI.commentOnPoint }).click();
    await visible(guest.getByRole('article', { name: 'Crop the corner' }));
    await shot(guest, FLOW, '14-guest-picture-pin');

    const theirs = a.getByRole('button', { name: UI.pinOf(2, GUEST_NAME) });
    await visible(theirs);
    await theirs.click();
    await visible(a.getByRole('img', { name: UI.drawingOnFrame }));
    await visible(a.getByRole('article', { name: 'Crop the corner' }).getByText(UI.guestBadge));
    await shot(a, FLOW, '15-owner-picture-pins');
  });

  it('A shares from a task: the files are chosen in the panel, the settings asked as an editor (spec 002 §6)', async () => {
    const made = (await apiCall(a, run.server.url, API.tasks.root, {
      project_db_id: projectDbId,
      task_type: 'editing',
      user_email: 'colorist@example.com',
      expire_at: formatDate(Date.now() + 3 * 86_400_000, 'UTC'),
      description: 'Cut the review reel',
      tz: 'UTC',
    })) as { task: { task_db_id: string } };
    // the link a task card, mail or notification opens: the project with the task's panel
    await a.goto(`${run.server.url}/project/${projectDbId}?task=${made.task.task_db_id}`);
    await soon(a.getByText('Cut the review reel'));
    // every share so far (no task) asked as a collaborator
    expect(new Set(settingsRoles)).toEqual(new Set(['collaborator']));
    settingsRoles.length = 0;
    await a.getByRole('button', { name: UI.shareAsset }).click();
    const panel = dialog(a, UI.shareAsset);
    const files = panel.getByRole('combobox', { name: UI.shareFiles });
    await soon(files);
    expect(settingsRoles).toEqual(['editor']);
    // nothing to share until a file is chosen
    expect(await panel.getByRole('button', { name: UI.shareButton }).isDisabled()).toBe(true);
    await files.fill('still');
    // the options list opens in a portal, outside the panel
    await a.getByRole('option', { name: PICTURE }).click();
    await shot(a, FLOW, '16-share-from-task');
    await panel.getByRole('button', { name: UI.shareButton }).click();
    await toast(a, MSG.assetShared);
    // the panel (which may be on home, where no links dialog is) shows the link
    const input = panel.getByRole('textbox', { name: `${UI.reviewLink} ${PICTURE}` });
    await visible(input);
    expect(await input.inputValue()).toMatch(/\/review\?shared_link=[A-Za-z0-9_-]{43}$/);
    await shot(a, FLOW, '17-task-share-link');
    expect(settingsRoles).toEqual(['editor']);
  });
});
