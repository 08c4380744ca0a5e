import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { API, APPROVAL_STATUS_LABELS, MSG, SUB_TEXT, UI, VERSIONS_TEXT } from '@rushes/shared';
import { assets, projects, teams, users } from '../apps/server/src/db/schema/index.ts';
import { recordCloudUsage } from '../apps/server/src/modules/plans/index.ts';
import { resolveMediaTool } from '../apps/server/src/platform/media/binaries.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { DEMO_EDITOR, DEMO_PRODUCER, logIn } from './people.ts';
import {
  apiCall,
  createProject,
  projectIdOfCard,
  row,
  switchTeam,
  toast,
  tray,
  visible,
} from './projectSteps.ts';
import { serverAndBrowser } from './server.ts';

/**
 * Versions in the members' player: a stacked video switches version and compares side by side and
 * overlaid (wipe, opacity), both sides playing and seeking together, each named. The iOS player has
 * the approval control with the members' player's rights. /statistics names every project of many
 * in the Project Cloud Usage chart.
 */
const FLOW = 'review-versions';
const STUDIO = 'Demo Studio';
const PROJECT = `Versions Reel ${Date.now() % 10_000}`;
const FILE = 'promo-cut.mp4';
const FILE_V2 = 'promo-cut-v2.mp4';
const [, , NEEDS_REVIEW, APPROVED] = [0, 1, 2, 3].map((c) => APPROVAL_STATUS_LABELS[c as 0]);
/** More projects than a column chart could label (it kept about one name in three). */
const MANY = 30;

const run = serverAndBrowser(startInProcessServer);

/** A 4 s 25 fps test clip. */
function clip(name: string, source: string) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'rushes-versions-')), name);
  execFileSync(resolveMediaTool('ffmpeg').path, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `${source}=duration=4:size=320x240:rate=25`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file,
  ]); // prettier-ignore
  return file;
}

/** Uploads and media jobs take longer on a loaded machine than the steps' usual wait. */
const soon = (locator: Locator) =>
  expect.poll(() => locator.first().isVisible(), { timeout: 30_000 }).toBe(true);

