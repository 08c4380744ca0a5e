import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { API, MSG, UI, type ProjectInfo } from '@rushes/shared';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { DEMO_EDITOR, DEMO_PRODUCER, logIn } from './people.ts';
import { apiCall, createProject, dialog, gone, switchTeam, toast, tray, visible } from './projectSteps.ts';
import { serverAndBrowser, startServer } from './server.ts';

/**
 * Browser defects: the Manage Project panel, member names that open their permissions,
 * and the upload status dock that leaves the project header's buttons usable.
 */
const FLOW = 'manage-project';
const OWNER = DEMO_PRODUCER;
const EDITOR = DEMO_EDITOR;
const OWNER_NAME = 'Demo Producer';
const EDITOR_NAME = 'Demo Editor';
const STUDIO = 'Demo Studio';
const PROJECT = `Manage Me ${Date.now() % 10_000}`;
const RENAMED = `Renamed_Reel ${Date.now() % 10_000}`;

const run = serverAndBrowser(startServer);

/** Whether the element at the centre of a button is that button (or inside it): nothing covers it. */
async function uncovered(button: Locator): Promise<boolean> {
  return button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

describe.skipIf(!e2eAvailable)('manage project, member rows, upload dock', () => {
  let page: Page;
  let info: ProjectInfo;

  beforeAll(async () => {
    const context = await run.browser.newContext(contextOptions);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });

  it('the creator opens Manage Project from the header and sees the figures', async () => {
    await logIn(page, run.server.url, OWNER);
    await switchTeam(page, STUDIO);
    await createProject(page, PROJECT);
    await toast(page, MSG.projectCreated);
    await tray(page, UI.trayMyProjects).getByRole('link', { name: PROJECT }).click();
    await visible(page.getByRole('heading', { name: PROJECT }));
    const projectDbId = new URL(page.url()).pathname.split('/')[2];
    await apiCall(page, run.server.url, API.assets.folder, {
      project_db_id: projectDbId,
      data: { upload_status: 'started', file_info: { filename: 'Dailies' } },
    });
    await apiCall(page, run.server.url, API.projects.collaborators, {
      project_db_id: projectDbId,
      invited_collaborators: [EDITOR.email],
    });
    info = (
      (await (
        await page.request.get(`${run.server.url}${API.projects.info}?project_db_id=${projectDbId}`)
      ).json()) as {
        data: ProjectInfo;
      }
    ).data;

    await page.getByRole('button', { name: UI.manageProject }).click();
    const panel = dialog(page, UI.manageProject);
    const name = panel.getByRole('textbox', { name: UI.projectName });
    await expect.poll(() => name.inputValue()).toBe(PROJECT);
    expect(await name.isDisabled()).toBe(true);
    const fact = (label: string) => panel.getByRole('group', { name: label });
    await visible(fact(UI.projectId).getByText(info.project_id));
    await visible(fact(UI.storageUsed).getByText('0 B'));
    await visible(fact(UI.totalAssets).getByText('1', { exact: true }));
    await visible(fact(UI.members).getByText(UI.projectMembersSummary(2, 0)));
    await panel.getByRole('button', { name: UI.copyProjectId }).click();
    await visible(panel.getByRole('button', { name: UI.copied }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(info.project_id);
    await shot(page, FLOW, '01-manage-project');
  });

  it('refuses names against the spec rules, then renames everywhere', async () => {
    const panel = dialog(page, UI.manageProject);
    await panel.getByRole('button', { name: UI.editProjectName }).click();
    const name = panel.getByRole('textbox', { name: UI.projectName });
    expect(await name.isDisabled()).toBe(false);
    await name.fill('Lights & Magic');
    await panel.getByRole('button', { name: UI.save }).click();
    await visible(panel.getByText(MSG.removeSpecialCharacters));
    await name.fill('   ');
    await panel.getByRole('button', { name: UI.save }).click();
    await visible(panel.getByText(MSG.removeBlankSpace));
    await shot(page, FLOW, '02-name-errors');
    await name.fill(RENAMED);
    await panel.getByRole('button', { name: UI.save }).click();
    await toast(page, MSG.projectUpdated);
    await expect.poll(() => panel.getByRole('textbox', { name: UI.projectName }).inputValue()).toBe(RENAMED);
    expect(await panel.getByRole('textbox', { name: UI.projectName }).isDisabled()).toBe(true);
    await visible(page.getByRole('heading', { name: RENAMED }));
    await shot(page, FLOW, '03-renamed');
  });

  it('a member name opens the permissions panel for a manager; plain text for others', async () => {
    await dialog(page, UI.manageProject).getByRole('button', { name: UI.collaborators }).click();
    const people = dialog(page, UI.collaborators);
    // oneself (the creator) is not clickable
    await visible(people.getByRole('listitem', { name: OWNER_NAME }));
    expect(await people.getByRole('button', { name: OWNER_NAME, exact: true }).count()).toBe(0);
    await people.getByRole('button', { name: EDITOR_NAME, exact: true }).click();
    const perms = dialog(page, UI.collaboratorPermissionsTitle);
    await visible(perms.getByText(EDITOR_NAME));
    await shot(page, FLOW, '04-permissions-from-name');
    await page.keyboard.press('Escape');
    await gone(perms);

    // the editor (a collaborator without can_manage_project): names are plain, no Manage Project
    const editor = await (await run.browser.newContext(contextOptions)).newPage();
    await logIn(editor, run.server.url, EDITOR);
    await editor.goto(`${run.server.url}/project/${info.project_db_id}`);
    await visible(editor.getByRole('heading', { name: RENAMED }));
    expect(await editor.getByRole('button', { name: UI.manageProject }).count()).toBe(0);
    await editor.getByRole('button', { name: UI.collaborators }).click();
    const theirs = dialog(editor, UI.collaborators);
    await visible(theirs.getByRole('listitem', { name: OWNER_NAME }));
    expect(await theirs.getByRole('button', { name: OWNER_NAME, exact: true }).count()).toBe(0);
    await editor.context().close();
  });

  it('the upload dock leaves every header button uncovered and clickable', async () => {
    await page.getByRole('button', { name: UI.uploadsMenu, exact: true }).click();
    const dock = dialog(page, UI.uploadsMenu);
    await visible(dock.getByText(UI.noUploads));
    const header = [
      UI.chat,
      UI.brief,
      UI.tasks,
      UI.collaborators,
      UI.manageProject,
      UI.upload,
      UI.createFolder,
      UI.deleteProject,
    ];
    for (const label of header) {
      const button = page.getByRole('main').getByRole('button', { name: label, exact: true }).first();
      await visible(button);
      expect({ label, uncovered: await uncovered(button) }).toEqual({ label, uncovered: true });
    }
    await shot(page, FLOW, '05-upload-dock-open');
    // a click reaches the header while the dock stays open
    await page.getByRole('main').getByRole('button', { name: UI.manageProject }).click();
    await visible(dialog(page, UI.manageProject));
    await page.keyboard.press('Escape');
    await gone(dialog(page, UI.manageProject));
    await visible(dock);
    await page.getByRole('button', { name: UI.uploadsMenu, exact: true }).click();
    await gone(dock);
  });

  it('deletes the project from Manage Project after a confirmation', async () => {
    await page.getByRole('button', { name: UI.manageProject }).click();
    const panel = dialog(page, UI.manageProject);
    await panel.getByRole('button', { name: UI.deleteProject }).click();
    const confirm = dialog(page, UI.deleteProjectTitle);
    await visible(confirm.getByText(UI.deleteProjectConfirm(RENAMED)));
    await shot(page, FLOW, '06-delete-confirm');
    await confirm.getByRole('button', { name: UI.delete, exact: true }).click();
    await toast(page, MSG.projectDeleted);
    await page.waitForURL(`${run.server.url}/`);
    await gone(panel);
    await gone(tray(page, UI.trayMyProjects).getByRole('link', { name: RENAMED }));
    await shot(page, FLOW, '07-deleted');
  });
});
