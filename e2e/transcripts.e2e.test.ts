// system programs: ffmpeg, espeak-ng
import { copyFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { API, MSG, TRANSCRIPT_LANGUAGES, TRANSCRIPT_TEXT, UI } from '@rushes/shared';
import {
  hasEspeak,
  makeSpeechClip,
  startTranscribeStandIn,
  type SpeechClip,
  type TranscribeStandIn,
} from '../apps/server/test/transcripts.standin.ts';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import { apiCall, createProject, row, switchTeam, toast, tray, visible } from './projectSteps.ts';
import { serverAndBrowser, startServer } from './server.ts';

const FLOW = 'transcripts';
const FILE = 'interview.mp4';
/** What espeak-ng says, one word at a time; the stand-in service hears it as SCRIPT (with punctuation). */
const SPOKEN = ['roll', 'camera', 'action', 'give', 'me', 'the', 'wide', 'shot', 'please', 'cut'];
const SCRIPT = ['Roll', 'camera,', 'action!', 'Give', 'me', 'the', 'wide', 'shot,', 'please.', 'Cut!'];
const SECOND_LINE = 'Give me the wide shot, please.';

const speech = await hasEspeak();
if (!speech && process.env.CI)
  throw new Error('the transcripts flow needs espeak-ng on CI (installed by .ci/run)');
if (!speech)
  console.warn('[transcripts flow] skipped: espeak-ng is not installed (apt-get install espeak-ng)');

let standIn: TranscribeStandIn | null = null;
const run = serverAndBrowser(async () => {
  standIn = await startTranscribeStandIn({ script: SCRIPT });
  const server = await startServer({ TRANSCRIBE_BASE_URL: standIn.url, OUTBOUND_TRUSTED_HOSTS: '127.0.0.1' });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await standIn?.close();
    },
  };
});

const soon = (locator: Locator, timeout = 30_000) =>
  expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);
const media = <T>(page: Page, read: (v: HTMLVideoElement) => T) =>
  page.locator('video').first().evaluate(read);
const speaking = (page: Page) => page.locator('[aria-current="time"]');
const transcriptTab = async (page: Page) => {
  await page.getByRole('tab', { name: TRANSCRIPT_TEXT.tab }).click();
  return page.getByRole('region', { name: TRANSCRIPT_TEXT.panelTitle });
};
/** How far (ms) the video is from a moment (the browser's function cannot see the test's variables). */
const offFrom = async (page: Page, ms: number) =>
  Math.abs((await media(page, (v) => v.currentTime)) * 1000 - ms);

