// system programs: ffmpeg
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API, API_TYPE, API_VERSION, UI } from '@rushes/shared';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import { apiCall, createProject, projectIdOfCard, row, switchTeam, tray, visible } from './projectSteps.ts';
import { serverAndBrowser, startServer } from './server.ts';
import { makeUploadFixtures } from './uploadFixtures.ts';

const FLOW = 'uploader-page';
const CLI = path.resolve(import.meta.dirname, '../packages/uploader/bin/rushes-upload.mjs');
const run = serverAndBrowser(() => startServer());

/** The uploader started with no arguments, as a double-click does (no browser opened: RUSHES_NO_BROWSER). */
function startUploader(configDir: string) {
  const child = spawn(process.execPath, [CLI], {
    env: {
      ...process.env,
      RUSHES_CONFIG_DIR: configDir,
      RUSHES_NO_BROWSER: '1',
      RUSHES_TOKEN: '',
      RUSHES_URL: '',
    },
  });
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+\/\?t=[\w-]+/.exec(out);
      if (m) resolve(m[0]);
    });
    child.on('exit', () => reject(new Error(`the uploader exited: ${out}`)));
  });
  return { child, url };
}

describe.skipIf(!e2eAvailable)('the desktop uploader page (rushes-upload with no arguments)', () => {
  let page: Page;
  let uploader: ChildProcess | undefined;
  const configDir = mkdtempSync(path.join(os.tmpdir(), 'rushes-uploader-page-'));
  beforeAll(async () => {
    page = await (await run.browser.newContext(contextOptions)).newPage();
    page.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    uploader?.kill('SIGTERM');
    await page?.context().close();
    rmSync(configDir, { recursive: true, force: true });
  });

  it('signs in with a token, picks the project, takes a chosen and a dropped file; both appear in the project', async () => {
    const title = `Desk upload ${Date.now() % 10_000}`;
    await logIn(page, run.server.url, DEMO_PRODUCER);
    await switchTeam(page, 'Demo Studio');
    await createProject(page, title);
    const card = tray(page, UI.trayMyProjects).getByRole('article', { name: title });
    await visible(card);
    const projectDbId = await projectIdOfCard(card, title);
    const info = await page.request.get(
      `${run.server.url}${API.projects.info}?project_db_id=${projectDbId}`,
      {
        headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
      },
    );
    const code = ((await info.json()) as { data: { project_id: string } }).data.project_id;
    const { token } = (await apiCall(page, run.server.url, API.camera.tokens, { name: 'desk' })) as {
      token: string;
    };

    const started = startUploader(configDir);
    uploader = started.child;
    const local = await page.context().newPage();
    await local.goto(await started.url);
    await local.getByLabel('Rushes address').fill(run.server.url);
    await local.getByLabel(/Personal access token/).fill(token);
    await shot(local, FLOW, '01-sign-in');
    await local.getByRole('button', { name: 'Sign in with the token' }).click();
    await visible(local.getByText(`Signed in to ${run.server.url}`));
    const picker = local.getByLabel('Project', { exact: true });
    await expect.poll(() => picker.locator('option').allTextContents()).toContain(`${title} (${code})`);
    await picker.selectOption(code);

    const media = makeUploadFixtures();
    await local.locator('#pick').setInputFiles(media.video);
    // A drop from the desktop: a real DataTransfer with a File, dispatched on the drop zone.
    const png = readFileSync(media.image).toString('base64');
    const dropped = await local.evaluateHandle((b64) => {
      const dt = new DataTransfer();
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      return dt;
    }, png);
    await local.dispatchEvent('#drop', 'drop', { dataTransfer: dropped });
    for (const name of ['clip.mp4', 'dropped.png'])
      await visible(local.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Uploaded' }));
    await shot(local, FLOW, '02-uploaded');

    // A watch folder added on the page: a file copied into it afterwards goes up by itself.
    const cardDir = path.join(configDir, 'CARD');
    mkdirSync(cardDir);
    await local.getByLabel('Folder on this computer').fill(cardDir);
    await local.getByLabel('Folder in the project (optional)').fill('Card A');
    await local.getByRole('button', { name: 'Watch', exact: true }).click();
    const watchRow = local.getByRole('row').filter({ hasText: cardDir });
    await visible(watchRow.filter({ hasText: '0 uploaded' }));
    copyFileSync(media.image, path.join(cardDir, 'A001.png'));
    await visible(watchRow.filter({ hasText: '1 uploaded' }));
    await shot(local, FLOW, '03-watch-folder');

    await page.goto(`${run.server.url}/project/${projectDbId}`);
    await visible(row(page, 'clip.mp4'));
    await visible(row(page, 'dropped.png'));
    await visible(row(page, 'Card A'));
    await shot(page, FLOW, '04-in-the-project');
  });
});