async function newPage(): Promise<Page> {
  const page = await (await run.browser.newContext(contextOptions)).newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Each compare video's time and paused state, left (compared with) then right (shown). */
const sides = (compare: Locator) =>
  compare
    .locator('video')
    .evaluateAll((vs: HTMLVideoElement[]) => vs.map((v) => ({ t: v.currentTime, paused: v.paused })));

describe.skipIf(!e2eAvailable)(
  'review versions: switcher and compare in the player, iOS approval, statistics',
  () => {
    let a: Page;
    let b: Page;
    let projectDbId = '';
    let rootId = '';

    beforeAll(async () => {
      a = await newPage();
    });
    afterAll(async () => {
      await b?.context().close();
    });

    it('a member uploads two cuts of a video and stacks the second onto the first', async () => {
      await logIn(a, run.server.url, DEMO_PRODUCER);
      await switchTeam(a, STUDIO);
      await createProject(a, PROJECT);
      projectDbId = await projectIdOfCard(
        tray(a, UI.trayMyProjects).getByRole('article', { name: PROJECT }),
        PROJECT,
      );
      await a.goto(`${run.server.url}/project/${projectDbId}`);
      // both files upload and process at once; the second is then stacked onto the first
      await a
        .getByTestId('upload-files-input')
        .setInputFiles([clip(FILE, 'testsrc'), clip(FILE_V2, 'smptebars')]);
      await soon(row(a, FILE));
      await soon(row(a, FILE_V2));
      const idOf = async (title: string) =>
        (await run.server.db.select().from(assets).where(eq(assets.title, title)))[0].id;
      rootId = await idOf(FILE);
      await apiCall(a, run.server.url, API.shares.versions, {
        ingest_db_id: rootId,
        version_ingest_db_id: await idOf(FILE_V2),
      });
      // the folder keeps one row for the stack, under the newest version's name with its number
      await expect.poll(() => row(a, FILE).count()).toBe(0);
      await soon(row(a, FILE_V2).getByText(UI.versionLabel(2), { exact: true }));
    });

    it('the player opens v2 with the switcher; v1 is one click away', async () => {
      await a.goto(`${run.server.url}/player/${rootId}`);
      await soon(a.getByRole('heading', { name: FILE_V2 }));
      const switcher = a.getByRole('radiogroup', { name: UI.versions });
      await visible(switcher);
      const main = a.locator('video').first();
      await expect
        .poll(() => main.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(2);
      await shot(a, FLOW, '01-player-v2-switcher');
      await switcher.getByText(UI.versionLabel(1), { exact: true }).click();
      await visible(a.getByRole('heading', { name: FILE }));
      expect(new URL(a.url()).searchParams.get('version')).toBe(rootId);
      await shot(a, FLOW, '02-player-v1');
      await switcher.getByText(UI.versionLabel(2), { exact: true }).click();
      await visible(a.getByRole('heading', { name: FILE_V2 }));
    });

    it('compare side by side: both named, they play, pause and seek together', async () => {
      await a.getByRole('button', { name: UI.compareVersions }).click();
      const compare = a.getByRole('region', { name: UI.compareVersions });
      await expect.poll(() => compare.locator('video').count()).toBe(2);
      await visible(compare.getByLabel(VERSIONS_TEXT.versionNamed(UI.versionLabel(1), FILE)));
      await visible(compare.getByLabel(VERSIONS_TEXT.versionNamed(UI.versionLabel(2), FILE_V2)));
      await visible(compare.getByText(UI.versionLabel(1), { exact: true }));
      await visible(compare.getByText(UI.versionLabel(2), { exact: true }));
      await expect
        .poll(() =>
          compare.locator('video').evaluateAll((vs: HTMLVideoElement[]) => vs.map((v) => v.readyState)),
        )
        .toEqual([4, 4]);
      const [left, right] = await compare.locator('video').all();
      const [lb, rb] = [(await left.boundingBox())!, (await right.boundingBox())!];
      expect(rb.x).toBeGreaterThan(lb.x + lb.width - 1);

      await compare.getByRole('button', { name: VERSIONS_TEXT.playBoth }).click();
      await expect.poll(async () => (await sides(compare)).every((s) => !s.paused && s.t > 0.5)).toBe(true);
      await compare.getByRole('button', { name: VERSIONS_TEXT.pauseBoth }).click();
      await expect.poll(async () => (await sides(compare)).every((s) => s.paused)).toBe(true);
      const [l1, r1] = await sides(compare);
      expect(Math.abs(l1.t - r1.t)).toBeLessThan(0.05);

      // a click in the middle of the position slider puts both on the clip's middle
      const bar = compare.getByRole('slider', { name: VERSIONS_TEXT.comparePosition });
      const box = (await bar.locator('xpath=..').boundingBox())!;
      await a.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect
        .poll(async () => {
          const [l, r] = await sides(compare);
          return Math.abs(r.t - 2) < 0.4 && Math.abs(l.t - r.t) < 0.05;
        })
        .toBe(true);
      await shot(a, FLOW, '03-compare-side-by-side');
    });

    it('compare overlaid: a wipe, then an opacity blend, set with the slider; still in step', async () => {
      const compare = a.getByRole('region', { name: UI.compareVersions });
      await compare.getByText(VERSIONS_TEXT.overlay, { exact: true }).click();
      await expect
        .poll(() => compare.locator('[data-compare-mode]').getAttribute('data-compare-mode'))
        .toBe('overlay');
      const [left, right] = await compare.locator('video').all();
      const [lb, rb] = [(await left.boundingBox())!, (await right.boundingBox())!];
      expect(Math.abs(lb.x - rb.x) + Math.abs(lb.y - rb.y)).toBeLessThan(1);
      // the two named on their own corners
      const tags = compare.getByText(UI.versionLabel(1), { exact: true });
      await visible(tags);
      const wipe = compare.getByRole('slider', { name: VERSIONS_TEXT.wipePosition(UI.versionLabel(1)) });
      await wipe.focus();
      for (let i = 0; i < 20; i++) await a.keyboard.press('ArrowLeft');
      const top = left.locator('xpath=..');
      await expect.poll(() => top.evaluate((el) => el.style.clipPath)).toBe('inset(0px 70% 0px 0px)');
      // or dragged by its handle on the picture
      const handle = compare.getByTestId('wipe-handle');
      const hb = (await handle.boundingBox())!;
      await a.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
      await a.mouse.down();
      await a.mouse.move(lb.x + lb.width * 0.8, hb.y + hb.height / 2, { steps: 4 });
      await a.mouse.up();
      await expect.poll(() => top.evaluate((el) => el.style.clipPath)).toBe('inset(0px 20% 0px 0px)');
      await shot(a, FLOW, '04-compare-wipe');

      await compare.getByText(VERSIONS_TEXT.opacity, { exact: true }).click();
      const blend = compare.getByRole('slider', { name: VERSIONS_TEXT.opacityOf(UI.versionLabel(1)) });
      await blend.focus();
      await a.keyboard.press('End');
      await expect.poll(() => top.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      for (let i = 0; i < 40; i++) await a.keyboard.press('ArrowLeft');
      await expect.poll(() => top.evaluate((el) => getComputedStyle(el).opacity)).toBe('0.6');

      await compare.getByRole('button', { name: VERSIONS_TEXT.playBoth }).click();
      await expect.poll(async () => (await sides(compare)).every((s) => !s.paused)).toBe(true);
      await compare.getByRole('button', { name: VERSIONS_TEXT.pauseBoth }).click();
      await expect.poll(async () => (await sides(compare)).every((s) => s.paused)).toBe(true);
      const [l, r] = await sides(compare);
      expect(Math.abs(l.t - r.t)).toBeLessThan(0.05);
      await shot(a, FLOW, '05-compare-opacity');
    });

    it('the iOS player shows the approval control: the asker sees the status, the person asked decides', async () => {
      const [editor] = await run.server.db.select().from(users).where(eq(users.email, DEMO_EDITOR.email));
      await apiCall(a, run.server.url, API.projects.collaborators, {
        project_db_id: projectDbId,
        invited_collaborators: [DEMO_EDITOR.email],
        role: 'collaborator',
      });
      await apiCall(a, run.server.url, API.approvals.root, {
        ingest_db_id: rootId,
        user_ids: [editor.id],
        task_type: 'task_approval',
        comment: 'Approve the new cut',
      });
      await a.goto(`${run.server.url}/ios-player/?id=${rootId}`);
      const mine = a.getByRole('region', { name: UI.approvalStatus });
      await visible(mine.getByText(NEEDS_REVIEW));
      expect(await mine.getByRole('group', { name: UI.approvalStatus }).count()).toBe(0);

      b = await newPage();
      await logIn(b, run.server.url, DEMO_EDITOR);
      await switchTeam(b, STUDIO);
      await b.goto(`${run.server.url}/ios-player/?id=${rootId}`);
      await visible(b.getByTestId('ios-video'));
      const decide = b
        .getByRole('region', { name: UI.approvalStatus })
        .getByRole('group', { name: UI.approvalStatus });
      await visible(decide);
      await shot(b, FLOW, '06-ios-player-approval');
      await decide.getByRole('button', { name: APPROVED }).click();
      await toast(b, MSG.approvalStatusUpdated);
      // the asker's open page follows from the project room
      await visible(mine.getByText(APPROVED));
    });

    it('/statistics: with many projects every one keeps its label in Project Cloud Usage', async () => {
      const db = run.server.db;
      const [team] = await db.select().from(teams).where(eq(teams.name, STUDIO));
      const [me] = await db.select().from(users).where(eq(users.email, DEMO_PRODUCER.email));
      const start = new Date(Date.now() - 86_400_000);
      const titles: string[] = [];
      for (let i = 0; i < MANY; i++) {
        const title =
          i % 3 === 0
            ? `Monsoon Wedding Highlights Reception Day ${i}`
            : i % 3 === 1
              ? `Monsoon Wedding Highlights Day ${i}`
              : `Spot ${i}`;
        titles.push(title);
        const [made] = await db
          .insert(projects)
          .values({ projectCode: `e2e-usage-${i}-${team.id}`, teamId: team.id, title, createdBy: me.id })
          .returning();
        await recordCloudUsage(db, {
          teamId: team.id,
          projectId: made.id,
          userId: null,
          hardware: 'GPU',
          startedAt: start,
          endedAt: new Date(start.getTime() + (i + 1) * 600_000),
          psc: (i + 1) * 20,
        });
      }
      await a.goto(`${run.server.url}/statistics`);
      const card = a.getByTestId(`chart-${SUB_TEXT.projectCloudUsage}`);
      const ticks = card.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
      // the charts' chunk loads, then the axis is laid out once the chart has measured its box
      await card.locator('.recharts-surface').first().waitFor({ timeout: 30_000 });
      await expect.poll(() => ticks.count(), { timeout: 15_000 }).toBe(MANY);
      const labels = await ticks.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return {
            text: [...el.querySelectorAll('tspan')].map((t) => t.textContent).join(' '),
            top: r.top,
            bottom: r.bottom,
          };
        }),
      );
      // a name is whole (on one or two lines), or keeps its start and its end around '…'
      for (const title of titles)
        expect(
          labels.some((l) => {
            const [head, tail] = l.text.split('…');
            return l.text === title || (tail !== undefined && title.startsWith(head) && title.endsWith(tail));
          }),
        ).toBe(true);
      // one row each: no label lies over the next
      const byTop = [...labels].sort((x, y) => x.top - y.top);
      for (let i = 1; i < byTop.length; i++) expect(byTop[i].top).toBeGreaterThanOrEqual(byTop[i - 1].bottom);
      // a cut name is whole in its row's tooltip
      const at = labels.findIndex((l) => l.text.includes('…'));
      const [head, tail] = labels[at].text.split('…');
      const cut = titles.find((t) => t.startsWith(head) && t.endsWith(tail))!;
      const tick = ticks.nth(at);
      await tick.scrollIntoViewIfNeeded();
      const tb = (await tick.boundingBox())!;
      const plot = (await card.locator('.recharts-cartesian-grid').boundingBox())!;
      await a.mouse.move(plot.x + plot.width / 2, tb.y + tb.height / 2);
      await visible(card.locator('.recharts-tooltip-wrapper').getByText(cut, { exact: true }));
      await shot(a, FLOW, '08-statistics-row-tooltip');
      const figures = card.getByTestId('project-cloud-usage-figures');
      for (const title of titles) await visible(figures.getByText(new RegExp(`^${title}: `)));
      await card.scrollIntoViewIfNeeded();
      await shot(a, FLOW, '07-statistics-many-projects');
    });
  },
);
