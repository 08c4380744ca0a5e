import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AI_TEXT, API, MSG, UI, formatDate } from '@rushes/shared';
import { aiUsage, assets, projects, tasks } from '../apps/server/src/db/schema/index.ts';
import {
  STANDIN_KEY,
  standinEnv,
  startStandin,
  toolResults,
  type Standin,
} from '../apps/server/src/modules/ai/ai.testkit.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import {
  apiCall,
  createProject,
  dialog,
  gone,
  projectIdOfCard,
  switchTeam,
  toast,
  tray,
  visible,
} from './projectSteps.ts';
import { serverAndBrowser } from './server.ts';

const FLOW = 'ai';
const A = DEMO_PRODUCER;
const PROJECT = `Launch Film ${Date.now() % 10_000}`;
const root = path.resolve(import.meta.dirname, '..');

let standin: Standin;
const AI_VARS = Object.keys(standinEnv({ url: '' } as Standin));

/** The product with its AI pointed at a local OpenAI-compatible stand-in (no internet). */
const run = serverAndBrowser(async () => {
  standin = await startStandin();
  Object.assign(process.env, standinEnv(standin));
  const server = await startInProcessServer();
  for (const name of AI_VARS) delete process.env[name];
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await standin.close();
    },
  };
});

async function newPage(): Promise<Page> {
  const page = await (await run.browser.newContext(contextOptions)).newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Every file under a directory, recursively. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });

