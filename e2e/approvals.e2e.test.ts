import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API, APPROVAL_STATUS_LABELS, MSG, UI } from '@rushes/shared';
import { assets } from '../apps/server/src/db/schema/index.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { DEMO_EDITOR, DEMO_PRODUCER, logIn } from './people.ts';
import {
  apiCall,
  createProject,
  dialog,
  gone,
  projectIdOfCard,
  row,
  settledIn,
  switchTeam,
  toast,
  tray,
  visible,
} from './projectSteps.ts';
import { serverAndBrowser } from './server.ts';

/**
 * The approval loop: A asks B to approve a file; A's list shows the request waiting; B opens the
 * notification and decides in the player; A's list follows. A logged-in approver decides on the
 * review page too; a guest on the link sees no approval control.
 */
const FLOW = 'approvals';
const A = DEMO_PRODUCER;
const B = DEMO_EDITOR;
const A_NAME = 'Demo Producer';
const B_NAME = 'Demo Editor';
const STUDIO = 'Demo Studio';
const PROJECT = `Quay Promo ${Date.now() % 10_000}`;
const FILE = 'Quay Promo Master.mp4';
const ASK = 'Please approve the master before delivery';
const [, IN_PROGRESS, NEEDS_REVIEW, APPROVED] = [0, 1, 2, 3].map((c) => APPROVAL_STATUS_LABELS[c as 0]);

const run = serverAndBrowser(startInProcessServer);

