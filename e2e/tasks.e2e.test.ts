import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import {
  API,
  API_TYPE,
  API_VERSION,
  APPROVAL_STATUS_LABELS,
  CHAT_MESSAGE_MAX,
  MSG,
  TASK_CHAT_PAGE_SIZE,
  TASK_STATUS_LABELS,
  TRANSFER_REQUEST_LABEL,
  UI,
  flattenChatGroups,
  type TaskChatHistory,
} from '@rushes/shared';
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
  inFlight,
  projectIdOfCard,
  row,
  settledIn,
  switchTeam,
  toast,
  tray,
  visible,
} from './projectSteps.ts';

const FLOW = 'tasks';
const A = DEMO_PRODUCER;
const B = DEMO_EDITOR;
const B_NAME = 'Demo Editor';
const STUDIO = 'Demo Studio';
const PROJECT = `Harbour Doc ${Date.now() % 10_000}`;
const TASK_TYPE = 'Editing';
const FILE = 'Final Cut.mp4';
const GUEST = `guest-${Date.now()}@example.com`;
/** Chat messages B sends through the API after the first one, and the total. */
const MORE = 34;
const TOTAL = MORE + 1;

const run = serverAndBrowser(startInProcessServer);

/** 'D MMMM YYYY', the date picker's label of a day cell. */
const dayLabel = (d: Date) =>
  `${d.getDate()} ${d.toLocaleString('en-US', { month: 'long' })} ${d.getFullYear()}`;

