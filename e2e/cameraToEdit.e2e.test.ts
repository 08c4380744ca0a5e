import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { API, C2E_STATUS_TEXT, MSG, UI, UPLOADER_TEXT, C2E_TEXT } from '@rushes/shared';
import { users } from '../apps/server/src/db/schema/index.ts';
import { resolveMediaTool } from '../apps/server/src/platform/media/binaries.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { serverAndBrowser } from './server.ts';
import { DEMO_EDITOR, DEMO_PRODUCER, logIn } from './people.ts';
import {
  apiCall,
  createProject,
  dialog,
  projectIdOfCard,
  row,
  switchTeam,
  toast,
  tray,
  visible,
} from './projectSteps.ts';

const run = promisify(execFile);
const FLOW = 'camera-to-edit';
const A = DEMO_PRODUCER;
const B = DEMO_EDITOR;
const B_NAME = 'Demo Editor';
const PROJECT = `Camera Day ${Date.now() % 10_000}`;
const CLIP = 'A001C003.mp4';

const haveCurl = spawnSync('sh', ['-c', 'command -v curl']).status === 0;
if (!haveCurl) {
  if (process.env.CI) throw new Error('curl is required in CI (installed by .ci/run)');
  console.warn('[camera-to-edit e2e] curl not installed: skipping');
}

const server = serverAndBrowser(startInProcessServer);

async function newPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext(contextOptions)).newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

