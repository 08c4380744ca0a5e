import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  API,
  ASSET_PAGE_SIZE,
  MSG,
  PROJECT_PERMISSIONS,
  UI,
  formatNumber,
  roleDeleted,
} from '@rushes/shared';
import { contextOptions, e2eAvailable, mailTo, shot } from './browser.ts';
import { DEMO_PRODUCER, logIn, newPerson, signUpAndVerify, type Person } from './people.ts';
import {
  apiCall,
  createFolder,
  createFoldersByApi,
  createProject,
  dialog,
  gone,
  projectIdOfCard,
  row,
  signUpFromInvite,
  switchTeam,
  toast,
  tray,
  visible,
} from './projectSteps.ts';
import { serverAndBrowser, startServer } from './server.ts';

const FLOW = 'projects';
const OWNER = DEMO_PRODUCER;
const EDITOR = 'Demo Editor';
const STUDIO = 'Demo Studio';
const PROJECT = `Northern Lights ${Date.now() % 10_000}`;
const ARCHIVE = `Archive ${Date.now() % 10_000}`;
const titleOf = (code: string) => PROJECT_PERMISSIONS.find((p) => p.code === code)!.title;

const run = serverAndBrowser(startServer);

describe.skipIf(!e2eAvailable)('projects: collaborators, folders and asset operations', () => {
  const invitee: Person = newPerson('Ira', 'Bose');
  let page: Page;
  let inviteePage: Page;

  beforeAll(async () => {
    page = await (await run.browser.newContext(contextOptions)).newPage();
    page.setDefaultTimeout(15_000);
  });

  it('the owner creates projects in Demo Studio with the name rules', async () => {
    await logIn(page, run.server.url, OWNER);
    await switchTeam(page, STUDIO);
    await visible(tray(page, UI.trayMyProjects).getByText(UI.noProjects));
    await visible(tray(page, UI.trayCollaboratedProjects));
    await shot(page, FLOW, '01-home-trays');

    await page.getByRole('button', { name: UI.createProject }).click();
    const modal = dialog(page, UI.createProjectTitle);
    const name = modal.getByLabel(UI.projectName);
    await name.fill('Lights & Magic');
    await modal.getByRole('button', { name: UI.create, exact: true }).click();
    await visible(modal.getByText(MSG.removeSpecialCharacters));
    await name.fill('   ');
    await modal.getByRole('button', { name: UI.create, exact: true }).click();
    await visible(modal.getByText(MSG.removeBlankSpace));
    await shot(page, FLOW, '02-create-project-errors');
    await modal.getByRole('button', { name: UI.cancel }).click();

    await createProject(page, ARCHIVE);
    await createProject(page, PROJECT);
    await toast(page, MSG.projectCreated);
    const cards = tray(page, UI.trayMyProjects).getByRole('article');
    // live tray: the newest card first
    await expect.poll(() => cards.first().getAttribute('aria-label')).toBe(PROJECT);
    await expect.poll(() => cards.count()).toBe(2);
    await shot(page, FLOW, '03-projects-created');
  });

  it('invites a collaborator by e-mail, who signs up from the mail and sees the project', async () => {
    await tray(page, UI.trayMyProjects).getByRole('link', { name: PROJECT }).click();
    await visible(page.getByRole('heading', { name: PROJECT }));
    await visible(page.getByRole('group', { name: UI.projectInfo }).getByText(UI.totalAssets));
    await shot(page, FLOW, '04-project-empty');

    await page.getByRole('button', { name: UI.collaborators }).click();
    const panel = dialog(page, UI.collaborators);
    const search = panel.getByRole('textbox', { name: UI.addCollaborators });
    await search.fill('zzqx');
    await visible(panel.getByText(MSG.noUserFound));
    await search.fill(invitee.email);
    await panel.getByRole('option', { name: UI.inviteEmail(invitee.email) }).click();
    await panel.getByRole('button', { name: UI.add, exact: true }).click();
    await toast(page, MSG.collaboratorsUpdated);
    const invited = panel.getByRole('listitem', { name: invitee.email });
    await visible(invited.getByText(UI.invited));
    await invited.getByRole('button', { name: UI.resendInviteTo(invitee.email) }).click();
    await toast(page, MSG.inviteSent);
    await shot(page, FLOW, '05-collaborator-invited');

    const mail = await mailTo(run.server.url, invitee.email, Date.now() - 60_000);
    inviteePage = await (await run.browser.newContext(contextOptions)).newPage();
    inviteePage.setDefaultTimeout(15_000);
    await signUpFromInvite(inviteePage, run.server.url, mail.text, invitee);
    const card = tray(inviteePage, UI.trayCollaboratedProjects).getByRole('article', { name: PROJECT });
    await visible(card.getByText(UI.roleCollaborator));
    await shot(inviteePage, FLOW, '06-invitee-collaborated-projects');

    // the owner's open panel turns the invitation into a member without a reload
    await gone(invited);
    await visible(panel.getByRole('listitem', { name: `${invitee.first} ${invitee.last}` }));
    await shot(page, FLOW, '07-collaborator-joined');
  });

  it('adds a team member by search, sets permissions with the share rule, a badge, and removes them', async () => {
    const panel = dialog(page, UI.collaborators);
    await panel.getByRole('textbox', { name: UI.addCollaborators }).fill('Editor');
    await panel.getByRole('option', { name: new RegExp(EDITOR) }).click();
    await panel.getByRole('button', { name: UI.add, exact: true }).click();
    await toast(page, MSG.collaboratorsUpdated);
    await panel.getByRole('button', { name: UI.permissionsOf(EDITOR) }).click();

    const perms = dialog(page, UI.collaboratorPermissionsTitle);
    const share = perms.getByRole('checkbox', { name: titleOf('share_to_download_all_assets'), exact: true });
    const download = perms.getByRole('checkbox', { name: titleOf('download_all_assets'), exact: true });
    await share.check();
    await expect.poll(() => download.isChecked()).toBe(true);
    await expect.poll(() => download.isDisabled()).toBe(true);
    await shot(page, FLOW, '08-permissions-share-rule');
    await share.uncheck();
    await expect.poll(() => download.isDisabled()).toBe(false);
    await share.check();
    await perms.getByRole('button', { name: UI.save }).click();
    await toast(page, MSG.permissionsUpdated);
    await perms.getByRole('combobox', { name: UI.badge }).fill('Colorist');
    await perms.getByRole('button', { name: UI.setBadge }).click();
    await toast(page, MSG.badgeUpdated);
    await visible(perms.getByRole('button', { name: UI.clearBadge }));
    await shot(page, FLOW, '09-permissions-badge');

    await perms.getByRole('button', { name: UI.backToCollaborators }).click();
    const back = dialog(page, UI.collaborators);
    const editor = back.getByRole('listitem', { name: EDITOR });
    await visible(editor.getByText('Colorist'));
    await editor.getByRole('button', { name: UI.removeMember(EDITOR) }).click();
    await dialog(page, UI.removeCollaboratorTitle).getByRole('button', { name: UI.remove }).click();
    await toast(page, roleDeleted(UI.roleCollaborator));
    await gone(back.getByRole('listitem', { name: EDITOR }));
    await page.keyboard.press('Escape');
    await gone(back);
  });

  it('creates nested folders; the collaborator sees them live', async () => {
    await createFolder(page, 'Day 1');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('storyboard');
    await createFolder(page, 'Interviews');
    const trail = page.getByRole('navigation', { name: UI.projectFolders });
    await visible(trail.getByRole('link', { name: 'Day 1' }));
    await shot(page, FLOW, '10-nested-folders');

    await inviteePage.getByRole('link', { name: PROJECT }).click();
    await visible(row(inviteePage, 'Day 1'));
    await trail.getByRole('link', { name: PROJECT }).click();
    await visible(row(page, 'Day 1'));
    await createFolder(page, 'Selects');
    await trail.getByRole('link', { name: PROJECT }).click();
    await visible(row(inviteePage, 'Selects'));
    await shot(inviteePage, FLOW, '11-collaborator-live-folders');
  });

  it('searches, copies with the right-click menu and moves from the selection toolbar', async () => {
    await page.getByRole('textbox', { name: UI.searchAssets }).fill('interviews');
    await visible(row(page, 'Interviews'));
    await gone(row(page, 'Selects'));
    await shot(page, FLOW, '12-search');
    await page.getByRole('button', { name: UI.clearSearch }).click();
    await visible(row(page, 'Selects'));

    await row(page, 'Day 1').click({ button: 'right' });
    await visible(page.getByRole('menu'));
    await shot(page, FLOW, '13-context-menu');
    await page.getByRole('menuitem', { name: UI.copy }).click();
    const copy = dialog(page, UI.copyAssetsTitle);
    await copy.getByRole('button', { name: UI.copyHere }).click();
    await visible(copy.getByText(MSG.required));
    await copy.getByRole('combobox', { name: UI.destinationProject }).click();
    await copy.getByRole('option', { name: PROJECT }).click();
    await copy.getByRole('button', { name: UI.openFolder('Selects') }).click();
    await visible(copy.getByText('Selects', { exact: true }));
    await shot(page, FLOW, '14-copy-destination');
    await copy.getByRole('button', { name: UI.copyHere }).click();
    await toast(page, MSG.assetsCopied);
    await gone(copy);

    await row(page, 'Selects').getByRole('link', { name: 'Selects' }).click();
    await visible(row(page, 'Day 1'));
    await page
      .getByRole('navigation', { name: UI.projectFolders })
      .getByRole('link', { name: PROJECT })
      .click();

    const selectAll = page.getByRole('checkbox', { name: UI.assetName });
    await selectAll.hover();
    await visible(page.getByRole('tooltip', { name: UI.selectAllAssets }));
    await selectAll.check();
    await visible(page.getByText(UI.selectedCount(2)));
    await page.keyboard.press('Escape');
    await gone(page.getByRole('toolbar', { name: UI.selectionToolbar }));
    await page.getByRole('checkbox', { name: UI.selectAsset('Selects') }).check();
    const toolbar = page.getByRole('toolbar', { name: UI.selectionToolbar });
    await visible(toolbar.getByText(UI.selectedCount(1)));
    await toolbar.getByRole('button', { name: UI.move }).click();
    const move = dialog(page, UI.moveAssetsTitle);
    await move.getByRole('combobox', { name: UI.destinationProject }).click();
    await move.getByRole('option', { name: ARCHIVE }).click();
    await visible(move.getByText(UI.noFolders));
    await shot(page, FLOW, '15-move-destination');
    await move.getByRole('button', { name: UI.moveHere }).click();
    await toast(page, MSG.assetsMoved);
    await gone(row(page, 'Selects'));
    await shot(page, FLOW, '16-after-move');
  });

  it('edits metadata: the keyword limit error, then success', async () => {
    await row(page, 'Day 1').click({ button: 'right' });
    await page.getByRole('menuitem', { name: UI.metadata }).click();
    const panel = dialog(page, UI.metadataTitle);
    await visible(panel.getByText(UI.ingestId));
    const submit = panel.getByRole('button', { name: UI.submit });
    await expect.poll(() => submit.isDisabled()).toBe(true);

    const name = panel.getByLabel(UI.additionalName);
    await name.fill('Day one!');
    await visible(panel.getByText(MSG.noSpecialCharacters));
    const keywords = panel.getByRole('combobox', { name: UI.keywords });
    for (const keyword of ['aurora', 'k'.repeat(95)]) {
      await keywords.fill(keyword);
      await keywords.press('Enter');
    }
    await visible(panel.getByText(MSG.keywordsLimit));
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await shot(page, FLOW, '17-metadata-errors');

    await keywords.press('Backspace');
    await gone(panel.getByText(MSG.keywordsLimit));
    await name.fill('Day one selects');
    await gone(panel.getByText(MSG.noSpecialCharacters));
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await toast(page, MSG.detailsUpdated);
    await gone(panel);

    await page.getByRole('textbox', { name: UI.searchAssets }).fill('aurora');
    await visible(page.getByText(UI.searchResults('aurora')));
    await visible(row(page, 'Day 1').getByText('/', { exact: true }));
    await shot(page, FLOW, '18-metadata-saved-search');
    await page.getByRole('button', { name: UI.clearSearch }).click();
  });

  it('deletes a folder with the Delete key, then the project', async () => {
    await page.getByRole('checkbox', { name: UI.selectAsset('Day 1') }).check();
    await page.keyboard.press('Delete');
    const modal = dialog(page, UI.deleteAssetsTitle(1));
    await modal.getByLabel(UI.deleteComment).fill('Wrong take');
    await shot(page, FLOW, '19-delete-asset');
    await modal.getByRole('button', { name: UI.delete }).click();
    await toast(page, MSG.assetDeleted);
    await gone(row(page, 'Day 1'));
    await visible(page.getByText(UI.noAssets));
    await shot(page, FLOW, '20-after-delete');

    await page.getByRole('button', { name: UI.deleteProject }).click();
    const confirm = dialog(page, UI.deleteProjectTitle);
    await visible(confirm.getByText(UI.deleteProjectConfirm(PROJECT)));
    await confirm.getByRole('button', { name: UI.delete }).click();
    await toast(page, MSG.projectDeleted);
    await page.waitForURL(`${run.server.url}/`);
    await gone(tray(page, UI.trayMyProjects).getByRole('article', { name: PROJECT }));
    await visible(tray(page, UI.trayMyProjects).getByRole('article', { name: ARCHIVE }));
    await shot(page, FLOW, '21-project-deleted');

    // the collaborator, on the project page, is taken home and loses the card
    await inviteePage.waitForURL(`${run.server.url}/`);
    await gone(tray(inviteePage, UI.trayCollaboratedProjects).getByRole('article', { name: PROJECT }));
    await shot(inviteePage, FLOW, '22-collaborator-after-delete');
  });

  it('pages a long folder by keyset as the list scrolls', async () => {
    const card = tray(page, UI.trayMyProjects).getByRole('article', { name: ARCHIVE });
    const reels = Array.from(
      { length: ASSET_PAGE_SIZE + 5 },
      (_, i) => `Reel ${String(i + 1).padStart(2, '0')}`,
    );
    await createFoldersByApi(page, run.server.url, await projectIdOfCard(card, ARCHIVE), reels);
    await card.getByRole('link', { name: ARCHIVE }).click();
    const boxes = page.getByRole('checkbox', { name: /^Select / });
    await expect.poll(() => boxes.count()).toBe(ASSET_PAGE_SIZE);
    await page.getByRole('button', { name: UI.loadMore }).scrollIntoViewIfNeeded();
    // the moved 'Selects' and the 55 reels
    await expect.poll(() => boxes.count()).toBe(ASSET_PAGE_SIZE + 6);
    await gone(page.getByRole('button', { name: UI.loadMore }));
    await visible(
      page.getByRole('group', { name: UI.projectInfo }).getByText(formatNumber(ASSET_PAGE_SIZE + 8)),
    );
    await shot(page, FLOW, '23-keyset-paging');
  });

  it('a logged-in user opens a project invitation link and joins', async () => {
    const guest = newPerson('Kabir', 'Das');
    // the owner is on the Archive page (/project/{id}); invited before the account exists
    await apiCall(page, run.server.url, API.projects.collaborators, {
      project_db_id: new URL(page.url()).pathname.split('/')[2],
      invited_collaborators: [guest.email],
    });
    const code = /inviteCode=([^&\s]+)/.exec((await mailTo(run.server.url, guest.email)).text)![1];
    // signed up without the link, the guest is not in the project yet
    const other = await (await run.browser.newContext(contextOptions)).newPage();
    other.setDefaultTimeout(15_000);
    await signUpAndVerify(other, run.server.url, guest);
    await logIn(other, run.server.url, guest);
    await gone(tray(other, UI.trayCollaboratedProjects).getByRole('article', { name: ARCHIVE }));
    await other.goto(`${run.server.url}/?inviteCode=${code}`);
    await visible(other.getByText(MSG.projectInviteAccepted));
    await visible(other.getByRole('heading', { name: ARCHIVE }));
    await shot(other, FLOW, '24-invite-link-accepted');
  });
});