describe.skipIf(!e2eAvailable)('AI assistant: asks about the project, streams, links, fails inline', () => {
  let a: Page;
  let projectDbId = '';
  const panel = () => dialog(a, AI_TEXT.panelTitle);
  const submit = () => panel().getByRole('button', { name: AI_TEXT.submit });
  const input = () => panel().getByPlaceholder(AI_TEXT.placeholder);

  beforeAll(async () => {
    a = await newPage();
  });

  it('a project with tasks (two open, one completed) and an asset', async () => {
    await logIn(a, run.server.url, A);
    await switchTeam(a, 'Demo Studio');
    await createProject(a, PROJECT);
    const card = tray(a, UI.trayMyProjects).getByRole('article', { name: PROJECT });
    await visible(card);
    projectDbId = await projectIdOfCard(card, PROJECT);
    const newTask = (description: string) =>
      apiCall(a, run.server.url, API.tasks.root, {
        project_db_id: projectDbId,
        task_type: 'editing',
        user_email: 'colorist@example.com',
        expire_at: formatDate(Date.now() + 3 * 86_400_000, 'UTC'),
        description,
        tz: 'UTC',
      });
    await newTask('Grade the launch film');
    await newTask('Animate the logo sting');
    const music = (await newTask('Pick the music')) as { task: { task_db_id: string } };
    await run.server.db
      .update(tasks)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(tasks.id, music.task.task_db_id));
    await run.server.db.insert(assets).values({
      projectId: projectDbId,
      title: 'Interview A.mov',
      fileType: 'video',
      ingestCode: `E2EAI${Date.now()}`,
      extension: 'mov',
      sizeBytes: 9_000_000,
      durationSeconds: 185,
      status: 1,
      searchText: 'interview a.mov',
    });
  });

  it("opens the assistant, asks what is pending: 'Generating...', the streamed answer names the open tasks with links", async () => {
    await a.goto(`${run.server.url}/project/${projectDbId}`);
    await a.getByRole('button', { name: AI_TEXT.openButton }).click();
    await visible(panel());
    await visible(panel().getByText(AI_TEXT.empty));
    await expect.poll(() => submit().isEnabled()).toBe(true);
    await shot(a, FLOW, '01-assistant-open');

    // the stand-in calls the task tool, then answers from what the tool gave it, slowly
    standin.script({ kind: 'tool', name: 'list_tasks', args: { status: 'open' } }, (req) => {
      const [result] = toolResults(req) as { tasks: { description: string; status: string }[] }[];
      return {
        kind: 'text',
        delayMs: 400,
        chunks: [
          'Two tasks are **still open**:\n',
          ...result.tasks.map((t) => `- ${t.description} (${t.status})\n`),
          '<b>no HTML</b>',
        ],
      };
    });
    await input().fill('What is still pending for the launch film?');
    await submit().click();
    const turns = panel().locator('[data-role]');
    await visible(panel().getByText('What is still pending for the launch film?'));
    await visible(panel().getByText(AI_TEXT.generating));
    expect(await submit().isDisabled()).toBe(true);
    await shot(a, FLOW, '02-generating');

    const answer = panel().locator('[data-role="assistant"][data-state="done"]');
    // the answer streams in (four pieces, 400 ms apart): Playwright waits up to the page timeout
    await answer.waitFor().catch(() => {
      throw new Error(`no answer; the stand-in saw ${JSON.stringify(standin.requests.map((r) => r.error))}`);
    });
    await expect.poll(() => submit().isEnabled()).toBe(true);
    await visible(answer.getByText('Grade the launch film (Pending)'));
    await visible(answer.getByText('Animate the logo sting (Pending)'));
    expect(await answer.textContent()).not.toContain('Pick the music');
    // Markdown as text: bold rendered, HTML shown as its characters
    await visible(answer.locator('strong', { hasText: 'still open' }));
    await visible(answer.getByText('<b>no HTML</b>'));
    expect(await answer.locator('b').count()).toBe(0);
    const link = answer.getByRole('link', { name: 'Task: Grade the launch film' });
    await visible(link);
    expect(await link.getAttribute('href')).toMatch(new RegExp(`/project/${projectDbId}\\?task=`));
    await visible(answer.getByRole('link', { name: 'Task: Animate the logo sting' }));
    expect(await turns.count()).toBe(2);
    await shot(a, FLOW, '03-answer-with-links');

    await link.click();
    await visible(dialog(a, UI.taskDetails).getByText('Grade the launch film'));
    await shot(a, FLOW, '04-task-from-link');
  });

  it('the conversation is kept; an upstream error shows inline in red and the button comes back', async () => {
    await a.keyboard.press('Escape');
    await gone(dialog(a, UI.taskDetails));
    await a.getByRole('button', { name: AI_TEXT.openButton }).click();
    await panel().getByText('Grade the launch film (Pending)').waitFor();

    // the first call and both retries (AI_MAX_RETRIES 2) fail
    const before = standin.requests.length;
    standin.script(
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
    );
    await input().fill('And the music?');
    await input().press('Enter');
    const error = panel().getByRole('alert').filter({ hasText: AI_TEXT.unavailable });
    await error.waitFor();
    const color = await error.evaluate((el) => getComputedStyle(el).color);
    const [r, g, b] = color.match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(100);
    await expect.poll(() => submit().isEnabled()).toBe(true);
    expect(standin.requests.length - before).toBe(3);
    await shot(a, FLOW, '05-error-inline');
  });

  it('closing the panel while it answers stops the upstream call', async () => {
    standin.script({ kind: 'text', delayMs: 500, chunks: ['One ', 'two ', 'three ', 'four ', 'five'] });
    const hungUp = standin.nextHangUp();
    await input().fill('Count slowly');
    await submit().click();
    await panel().getByText('One').waitFor();
    await a.keyboard.press('Escape');
    await gone(panel());
    const upstream = await hungUp;
    expect(upstream.closedEarly).toBe(true);
    expect(upstream.headers.authorization).toBe(`Bearer ${STANDIN_KEY}`);
  });

  it('an answer that read the brief links it: the link opens the brief panel', async () => {
    await a.getByRole('button', { name: AI_TEXT.openButton }).click();
    standin.script(
      { kind: 'tool', name: 'get_brief', args: {} },
      { kind: 'text', chunks: ['The brief is empty.'] },
    );
    await input().fill('What does the brief say?');
    await submit().click();
    await panel().getByText('The brief is empty.').waitFor();
    await panel().getByRole('button', { name: AI_TEXT.kind.brief }).click();
    await dialog(a, UI.projectBrief).waitFor();
    await a.keyboard.press('Escape');
    await gone(dialog(a, UI.projectBrief));
  });

  it("the team's budget used up: the refusal shows inline in red; conversations are listed and deleted", async () => {
    const [project] = await run.server.db.select().from(projects).where(eq(projects.id, projectDbId));
    await run.server.db.insert(aiUsage).values({
      teamId: project.teamId,
      userId: project.createdBy!,
      projectId: projectDbId,
      model: 'x',
      tokensIn: 2_000_000,
    });
    await a.getByRole('button', { name: AI_TEXT.openButton }).click();
    await panel().getByText('Count slowly').waitFor();
    const before = standin.requests.length;
    await input().fill('One more question');
    await submit().click();
    await panel().getByRole('alert').filter({ hasText: AI_TEXT.budgetExhausted }).waitFor();
    await expect.poll(() => submit().isEnabled()).toBe(true);
    expect(standin.requests.length).toBe(before);
    await shot(a, FLOW, '06-budget-used');

    await panel().getByRole('button', { name: AI_TEXT.history }).click();
    const list = panel().getByRole('list', { name: AI_TEXT.history });
    await list.getByText('What is still pending for the launch film?').waitFor();
    await shot(a, FLOW, '07-conversations');
    await list
      .getByRole('button', {
        name: `${AI_TEXT.deleteConversation}: What is still pending for the launch film?`,
      })
      .click();
    await toast(a, AI_TEXT.conversationDeleted);
    await panel().getByText(AI_TEXT.noConversations).waitFor();
  });

  it('the key is in no answer the browser got and not in the built web bundle', async () => {
    // a build made with the key in its environment (as a careless deploy would) carries none of it
    const out = mkdtempSync(path.join(os.tmpdir(), 'rushes-web-'));
    try {
      const built = spawnSync(
        path.join(root, 'node_modules/.bin/vite'),
        ['build', '--outDir', out, '--emptyOutDir'],
        {
          cwd: path.join(root, 'apps/web'),
          env: {
            ...process.env,
            AI_API_KEY: STANDIN_KEY,
            VITE_AI_API_KEY: STANDIN_KEY,
            OPENAI_API_KEY: STANDIN_KEY,
          },
          encoding: 'utf8',
        },
      );
      expect(built.status, built.stderr).toBe(0);
      const files = [...filesUnder(out), ...filesUnder(path.join(root, 'apps/web/dist'))];
      expect(files.some((f) => f.endsWith('.js'))).toBe(true);
      const leaking = files.filter((f) => readFileSync(f).includes(STANDIN_KEY));
      expect(leaking).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    const status = await a.request.get(`${run.server.url}/api/ai/status`, {
      headers: { 'API-Type': 'web', 'API-Version': '1' },
    });
    expect(await status.text()).not.toContain(STANDIN_KEY);
  }, 120_000);
});

describe.skipIf(!e2eAvailable)('AI assistant without a service configured', () => {
  const bare = serverAndBrowser(startInProcessServer);

  it('the panel says so plainly and the button stays disabled', async () => {
    const page = await (await bare.browser.newContext(contextOptions)).newPage();
    page.setDefaultTimeout(15_000);
    await logIn(page, bare.server.url, A);
    await switchTeam(page, 'Demo Studio');
    await createProject(page, `No AI ${Date.now() % 10_000}`);
    await toast(page, MSG.projectCreated);
    await page
      .getByRole('link', { name: /^No AI/ })
      .first()
      .click();
    await page.getByRole('button', { name: AI_TEXT.openButton }).click();
    const p = dialog(page, AI_TEXT.panelTitle);
    await visible(p.getByText(AI_TEXT.notConfigured));
    expect(await p.getByRole('button', { name: AI_TEXT.submit }).isDisabled()).toBe(true);
    expect(await p.getByPlaceholder(AI_TEXT.placeholder).isDisabled()).toBe(true);
    await shot(page, FLOW, '08-not-configured');
  });
});
