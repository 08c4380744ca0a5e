import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { API, MSG, SHARE_LINKS_TEXT as T, UI, type ReviewAnswer } from '@rushes/shared';
import { shareLinks } from '../apps/server/src/db/schema/index.ts';
import { resolveMediaTool } from '../apps/server/src/platform/media/binaries.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { lanAddress, startInProcessServer } from './inProcessServer.ts';
import { controlProblems, expectNoHorizontalScroll } from './layoutChecks.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import {
  createFolder,
  createProject,
  dialog,
  projectIdOfCard,
  row,
  switchTeam,
  toast,
  tray,
  visible,
} from './projectSteps.ts';
import { serverAndBrowser } from './server.ts';

const FLOW = 'review-links';
const PROJECT = `Links Reel ${Date.now() % 10_000}`;
const FILES = ['links-a.mp4', 'links-b.mp4', 'links-c.mp4'];
const GUEST = `links-guest-${Date.now()}@example.com`;
const PASSCODE = 'Sesame-2026';

// On this machine's network address (PUBLIC_URL stays on localhost): a copied link must name the
// address the member's browser used, never the loopback.
const run = serverAndBrowser(() => startInProcessServer({}, { lan: lanAddress() ?? undefined }));

/** Three 1 s clips. */
function clips(): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rushes-links-'));
  return FILES.map((name, i) => {
    const file = path.join(dir, name);
    execFileSync(resolveMediaTool('ffmpeg').path, [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc=duration=1:size=160x120:rate=25,hue=h=${i * 90}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file,
    ]); // prettier-ignore
    return file;
  });
}

/** What the review page's first call answers when `page` opens `url`. */
async function reviewState(page: Page, url: string): Promise<ReviewAnswer['state']> {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === API.review.root),
    page.goto(url),
  ]);
  return ((await answer.json()) as { data: ReviewAnswer }).data.state;
}

