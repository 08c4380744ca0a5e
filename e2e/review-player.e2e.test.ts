import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { PLAYER_TEXT, UI } from '@rushes/shared';
import { assets } from '../apps/server/src/db/schema/index.ts';
import { resolveMediaTool } from '../apps/server/src/platform/media/binaries.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { serverAndBrowser } from './server.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import { createProject, projectIdOfCard, row, switchTeam, tray, visible } from './projectSteps.ts';

const FLOW = 'review-player';
const FILE = 'ntsc-cut.mp4';
const NTSC = 30000 / 1001;
const run = serverAndBrowser(startInProcessServer);

/**
 * A 61 s clip at 29.97 fps (30000/1001), small and with a keyframe a second so seeks are quick:
 * long enough for frame 1800, the first drop-frame label 00:01:00;02.
 */
function ntscClip() {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'rushes-player-')), FILE);
  execFileSync(resolveMediaTool('ffmpeg').path, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=duration=61:size=320x180:rate=30000/1001',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-pix_fmt', 'yuv420p',
    '-movflags', '+faststart', file,
  ]); // prettier-ignore
  return file;
}

const soon = (locator: Locator) =>
  expect.poll(() => locator.first().isVisible(), { timeout: 30_000 }).toBe(true);
const media = <T>(page: Page, read: (v: HTMLVideoElement) => T) =>
  page.locator('video').first().evaluate(read);
const timeShown = (page: Page) => page.getByLabel(UI.currentTimecode).textContent();
/** Seeks to a frame as the keys do (inside the frame) and waits for the display to show it. */
async function seek(page: Page, frame: number, shown: string) {
  await page
    .locator('video')
    .first()
    .evaluate((v: HTMLVideoElement, f: number) => {
      v.pause();
      v.currentTime = (f + 0.5) / (30000 / 1001);
    }, frame);
  await expect.poll(() => timeShown(page)).toBe(shown);
}