describe.skipIf(!e2eAvailable || !haveCurl)(
  'camera to edit: permission, session, FTPS upload, pause, delete',
  () => {
    let a: Page;
    let b: Page;
    let projectDbId = '';
    let cameraUrl = '';
    /**
     * The collaborator opens the app at 127.0.0.1 while PUBLIC_URL says localhost: without
     * FTP_PUBLIC_HOST the session details must tell the camera the host the browser used.
     */
    let bBase = '';
    /** The session made below (deleted by the pause/delete step). */
    let deletedSessionId = '';

    beforeAll(async () => {
      a = await newPage(server.browser);
      b = await newPage(server.browser);
    });
    afterAll(async () => {
      await a?.context().close();
      await b?.context().close();
    });

    it('a collaborator without the permission sees the no-permission text', async () => {
      await logIn(a, server.server.url, A);
      await switchTeam(a, 'Demo Studio');
      await createProject(a, PROJECT);
      const card = tray(a, UI.trayMyProjects).getByRole('article', { name: PROJECT });
      await visible(card);
      projectDbId = await projectIdOfCard(card, PROJECT);
      const [editor] = await server.server.db.select().from(users).where(eq(users.email, B.email));
      await apiCall(a, server.server.url, API.projects.collaborators, {
        project_db_id: projectDbId,
        collabrated_with: [editor.id],
        role: 'collaborator',
      });

      bBase = server.server.url.replace('//localhost:', '//127.0.0.1:');
      await logIn(b, bBase, B);
      // the other spelling of the tab is accepted and rewritten to the canonical one
      await b.goto(`${bBase}/project/${projectDbId}?tab=cameraToEdit`);
      // the camera tab's code loads with its first use: give it the page's own wait
      await expect
        .poll(() => b.getByText(C2E_TEXT.c2eNoPermission).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await expect.poll(() => new URL(b.url()).searchParams.get('tab')).toBe('camera-to-edit');
      cameraUrl = `${bBase}/project/${projectDbId}?tab=camera-to-edit`;
      await shot(b, FLOW, '01-no-permission');
    });

    it('the project admin grants Camera to Edit in the permissions panel', async () => {
      await a.goto(`${server.server.url}/project/${projectDbId}`);
      await a.getByRole('button', { name: UI.collaborators }).click();
      const people = dialog(a, UI.collaborators);
      await people.getByRole('button', { name: B_NAME, exact: true }).click();
      const perms = dialog(a, UI.collaboratorPermissionsTitle);
      await perms.getByRole('checkbox', { name: 'Camera to Edit' }).check();
      await shot(a, FLOW, '02-grant');
      await perms.getByRole('button', { name: UI.save }).click();
      await toast(a, MSG.permissionsUpdated);
    });

    it('the collaborator creates a session: Camera Model required, Creating..., then credentials', async () => {
      await b.goto(cameraUrl);
      await visible(b.getByText(C2E_TEXT.c2eLanding));
      await shot(b, FLOW, '03-landing');
      await b.getByRole('button', { name: C2E_TEXT.c2eStart }).click();
      await visible(b.getByText(C2E_TEXT.c2eDestination));
      await b.getByRole('button', { name: C2E_TEXT.c2eCreate, exact: true }).click();
      await visible(b.getByText(MSG.required));
      await shot(b, FLOW, '04-model-required');
      await b.getByRole('combobox', { name: C2E_TEXT.c2eCameraModel }).click();
      await b.getByRole('option', { name: 'Sony FX6' }).click();
      await b.getByRole('button', { name: C2E_TEXT.c2eCreate, exact: true }).click();
      await visible(b.getByRole('button', { name: C2E_TEXT.c2eCreating }));
      await shot(b, FLOW, '05-creating');
      await toast(b, MSG.c2eInitiated);
      await expect.poll(() => new URL(b.url()).searchParams.get('s')).toMatch(/^[0-9a-f-]{36}$/);
      deletedSessionId = new URL(b.url()).searchParams.get('s')!;
      await visible(b.getByTestId('c2e-password'));
      await shot(b, FLOW, '06-details');
    });

    it('curl uploads a clip as the camera; it appears live in the project with its thumbnail', async () => {
      const text = async (id: string) => (await b.getByTestId(id).textContent())!.trim();
      const port = Number(await text('c2e-port'));
      const username = await text('c2e-username');
      const password = await text('c2e-password');
      // The host shown is the one this page was reached by, not PUBLIC_URL's localhost.
      const host = await text('c2e-host');
      expect(host).toBe(new URL(b.url()).hostname);
      expect(host).toBe('127.0.0.1');
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'rushes-c2e-')), CLIP);
      execFileSync(resolveMediaTool('ffmpeg').path, [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=25',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file,
    ]); // prettier-ignore
      await run('curl', [
        '-sS',
        '--ssl-reqd',
        '-k',
        '--user',
        `${username}:${password}`,
        '-T',
        file,
        `ftp://${host}:${port}/`,
      ]);
      const clip = row(b, CLIP);
      await visible(clip);
      await expect.poll(() => clip.locator('img').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => text('c2e-files received')).toMatch(/^1 /);
      await shot(b, FLOW, '07-clip-arrived');
    });

    it('pause turns the session off; delete removes it', async () => {
      await b.getByRole('switch', { name: C2E_TEXT.c2eSwitch }).click();
      await toast(b, MSG.c2ePaused);
      await visible(b.getByText(C2E_STATUS_TEXT.paused));
      await shot(b, FLOW, '08-paused');
      // Back: the list shows it under 'Active Sessions' with a yellow dot (paused); its row opens it again
      await b.getByRole('button', { name: C2E_TEXT.c2eBack }).click();
      await visible(b.getByRole('heading', { name: C2E_TEXT.c2eActiveSessions }));
      await visible(b.getByTestId('c2e-dot-inactive'));
      await shot(b, FLOW, '08b-list');
      await b.getByRole('button', { name: /Project root/ }).click();
      await visible(b.getByText(C2E_STATUS_TEXT.paused));
      await b.getByRole('button', { name: C2E_TEXT.c2eDelete }).click();
      await toast(b, MSG.c2eDeleted);
      await visible(b.getByText(C2E_TEXT.c2eNoActiveSessions));
      expect(new URL(b.url()).searchParams.get('s')).toBeNull();
      await shot(b, FLOW, '09-deleted');
    });

    it("an id that is not a session of this project shows 'Session details not found.'", async () => {
      // a deleted session, a random one, a malformed id
      for (const [i, id] of [deletedSessionId, randomUUID(), 'not-a-session', '12'].entries()) {
        await b.goto(`${cameraUrl}&s=${encodeURIComponent(id)}`);
        await visible(b.getByText(MSG.c2eNotFound));
        await visible(b.getByRole('button', { name: C2E_TEXT.c2eBack }));
        expect(await b.getByText(MSG.required).count()).toBe(0);
        if (i === 2) await shot(b, FLOW, '09b-session-not-found');
      }
      // Back leaves the not-found state for the sessions list
      await b.getByRole('button', { name: C2E_TEXT.c2eBack }).click();
      await visible(b.getByRole('heading', { name: C2E_TEXT.c2eActiveSessions }));
    });

    it('the uploader download opens its page in a new tab; a personal access token is made in account settings', async () => {
      await b.goto(cameraUrl);
      await b.getByRole('button', { name: C2E_TEXT.uploaderDownload }).click();
      const [tab] = await Promise.all([
        b.context().waitForEvent('page'),
        b.getByRole('menuitem', { name: 'macOS Apple Silicon' }).click(),
      ]);
      await tab.waitForURL(/\/uploader\?os=macos_silicon$/);
      await visible(tab.getByRole('heading', { name: UPLOADER_TEXT.title }));
      await shot(tab, FLOW, '10-uploader-page');
      await tab.close();

      await b.getByRole('button', { name: UI.userMenu }).click();
      await b.getByRole('menuitem', { name: UI.accountSettings }).click();
      await b.getByLabel(C2E_TEXT.tokenName).fill('Edit bay laptop');
      await b.getByRole('button', { name: C2E_TEXT.tokenCreate }).click();
      await toast(b, MSG.tokenCreated);
      await expect.poll(async () => (await b.getByTestId('new-token').textContent()) ?? '').toMatch(/^rsh_/);
      await b.getByTestId('new-token').scrollIntoViewIfNeeded();
      await shot(b, FLOW, '11-access-token');
    });
  },
);
