import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  API,
  INTEGRATION_TEXT as T,
  INTEGRATIONS_API as T_API,
  SPRINKLR_TEXT as S,
  MSG,
  UI,
} from '@rushes/shared';
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
import { resolveMediaTool } from '../apps/server/src/platform/media/binaries.ts';
import { localS3 } from '../apps/server/src/modules/integrations/integrations.testkit.ts';
import { dateFolderOf } from '../apps/server/src/modules/integrations/bucketTransfers.ts';
import {
  STANDIN_KEY,
  STANDIN_REFRESH,
  STANDIN_SECRET,
  startSprinklrStandin,
} from '../apps/server/src/modules/integrations/sprinklr.standin.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { eq } from 'drizzle-orm';

/**
 * Amazon S3 end to end: s3rver on loopback (trusted in this server's config) stands in
 * for the customer's buckets. Connect a bucket → Test connection green → import two files from a
 * folder → they play → export them with date folders → the transfers dropdown shows both finished.
 */
const FLOW = 'integrations';
const PROJECT = `Bucket Reel ${Date.now() % 10_000}`;
let s3: Awaited<ReturnType<typeof localS3>>;
let standin: Awaited<ReturnType<typeof startSprinklrStandin>>;

const run = serverAndBrowser(async () => {
  s3 = await localS3();
  standin = await startSprinklrStandin();
  const env = {
    SPRINKLR_API_URL: standin.url,
    SPRINKLR_API_KEY: STANDIN_KEY,
    SPRINKLR_API_SECRET: STANDIN_SECRET,
    SPRINKLR_REFRESH_TOKEN: STANDIN_REFRESH,
    INTEGRATIONS_S3_ENDPOINT: s3.endpoint,
    OUTBOUND_TRUSTED_HOSTS: '127.0.0.1',
  };
  Object.assign(process.env, env);
  const server = await startInProcessServer();
  return {
    ...server,
    async stop() {
      await server.stop();
      await s3.close();
      await standin.close();
      // the flows share one process (isolate: false): the next one's server must not see these
      for (const name of Object.keys(env)) delete process.env[name];
    },
  };
});