describe.skipIf(!e2eAvailable)('Share Links: one link for three assets, copy again, edit, revoke', () => {
  let a: Page;
  let context: BrowserContext;
  let guest: Page;
  let projectDbId = '';
  let link = '';
  const card = () => a.getByRole('listitem').filter({ hasText: T.assetsCount(3) });

  beforeAll(async () => {
    context = await run.browser.newContext({
      ...contextOptions,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    a = await context.newPage();
    a.setDefaultTimeout(15_000);
    guest = await (await run.browser.newContext(contextOptions)).newPage();
    guest.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await guest?.context().close();
    await context?.close();
  });

  it('A shares three files as one link', async () => {
    await logIn(a, run.server.url, DEMO_PRODUCER);
    await switchTeam(a, 'Demo Studio');
    await createProject(a, PROJECT);
    const projectCard = tray(a, UI.trayMyProjects).getByRole('article', { name: PROJECT });
    await visible(projectCard);
    projectDbId = await projectIdOfCard(projectCard, PROJECT);
    await a.goto(`${run.server.url}/project/${projectDbId}`);
    await a.getByTestId('upload-files-input').setInputFiles(clips());
    for (const f of FILES) await expect.poll(() => row(a, f).isVisible(), { timeout: 30_000 }).toBe(true);
    for (const f of FILES) await a.getByRole('checkbox', { name: UI.selectAsset(f) }).check();
    await a
      .getByRole('toolbar', { name: UI.selectionToolbar })
      .getByRole('button', { name: UI.shareAsset })
      .click();
    const panel = dialog(a, UI.shareAsset);
    await panel.getByRole('checkbox', { name: T.oneLinkForAll }).check();
    await panel.getByRole('textbox', { name: UI.shareWith }).fill(GUEST);
    await panel.getByRole('option', { name: UI.inviteEmail(GUEST) }).click();
    await shot(a, FLOW, '01-one-link-for-all');
    await panel.getByRole('button', { name: UI.shareButton }).click();
    await toast(a, MSG.assetShared);
    // one link: the dialog shows one address
    const shown = dialog(a, UI.reviewLink).getByRole('textbox');
    await visible(shown);
    expect(await shown.count()).toBe(1);
    await a.keyboard.press('Escape');
  });

  it('inside a folder, the Share Links menu shares the folder as one link', async () => {
    await createFolder(a, 'Dailies');
    await a.getByRole('button', { name: T.openPage }).click();
    await a.getByRole('menuitem', { name: T.shareFolder }).click();
    const panel = dialog(a, UI.shareAsset);
    await visible(panel.getByText(T.folderLabel('Dailies')));
    await shot(a, FLOW, '01b-share-folder');
    await panel.getByRole('button', { name: UI.shareButton }).click();
    await toast(a, MSG.assetShared);
    await visible(dialog(a, UI.reviewLink).getByRole('textbox'));
    await a.keyboard.press('Escape');
  });

  it('the Share Links page lists it; Copy link copies its address on the network address', async () => {
    await a.getByRole('button', { name: T.openPage }).click();
    await a.getByRole('menuitem', { name: T.pageTitle }).click();
    await visible(a.getByRole('heading', { name: T.pageTitle }));
    await visible(card());
    await visible(a.getByRole('listitem').filter({ hasText: T.folderLabel('Dailies') }));
    for (const f of FILES) await visible(card().getByText(f, { exact: false }));
    await visible(card().getByText(T.passcodeOff));
    await visible(card().getByText(T.neverViewed, { exact: false }));
    await card().getByRole('button', { name: T.copyAgain }).click();
    await toast(a, MSG.linkCopied);
    await shot(a, FLOW, '02-links-page-copied');
    // the page is on plain http at a network address: read the clipboard from a secure page
    const reader = await context.newPage();
    await reader.goto(`http://localhost:${new URL(run.server.url).port}/`);
    link = await reader.evaluate(() => navigator.clipboard.readText());
    await reader.close();
    expect(new URL(link).origin).toBe(new URL(run.server.url).origin);
    expect(link).toMatch(/\/review\?shared_link=[A-Za-z0-9_-]{43}$/);
  });

  it('a logged-out browser opens it; the page counts the view', async () => {
    expect(await reviewState(guest, link)).toBe('open');
    await shot(guest, FLOW, '03-guest-open');
    await a.reload();
    await visible(card().getByText(T.views(1), { exact: false }));
  });

  it('Edit: expiry 2 h from now and a passcode; the logged-out browser is asked for it', async () => {
    await card().getByRole('button', { name: T.edit }).click();
    const edit = dialog(a, T.editTitle);
    const hours = edit.getByRole('textbox', { name: T.expiresInLabel });
    await hours.fill('121');
    await edit.getByRole('button', { name: T.save }).click();
    await visible(edit.getByText(MSG.shareDurationRange));
    await hours.fill('2');
    await edit.getByRole('checkbox', { name: T.passcodeProtection }).check();
    const passcode = edit.getByRole('textbox', { name: UI.passcodeLabel });
    await passcode.fill('short');
    await edit.getByRole('button', { name: T.save }).click();
    await visible(edit.getByText(MSG.passcodeLength));
    await passcode.fill(PASSCODE);
    await shot(a, FLOW, '04-edit');
    await edit.getByRole('button', { name: T.save }).click();
    await toast(a, T.linkUpdated);
    await visible(card().getByText(T.passcodeOn));
    const [row0] = await run.server.db
      .select()
      .from(shareLinks)
      .where(and(eq(shareLinks.projectId, projectDbId), eq(shareLinks.kind, 'assets')));
    expect(Math.abs(row0!.expiresAt.getTime() - Date.now() - 2 * 3_600_000)).toBeLessThan(120_000);
    expect(await reviewState(guest, link)).toBe('passcode');
    await visible(guest.getByText(UI.reviewPasscodeTitle));
    await shot(guest, FLOW, '05-guest-passcode');
  });

  it('Revoke, confirmed: the link shows Revoked and the logged-out browser sees it expired', async () => {
    await card().getByRole('button', { name: T.revoke }).click();
    const confirm = dialog(a, T.revokeConfirmTitle);
    await confirm.getByRole('button', { name: T.revoke }).click();
    await toast(a, MSG.linkRevoked);
    await visible(card().getByText(UI.linkRevokedBadge));
    await expect.poll(() => card().getByRole('button', { name: T.copyAgain }).count()).toBe(0);
    await shot(a, FLOW, '06-revoked');
    // a phone's width: the card wraps, nothing scrolls sideways or overlaps
    await a.setViewportSize({ width: 390, height: 740 });
    await expectNoHorizontalScroll(a, 'Share Links at 390 px');
    expect(await controlProblems(a, null)).toEqual([]);
    await shot(a, FLOW, '06b-revoked-390');
    expect(await reviewState(guest, link)).toBe('expired');
    await visible(guest.getByText(UI.reviewExpiredTitle));
    await shot(guest, FLOW, '07-guest-expired');
  });
});