async function newPage(): Promise<Page> {
  const page = await (await run.browser.newContext(contextOptions)).newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

describe.skipIf(!e2eAvailable)('approvals: request, decide from the notification, the list follows', () => {
  let a: Page;
  let b: Page;
  let projectDbId = '';
  let assetId = '';
  const decide = (page: Page) =>
    page.getByRole('region', { name: UI.approvalStatus }).getByRole('group', { name: UI.approvalStatus });

  beforeAll(async () => {
    a = await newPage();
    b = await newPage();
  });

  it('A asks B to approve a file; while it waits A’s list shows Needs Review, not No Status', async () => {
    await logIn(a, run.server.url, A);
    await switchTeam(a, STUDIO);
    await createProject(a, PROJECT);
    projectDbId = await projectIdOfCard(
      tray(a, UI.trayMyProjects).getByRole('article', { name: PROJECT }),
      PROJECT,
    );
    await apiCall(a, run.server.url, API.projects.collaborators, {
      project_db_id: projectDbId,
      invited_collaborators: [B.email],
      role: 'collaborator',
    });
    // Uploads are another flow's: the file row is written through the server's database.
    const [asset] = await run.server.db
      .insert(assets)
      .values({
        projectId: projectDbId,
        title: FILE,
        fileType: 'video',
        isFolder: false,
        ingestCode: `E2E${Date.now()}`,
        extension: 'mp4',
        sizeBytes: 64_000_000,
        status: 1,
        searchText: FILE.toLowerCase(),
      })
      .returning();
    assetId = asset.id;

    await a.goto(`${run.server.url}/project/${projectDbId}`);
    await visible(row(a, FILE).getByText(APPROVAL_STATUS_LABELS[0]));
    await row(a, FILE).click({ button: 'right' });
    await a.getByRole('menuitem', { name: UI.requestApproval }).click();
    const panel = dialog(a, UI.requestApproval);
    await panel.getByRole('textbox', { name: UI.reviewers }).fill('Editor');
    await panel.getByRole('option', { name: B_NAME }).click();
    await panel.getByLabel(UI.comment).fill(ASK);
    await panel.getByRole('button', { name: UI.sendRequest }).click();
    await toast(a, MSG.approvalRequestCreated);
    // the asker waits: no control to decide their own request
    await gone(panel.getByRole('combobox', { name: UI.approvalStatus }));
    await a.keyboard.press('Escape');
    await gone(panel);
    await visible(row(a, FILE).getByText(NEEDS_REVIEW));
    expect(await row(a, FILE).getByText(APPROVAL_STATUS_LABELS[0]).count()).toBe(0);
    await shot(a, FLOW, '01-list-waiting');
  });

  it('B opens the notification: the player offers In Progress, Needs Review and Approved; B approves', async () => {
    await logIn(b, run.server.url, B);
    await switchTeam(b, STUDIO);
    await b.getByRole('button', { name: UI.newNotifications }).click();
    const notes = dialog(b, UI.notifications);
    const entry = notes.locator('[data-notification-type="approval_request"]');
    await visible(entry.getByText(MSG.approvalRequestTitle));
    await shot(b, FLOW, '02-notification');
    await entry.first().click();
    await b.waitForURL(`${run.server.url}/player/${assetId}`);

    const buttons = decide(b);
    await visible(buttons);
    expect(await buttons.getByRole('button').allTextContents()).toEqual([
      IN_PROGRESS,
      NEEDS_REVIEW,
      APPROVED,
    ]);
    expect(await buttons.getByRole('button', { name: NEEDS_REVIEW }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await visible(
      b.getByRole('region', { name: UI.approvalStatus }).getByText(new RegExp(`${A_NAME}.*${ASK}`)),
    );
    await shot(b, FLOW, '03-player-approval-control');

    await buttons.getByRole('button', { name: IN_PROGRESS }).click();
    await toast(b, MSG.approvalStatusUpdated);
    await expect
      .poll(() => buttons.getByRole('button', { name: IN_PROGRESS }).getAttribute('aria-pressed'))
      .toBe('true');
    await visible(row(a, FILE).getByText(IN_PROGRESS));

    await buttons.getByRole('button', { name: APPROVED }).click();
    await toast(b, MSG.approvalStatusUpdated);
    await expect
      .poll(() => buttons.getByRole('button', { name: APPROVED }).getAttribute('aria-pressed'))
      .toBe('true');
    await shot(b, FLOW, '04-player-approved');
  });

  it('A’s list shows Approved live; in A’s player the status is shown, not offered', async () => {
    await visible(row(a, FILE).getByText(APPROVED));
    await shot(a, FLOW, '05-list-approved');
    await a.goto(`${run.server.url}/player/${assetId}`);
    const section = a.getByRole('region', { name: UI.approvalStatus });
    await visible(section.getByText(APPROVED));
    await settledIn(a);
    expect(await decide(a).count()).toBe(0);
    await shot(a, FLOW, '06-asker-player');
  });

  it('on the review page the approver decides too; a guest on the same link gets no approval control', async () => {
    const shared = (await apiCall(a, run.server.url, API.shares.root, {
      project_db_id: projectDbId,
      ingest_db_id: assetId,
    })) as { links: { url: string }[] };
    // the answer names the page by its path (/review?shared_link=…)
    const link = new URL(shared.links[0].url, run.server.url).href;
    await a.goto(`${run.server.url}/project/${projectDbId}`);
    await visible(row(a, FILE).getByText(APPROVED));

    await b.goto(link);
    const buttons = decide(b);
    await visible(buttons);
    await buttons.getByRole('button', { name: NEEDS_REVIEW }).click();
    await toast(b, MSG.approvalStatusUpdated);
    await visible(row(a, FILE).getByText(NEEDS_REVIEW));
    await shot(b, FLOW, '07-review-page-approver');

    const guest = await newPage();
    const asked: string[] = [];
    guest.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith(API.approvals.root)) asked.push(r.url());
    });
    await guest.goto(link);
    await visible(guest.getByRole('heading', { name: FILE }));
    await settledIn(guest);
    expect(await guest.getByRole('region', { name: UI.approvalStatus }).count()).toBe(0);
    expect(asked).toEqual([]);
    await shot(guest, FLOW, '08-review-page-guest');
  });
});
