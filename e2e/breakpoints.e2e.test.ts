import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  AI_TEXT,
  API,
  API_TYPE,
  API_VERSION,
  CLOUD_TEXT,
  DEVICE_TEXT,
  INTEGRATION_TEXT,
  LIVE_TEXT,
  PAYMENT_TEXT,
  SHELL_UI,
  SPRINKLR_TEXT,
  SUB_TEXT,
  UI,
  WEBHOOK_TEXT,
} from '@rushes/shared';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { allScreenshots, contextOptions, e2eAvailable, keptScreenshot } from './browser.ts';
import { DEMO_EDITOR, DEMO_PRODUCER, logIn } from './people.ts';
import { apiCall, dialog, gone, projectIdOfCard, row, settledIn, switchTeam, tray } from './projectSteps.ts';
import {
  cappedLists,
  controlProblems,
  horizontalScroll,
  loggedInRoutes,
  registeredPanelTypes,
  unstyledMantineClasses,
} from './layoutChecks.ts';
import { serverAndBrowser, startServer } from './server.ts';

/**
 * The breakpoint sweep (spec 002 §9): every logged-in page of the router and every side
 * panel of the panel table, opened the way a person opens it, at 375, 768, 1024 and 1440 px. Each
 * is screenshotted and checked: no horizontal scroll, and no visible control crossing another or
 * cut off. The demo producer in Demo Studio has a project with files, tasks, chat and a collaborator,
 * so every panel has real content.
 */
const FLOW = 'breakpoints';
const WIDTHS = [375, 768, 1024, 1440] as const;
const TEAM = 'Demo Studio';
const PROJECT = 'Spring Launch Film';
const CLIP = 'Opening shot.mp4';

// the demo producer is this server's platform admin too: /cloud-admin shows its sections, not a refusal
const run = serverAndBrowser(() =>
  startServer({ DEMO_SEED_PROJECT: 'true', PLATFORM_ADMIN_EMAILS: DEMO_PRODUCER.email }),
);

/**
 * A screenshot under e2e/screenshots/breakpoints-<width>/: the whole page (or for a very long one,
 * the user guide, its first three screens, which a reader can still look at), or only the screen.
 */
async function shot(page: Page, width: number, step: string, fullPage = true) {
  // Only on request, after a failure, or for the guide (e2e/browser.ts: several hundred PNGs nobody read).
  const kept = keptScreenshot(`${FLOW}-${width}/${step}`);
  if (!allScreenshots && !kept && !step.startsWith('failed-')) return;
  const dir = path.resolve(import.meta.dirname, 'screenshots', `${FLOW}-${width}`);
  mkdirSync(dir, { recursive: true });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const viewport = page.viewportSize()!;
  const tall = fullPage && height > viewport.height * 3;
  await page.screenshot({
    path: path.join(dir, `${step}.png`),
    fullPage,
    clip: tall ? { x: 0, y: 0, width: viewport.width, height: viewport.height * 3 } : undefined,
  });
}

/** Waits (with the page's timeout) for the first match to show. */
const shown = (locator: Locator) => locator.first().waitFor({ state: 'visible' });

/**
 * Lets a page or panel finish loading: its visible loaders gone, its queued renders run. A hidden
 * tab's loader stays: Mantine keeps inactive tabs mounted in a hidden React Activity, whose queries
 * wait for the tab to open (the credits page's payments, the player's transcript). Waiting on those
 * cost the sweep 10 s each, 70 s in all.
 */
async function quiet(page: Page, scope: string) {
  await page
    .locator(`${scope} .mantine-Loader-root`)
    .filter({ visible: true })
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await settledIn(page);
}

/**
 * What is wrong with the page or panel's layout: horizontal scroll, crossed or cut controls, capped
 * lists of the wrong height, Mantine components without their styles.
 */
async function layoutProblems(page: Page, scope: string | null, where: string): Promise<string[]> {
  const problems = (await horizontalScroll(page)).map((p) => `${where}: ${p}`);
  for (const p of await controlProblems(page, scope)) problems.push(`${where}: ${p}`);
  for (const p of await unstyledMantineClasses(page, scope)) problems.push(`${where}: ${p}`);
  // capped lists are 20–30rem: 200–300 px at the 10px root (a 16px rem would make them 320–480)
  for (const { list, cap } of await cappedLists(page, scope))
    if (cap < 200 || cap > 300) problems.push(`${where}: list ${list} capped at ${cap}px, not 20–30rem`);
  return problems;
}