function clip(name: string, seconds: number) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'rushes-int-e2e-')), name);
  execFileSync(resolveMediaTool('ffmpeg').path, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=320x240:rate=25`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file,
  ]); // prettier-ignore
  return readFileSync(file);
}

describe.skipIf(!e2eAvailable)('integrations: S3 bucket → import → play → export → transfers', () => {
  let a: Page;
  let projectDbId = '';

  beforeAll(async () => {
    a = await (await (run.browser as Browser).newContext(contextOptions)).newPage();
    a.setDefaultTimeout(15_000);
    await s3.put('footage-in', 'rushes/day1/sunrise.mp4', clip('sunrise.mp4', 3));
    await s3.put('footage-in', 'rushes/day1/harbour.mp4', clip('harbour.mp4', 4));
  });
  afterAll(async () => {
    await a?.context().close();
  });

  it('connects an S3 bucket and Test connection turns green', async () => {
    await logIn(a, run.server.url, DEMO_PRODUCER);
    await switchTeam(a, 'Demo Studio');
    await a.goto(`${run.server.url}/settings`);
    await a.getByRole('button', { name: new RegExp(UI.appIntegration) }).click();
    await dialog(a, UI.applications)
      .getByRole('button', { name: new RegExp(UI.integrationS3) })
      .click();
    const panel = dialog(a, T.amazonS3);
    await visible(panel.getByText(T.noIntegrationFound));
    await panel.getByRole('button', { name: T.newIntegration }).click();
    // Create shows only once a path is ticked
    expect(await panel.getByRole('button', { name: T.create }).count()).toBe(0);
    await panel.getByRole('checkbox', { name: T.input, exact: true }).check();
    await panel.getByRole('button', { name: T.create }).click();
    await visible(panel.getByText('This field is required').first());
    await panel.getByRole('textbox', { name: T.inputBucket }).fill('footage-in');
    await panel.getByRole('textbox', { name: T.inputFolder }).fill('rushes');
    await panel.getByRole('checkbox', { name: T.output, exact: true }).check();
    await panel.getByRole('textbox', { name: T.outputBucket }).fill('delivery-out');
    await panel.getByRole('textbox', { name: T.outputFolder }).fill('exports');
    await panel.getByRole('checkbox', { name: T.createDateFolders }).check();
    await visible(panel.getByText(/sts:ExternalId/));
    await shot(a, FLOW, '01-new-integration-role');
    await panel.getByText(T.authKeys).click();
    await panel.getByRole('textbox', { name: T.accessKeyId }).fill('S3RVER');
    await panel.getByLabel(T.secretAccessKey).fill('S3RVER');
    await shot(a, FLOW, '02-new-integration-keys');
    await panel.getByRole('button', { name: T.create }).click();
    await toast(a, T.integrationCreated);
    await visible(panel.getByRole('button', { name: T.testConnection }));
    await panel.getByRole('button', { name: T.testConnection }).click();
    const status = panel.getByTestId('integration-status');
    await visible(panel.getByRole('list', { name: T.testConnection }));
    await shot(a, FLOW, '03-test-connection');
    await expect.poll(() => status.textContent()).toBe('success');
    expect(await status.getAttribute('data-color')).toBe('green');
    await visible(panel.getByText('PutObject delivery-out: OK'));
    await shot(a, FLOW, '03-test-connection-green');
    await a.keyboard.press('Escape');
  });

  it('imports two files from a folder into a new project; they play', async () => {
    await a.goto(`${run.server.url}/`);
    await createProject(a, PROJECT);
    const card = tray(a, UI.trayMyProjects).getByRole('article', { name: PROJECT });
    await visible(card);
    projectDbId = await projectIdOfCard(card, PROJECT);
    await a.goto(`${run.server.url}/project/${projectDbId}`);
    await a.getByRole('button', { name: UI.upload, exact: true }).click();
    await a.getByRole('menuitem', { name: T.importFromBucket }).click();
    await a.waitForURL(/\/import-assets\//);
    await a.getByRole('button', { name: 'day1' }).click();
    await a.getByRole('checkbox', { name: /sunrise\.mp4/ }).check();
    await a.getByRole('checkbox', { name: /harbour\.mp4/ }).check();
    await shot(a, FLOW, '04-import-picker');
    await a.getByRole('button', { name: /Import selected/ }).click();
    await a.waitForURL(/\/transfers\//);
    await expect
      .poll(
        () =>
          a
            .getByRole('row', { name: /Import of 2 files/ })
            .getByText('Finished')
            .count(),
        { timeout: 30_000 },
      )
      .toBe(1);
    await shot(a, FLOW, '05-transfers-import-finished');
    await a.goto(`${run.server.url}/project/${projectDbId}`);
    await visible(row(a, 'sunrise.mp4'));
    await visible(row(a, 'harbour.mp4'));
    await expect
      .poll(() => row(a, 'harbour.mp4').getByText('0:04').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await row(a, 'sunrise.mp4').dblclick();
    await a.waitForURL(/\/player\//);
    const video = a.locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThan(0);
    // The proxy may land while it plays and replace the element (same position, but a muted start
    // is the test's, not the page's): whichever element is there is started muted until it moves.
    await expect
      .poll(
        () =>
          video.evaluate((v: HTMLVideoElement) => {
            if (v.paused) {
              v.muted = true;
              void v.play().catch(() => undefined);
            }
            return v.currentTime;
          }),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0.2);
    await shot(a, FLOW, '06-imported-plays');
  });

  it('exports both into a folder picked in the output bucket, in the date folder; the dropdown shows both transfers finished', async () => {
    // folders already in the output bucket, under the integration's folder and outside it
    await s3.put('delivery-out', 'exports/client/brief.txt', 'brief');
    // (s3rver lists a folder only when it holds an object of its own)
    await s3.put('delivery-out', 'exports/archive/old.txt', 'old');
    await s3.put('delivery-out', 'exports/archive/2025/older.txt', 'older');
    await s3.put('delivery-out', 'elsewhere/x.txt', 'x');
    const asked: URL[] = [];
    const listen = (r: { url(): string }) => {
      const u = new URL(r.url());
      if ([T_API.s3Buckets, T_API.contidoBuckets, T_API.s3Folders].includes(u.pathname)) asked.push(u);
    };
    a.on('request', listen);
    await a.goto(`${run.server.url}/project/${projectDbId}`);
    await row(a, 'sunrise.mp4').getByRole('checkbox').check();
    await row(a, 'harbour.mp4').getByRole('checkbox').check();
    await row(a, 'harbour.mp4').click({ button: 'right' });
    await a.getByRole('menuitem', { name: T.exportToBucket }).click();
    const panel = dialog(a, T.exportToBucket);
    const submit = panel.getByRole('button', { name: T.exportToBucket });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    // the bucket is picked from the team's buckets list, asked for 100 at a time
    await panel.getByLabel(T.chooseBucket, { exact: true }).first().click();
    await panel.getByRole('option', { name: /delivery-out/ }).click();
    const bucketsAsked = asked.filter((u) => u.pathname === T_API.s3Buckets);
    expect(bucketsAsked.length).toBeGreaterThan(0);
    expect(bucketsAsked[0].searchParams.get('entries_per_page')).toBe('100');
    expect(bucketsAsked[0].searchParams.get('page_no')).toBe('1');
    expect(asked.some((u) => u.pathname === T_API.contidoBuckets)).toBe(true);
    // its folders are browsed, 500 at a time: into archive and back up, then into client
    await visible(panel.getByRole('button', { name: 'archive' }));
    await visible(panel.getByRole('button', { name: 'client' }));
    expect(await panel.getByRole('button', { name: 'elsewhere' }).count()).toBe(0);
    await shot(a, FLOW, '07-export-bucket-folders');
    await panel.getByRole('button', { name: 'archive' }).click();
    await visible(panel.getByRole('button', { name: '2025' }));
    await panel.getByRole('button', { name: 'delivery-out/exports' }).click();
    await panel.getByRole('button', { name: 'client' }).click();
    const folders = asked.filter((u) => u.pathname === T_API.s3Folders);
    expect(folders.map((u) => u.searchParams.get('folder_path'))).toEqual(
      expect.arrayContaining(['', 'archive', 'client']),
    );
    expect(folders.every((u) => u.searchParams.get('entries_per_page') === '500')).toBe(true);
    a.off('request', listen);
    // and a new folder inside the one picked
    await panel.getByRole('textbox', { name: T.newFolder }).fill('reel 1');
    await visible(panel.getByText(T.invalidFolderPath));
    expect(await submit.isDisabled()).toBe(true);
    await panel.getByRole('textbox', { name: T.newFolder }).fill('reel-1');
    const day = dateFolderOf(new Date());
    await visible(panel.getByText(`${T.createDateFolders}: ${day} (UTC)`));
    await visible(panel.getByText(`${T.exportsTo}: delivery-out/exports/client/reel-1/${day}/`));
    await visible(
      panel.getByText('sunrise.mp4, harbour.mp4').or(panel.getByText('harbour.mp4, sunrise.mp4')),
    );
    await shot(a, FLOW, '07-export-panel');
    await submit.click();
    await toast(a, T.exportStarted);
    await expect
      .poll(async () => (await s3.keys('delivery-out', 'exports/client/')).sort(), { timeout: 30_000 })
      .toEqual([
        'exports/client/brief.txt',
        `exports/client/reel-1/${day}/harbour.mp4`,
        `exports/client/reel-1/${day}/sunrise.mp4`,
      ]);
    await a.getByRole('button', { name: T.transfers }).click();
    const menu = a.getByRole('menu');
    await expect.poll(() => menu.getByTestId('transfer-row').count()).toBe(2);
    await expect.poll(() => menu.getByText('Finished').count()).toBe(2);
    await visible(menu.getByText(/Export of 2 files to delivery-out/));
    await shot(a, FLOW, '08-transfers-dropdown');
    await a.keyboard.press('Escape');
    // the starter hears how it ended: the bell's dot, and the entry in the notifications list
    const bell = a.getByRole('button', { name: UI.newNotifications });
    await expect.poll(() => bell.count(), { timeout: 20_000 }).toBe(1);
    await bell.click();
    const notes = dialog(a, UI.notifications);
    await visible(notes.getByText(T.transferFinished('Export of 2 files to delivery-out')));
    await visible(notes.getByText(T.transferFinished('Import of 2 files from footage-in')));
    await shot(a, FLOW, '08b-transfer-notifications');
    await a.keyboard.press('Escape');
  });

  it('connects Sprinklr (stand-in): validates campaigns and creates the integration', async () => {
    await a.goto(`${run.server.url}/settings`);
    await a.getByRole('button', { name: new RegExp(UI.appIntegration) }).click();
    await dialog(a, UI.applications)
      .getByRole('button', { name: new RegExp(UI.integrationSprinklr) })
      .click();
    const panel = dialog(a, T.sprinklr);
    await visible(panel.getByText(T.existingIntegrations));
    await panel.getByRole('button', { name: T.newIntegration }).click();
    await panel.getByRole('button', { name: T.create }).isDisabled();
    await panel
      .getByLabel(new RegExp(`^${S.environment}`))
      .first()
      .click();
    await panel.getByRole('option', { name: 'Production' }).click();
    await panel
      .getByLabel(new RegExp(`^${S.businessUnit}`))
      .first()
      .click();
    await panel.getByRole('option', { name: 'Brand India' }).click();
    const id = panel.getByLabel(new RegExp(`^${S.campaignId}`)).first();
    await expect.poll(() => id.inputValue()).toBe('C-APPROVED'); // the environment's preselected campaign
    await id.fill('C-NOPE');
    await panel.getByRole('button', { name: S.validate }).click();
    await toast(a, T.invalidCampaignId);
    await id.fill('C-DRAFT');
    await panel.getByRole('button', { name: S.validate }).click();
    await toast(a, S.campaignDraft);
    expect(await panel.getByRole('button', { name: T.create }).isDisabled()).toBe(true);
    await id.fill('C-APPROVED');
    await panel.getByRole('button', { name: S.validate }).click();
    await expect
      .poll(() => panel.getByRole('textbox', { name: S.campaignName }).inputValue())
      .toBe('Summer Launch');
    expect(await id.getAttribute('readonly')).not.toBeNull();
    await shot(a, FLOW, '09-sprinklr-validated');
    await panel.getByRole('button', { name: T.create }).click();
    await toast(a, T.integrationCreated);
    await visible(panel.getByText('integrated'));
    // the details name the business unit chosen, not its Sprinklr id
    await visible(panel.getByText(`${S.businessUnit}: Brand India`));
    await shot(a, FLOW, '10-sprinklr-details');
    await a.keyboard.press('Escape');
  });

  it('shares an asset to the campaign; again it is listed as already shared; the editor is told who shared it', async () => {
    await a.goto(`${run.server.url}/project/${projectDbId}`);
    await row(a, 'sunrise.mp4').click({ button: 'right' });
    await a.getByRole('menuitem', { name: S.shareToSprinklr }).click();
    let panel = dialog(a, S.shareToSprinklr);
    const share = panel.getByRole('button', { name: S.share });
    await expect.poll(() => share.isDisabled()).toBe(true);
    await panel.getByRole('radio', { name: 'Summer Launch · Brand India' }).check();
    await share.click();
    await toast(a, MSG.assetShared);
    await expect.poll(() => standin.assets.map((x) => x.name), { timeout: 20_000 }).toEqual(['sunrise.mp4']);
    // again: the file comes back in red and the button becomes Proceed
    await row(a, 'sunrise.mp4').click({ button: 'right' });
    await a.getByRole('menuitem', { name: S.shareToSprinklr }).click();
    panel = dialog(a, S.shareToSprinklr);
    await panel.getByRole('radio', { name: /Summer Launch/ }).check();
    await panel.getByRole('button', { name: S.share }).click();
    await visible(panel.getByText(S.alreadyShared));
    await visible(panel.getByRole('button', { name: S.proceed }));
    await shot(a, FLOW, '11-sprinklr-already-shared');
    await a.keyboard.press('Escape');

    // the Share panel's INTEGRATION view shares too (spec 002 §4: the share flow with the picker)
    await row(a, 'harbour.mp4').click({ button: 'right' });
    await a.getByRole('menuitem', { name: UI.shareAsset }).click();
    const sharePanel = dialog(a, UI.shareAsset);
    await sharePanel.getByText(UI.shareViewIntegration, { exact: true }).click();
    const viaPanel = sharePanel.getByRole('button', { name: S.share, exact: true });
    await visible(sharePanel.getByRole('radio', { name: /Summer Launch/ }));
    await expect.poll(() => viaPanel.isDisabled()).toBe(true);
    await sharePanel.getByRole('radio', { name: /Summer Launch/ }).check();
    await shot(a, FLOW, '11b-share-panel-integration');
    await viaPanel.click();
    await toast(a, MSG.assetShared);
    await expect
      .poll(() => standin.assets.map((x) => x.name).sort(), { timeout: 20_000 })
      .toEqual(['harbour.mp4', 'sunrise.mp4']);

    // the editor (a project admin) tries the same asset: shared by someone else
    const [editor] = await run.server.db.select().from(users).where(eq(users.email, DEMO_EDITOR.email));
    await apiCall(a, run.server.url, API.projects.collaborators, {
      project_db_id: projectDbId,
      collabrated_with: [editor.id],
      role: 'admin',
    });
    const b = await (await (run.browser as Browser).newContext(contextOptions)).newPage();
    b.setDefaultTimeout(15_000);
    await logIn(b, run.server.url, DEMO_EDITOR);
    await switchTeam(b, 'Demo Studio');
    await b.goto(`${run.server.url}/project/${projectDbId}`);
    await row(b, 'sunrise.mp4').click({ button: 'right' });
    await b.getByRole('menuitem', { name: S.shareToSprinklr }).click();
    const other = dialog(b, S.shareToSprinklr);
    await visible(other.getByText(/^This asset has been shared by Demo /));
    await other.getByRole('radio', { name: /Summer Launch/ }).check();
    expect(await other.getByRole('button', { name: S.share }).isDisabled()).toBe(true);
    await shot(b, FLOW, '12-sprinklr-shared-by');
    await b.keyboard.press('Escape');
    // the same refusal in the Share panel's INTEGRATION view
    await row(b, 'harbour.mp4').click({ button: 'right' });
    await b.getByRole('menuitem', { name: UI.shareAsset }).click();
    const otherPanel = dialog(b, UI.shareAsset);
    await otherPanel.getByText(UI.shareViewIntegration, { exact: true }).click();
    await visible(otherPanel.getByText(/^This asset has been shared by Demo /));
    await otherPanel.getByRole('radio', { name: /Summer Launch/ }).check();
    expect(await otherPanel.getByRole('button', { name: S.share, exact: true }).isDisabled()).toBe(true);
    await shot(b, FLOW, '13-share-panel-shared-by');
    await b.context().close();
  });
  it('a team member (default codes) sees the integrations but cannot create, test or delete them', async () => {
    const b = await (await (run.browser as Browser).newContext(contextOptions)).newPage();
    b.setDefaultTimeout(15_000);
    await logIn(b, run.server.url, DEMO_EDITOR);
    await switchTeam(b, 'Demo Studio');
    await b.goto(`${run.server.url}/settings`);
    await b.getByRole('button', { name: new RegExp(UI.appIntegration) }).click();
    await dialog(b, UI.applications)
      .getByRole('button', { name: new RegExp(UI.integrationS3) })
      .click();
    const panel = dialog(b, T.amazonS3);
    const card = panel.getByText(`${T.output}: delivery-out/exports/`);
    await visible(card);
    expect(await panel.getByRole('button', { name: T.newIntegration }).count()).toBe(0);
    await card.click();
    await visible(panel.getByText(T.createDateFolders));
    expect(await panel.getByRole('button', { name: T.testConnection }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: T.delete }).count()).toBe(0);
    await shot(b, FLOW, '14-member-s3-details');
    await b.keyboard.press('Escape');
    await b.getByRole('button', { name: new RegExp(UI.appIntegration) }).click();
    await dialog(b, UI.applications)
      .getByRole('button', { name: new RegExp(UI.integrationSprinklr) })
      .click();
    const sprinklr = dialog(b, T.sprinklr);
    await visible(sprinklr.getByText('Summer Launch'));
    expect(await sprinklr.getByRole('button', { name: T.newIntegration }).count()).toBe(0);
    await sprinklr.getByText('Summer Launch').click();
    await visible(sprinklr.getByText(`${S.businessUnit}: Brand India`));
    expect(await sprinklr.getByRole('button', { name: T.delete }).count()).toBe(0);
    await shot(b, FLOW, '15-member-sprinklr-details');
    await b.context().close();
  });
});