describe.skipIf(!e2eAvailable || !speech)(
  'transcripts: the panel follows the clip, a word seeks, the project search finds what was said, captions',
  () => {
    let a: Page;
    let clip: SpeechClip;
    let playerUrl = '';
    let projectUrl = '';
    const placed = (word: string) => clip.placed[SPOKEN.indexOf(word)]!;

    beforeAll(async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'rushes-transcripts-'));
      clip = await makeSpeechClip({ words: SPOKEN, gapMs: 450, video: true, dir });
      copyFileSync(clip.path, path.join(dir, FILE));
      clip = { ...clip, path: path.join(dir, FILE) };
      a = await (await run.browser.newContext(contextOptions)).newPage();
      a.setDefaultTimeout(20_000);
    }, 120_000);
    afterAll(async () => {
      await a?.context().close();
    });

    it('a clip with speech is transcribed: the panel shows what was said, line by line', async () => {
      await logIn(a, run.server.url, DEMO_PRODUCER);
      await switchTeam(a, 'Demo Studio');
      const project = `Transcripts ${Date.now() % 10_000}`;
      await createProject(a, project);
      await tray(a, UI.trayMyProjects).getByRole('link', { name: project }).click();
      await visible(a.getByRole('heading', { name: project }));
      projectUrl = a.url();
      await a.getByTestId('upload-files-input').setInputFiles(clip.path);
      await soon(row(a, FILE));
      await row(a, FILE).dblclick();
      await a.waitForURL(/\/player\//);
      playerUrl = a.url();
      await a.getByRole('tab', { name: TRANSCRIPT_TEXT.tab }).click();
      const panel = a.getByRole('region', { name: TRANSCRIPT_TEXT.panelTitle });
      // the media pipeline finishes, then the job sends the audio to the stand-in service
      await soon(panel.getByRole('button', { name: 'wide', exact: true }), 90_000);
      await expect
        .poll(() => panel.getByRole('paragraph').allInnerTexts())
        .toEqual([
          expect.stringContaining('Roll camera, action!'),
          expect.stringContaining(SECOND_LINE),
          expect.stringContaining('Cut!'),
        ]);
      expect(standIn!.requests.map((r) => r.status)).toEqual([200]);
      await expect.poll(() => media(a, (v) => v.readyState), { timeout: 20_000 }).toBeGreaterThan(0);
      await shot(a, FLOW, '01-transcript-panel');
    });

    it('while the clip plays the word being spoken is highlighted, in the order spoken', async () => {
      const seen: string[] = [];
      await media(a, (v) => {
        v.currentTime = 0;
        return v.play();
      });
      // read the highlight as the clip plays, until its end
      await expect
        .poll(
          async () => {
            const word = await speaking(a).allInnerTexts();
            if (word[0] && seen.at(-1) !== word[0]) seen.push(word[0]);
            return media(a, (v) => v.ended || v.paused);
          },
          { timeout: 30_000, intervals: [50] },
        )
        .toBe(true);
      // polling every 50 ms catches most words; every word seen comes in the order spoken
      const order = seen.map((w) => SCRIPT.indexOf(w));
      expect(order.every((i) => i >= 0)).toBe(true);
      expect(order).toEqual([...order].sort((x, y) => x - y));
      expect(seen.length).toBeGreaterThanOrEqual(5);
    });

    it('clicking a word plays from it: the video goes to where that word is said', async () => {
      const word = placed('shot');
      await a.getByRole('button', { name: 'shot,', exact: true }).click();
      await expect.poll(() => offFrom(a, word.startMs)).toBeLessThan(500);
      // paused in the word: it is the one highlighted
      await expect.poll(() => speaking(a).innerText()).toBe('shot,');
      await shot(a, FLOW, '02-word-clicked');
      // the keyboard does the same: arrows move along the words, Enter plays from one
      await a.getByRole('button', { name: 'shot,', exact: true }).focus();
      await a.keyboard.press('ArrowLeft');
      await a.keyboard.press('Enter');
      await expect.poll(() => offFrom(a, placed('wide').startMs)).toBeLessThan(500);
    });

    it('searching the project for a spoken word finds the line and opens the clip at that moment', async () => {
      await a.goto(projectUrl);
      await a.getByLabel(UI.searchAssets).fill('wide');
      const section = a.getByRole('region', { name: TRANSCRIPT_TEXT.searchSection });
      await soon(section);
      // no file name says 'wide': the list points at the footage instead of claiming nothing was found
      await visible(a.getByText(TRANSCRIPT_TEXT.onlyInFootage));
      expect(await a.getByText(MSG.noResultsFound).count()).toBe(0);
      const hit = section.getByRole('link', { name: new RegExp(`^Open ${FILE} at `) });
      await expect.poll(() => hit.count()).toBe(1);
      await expect.poll(() => section.innerText()).toContain(SECOND_LINE);
      await shot(a, FLOW, '03-search-in-the-footage');
      await hit.click();
      await a.waitForURL((u) => u.pathname === new URL(playerUrl).pathname && u.searchParams.has('t'));
      const t = Number(new URL(a.url()).searchParams.get('t'));
      // the line starts where 'give' is said
      expect(Math.abs(t - placed('give').startMs)).toBeLessThan(500);
      await expect.poll(() => offFrom(a, t), { timeout: 20_000 }).toBeLessThan(50);
      // the transcript shows first, at the word the line starts with
      await expect.poll(() => speaking(a).innerText()).toBe('Give');
      await shot(a, FLOW, '04-opened-at-the-moment');
    });

    it('C turns the captions on: the line being said shows over the picture', async () => {
      await a
        .locator('video')
        .first()
        .evaluate(
          (v: HTMLVideoElement, s: number) => {
            v.pause();
            v.currentTime = s;
          },
          (placed('wide').startMs + 100) / 1000,
        );
      await a.locator('body').press('c');
      await visible(a.getByRole('button', { name: TRANSCRIPT_TEXT.captionsOff }));
      const cue = () =>
        media(a, (v) => {
          const track = v.textTracks[0];
          if (!track || track.mode !== 'showing' || !track.activeCues) return null;
          return [...track.activeCues].map((c) => (c as VTTCue).text).join(' ');
        });
      await expect.poll(cue, { timeout: 15_000 }).toBe(SECOND_LINE);
      await shot(a, FLOW, '05-captions-on');
      await a.getByRole('button', { name: TRANSCRIPT_TEXT.captionsOff }).click();
      await expect.poll(() => media(a, (v) => v.textTracks.length)).toBe(0);
      await visible(a.getByRole('button', { name: TRANSCRIPT_TEXT.captionsOn }));
    });
    it("the project's language: the manager picks English, it is kept, and the next transcription asks for English", async () => {
      await a.goto(playerUrl);
      let panel = await transcriptTab(a);
      const language = panel.getByRole('combobox', { name: TRANSCRIPT_TEXT.language });
      await visible(language);
      expect(await language.inputValue()).toBe(TRANSCRIPT_LANGUAGES.auto);
      await language.click();
      await a.getByRole('option', { name: TRANSCRIPT_LANGUAGES.en, exact: true }).click();
      await toast(a, TRANSCRIPT_TEXT.languageSaved);
      await a.reload();
      panel = await transcriptTab(a);
      await expect
        .poll(() => panel.getByRole('combobox', { name: TRANSCRIPT_TEXT.language }).inputValue())
        .toBe(TRANSCRIPT_LANGUAGES.en);
      standIn!.setScript(SCRIPT);
      const before = standIn!.requests.length;
      await panel.getByRole('button', { name: TRANSCRIPT_TEXT.transcribeAgain }).click();
      await toast(a, TRANSCRIPT_TEXT.transcribeStarted);
      await expect.poll(() => standIn!.requests.length, { timeout: 60_000 }).toBeGreaterThan(before);
      expect(standIn!.requests.at(-1)!.language).toBe('en');
      // done: no status line, the words again
      await expect.poll(() => panel.getByRole('status').count(), { timeout: 60_000 }).toBe(0);
      await visible(panel.getByRole('button', { name: 'wide', exact: true }));
      await shot(a, FLOW, '06-language-english');
    });

    it('an editor corrects a word: the correction shows, and is still there after a reload', async () => {
      let panel = await transcriptTab(a);
      await panel.getByRole('button', { name: 'Roll', exact: true }).dblclick();
      const input = panel.getByRole('textbox', { name: TRANSCRIPT_TEXT.editWord });
      await input.fill('Rolling');
      await input.press('Enter');
      await toast(a, TRANSCRIPT_TEXT.wordSaved);
      await visible(panel.getByRole('button', { name: 'Rolling', exact: true }));
      await a.reload();
      panel = await transcriptTab(a);
      await expect
        .poll(() => panel.getByRole('paragraph').first().innerText())
        .toContain('Rolling camera, action!');
      expect(await panel.getByRole('button', { name: 'Roll', exact: true }).count()).toBe(0);
      await shot(a, FLOW, '07-word-corrected');
    });

    it('the review page: a read-only transcript of the shared clip (a word seeks, search inside, no editing)', async () => {
      const projectDbId = new URL(projectUrl).pathname.split('/')[2]!;
      const assetId = new URL(playerUrl).pathname.split('/')[2]!;
      const shared = (await apiCall(a, run.server.url, API.shares.root, {
        project_db_id: projectDbId,
        ingest_db_id: assetId,
      })) as { links: { url: string }[] };
      const guest = await (await run.browser.newContext(contextOptions)).newPage();
      try {
        await guest.goto(new URL(shared.links[0]!.url, run.server.url).href);
        const panel = await transcriptTab(guest);
        // the correction made by the editor is what the link shows
        await soon(panel.getByRole('button', { name: 'Rolling', exact: true }));
        await expect.poll(() => media(guest, (v) => v.readyState), { timeout: 20_000 }).toBeGreaterThan(0);
        await panel.getByRole('button', { name: 'shot,', exact: true }).click();
        await expect.poll(() => offFrom(guest, placed('shot').startMs)).toBeLessThan(500);
        await expect.poll(() => speaking(guest).innerText()).toBe('shot,');
        await panel.getByLabel(TRANSCRIPT_TEXT.searchPlaceholder).fill('wide');
        await visible(panel.getByText(TRANSCRIPT_TEXT.matchCount(1)));
        await panel.getByRole('button', { name: 'wide', exact: true }).dblclick();
        expect(await panel.getByRole('textbox', { name: TRANSCRIPT_TEXT.editWord }).count()).toBe(0);
        expect(await panel.getByRole('button', { name: TRANSCRIPT_TEXT.editWord }).count()).toBe(0);
        expect(await panel.getByRole('button', { name: TRANSCRIPT_TEXT.transcribeAgain }).count()).toBe(0);
        // the link does not allow downloads: no copy, no captions files
        expect(await panel.getByRole('button', { name: TRANSCRIPT_TEXT.more }).count()).toBe(0);
        await shot(guest, FLOW, '08-review-page-transcript');
      } finally {
        await guest.context().close();
      }
    });
  },
);