describe.skipIf(!e2eAvailable)('every page and side panel at every breakpoint', () => {
  let page: Page;
  let projectDbId = '';
  let ingestDbId = '';
  const url = (p: string) => `${run.server.url}${p}`;

  beforeAll(async () => {
    page = await (await run.browser.newContext(contextOptions)).newPage();
    page.setDefaultTimeout(20_000);
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('the demo producer opens Demo Studio (setup)', async () => {
    await logIn(page, run.server.url, DEMO_PRODUCER);
    await switchTeam(page, TEAM);
    const card = tray(page, UI.trayMyProjects).getByRole('article', { name: PROJECT });
    await shown(card);
    projectDbId = await projectIdOfCard(card, PROJECT);
    // The editor in a second team of the producer's; the team list panel's opener adds a third.
    await apiCall(page, run.server.url, API.teams.root, {
      name: 'Grade Room',
      aws_region: 'eu-west-1',
      user_emails: [DEMO_EDITOR.email],
      user_db_ids: [],
    });
    await page.goto(url(`/project/${projectDbId}`));
    await row(page, CLIP).dblclick();
    await page.waitForURL(/\/player\//);
    ingestDbId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
  }, 120_000);

  it('the sweep knows every route and every panel (a new one fails here until it is swept)', () => {
    expect(loggedInRoutes()).toEqual(Object.keys(pages()).sort());
    expect(registeredPanelTypes()).toEqual(Object.keys(panels()).sort());
  });

  /** The logged-in routes by their PATHS name: where to go and what shows when it is ready. */
  function pages(): Record<string, [string, () => Promise<void>]> {
    const heading = (name: string) => () => shown(page.getByRole('heading', { name }));
    const main = () => shown(page.locator('main'));
    return {
      home: ['/', () => shown(tray(page, UI.trayMyProjects))],
      settings: ['/settings', () => shown(page.getByText(UI.createTeamDescription))],
      subscription: ['/subscription', heading(UI.subscription)],
      statistics: ['/statistics', heading(UI.statistics)],
      userGuide: ['/user-guide', heading('Getting started')],
      credits: ['/credits', main],
      checkout: ['/checkout/00000000-0000-0000-0000-000000000000', main],
      uploader: ['/uploader', main],
      device: ['/device?code=WDJB-MJHT', heading(DEVICE_TEXT.title)],
      project: [`/project/${projectDbId}`, () => shown(row(page, CLIP))],
      player: [`/player/${ingestDbId}`, heading(CLIP)],
      cloudAdmin: ['/cloud-admin', () => shown(page.getByRole('region', { name: /^Provider / }))],
      iosPlayer: [`/ios-player/?id=${ingestDbId}`, () => shown(page.getByTestId('ios-video'))],
      importAssets: [`/import-assets/${projectDbId}/s3`, main],
      transfers: [`/transfers/${projectDbId}/s3`, main],
      shareLinks: [`/share-links/${projectDbId}`, main],
      cloudDesktop: [
        '/cloud-desktop/00000000-0000-0000-0000-000000000000',
        () => shown(page.locator('body')),
      ],
    };
  }

  const go = async (path: string, ready: Locator) => {
    await page.goto(url(path));
    await shown(ready);
  };
  const projectPage = () => go(`/project/${projectDbId}`, row(page, CLIP));
  const button = (name: string) => page.getByRole('button', { name, exact: true }).first();
  const menuItem = (name: string) => page.getByRole('menu').getByRole('menuitem', { name }).first();
  const inPanel = (title: string) => dialog(page, title);

  /** How each side panel type opens: the title it shows and the clicks that open it. */
  /** An opener may return a clean-up that runs once the panel is checked and closed. */
  type Opener = () => Promise<void | (() => Promise<void>)>;
  function panels(): Record<string, [string, Opener]> {
    const fromHeader = (title: string, label: string) =>
      [
        title,
        async () => {
          await projectPage();
          await button(label).click();
        },
      ] as [string, () => Promise<void>];
    const fromRow = (title: string, label: string) =>
      [
        title,
        async () => {
          await projectPage();
          await row(page, CLIP).click({ button: 'right' });
          await menuItem(label).click();
        },
      ] as [string, () => Promise<void>];
    // the producer gave the editor an editing task; the editor gave the producer an 'other' task
    const fromTask = (title: string, label: string, type = 'Editing') =>
      [
        title,
        async () => {
          await go('/', tray(page, UI.trayMyProjects));
          await page
            .getByRole('button', { name: UI.openTask(type, PROJECT) })
            .first()
            .click({ button: 'right' });
          await menuItem(label).click();
        },
      ] as [string, () => Promise<void>];
    const fromSubscription = (title: string, label: string) =>
      [
        title,
        async () => {
          await go('/subscription', page.getByTestId('plan-overview'));
          await button(label).click();
        },
      ] as [string, () => Promise<void>];
    const settings = () => go('/settings', page.getByText(UI.createTeamDescription));
    const integrations = async () => {
      await settings();
      await page.getByText(UI.appIntegration, { exact: true }).click();
      await shown(inPanel(UI.applications));
    };
    const teamMembers = async () => {
      await settings();
      await page.getByRole('button', { name: UI.teamActions(TEAM) }).click();
      await menuItem(UI.teamMembers).click();
      await shown(inPanel(UI.teamMembers));
    };
    const collaborators = async () => {
      await projectPage();
      await button(UI.collaborators).click();
      await shown(inPanel(UI.collaborators));
    };
    /** The Demo Editor's permissions, from the people list `openList` shows in the panel `listTitle`. */
    const editorPermissions = (title: string, openList: () => Promise<void>, listTitle: string) =>
      [
        title,
        async () => {
          await openList();
          await inPanel(listTitle)
            .getByRole('button', { name: UI.permissionsOf('Demo Editor') })
            .click();
        },
      ] as [string, () => Promise<void>];
    /** An application of the App Integration panel, by its name (its panel's title). */
    const application = (name: string) =>
      [
        name,
        async () => {
          await integrations();
          await inPanel(UI.applications).getByText(name, { exact: true }).click();
        },
      ] as [string, () => Promise<void>];
    const projectChat = async () => {
      await projectPage();
      await page
        .getByRole('button', { name: new RegExp(`^${UI.chat}`) })
        .first()
        .click();
    };
    return {
      accountSettings: [
        UI.accountSettings,
        async () => {
          await go('/', tray(page, UI.trayMyProjects));
          await page.getByRole('button', { name: UI.userMenu }).click();
          await page.getByRole('menuitem', { name: UI.accountSettings }).click();
        },
      ],
      createTeam: [
        UI.createTeam,
        async () => {
          await settings();
          await page.getByText(UI.createTeam, { exact: true }).first().click();
        },
      ],
      manageTeam: [
        UI.manageTeam,
        async () => {
          await settings();
          await page.getByRole('button', { name: UI.teamActions(TEAM) }).click();
          await menuItem(UI.manageTeam).click();
        },
      ],
      teamMembers: [UI.teamMembers, teamMembers],
      memberPermissions: editorPermissions(UI.memberPermissions, teamMembers, UI.teamMembers),
      teamList: [
        UI.teamsOf('Demo Editor'),
        async () => {
          // A third team with the editor shows '+1 more' in the Members tab. It is deleted after
          // the panel: the Pro plan's three teams would leave no room for Create Team's panel.
          const team = (await apiCall(page, run.server.url, API.teams.root, {
            name: 'Sound Stage',
            aws_region: 'eu-west-1',
            user_emails: [DEMO_EDITOR.email],
            user_db_ids: [],
          })) as { team_db_id: string };
          await settings();
          await page.getByRole('tab', { name: UI.tabMembers }).click();
          await page
            .getByRole('row', { name: /Demo Editor/ })
            .getByRole('button', { name: UI.moreTeams(1) })
            .click();
          return async () => {
            const res = await page.request.delete(url(API.teams.root), {
              headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
              data: { team_id: team.team_db_id, name: 'Sound Stage' },
            });
            expect(res.ok(), await res.text()).toBe(true);
          };
        },
      ],
      billingDetails: [
        UI.billingDetails,
        async () => {
          await settings();
          await page.getByText(UI.billingDetails, { exact: true }).first().click();
        },
      ],
      integrationList: [UI.applications, integrations],
      webhooks: [
        WEBHOOK_TEXT.title,
        () => settings().then(() => page.getByText(WEBHOOK_TEXT.cardText).click()),
      ],
      bucketIntegrations: application(INTEGRATION_TEXT.amazonS3),
      sprinklr: application(INTEGRATION_TEXT.sprinklr),
      exportToBucket: fromRow(INTEGRATION_TEXT.exportToBucket, INTEGRATION_TEXT.exportToBucket),
      shareToIntegration: fromRow(SPRINKLR_TEXT.shareToSprinklr, SPRINKLR_TEXT.shareToSprinklr),
      projectCollaborators: [UI.collaborators, collaborators],
      collaboratorPermissions: editorPermissions(
        UI.collaboratorPermissionsTitle,
        collaborators,
        UI.collaborators,
      ),
      manageProject: fromHeader(UI.manageProject, UI.manageProject),
      assetMetadata: fromRow(UI.metadataTitle, UI.metadata),
      projectChat: [UI.projectChat, projectChat],
      projectHelp: [
        UI.projectHelp,
        async () => {
          await projectChat();
          await inPanel(UI.projectChat).getByRole('button', { name: UI.projectHelp }).click();
        },
      ],
      notifications: [
        UI.notifications,
        async () => {
          await go('/', tray(page, UI.trayMyProjects));
          await page
            .getByRole('button', { name: new RegExp(`^(${UI.notifications}|${UI.newNotifications})$`) })
            .click();
        },
      ],
      projectBrief: fromHeader(UI.projectBrief, UI.brief),
      taskList: fromHeader(UI.tasks, UI.tasks),
      taskForm: [
        UI.createTask,
        async () => {
          await projectPage();
          await button(UI.tasks).click();
          await inPanel(UI.tasks).getByRole('button', { name: UI.createTask }).click();
        },
      ],
      taskDetail: fromTask(UI.taskDetails, UI.taskDetails),
      taskChat: fromTask(UI.taskChat, UI.chat),
      transferTask: fromTask(UI.transferTask, UI.transferTask, 'Other'),
      requestApproval: fromRow(UI.requestApproval, UI.requestApproval),
      requestReview: fromRow(UI.requestReview, UI.requestReview),
      aiAssistant: fromHeader(AI_TEXT.panelTitle, AI_TEXT.openButton),
      cloudSession: fromHeader(CLOUD_TEXT.panelTitle, CLOUD_TEXT.openButton),
      liveCollaboration: [
        LIVE_TEXT.panelTitle,
        async () => {
          await projectPage();
          await page.getByTestId('live-open').click();
        },
      ],
      shareAsset: fromRow(UI.shareAsset, UI.shareAsset),
      subscriptionPlans: fromSubscription(SUB_TEXT.subscriptionUpgrade, SUB_TEXT.upgradePlan),
      planDetails: fromSubscription(SUB_TEXT.planDetails, SUB_TEXT.planDetails),
      renewalDetails: fromSubscription(SUB_TEXT.renewSubscription, SUB_TEXT.renew),
      storageDetails: fromSubscription(SUB_TEXT.storageDetails, SUB_TEXT.storageDetails),
      addStorage: fromSubscription(SUB_TEXT.addStorage, SUB_TEXT.addStorage),
      addCredits: fromSubscription(PAYMENT_TEXT.addCreditsTitle, PAYMENT_TEXT.addCreditsTitle),
    };
  }

  it('the layout check itself finds crossed, off-screen and cut controls, and a too-tall list', async () => {
    const probe = await (await run.browser.newContext(contextOptions)).newPage();
    await probe.setViewportSize({ width: 375, height: 740 });
    await probe.setContent(`
      <html style="font-size: 10px"><body style="margin: 0">
        <button style="position: absolute; left: 10px; top: 10px; width: 100px">Save</button>
        <button style="position: absolute; left: 60px; top: 15px; width: 100px">Cancel</button>
        <a href="#x" style="position: absolute; left: 340px; top: 100px; width: 80px; display: block">Far</a>
        <div style="position: absolute; top: 200px; width: 100px; overflow: hidden">
          <button style="width: 160px">Clipped</button>
        </div>
        <div style="position: absolute; top: 300px; max-height: 40rem; overflow-y: auto">list</div>
        <div style="position: absolute; top: 400px; height: 40px; overflow-y: auto">
          <div style="height: 100px"></div><button>Scrolled away</button>
        </div>
        <input style="position: absolute; top: 500px; left: 10px; width: 200px; height: 30px" />
        <button style="position: absolute; top: 505px; left: 180px; width: 20px; height: 20px">x</button>
      </body></html>`);
    const problems = await controlProblems(probe, null);
    expect(problems.some((p) => /"Save" overlaps button "Cancel"/.test(p))).toBe(true);
    expect(problems.some((p) => /"Far" runs off-screen/.test(p))).toBe(true);
    expect(problems.some((p) => /"Clipped" is cut/.test(p))).toBe(true);
    // a control scrolled out of its list, and an input's own button inside its box, are fine
    expect(problems.some((p) => /Scrolled away|"x"/.test(p))).toBe(false);
    expect(await horizontalScroll(probe)).not.toEqual([]);
    expect((await cappedLists(probe, null)).map((l) => l.cap)).toEqual([400]);
    await probe.context().close();
  });

  it('asset selection: select item, remove item, select all, reset (spec 002 §9, 000 §2)', async () => {
    await page.setViewportSize(contextOptions.viewport);
    await projectPage();
    const toolbar = page.getByRole('toolbar', { name: UI.selectionToolbar });
    const box = (title: string) => page.getByRole('checkbox', { name: UI.selectAsset(title) });
    const files = [CLIP, 'Colour reference.png', 'Score sketch.m4a'];
    const checked = () => Promise.all(files.map((f) => box(f).isChecked()));
    // select item
    await box(CLIP).check();
    await shown(toolbar.getByText(UI.selectedCount(1)));
    await box('Score sketch.m4a').check();
    await shown(toolbar.getByText(UI.selectedCount(2)));
    // remove item: only that one leaves the selection
    await box(CLIP).uncheck();
    await shown(toolbar.getByText(UI.selectedCount(1)));
    expect(await checked()).toEqual([false, false, true]);
    // select all: the 'Asset Name' box, half-ticked while some are chosen
    const all = page.getByRole('checkbox', { name: UI.assetName });
    expect(await all.evaluate((i: HTMLInputElement) => i.indeterminate)).toBe(true);
    await all.check();
    await shown(toolbar.getByText(UI.selectedCount(3)));
    expect(await checked()).toEqual([true, true, true]);
    await shot(page, 1280, 'selection-all');
    // reset: the toolbar's clear button empties it
    await toolbar.getByRole('button', { name: UI.clearSelection }).click();
    await gone(toolbar);
    expect(await checked()).toEqual([false, false, false]);
    // unticking 'Asset Name' resets too
    await all.check();
    await shown(toolbar.getByText(UI.selectedCount(3)));
    await all.uncheck();
    await gone(toolbar);
    expect(await checked()).toEqual([false, false, false]);
  });

  it('the policy viewer is 17rem (170 px at the 10px root) tall (spec 002 §9)', async () => {
    await page.setViewportSize(contextOptions.viewport);
    const panel = inPanel(INTEGRATION_TEXT.amazonS3);
    await go('/settings', page.getByText(UI.createTeamDescription));
    await page.getByText(UI.appIntegration, { exact: true }).click();
    await inPanel(UI.applications).getByText(INTEGRATION_TEXT.amazonS3, { exact: true }).click();
    await panel.getByRole('button', { name: INTEGRATION_TEXT.newIntegration }).click();
    const viewer = panel.locator(`.mantine-ScrollArea-root[aria-label="${INTEGRATION_TEXT.trustPolicy}"]`);
    await shown(viewer);
    await shown(viewer.getByText(/sts:AssumeRole/));
    expect(await viewer.evaluate((el) => el.getBoundingClientRect().height)).toBeCloseTo(170, 0);
    // the root is 10px, so 17rem is 170 px whatever Mantine's scale does to its own sizes
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('10px');
    await shot(page, 1280, 'policy-viewer');
    await page.keyboard.press('Escape');
  });

  it('lists are capped at 20–30rem: the home trays, the guide contents, the task chat (spec 000 §9)', async () => {
    await page.setViewportSize(contextOptions.viewport);
    await go('/', tray(page, UI.trayMyProjects));
    const caps = async () => (await cappedLists(page, null)).map((l) => l.cap);
    const home = await caps();
    expect(home.length).toBeGreaterThan(0);
    expect(
      home.filter((cap) => cap < 200 || cap > 300),
      `home list caps ${home.join(', ')}`,
    ).toEqual([]);
    // the guide's contents: 20rem above the text under 1024 px, 30rem beside it from 1024 px
    await go('/user-guide', page.getByRole('heading', { name: 'Getting started' }));
    const contents = page.getByRole('navigation', { name: SHELL_UI.guideContents });
    const capOf = (l: Locator) => l.evaluate((el) => parseFloat(getComputedStyle(el).maxHeight));
    expect(await capOf(contents)).toBe(300);
    await page.setViewportSize({ width: 768, height: 900 });
    expect(await capOf(contents)).toBe(200);
    await page.setViewportSize(contextOptions.viewport);
    // the task chat's log: 20rem to 30rem
    await panels().taskChat[1]();
    const log = page.locator('.mantine-Drawer-content[data-panel="taskChat"] [style*="max-height"]').first();
    await shown(log);
    expect(
      await log.evaluate((el) => [getComputedStyle(el).minHeight, getComputedStyle(el).maxHeight]),
    ).toEqual(['200px', '300px']);
    await page.keyboard.press('Escape');
  });

  /**
   * Each page and panel is opened once, at the narrowest width (a phone's fresh load), then the window
   * is widened through the other widths and checked at each, as a person resizing it would: a layout
   * that only reads the width when it mounts shows here too. Opening each of them four times cost the
   * sweep three quarters of its time.
   */
  const viewport = (width: number) => ({ width, height: width < 768 ? 740 : 900 });
  const resized = async (width: number) => {
    await page.setViewportSize(viewport(width));
    // the media-query listeners re-render on the next frames
    await page.evaluate(
      () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
    );
  };

  it(`every logged-in page at ${WIDTHS.join(', ')} px`, async () => {
    const problems: string[] = [];
    for (const [name, [path, ready]] of Object.entries(pages())) {
      try {
        await page.setViewportSize(viewport(WIDTHS[0]));
        await page.goto(url(path));
        await ready();
      } catch (err) {
        problems.push(`${name} page: ${(err as Error).message.split('\n')[0]}`);
        continue;
      }
      for (const width of WIDTHS) {
        const where = `${name} page at ${width}`;
        try {
          await resized(width);
          await quiet(page, 'body');
          await shot(page, width, `page-${name}`);
          problems.push(...(await layoutProblems(page, null, where)));
        } catch (err) {
          problems.push(`${where}: ${(err as Error).message.split('\n')[0]}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it(`every side panel at ${WIDTHS.join(', ')} px`, async () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const [type, [title, open]] of Object.entries(panels())) {
      const content = `.mantine-Drawer-content[data-panel="${type}"]`;
      let cleanUp: void | (() => Promise<void>);
      try {
        await page.setViewportSize(viewport(WIDTHS[0]));
        cleanUp = await open();
        await shown(inPanel(title));
        await shown(page.locator(content));
        seen.add(type);
        for (const width of WIDTHS) {
          const where = `${type} panel at ${width}`;
          await resized(width);
          await quiet(page, content);
          // the panel is fixed to the viewport: the screen as a person sees it
          await shot(page, width, `panel-${type}`, false);
          problems.push(...(await layoutProblems(page, content, where)));
          const box = await page.locator(content).boundingBox();
          // Under 768 px a side panel is a full-screen sheet.
          if (box && width < 768 && Math.round(box.width) !== width)
            problems.push(`${where}: a ${Math.round(box.width)}px sheet, not full-screen`);
        }
      } catch (err) {
        problems.push(`${type} panel: ${(err as Error).message.split('\n')[0]}`);
        await shot(page, page.viewportSize()?.width ?? 0, `failed-panel-${type}`, false);
      }
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await page
        .locator(content)
        .waitFor({ state: 'detached', timeout: 5000 })
        .catch(() => undefined);
      await cleanUp?.();
    }
    expect(problems).toEqual([]);
    expect([...seen].sort()).toEqual(registeredPanelTypes());
  }, 900_000);
});
