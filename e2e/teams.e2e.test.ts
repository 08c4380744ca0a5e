import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MSG, OWNER_PERMISSION, TEAM_PERMISSIONS, UI } from '@rushes/shared';
import { contextOptions, e2eAvailable, mailTo, shot } from './browser.ts';
import { fillSignup, logIn, newPerson, signUpAndVerify, type Person } from './people.ts';
import { serverAndBrowser, startServer } from './server.ts';

const FLOW = 'teams-settings';
const EDITOR = { name: 'Demo Editor', email: 'editor@rushes.local' };
const TEAM = 'Northlight Films';
const REGION = 'Asia Pacific (Mumbai)';
const ownerTitle = TEAM_PERMISSIONS.find((p) => p.code === OWNER_PERMISSION)!.title;
const otherTitles = TEAM_PERMISSIONS.filter((p) => p.code !== OWNER_PERMISSION).map((p) => p.title);

const run = serverAndBrowser(startServer);

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible()).toBe(true);
const gone = (locator: Locator) => expect.poll(() => locator.count()).toBe(0);
/** The open side panel (a Mantine drawer is a dialog named by its title). */
const panel = (page: Page, title: string) => page.getByRole('dialog', { name: title });

describe.skipIf(!e2eAvailable)('team settings: a team, its members, permissions, billing', () => {
  const admin: Person = newPerson('Mira', 'Kapoor');
  const invitee: Person = newPerson('Noor', 'Sen');
  let page: Page;
  let inviteePage: Page;

  beforeAll(async () => {
    page = await (await run.browser.newContext(contextOptions)).newPage();
    page.setDefaultTimeout(15_000);
  });

  it('a fresh admin opens Team Settings: cards, tabs, and an empty Teams list', async () => {
    await signUpAndVerify(page, run.server.url, admin);
    await logIn(page, run.server.url, admin);
    await page.getByRole('button', { name: UI.userMenu }).click();
    await page.getByRole('menuitem', { name: UI.teamSettings }).click();
    await page.waitForURL(/\/settings$/);
    await visible(page.getByRole('button', { name: new RegExp(UI.createTeam) }));
    await visible(page.getByRole('button', { name: new RegExp(UI.billingDetails) }));
    await visible(page.getByRole('button', { name: new RegExp(UI.appIntegration) }));
    await visible(page.getByRole('tab', { name: UI.tabMembers }));
    await visible(page.getByText(MSG.noResultsFound));
    await visible(page.getByRole('button', { name: UI.refresh }));
    await shot(page, FLOW, '01-settings-empty');

    await page.getByRole('button', { name: new RegExp(UI.appIntegration) }).click();
    const apps = panel(page, UI.applications);
    await visible(apps.getByText(UI.integrationS3));
    await visible(apps.getByText(UI.integrationSprinklr));
    await shot(page, FLOW, '02-applications');
    await page.keyboard.press('Escape');
    await gone(apps);
  });

  it('creates a team with an existing user and an invited e-mail', async () => {
    await page
      .getByRole('button', { name: new RegExp(UI.createTeam) })
      .first()
      .click();
    const form = panel(page, UI.createTeam);
    await form.getByRole('button', { name: UI.create }).click();
    await expect.poll(() => form.getByText(MSG.required).count()).toBe(3);
    await form.getByLabel(UI.teamName).fill('N'.repeat(31));
    await form.getByRole('button', { name: UI.create }).click();
    await visible(form.getByText(MSG.teamNameTooLong));
    await shot(page, FLOW, '03-create-errors');

    await form.getByLabel(UI.teamName).fill(TEAM);
    await form.getByRole('combobox', { name: UI.region }).click();
    await page.getByRole('option', { name: REGION }).click();
    const members = form.getByRole('textbox', { name: UI.members });
    await members.fill('edi');
    await visible(form.getByText(MSG.noUserFound));
    await members.fill(EDITOR.email);
    await form.getByRole('option', { name: new RegExp(EDITOR.name) }).click();
    await members.fill(invitee.email);
    await form.getByRole('option', { name: UI.inviteEmail(invitee.email) }).click();
    await visible(form.getByText(EDITOR.name));
    await visible(form.getByText(invitee.email));
    await visible(form.getByRole('group', { name: UI.newMemberPermissions }));
    await shot(page, FLOW, '04-create-filled');

    await form.getByRole('button', { name: UI.create }).click();
    await visible(page.getByText(MSG.teamCreated));
    await gone(form);
    const row = page.getByRole('row', { name: new RegExp(TEAM) });
    await visible(row.getByText(REGION));
    await visible(row.getByText(UI.memberCount(2)));
    await shot(page, FLOW, '05-team-created');
  });

  it('manages the team: region locked, Update hidden while the touched members field is empty', async () => {
    await page.getByRole('button', { name: TEAM, exact: true }).click();
    const form = panel(page, UI.manageTeam);
    await expect.poll(() => form.getByRole('combobox', { name: UI.region }).isDisabled()).toBe(true);
    await visible(form.getByRole('button', { name: UI.update }));
    await visible(form.getByLabel(UI.teamTwoFactor));
    const members = form.getByRole('textbox', { name: UI.members });
    await members.fill('someone@example.com');
    await form.getByRole('option', { name: UI.inviteEmail('someone@example.com') }).click();
    await form.getByRole('button', { name: UI.removeSelected('someone@example.com') }).click();
    await gone(form.getByRole('button', { name: UI.update }));
    await shot(page, FLOW, '06-manage-team');
    await page.keyboard.press('Escape');
    await gone(form);

    await page.getByRole('button', { name: TEAM, exact: true }).click();
    await panel(page, UI.manageTeam).getByRole('button', { name: UI.update }).click();
    await visible(page.getByText(MSG.teamUpdated));
  });

  it('shows the upgrade notice once the plan allows no more teams', async () => {
    await page
      .getByRole('button', { name: new RegExp(UI.createTeam) })
      .first()
      .click();
    const upgrade = page.getByRole('dialog', { name: MSG.upgradeTitle });
    await visible(upgrade.getByText(MSG.upgradeTeamLimit));
    await expect(await panel(page, UI.createTeam).count()).toBe(0);
    await shot(page, FLOW, '07-upgrade-modal');
    await page.keyboard.press('Escape');
    await gone(upgrade);
  });

  it('the invited person signs up from the mail, joins, and the admin sees it live', async () => {
    await page.getByRole('button', { name: UI.teamActions(TEAM) }).click();
    await page.getByRole('menuitem', { name: UI.teamMembers }).click();
    const membersPanel = panel(page, UI.teamMembers);
    const pending = membersPanel.getByRole('listitem', { name: invitee.email });
    await visible(pending.getByText(UI.pending));
    await visible(membersPanel.getByRole('listitem', { name: EDITOR.name }));
    await shot(page, FLOW, '08-members-pending');

    const mail = await mailTo(run.server.url, invitee.email);
    const link = /(http\S+\/signup\?inviteCode=\S+)/.exec(mail.text)![1];
    inviteePage = await (await run.browser.newContext(contextOptions)).newPage();
    inviteePage.setDefaultTimeout(15_000);
    await inviteePage.goto(link);
    await expect.poll(() => inviteePage.getByLabel(UI.email).inputValue()).toBe(invitee.email);
    await fillSignup(inviteePage, invitee, { emailPrefilled: true });
    await visible(inviteePage.getByText(MSG.emailVerified));
    await inviteePage.getByRole('link', { name: UI.logIn }).click();
    await expect.poll(() => inviteePage.getByLabel(UI.email).inputValue()).toBe(invitee.email);
    await logIn(inviteePage, run.server.url, invitee, false);
    await visible(inviteePage.getByText(UI.trayMyProjects));
    await inviteePage.getByRole('button', { name: UI.teamSwitcher }).click();
    await visible(inviteePage.getByRole('menuitem', { name: new RegExp(TEAM) }));
    await shot(inviteePage, FLOW, '09-invitee-switcher');
    await inviteePage.keyboard.press('Escape');

    // the admin's open panel turns the pending invite into a member without a reload
    await gone(pending);
    await visible(membersPanel.getByRole('listitem', { name: `${invitee.first} ${invitee.last}` }));
    await shot(page, FLOW, '10-members-live');
  });

  it('edits permissions with the owner rule', async () => {
    const membersPanel = panel(page, UI.teamMembers);
    await membersPanel.getByRole('button', { name: UI.permissionsOf(EDITOR.name) }).click();
    const perms = panel(page, UI.memberPermissions);
    const owner = perms.getByLabel(ownerTitle);
    await visible(owner);
    await owner.click();
    for (const title of otherTitles) {
      await expect.poll(() => perms.getByLabel(title).isChecked()).toBe(true);
      await expect.poll(() => perms.getByLabel(title).isDisabled()).toBe(true);
    }
    await shot(page, FLOW, '11-owner-ticked');
    await owner.click();
    for (const title of otherTitles) {
      await expect.poll(() => perms.getByLabel(title).isDisabled()).toBe(false);
    }
    await perms.getByLabel('Delete team').click();
    await shot(page, FLOW, '12-owner-unticked');
    await perms.getByRole('button', { name: UI.save }).click();
    await visible(page.getByText(MSG.permissionsUpdated));
  });

  it('removes a member after confirming', async () => {
    await page.getByRole('button', { name: UI.backToMembers }).click();
    const membersPanel = panel(page, UI.teamMembers);
    await membersPanel.getByRole('button', { name: UI.removeMember(EDITOR.name) }).click();
    const confirm = page.getByRole('dialog', { name: UI.removeMemberTitle });
    await visible(confirm.getByText(UI.removeMemberConfirm(EDITOR.name)));
    await shot(page, FLOW, '13-remove-confirm');
    await confirm.getByRole('button', { name: UI.remove }).click();
    await visible(page.getByText(MSG.memberRemoved));
    await gone(confirm);
    await gone(membersPanel.getByRole('listitem', { name: EDITOR.name }));
    await shot(page, FLOW, '14-member-removed');
    await page.keyboard.press('Escape');
    await gone(membersPanel);

    await page.getByRole('tab', { name: UI.tabMembers }).click();
    await visible(page.getByRole('row', { name: new RegExp(invitee.email) }));
    await shot(page, FLOW, '15-members-tab');
    await page.getByRole('tab', { name: UI.tabTeams }).click();
  });

  it('saves billing details: a bad GST first, then a good one', async () => {
    await page.getByRole('button', { name: new RegExp(UI.billingDetails) }).click();
    const billing = panel(page, UI.billingDetails);
    await billing.getByLabel(UI.companyName).fill('Northlight Films Pvt Ltd');
    await billing.getByLabel(UI.billingAddress).fill('12 Residency Road\nBengaluru 560025');
    await billing.getByLabel(UI.contactEmail).fill('accounts@northlight.example');
    await billing.getByLabel(UI.alternateEmail).fill('mira@northlight.example');
    await billing.getByLabel(UI.contactPerson).fill('Mira Kapoor');
    await billing.getByRole('combobox', { name: UI.placeOfSupply }).click();
    await page.getByRole('option', { name: 'Karnataka' }).click();
    await billing.getByLabel(UI.gstNumber).fill('29ABCDE1234F1Y5');
    await billing.getByLabel(UI.panNumber).fill('ABCDE1234F');
    await billing.getByRole('button', { name: UI.save }).click();
    await visible(billing.getByText(MSG.invalidGst));
    await shot(page, FLOW, '16-billing-bad-gst');

    await billing.getByLabel(UI.gstNumber).fill('29ABCDE1234F1Z5');
    await billing.getByRole('button', { name: UI.save }).click();
    await visible(page.getByText(MSG.billingUpdated));
    await gone(billing.getByText(MSG.invalidGst));
    await shot(page, FLOW, '17-billing-saved');
    await page.keyboard.press('Escape');
    await gone(billing);

    // read back when opened again
    await page.getByRole('button', { name: new RegExp(UI.billingDetails) }).click();
    await expect
      .poll(() => panel(page, UI.billingDetails).getByLabel(UI.gstNumber).inputValue())
      .toBe('29ABCDE1234F1Z5');
    await page.keyboard.press('Escape');
  });

  it('deletes the team by typing its name; the member loses it live', async () => {
    await page.getByRole('button', { name: UI.teamActions(TEAM) }).click();
    await page.getByRole('menuitem', { name: UI.deleteTeam }).click();
    const dialog = page.getByRole('dialog', { name: UI.deleteTeam });
    await dialog.getByLabel(UI.typeTeamName).fill('Northlight');
    await dialog.getByRole('button', { name: UI.delete }).click();
    await visible(dialog.getByText(MSG.teamNameMismatch));
    await shot(page, FLOW, '18-delete-mismatch');

    await dialog.getByLabel(UI.typeTeamName).fill(TEAM);
    await dialog.getByRole('button', { name: UI.delete }).click();
    await visible(page.getByText(MSG.teamDeleted));
    await gone(dialog);
    await visible(page.getByText(MSG.noResultsFound));
    await shot(page, FLOW, '19-team-deleted');

    await inviteePage.getByRole('button', { name: UI.teamSwitcher }).click();
    await visible(inviteePage.getByText(UI.myTeamsSection, { exact: true }));
    await gone(inviteePage.getByRole('menuitem', { name: new RegExp(TEAM) }));
    await shot(inviteePage, FLOW, '20-invitee-team-gone');
  });
});
