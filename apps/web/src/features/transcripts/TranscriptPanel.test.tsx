// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TRANSCRIPTS_API, TRANSCRIPT_TEXT, type TranscriptAnswer } from '@rushes/shared';
import { deliver } from '../../test/fakeSocket.ts';
import { freshProvidersPerTest, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { ReviewTranscriptPanel, TranscriptPanel } from './TranscriptPanel.tsx';

vi.mock('../../api/socket.ts', (original) =>
  import('../../test/fakeSocket.ts').then((kit) => kit.withFakeSocket(original)),
);

const ASSET = '00000000-0000-4000-8000-000000000001';
const PROJECT = '00000000-0000-4000-8000-000000000002';
const answer = (over: Partial<TranscriptAnswer> = {}): TranscriptAnswer => ({
  ingest_db_id: ASSET,
  status: 'done',
  language: 'en',
  engine: 'whisper-1',
  duration_ms: 5000,
  words: [
    { w: 'Give', s: 0, e: 400 },
    { w: 'me', s: 450, e: 700 },
    { w: 'a', s: 750, e: 800 },
    { w: 'wide', s: 900, e: 1300 },
    { w: 'shot.', s: 1350, e: 1800 },
    { w: 'Wide', s: 3000, e: 3400 },
    { w: 'please!', s: 4000, e: 4600 },
  ],
  lines: [
    { position: 0, first_word: 0, last_word: 4, start_ms: 0, end_ms: 1800, text: 'Give me a wide shot.' },
    { position: 1, first_word: 5, last_word: 6, start_ms: 3000, end_ms: 4600, text: 'Wide please!' },
  ],
  configured: true,
  can_edit: false,
  updated_at: null,
  ...over,
});

let shown: TranscriptAnswer;
let shows = 0;
let puts: unknown[] = [];
let asked: string[] = [];
let linkDownloads = false;
freshProvidersPerTest();
beforeEach(() => {
  shown = answer();
  asked = [];
  linkDownloads = false;
  shows = 0;
  puts = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT' && url.startsWith(TRANSCRIPTS_API.word)) {
      const body = JSON.parse(String(init.body)) as { word_index: number; text: string };
      puts.push(body);
      shown = {
        ...shown,
        words: shown.words.map((w, i) => (i === body.word_index ? { ...w, w: body.text } : w)),
      };
    }
    asked.push(url);
    const data = url.startsWith(TRANSCRIPTS_API.settings)
      ? { language: 'auto', can_edit: false }
      : url.startsWith(TRANSCRIPTS_API.reviewTranscript)
        ? { ...shown, can_download: linkDownloads }
        : (shows++, shown);
    return new Response(JSON.stringify({ response: true, data }));
  });
});

/** A media element whose time the test sets, telling the page as the browser would. */
function mediaAt() {
  const el = document.createElement('video');
  let t = 0;
  Object.defineProperty(el, 'currentTime', { get: () => t, set: (v: number) => void (t = v) });
  Object.defineProperty(el, 'paused', { get: () => true });
  const at = (seconds: number, event = 'timeupdate') =>
    act(() => {
      t = seconds;
      el.dispatchEvent(new Event(event));
    });
  return { el, at, time: () => t };
}

const spoken = () => document.querySelector('[aria-current="time"]')?.textContent ?? null;