async function newPage(): Promise<Page> {
  const page = await (await run.browser.newContext(contextOptions)).newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

describe.skipIf(!e2eAvailable)('tasks: assign, chat, transfer, complete; approval of an asset', () => {
  let a: Page;
  let b: Page;
  let projectDbId = '';
  const taskCard = (page: Page) =>
    tray(page, UI.trayMyTasks).getByRole('button', { name: UI.openTask(TASK_TYPE, PROJECT) });

  beforeAll(async () => {
    a = await newPage();
    b = await newPage();
  });

  it('A creates a project with B in it; B waits on home', async () => {
    await logIn(a, run.server.url, A);
    await switchTeam(a, STUDIO);
    await createProject(a, PROJECT);
    const card = tray(a, UI.trayMyProjects).getByRole('article', { name: PROJECT });
    await visible(card);
    projectDbId = await projectIdOfCard(card, PROJECT);
    await apiCall(a, run.server.url, API.projects.collaborators, {
      project_db_id: projectDbId,
      invited_collaborators: [B.email],
      role: 'collaborator',
    });

    await logIn(b, run.server.url, B);
    await visible(tray(b, UI.trayMyTasks).getByText(MSG.noRecordFound));
    await visible(tray(b, UI.trayAssignedTasks));
  });

  it('A writes the brief and assigns a task to B with the form rules', async () => {
    await a.goto(`${run.server.url}/project/${projectDbId}`);
    await a.getByRole('button', { name: UI.brief, exact: true }).click();
    const brief = dialog(a, UI.projectBrief);
    await brief.getByRole('button', { name: UI.save }).click();
    await visible(brief.getByText(MSG.required));
    await brief.getByRole('textbox', { name: UI.brief }).fill('Cut a <b>two</b> minute teaser');
    await brief.getByRole('button', { name: UI.save }).click();
    await visible(brief.getByText(MSG.noTagsAllowed));
    await brief
      .getByRole('textbox', { name: UI.brief })
      .fill('Cut a two minute teaser from the harbour footage.');
    await brief.getByRole('button', { name: UI.save }).click();
    await toast(a, MSG.briefUpdated);
    await visible(brief.getByText('Cut a two minute teaser from the harbour footage.'));
    await shot(a, FLOW, '00-brief');
    await a.keyboard.press('Escape');
    await gone(brief);

    await a.getByRole('button', { name: UI.tasks, exact: true }).click();
    const list = dialog(a, UI.tasks);
    await visible(list.getByText(UI.noTasks));
    await list.getByRole('button', { name: UI.createTask }).click();
    const form = dialog(a, UI.createTask);
    await form.getByRole('button', { name: UI.create, exact: true }).click();
    await visible(form.getByText(MSG.required, { exact: true }));
    await shot(a, FLOW, '01-task-form-required');
    await expect.poll(() => form.getByText(MSG.required, { exact: true }).count()).toBe(4);

    await form.getByRole('combobox', { name: UI.taskType }).click();
    await form.getByRole('option', { name: TASK_TYPE }).click();
    const assignee = form.getByRole('textbox', { name: UI.assignTo });
    await assignee.fill('Ed');
    await gone(form.getByRole('option'));
    await assignee.fill('Editor');
    await form.getByRole('option', { name: B_NAME }).click();
    await form.getByRole('button', { name: UI.dueDate }).click();
    const today = new Date();
    const yesterday = new Date(Date.now() - 86_400_000);
    if (yesterday.getMonth() === today.getMonth()) {
      // the picker offers no past day (spec 000 §5)
      await expect
        .poll(() => form.getByRole('button', { name: dayLabel(yesterday), exact: true }).isDisabled())
        .toBe(true);
    }
    await shot(a, FLOW, '02-due-date-picker');
    await form.getByRole('button', { name: dayLabel(today), exact: true }).click();
    await form.getByLabel(UI.description).fill('Rough cut of the harbour teaser, 2 minutes.');
    await form.getByRole('button', { name: UI.create, exact: true }).click();
    await toast(a, MSG.taskCreated);

    const detail = dialog(a, UI.taskDetails);
    await visible(detail.getByRole('heading', { name: TASK_TYPE }));
    await visible(detail.getByText(B_NAME));
    await visible(detail.getByText(TASK_STATUS_LABELS.pending));
    await shot(a, FLOW, '03-task-detail-assigner');
  });

  it("B sees the task arrive in 'My Tasks' live and opens it", async () => {
    await visible(taskCard(b));
    await shot(b, FLOW, '04-assigned-tasks-tray');
    await taskCard(b).click();
    await b.waitForURL(new RegExp(`/project/${projectDbId}\\?task=`));
    const detail = dialog(b, UI.taskDetails);
    await visible(detail.getByRole('heading', { name: TASK_TYPE }));
    await gone(detail.getByRole('button', { name: UI.completeTask }));

    // A changes the description; B's open task follows
    await dialog(a, UI.taskDetails).getByRole('button', { name: UI.edit }).click();
    const form = dialog(a, UI.updateTask);
    await expect.poll(() => form.getByRole('combobox', { name: UI.taskType }).inputValue()).toBe(TASK_TYPE);
    await visible(form.getByText(B_NAME));
    await form.getByLabel(UI.description).fill('Rough cut of the harbour teaser, 90 seconds.');
    await form.getByRole('button', { name: UI.update, exact: true }).click();
    await toast(a, MSG.taskUpdated);
    await visible(dialog(a, UI.taskDetails).getByText('Rough cut of the harbour teaser, 90 seconds.'));
    await visible(detail.getByText('Rough cut of the harbour teaser, 90 seconds.'));
  });

  it('they chat: pages of 10, the unread badge appears for A and clears when A reads', async () => {
    await dialog(b, UI.taskDetails).getByRole('button', { name: /^Chat/ }).click();
    const chatB = dialog(b, UI.taskChat);
    await visible(chatB.getByText(MSG.chatEmptyTitle));
    const input = chatB.getByLabel(MSG.typeYourMessage);
    await input.fill('x'.repeat(150));
    expect((await input.inputValue()).length).toBe(CHAT_MESSAGE_MAX);
    await input.fill('   ');
    await expect.poll(() => chatB.getByRole('button', { name: UI.sendMessage }).isDisabled()).toBe(true);
    await input.fill('Hello from B');
    await input.press('Enter');
    await visible(chatB.getByRole('log').getByText('Hello from B'));
    await visible(chatB.getByRole('log').getByText(MSG.today));

    // more through the API: the history now spans four pages of 10
    const taskDbId = await myFirstTaskId();
    for (let i = 1; i <= MORE; i++) {
      const res = await b.request.post(`${run.server.url}${API.tasks.chat}`, {
        headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
        data: { task_db_id: taskDbId, text: `Take ${i}` },
      });
      expect(res.ok()).toBe(true);
    }
    await visible(chatB.getByRole('log').getByText(`Take ${MORE}`, { exact: true }));

    const detailA = dialog(a, UI.taskDetails);
    await visible(detailA.getByLabel(UI.unreadMessages(TOTAL)));
    await shot(a, FLOW, '05-unread-badge');

    const firstPage = a.waitForResponse(
      (r: Response) => r.url().includes(API.tasks.chat) && r.request().method() === 'GET',
    );
    const historyLoads = inFlight(a, 'GET', API.tasks.chat);
    await detailA.getByRole('button', { name: /^Chat/ }).click();
    const history = (await (await firstPage).json()) as { data: TaskChatHistory };
    expect(flattenChatGroups(history.data.messages)).toHaveLength(TASK_CHAT_PAGE_SIZE);
    expect(history.data.total_entries).toBe(TOTAL);
    const chatA = dialog(a, UI.taskChat);
    const log = chatA.getByRole('log');
    await visible(log.getByText(`Take ${MORE}`, { exact: true }));
    // the box fills itself, then stops: older pages wait for the reader to scroll up
    const lines = log.locator('[data-chat-line]');
    await expect.poll(() => lines.count()).toBeGreaterThanOrEqual(TASK_CHAT_PAGE_SIZE * 2);
    // no page on its way, and none asked for once the last one rendered
    await expect.poll(() => historyLoads.count()).toBe(0);
    await settledIn(a);
    expect(historyLoads.count()).toBe(0);
    expect(await lines.count()).toBeLessThan(TOTAL);
    expect(await log.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    // still showing the newest message at the bottom
    expect(await log.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop)).toBeLessThan(2);
    await shot(a, FLOW, '06a-task-chat-before-scroll');
    await expect
      .poll(async () => {
        await log.evaluate((el) => (el.scrollTop = 0));
        return lines.count();
      })
      .toBe(TOTAL);
    await visible(log.getByText('Hello from B'));
    await chatA.getByLabel(MSG.typeYourMessage).fill('Looks good, go ahead');
    await chatA.getByRole('button', { name: UI.sendMessage }).click();
    await visible(chatB.getByRole('log').getByText('Looks good, go ahead'));
    await shot(a, FLOW, '06-task-chat-assigner');
    await shot(b, FLOW, '07-task-chat-assignee');

    await chatA.getByRole('button', { name: UI.backToTask }).click();
    await visible(detailA.getByRole('button', { name: UI.chat, exact: true }));
    await gone(detailA.getByLabel(/unread/));
  });

  it('B asks for a transfer (reason required); A sees the request', async () => {
    await dialog(b, UI.taskChat).getByRole('button', { name: UI.backToTask }).click();
    await dialog(b, UI.taskDetails).getByRole('button', { name: UI.transferTask }).click();
    const transfer = dialog(b, UI.transferTask);
    await transfer.getByRole('button', { name: UI.sendRequest }).click();
    await visible(transfer.getByText(MSG.required));
    await transfer.getByLabel(UI.transferReason).fill('I am on the colour grade all week');
    await transfer.getByRole('button', { name: UI.sendRequest }).click();
    await toast(b, MSG.transferRequested);

    const detailA = dialog(a, UI.taskDetails);
    await visible(detailA.getByText('I am on the colour grade all week'));
    await visible(detailA.getByText(TRANSFER_REQUEST_LABEL).first());
    await visible(detailA.getByRole('button', { name: UI.declineTransfer }));
    await shot(a, FLOW, '08-transfer-request');
  });

  it('A completes the task; both see it read-only', async () => {
    // the task list selects a task through ?task=
    await dialog(a, UI.taskDetails).getByRole('button', { name: UI.backToTasks }).click();
    const list = dialog(a, UI.tasks);
    const item = list.getByRole('button', { name: UI.openTask(TASK_TYPE, PROJECT) });
    await visible(item.getByText(TRANSFER_REQUEST_LABEL));
    await shot(a, FLOW, '08a-task-list');
    await item.click();
    await a.waitForURL(new RegExp(`/project/${projectDbId}\\?task=`));
    const detailA = dialog(a, UI.taskDetails);
    await detailA.getByRole('button', { name: UI.completeTask }).click();
    const modal = dialog(a, UI.completeTask);
    await modal.getByRole('button', { name: UI.completeTask }).click();
    await toast(a, MSG.taskCompleted);
    for (const [page, step] of [
      [a, '09-completed-assigner'],
      [b, '10-completed-assignee'],
    ] as const) {
      const detail = dialog(page, UI.taskDetails);
      await visible(detail.getByText(MSG.taskReadOnly));
      await visible(detail.getByText(TASK_STATUS_LABELS.completed).first());
      await gone(detail.getByRole('button', { name: UI.edit }));
      await gone(detail.getByRole('button', { name: UI.completeTask }));
      await gone(detail.getByRole('button', { name: UI.transferTask }));
      await shot(page, FLOW, step);
    }
    await dialog(b, UI.taskDetails).getByRole('button', { name: /^Chat/ }).click();
    const chatB = dialog(b, UI.taskChat);
    await visible(chatB.getByRole('log').getByText('Looks good, go ahead'));
    await expect.poll(() => chatB.getByLabel(MSG.typeYourMessage).isDisabled()).toBe(true);

    // a history that cannot load says so and offers a reload
    await chatB.getByRole('button', { name: UI.backToTask }).click();
    const failing = (url: URL) => url.pathname === API.tasks.chat;
    await b.route(failing, (route) => route.fulfill({ status: 500, body: '' }));
    await dialog(b, UI.taskDetails).getByRole('button', { name: /^Chat/ }).click();
    // a 5xx is retried once before the failure shows
    await expect
      .poll(() => chatB.getByText(MSG.taskChatLoadFailed).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await shot(b, FLOW, '10a-chat-load-failed');
    await b.unroute(failing);
    await chatB.getByRole('button', { name: UI.reloadChat }).click();
    await visible(chatB.getByRole('log').getByText('Looks good, go ahead'));
    await b.keyboard.press('Escape');
    await gone(chatB);
  });

  it('A requests approval on a file from B; B approves; A sees Approved live', async () => {
    // Uploads arrive with their own issue: the file row is written through the server's database.
    await run.server.db.insert(assets).values({
      projectId: projectDbId,
      title: FILE,
      fileType: 'video',
      isFolder: false,
      ingestCode: `E2E${Date.now()}`,
      extension: 'mp4',
      sizeBytes: 48_000_000,
      status: 1,
      searchText: FILE.toLowerCase(),
    });
    await a.keyboard.press('Escape');
    await a.goto(`${run.server.url}/project/${projectDbId}`);
    await visible(row(a, FILE).getByText(APPROVAL_STATUS_LABELS[0]));
    await row(a, FILE).click({ button: 'right' });
    await a.getByRole('menuitem', { name: UI.requestApproval }).click();
    const panel = dialog(a, UI.requestApproval);
    await panel.getByRole('button', { name: UI.sendRequest }).click();
    await expect.poll(() => panel.getByText(MSG.required, { exact: true }).count()).toBe(2);
    await panel.getByRole('textbox', { name: UI.reviewers }).fill('Editor');
    await panel.getByRole('option', { name: B_NAME }).click();
    await panel.getByLabel(UI.comment).fill('Please approve the final cut');
    await panel.getByRole('button', { name: UI.sendRequest }).click();
    await toast(a, MSG.approvalRequestCreated);
    const requests = panel.getByRole('region', { name: UI.requests });
    await visible(requests.getByText(B_NAME));
    await visible(requests.getByRole('button', { name: UI.removeFromRequest(B_NAME) }));

    // an e-mail is invited; only the creator removes it
    await panel.getByRole('textbox', { name: UI.reviewers }).fill(GUEST);
    await panel.getByRole('option', { name: UI.inviteEmail(GUEST) }).click();
    await panel.getByLabel(UI.comment).fill('Outside opinion welcome');
    await panel.getByRole('button', { name: UI.sendRequest }).click();
    await toast(a, MSG.approvalRequestCreated);
    await visible(requests.getByText(GUEST));
    // the invited address gets a real mail, and the creator can send it again
    const sentAt = Date.now();
    expect((await mailTo(run.server.url, GUEST)).text).toContain(run.server.url);
    await requests.getByRole('button', { name: UI.resendInviteTo(GUEST) }).click();
    await toast(a, MSG.inviteSent);
    await mailTo(run.server.url, GUEST, sentAt);
    await requests.getByRole('button', { name: UI.removeFromRequest(GUEST) }).click();
    await toast(a, MSG.deletedUser);
    await gone(requests.getByText(GUEST));
    await gone(panel.getByRole('combobox', { name: UI.approvalStatus }));
    await shot(a, FLOW, '11-approval-request');

    await b.goto(`${run.server.url}/project/${projectDbId}`);
    await row(b, FILE).click({ button: 'right' });
    await b.getByRole('menuitem', { name: UI.requestApproval }).click();
    const panelB = dialog(b, UI.requestApproval);
    await visible(panelB.getByText('Please approve the final cut'));
    // only the creator removes invitees
    await gone(panelB.getByRole('button', { name: UI.removeFromRequest(B_NAME) }));
    await panelB.getByRole('combobox', { name: UI.approvalStatus }).click();
    await panelB.getByRole('option', { name: APPROVAL_STATUS_LABELS[3] }).click();
    await toast(b, MSG.approvalStatusUpdated);
    await shot(b, FLOW, '12-reviewer-approves');

    await visible(row(a, FILE).getByText(APPROVAL_STATUS_LABELS[3]));
    await a.keyboard.press('Escape');
    await shot(a, FLOW, '13-asset-approved');
  });

  /** The id of the newest task A assigned (A's 'Assigned Tasks' tray through the API). */
  async function myFirstTaskId(): Promise<string> {
    const res = await a.request.get(`${run.server.url}${API.tasks.trays}?tray_name=assigned_tasks`, {
      headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
    });
    const body = (await res.json()) as { data: { data: { task_db_id: string }[] } };
    return body.data.data[0].task_db_id;
  }
});
