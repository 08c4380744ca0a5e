import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import {
  API,
  API_TYPE,
  API_VERSION,
  REVIEW_PLAYLIST_TEXT as T,
  type ReviewAnswer,
  type ShareAnswer,
} from '@rushes/shared';
import { shareLinks, teams } from '../apps/server/src/db/schema/index.ts';
import { sha256 } from '../apps/server/src/platform/auth/secrets.ts';
import { resolveMediaTool } from '../apps/server/src/platform/media/binaries.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import { apiCall, visible } from './projectSteps.ts';
import { serverAndBrowser } from './server.ts';

const FLOW = 'review-playlist';
const FILES = ['playlist-1.mp4', 'playlist-2.mp4', 'playlist-3.mp4'];
const VIEWER = `viewer-${Date.now()}@example.com`;

const run = serverAndBrowser(startInProcessServer);

/** Three 1 s clips of different colours. */
function clips(): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rushes-playlist-'));
  return FILES.map((name, i) => {
    const file = path.join(dir, name);
    execFileSync(resolveMediaTool('ffmpeg').path, [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc=duration=1:size=320x180:rate=25,hue=h=${i * 120}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file,
    ]); // prettier-ignore
    return file;
  });
}

/** One file through the upload protocol the browser speaks: start, PUT the part, complete. */
async function uploadByApi(page: Page, projectDbId: string, file: string): Promise<string> {
  const bytes = readFileSync(file);
  const filename = path.basename(file);
  const started = (await apiCall(page, run.server.url, API.uploads.root, {
    project_db_id: projectDbId,
    data: {
      upload_status: 'started',
      file_info: { filename, folder_path: '/', extension: 'mp4', size: bytes.length, mime_type: 'video/mp4' },
    },
  })) as { upload_id: string; parts: { PartNumber: number; url: string }[] };
  const put = await page.request.put(new URL(started.parts[0].url, run.server.url).toString(), {
    data: bytes,
  });
  expect(put.ok()).toBe(true);
  const res = await page.request.post(`${run.server.url}${API.uploads.complete}`, {
    headers: { 'API-Type': API_TYPE, 'API-Version': API_VERSION },
    data: {
      project_db_id: projectDbId,
      upload_id: started.upload_id,
      folder_path: '/',
      parts: [{ PartNumber: 1, ETag: put.headers()['etag'] }],
    },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { ingest_db_id: string } }).data.ingest_db_id;
}

const playlist = (page: Page) => page.getByRole('navigation', { name: T.playlist });
const entry = (page: Page, title: string) => playlist(page).getByRole('button', { name: title });
const current = (page: Page) => playlist(page).locator('[aria-current="true"]');
/** The review page's video: its source, whether it plays, where it is. */
const video = (page: Page) =>
  page
    .locator('video')
    .first()
    .evaluate((v: HTMLVideoElement) => ({ src: v.currentSrc, paused: v.paused, t: v.currentTime }));

describe.skipIf(!e2eAvailable)(
  'a link holding three files plays as a playlist; a watermarked one asks the e-mail',
  () => {
    const contexts: BrowserContext[] = [];
    const fresh = async () => {
      const context = await run.browser.newContext(contextOptions);
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      return page;
    };
    afterAll(async () => {
      for (const c of contexts) await c.close();
    });

    it('opened logged out: three files, the first plays to its end and the second starts, the third on a click', async () => {
      const member = await fresh();
      await logIn(member, run.server.url, DEMO_PRODUCER);
      const [team] = await run.server.db.select().from(teams).where(eq(teams.name, 'Demo Studio'));
      const made = await apiCall(member, run.server.url, API.projects.root, {
        team_db_id: team.id,
        title: `Playlist Reel ${Date.now() % 10_000}`,
      });
      const projectDbId = made.project_db_id as string;
      const ids: string[] = [];
      for (const file of clips()) ids.push(await uploadByApi(member, projectDbId, file));
      const shared = (await apiCall(member, run.server.url, API.shares.root, {
        project_db_id: projectDbId,
        ingest_db_id: ids[0],
        ingest_db_ids: ids,
        as_one_link: true,
      })) as ShareAnswer;
      expect(shared.links).toHaveLength(1);
      const url = `${run.server.url}${shared.links[0].url}`;
      const token = new URL(url).searchParams.get('shared_link')!;
      // the media jobs have probed the three (durations in the playlist)
      await expect
        .poll(
          async () => {
            const res = await member.request.get(
              `${run.server.url}${API.review.root}?shared_link=${token}&again=1`,
            );
            const answer = ((await res.json()) as { data: ReviewAnswer }).data;
            return answer.state === 'open' && answer.items.every((i) => i.duration !== null && i.thumbnail);
          },
          { timeout: 30_000 },
        )
        .toBe(true);

      const guest = await fresh();
      await guest.goto(url);
      await visible(playlist(guest));
      await expect.poll(() => playlist(guest).getByRole('listitem').count()).toBe(3);
      await expect.poll(() => current(guest).textContent()).toContain(FILES[0]);
      await visible(playlist(guest).getByText(T.position(1, 3)));
      await shot(guest, FLOW, '01-playlist');

      // play the first (a click gives the page the user activation autoplay needs) to its end
      await guest.locator('video').first().click();
      await expect.poll(() => current(guest).textContent(), { timeout: 10_000 }).toContain(FILES[1]);
      expect(new URL(guest.url()).searchParams.get('ingest_db_id')).toBe(ids[1]);
      await expect
        .poll(async () => {
          const v = await video(guest);
          return v.src.includes(ids[1]) && !v.paused && v.t > 0;
        })
        .toBe(true);
      await shot(guest, FLOW, '02-second-autoplays');

      await entry(guest, FILES[2]).click();
      await expect.poll(() => current(guest).textContent()).toContain(FILES[2]);
      await expect.poll(async () => (await video(guest)).src.includes(ids[2])).toBe(true);
      await visible(playlist(guest).getByText(T.position(3, 3)));
      await expect.poll(() => playlist(guest).getByRole('button', { name: T.next }).isDisabled()).toBe(true);
      await playlist(guest).getByRole('button', { name: T.previous }).click();
      await expect.poll(() => current(guest).textContent()).toContain(FILES[1]);
      await shot(guest, FLOW, '03-picked');

      // the same link watermarked: a new viewer gives an e-mail, waits for their copy, then it plays
      await run.server.db
        .update(shareLinks)
        .set({ watermark: true })
        .where(eq(shareLinks.tokenHash, sha256(token)));
      const viewer = await fresh();
      await viewer.goto(url);
      const form = viewer.getByRole('form', { name: T.emailTitle });
      await visible(form);
      await expect.poll(() => viewer.locator('video').count()).toBe(0);
      await shot(viewer, FLOW, '04-email-asked');
      await form.getByLabel(T.emailLabel).fill(VIEWER);
      await form.getByRole('button', { name: T.continue }).click();
      await expect
        .poll(
          async () =>
            (await viewer.locator('video').count()) > 0 && (await video(viewer)).src.includes('&v='),
          {
            timeout: 30_000,
          },
        )
        .toBe(true);
      await visible(viewer.getByText(T.watermarkedFor(VIEWER)));
      await viewer
        .locator('video')
        .first()
        .evaluate((v: HTMLVideoElement) => {
          v.currentTime = 0.5;
        });
      await expect.poll(async () => (await video(viewer)).t).toBeGreaterThan(0.4);
      await shot(viewer, FLOW, '05-watermarked-copy');
    });
  },
);