describe('TranscriptPanel', () => {
  it('highlights the word being spoken as the time moves, without rendering the panel again', async () => {
    const media = mediaAt();
    let commits = 0;
    renderWithProviders(
      <Profiler id="panel" onRender={() => (commits += 1)}>
        <TranscriptPanel el={media.el} ingestDbId={ASSET} projectDbId={PROJECT} />
      </Profiler>,
    );
    await screen.findByRole('button', { name: 'wide' });
    const before = commits;
    media.at(1.0);
    expect(spoken()).toBe('wide');
    media.at(1.5);
    expect(spoken()).toBe('shot.');
    media.at(2.0);
    expect(spoken()).toBeNull();
    media.at(3.1, 'seeked');
    expect(spoken()).toBe('Wide');
    expect(commits).toBe(before);
  });

  it('a word clicked or chosen by keyboard plays from its moment', async () => {
    const media = mediaAt();
    renderWithProviders(<TranscriptPanel el={media.el} ingestDbId={ASSET} projectDbId={PROJECT} />);
    fireEvent.click(await screen.findByRole('button', { name: 'please!' }));
    expect(media.time()).toBe(4);
    const wide = screen.getByRole('button', { name: 'wide' });
    wide.focus();
    fireEvent.keyDown(wide, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('shot.');
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(media.time()).toBe(1.35);
  });

  it('search inside: counts the matches, marks them, and next goes to each in turn', async () => {
    const media = mediaAt();
    renderWithProviders(<TranscriptPanel el={media.el} ingestDbId={ASSET} projectDbId={PROJECT} />);
    fireEvent.change(await screen.findByLabelText(TRANSCRIPT_TEXT.searchPlaceholder), {
      target: { value: 'WIDE' },
    });
    expect(await screen.findByText(TRANSCRIPT_TEXT.matchCount(2))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TRANSCRIPT_TEXT.nextMatch }));
    expect(media.time()).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: TRANSCRIPT_TEXT.nextMatch }));
    expect(media.time()).toBe(0.9);
    fireEvent.change(screen.getByLabelText(TRANSCRIPT_TEXT.searchPlaceholder), {
      target: { value: 'close-up' },
    });
    expect(await screen.findByText(TRANSCRIPT_TEXT.noMatches)).toBeTruthy();
  });

  it('a transcript on its way says so and is fetched again on the project hint', async () => {
    shown = answer({ status: 'queued', words: [], lines: [] });
    renderWithProviders(<TranscriptPanel el={mediaAt().el} ingestDbId={ASSET} projectDbId={PROJECT} />);
    expect(await screen.findByText(TRANSCRIPT_TEXT.status.queued)).toBeTruthy();
    expect(screen.queryByRole('button', { name: TRANSCRIPT_TEXT.transcribe })).toBeNull();
    shown = answer();
    const asked = shows;
    deliver('transcript_status', { project_db_id: PROJECT, ingest_db_id: ASSET, status: 'done' });
    expect(await screen.findByRole('button', { name: 'wide' })).toBeTruthy();
    expect(shows).toBeGreaterThan(asked);
    expect(screen.queryByText(TRANSCRIPT_TEXT.status.queued)).toBeNull();
  });

  it('an editor corrects a word: double-click, type, Enter', async () => {
    shown = answer({ can_edit: true });
    renderWithProviders(<TranscriptPanel el={mediaAt().el} ingestDbId={ASSET} projectDbId={PROJECT} />);
    fireEvent.doubleClick(await screen.findByRole('button', { name: 'wide' }));
    const input = screen.getByRole('textbox', { name: TRANSCRIPT_TEXT.editWord });
    fireEvent.change(input, { target: { value: 'wild' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByRole('button', { name: 'wild' })).toBeTruthy();
    expect(puts).toEqual([expect.objectContaining({ ingest_db_id: ASSET, word_index: 3, text: 'wild' })]);
  });

  it('a viewer gets no word editing', async () => {
    renderWithProviders(<TranscriptPanel el={mediaAt().el} ingestDbId={ASSET} projectDbId={PROJECT} />);
    fireEvent.doubleClick(await screen.findByRole('button', { name: 'wide' }));
    expect(screen.queryByRole('textbox', { name: TRANSCRIPT_TEXT.editWord })).toBeNull();
    expect(screen.queryByRole('button', { name: TRANSCRIPT_TEXT.editWord })).toBeNull();
    expect(screen.queryByRole('button', { name: TRANSCRIPT_TEXT.transcribeAgain })).toBeNull();
  });
});

describe('ReviewTranscriptPanel (a review link)', () => {
  it('reads through the link, follows the time, a word seeks, search inside; never edits', async () => {
    shown = answer({ can_edit: true }); // even a server slip could not make it editable here
    const media = mediaAt();
    renderWithProviders(<ReviewTranscriptPanel el={media.el} token="tok-1" ingestDbId={ASSET} />);
    fireEvent.click(await screen.findByRole('button', { name: 'please!' }));
    expect(media.time()).toBe(4);
    media.at(1.0);
    expect(spoken()).toBe('wide');
    fireEvent.change(screen.getByLabelText(TRANSCRIPT_TEXT.searchPlaceholder), { target: { value: 'wide' } });
    expect(await screen.findByText(TRANSCRIPT_TEXT.matchCount(2))).toBeTruthy();
    fireEvent.doubleClick(screen.getByRole('button', { name: 'wide' }));
    expect(screen.queryByRole('textbox', { name: TRANSCRIPT_TEXT.editWord })).toBeNull();
    expect(screen.queryByRole('button', { name: TRANSCRIPT_TEXT.editWord })).toBeNull();
    expect(screen.queryByRole('button', { name: TRANSCRIPT_TEXT.transcribeAgain })).toBeNull();
    // the link does not allow downloads: no copy, no SRT/VTT
    expect(screen.queryByRole('button', { name: TRANSCRIPT_TEXT.more })).toBeNull();
    expect(asked.every((u) => u.startsWith(TRANSCRIPTS_API.reviewTranscript))).toBe(true);
    expect(asked[0]).toContain('token=tok-1');
  });

  it('offers copy and the captions files when the link allows downloads', async () => {
    linkDownloads = true;
    renderWithProviders(<ReviewTranscriptPanel el={mediaAt().el} token="tok-2" ingestDbId={ASSET} />);
    fireEvent.click(await screen.findByRole('button', { name: TRANSCRIPT_TEXT.more }));
    const srt = await screen.findByRole('menuitem', { name: TRANSCRIPT_TEXT.downloadSrt });
    expect(srt.getAttribute('href')).toContain(TRANSCRIPTS_API.reviewCaptions);
    expect(srt.getAttribute('href')).toContain('token=tok-2');
  });
});