describe.skipIf(!e2eAvailable)(
  'review player: speed, volume, fullscreen, in/out range comments, time display',
  () => {
    let a: Page;
    let assetId = '';

    beforeAll(async () => {
      a = await (await run.browser.newContext(contextOptions)).newPage();
      a.setDefaultTimeout(15_000);
    });
    afterAll(async () => {
      await a?.context().close();
    });

    it('a member opens a 29.97 fps video in the player: the time display is drop-frame', async () => {
      await logIn(a, run.server.url, DEMO_PRODUCER);
      await switchTeam(a, 'Demo Studio');
      const project = `Player ${Date.now() % 10_000}`;
      await createProject(a, project);
      const card = tray(a, UI.trayMyProjects).getByRole('article', { name: project });
      await visible(card);
      await a.goto(`${run.server.url}/project/${await projectIdOfCard(card, project)}`);
      await a.getByTestId('upload-files-input').setInputFiles(ntscClip());
      await soon(row(a, FILE));
      assetId = (await run.server.db.select().from(assets).where(eq(assets.title, FILE)))[0].id;
      // every media job done (the sprite is the last): a later one changes the play URL, a new <video>
      const stored = async () => (await run.server.db.select().from(assets).where(eq(assets.id, assetId)))[0];
      await expect.poll(async () => (await stored()).spriteKey !== null, { timeout: 30_000 }).toBe(true);
      expect((await stored()).frameRate).toBeCloseTo(NTSC, 2);
      await a.goto(`${run.server.url}/player/${assetId}`);
      await expect.poll(() => media(a, (v) => v.readyState), { timeout: 20_000 }).toBeGreaterThan(0);
      await seek(a, 1800, '00:01:00;02');
      await shot(a, FLOW, '01-drop-frame-timecode');
    });

    it('speed from the menu and by L; volume from the slider and M; both remembered after a reload', async () => {
      await a.getByRole('button', { name: PLAYER_TEXT.speed }).click();
      await a.getByRole('menuitem', { name: PLAYER_TEXT.speedLabel(2) }).click();
      await expect.poll(() => media(a, (v) => v.playbackRate)).toBe(2);
      await shot(a, FLOW, '02-speed-2x');
      // L plays at 1×, then each L the next speed; K pauses (from the start: 60 s ends within a second)
      await seek(a, 0, '00:00:00;00');
      await a.locator('body').press('l');
      await expect.poll(() => media(a, (v) => !v.paused && v.playbackRate === 1)).toBe(true);
      await a.locator('body').press('l');
      await expect.poll(() => media(a, (v) => v.playbackRate)).toBe(1.5);
      await a.locator('body').press('k');
      await expect.poll(() => media(a, (v) => v.paused)).toBe(true);

      const slider = a.getByRole('slider', { name: PLAYER_TEXT.volume });
      await slider.focus();
      for (let i = 0; i < 4; i++) await slider.press('ArrowLeft');
      await expect.poll(() => media(a, (v) => v.volume)).toBeCloseTo(0.8, 5);
      await a.locator('body').press('m');
      await expect.poll(() => media(a, (v) => v.muted)).toBe(true);
      await visible(a.getByRole('button', { name: PLAYER_TEXT.unmute }));
      await a.getByRole('button', { name: PLAYER_TEXT.unmute }).click();
      await expect.poll(() => media(a, (v) => v.muted)).toBe(false);

      // frames, then seconds, then timecode again; the last choice stays after a reload
      await seek(a, 30, '00:00:01;00');
      await a.getByLabel(UI.currentTimecode).click();
      await a.getByRole('menuitem', { name: PLAYER_TEXT.timeModes.frames }).click();
      await expect.poll(() => timeShown(a)).toBe('30');
      await a.getByLabel(UI.currentTimecode).click();
      await a.getByRole('menuitem', { name: PLAYER_TEXT.timeModes.seconds }).click();
      await expect.poll(() => timeShown(a)).toBe('1.001 s');
      await shot(a, FLOW, '03-seconds-volume');
      await a.reload();
      await expect.poll(() => media(a, (v) => v.readyState), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(() => media(a, (v) => [v.volume, v.muted])).toEqual([0.8, false]);
      await expect.poll(() => timeShown(a)).toBe('0.000 s');
      await a.getByLabel(UI.currentTimecode).click();
      await a.getByRole('menuitem', { name: PLAYER_TEXT.timeModes.timecode }).click();
      await expect.poll(() => timeShown(a)).toBe('00:00:00;00');
    });

    it('F and the button put the player area (picture and controls) fullscreen and back', async () => {
      await a.locator('body').press('f');
      await expect
        .poll(() => a.evaluate(() => !!document.fullscreenElement?.querySelector('video')))
        .toBe(true);
      await visible(a.getByRole('button', { name: PLAYER_TEXT.exitFullscreen }));
      await shot(a, FLOW, '04-fullscreen');
      await a.getByRole('button', { name: PLAYER_TEXT.exitFullscreen }).click();
      await expect.poll(() => a.evaluate(() => document.fullscreenElement)).toBe(null);
    });

    it('I and O set a range on the scrub bar; a comment written then is a range comment, a bar and a range in the list', async () => {
      await seek(a, 30, '00:00:01;00');
      await a.locator('body').press('i');
      await seek(a, 90, '00:00:03;00');
      await a.locator('body').press('o');
      const range = PLAYER_TEXT.rangeOf('00:00:01;00', '00:00:03;00');
      await visible(a.getByRole('img', { name: `${PLAYER_TEXT.range}: ${range}` }));
      await a.getByLabel(UI.addComment).fill('Trim these two seconds');
      await shot(a, FLOW, '05a-range-set');
      await a.getByRole('button', { name: PLAYER_TEXT.commentOnRange('00:00:01;00', '00:00:03;00') }).click();
      const comment = a.getByRole('article', { name: 'Trim these two seconds' });
      await visible(comment.getByRole('button', { name: range }));
      const bar = a.getByRole('button', {
        name: `${PLAYER_TEXT.commentOnRange('00:00:01;00', '00:00:03;00')} by`,
      });
      await visible(bar);
      // posted: the range is cleared, the next comment is at a point again
      await expect.poll(() => a.getByRole('img', { name: PLAYER_TEXT.range }).count()).toBe(0);
      await shot(a, FLOW, '05-range-comment');
      await seek(a, 200, '00:00:06;20');
      await bar.click();
      await expect.poll(() => timeShown(a)).toBe('00:00:01;00');
    });

    it('with a range and loop on, playing comes back to the in point', async () => {
      await seek(a, 30, '00:00:01;00');
      await a.locator('body').press('i');
      await seek(a, 45, '00:00:01;15');
      await a.locator('body').press('o');
      await a.getByRole('button', { name: PLAYER_TEXT.loop }).click();
      await a.locator('body').press(' ');
      // the time goes back at least once, and stays within the range (one frame of slack)
      const wrapped = await a
        .locator('video')
        .first()
        .evaluate(
          (v: HTMLVideoElement) =>
            new Promise<boolean>((resolve) => {
              let last = v.currentTime;
              const check = () => {
                if (v.currentTime + 0.2 < last) return resolve(v.currentTime < 1.2);
                last = v.currentTime;
                requestAnimationFrame(check);
              };
              requestAnimationFrame(check);
              setTimeout(() => resolve(false), 5000);
            }),
        );
      expect(wrapped).toBe(true);
      await a.locator('body').press('k');
      expect(await media(a, (v) => v.currentTime < 1.6 && v.currentTime > 0.95)).toBe(true);
      await a.locator('body').press('x');
      await expect.poll(() => a.getByRole('img', { name: PLAYER_TEXT.range }).count()).toBe(0);
    });

    it('? and the button open the keyboard map listing every key', async () => {
      await a.locator('body').press('?');
      const help = a.getByRole('dialog', { name: PLAYER_TEXT.keyboardHelpTitle });
      await visible(help);
      for (const k of PLAYER_TEXT.keys) await visible(help.getByText(k.what));
      await shot(a, FLOW, '06-keyboard-help');
      await a.keyboard.press('Escape');
      await expect.poll(() => help.count()).toBe(0);
      await a.getByRole('button', { name: PLAYER_TEXT.keyboardHelp }).click();
      await visible(help);
      await a.keyboard.press('Escape');
    });
  },
);
