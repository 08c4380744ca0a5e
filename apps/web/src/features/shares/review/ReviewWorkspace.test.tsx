// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PLAYER_TEXT, UI } from '@rushes/shared';
import { freshProvidersPerTest, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { ReviewWorkspace } from './ReviewWorkspace.tsx';

const NTSC = 30000 / 1001;
const source = { kind: 'link', reviewKey: { shared_link: 'x'.repeat(43) }, guest: true } as const;

/** Puts the media element at a time as a seek would, and tells the page. */
function seekTo(seconds: number) {
  const v = document.querySelector('video')!;
  Object.defineProperty(v, 'currentTime', { value: seconds, configurable: true, writable: true });
  act(() => {
    v.dispatchEvent(new Event('seeked'));
  });
  return v;
}

beforeAll(() => {
  if (!document.fonts)
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {} },
      configurable: true,
    });
});

freshProvidersPerTest({ afterUnmount: () => localStorage.clear() });

describe('ReviewWorkspace', () => {
  it('the time display follows the video, and follows the new one after a version switch', () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const view = renderWithProviders(
      <ReviewWorkspace playUrl="/v1.mp4" poster={null} title="cut" frameRate={NTSC} source={source} />,
    );
    const first = seekTo((1800 + 0.5) / NTSC);
    expect(screen.getByLabelText(UI.currentTimecode).textContent).toBe('00:01:00;02');
    view.rerender(
      <ReviewWorkspace playUrl="/v2.mp4" poster={null} title="cut" frameRate={NTSC} source={source} />,
    );
    const second = seekTo((17982 + 0.5) / NTSC);
    expect(second).not.toBe(first);
    expect(screen.getByLabelText(UI.currentTimecode).textContent).toBe('00:10:00;00');
  }, 20_000);

  it('the same file under a new URL (a sprite or proxy made) resumes where the viewer was', () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const url = (v: string) => `/api/v1/media/file?ingest_db_id=a1&kind=play&v=${v}`;
    const view = renderWithProviders(
      <ReviewWorkspace playUrl={url('1')} poster={null} title="cut" frameRate={25} source={source} />,
    );
    const first = seekTo((100 + 0.5) / 25);
    act(() => {
      first.dispatchEvent(new Event('pause'));
    });
    view.rerender(
      <ReviewWorkspace playUrl={url('2')} poster={null} title="cut" frameRate={25} source={source} />,
    );
    const second = document.querySelector('video')!;
    expect(second).not.toBe(first);
    act(() => {
      second.dispatchEvent(new Event('loadedmetadata'));
      second.dispatchEvent(new Event('seeked'));
    });
    expect(second.currentTime).toBeCloseTo(100.5 / 25, 5);
    expect(screen.getByLabelText(UI.currentTimecode).textContent).toBe('00:00:04:00');
  }, 20_000);

  it('a new URL right after Play, before the first frame moved, keeps playing', () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const url = (v: string) => `/api/v1/media/file?ingest_db_id=a1&kind=play&v=${v}`;
    const view = renderWithProviders(
      <ReviewWorkspace playUrl={url('1')} poster={null} title="cut" frameRate={25} source={source} />,
    );
    const first = document.querySelector('video')!;
    Object.defineProperty(first, 'paused', { value: false, configurable: true });
    act(() => {
      first.dispatchEvent(new Event('play'));
    });
    view.rerender(
      <ReviewWorkspace playUrl={url('2')} poster={null} title="cut" frameRate={25} source={source} />,
    );
    const second = document.querySelector('video')!;
    expect(second).not.toBe(first);
    const play = vi.spyOn(second, 'play').mockResolvedValue(undefined);
    act(() => {
      second.dispatchEvent(new Event('loadedmetadata'));
    });
    expect(play).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('I and O make the next comment a range comment', () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    renderWithProviders(
      <ReviewWorkspace playUrl="/v1.mp4" poster={null} title="cut" frameRate={25} source={source} />,
    );
    const v = document.querySelector('video')!;
    Object.defineProperty(v, 'duration', { value: 10, configurable: true });
    act(() => {
      v.dispatchEvent(new Event('durationchange'));
    });
    seekTo((25 + 0.5) / 25);
    fireEvent.keyDown(window, { key: 'i' });
    seekTo((50 + 0.5) / 25);
    fireEvent.keyDown(window, { key: 'o' });
    // (text queries: role queries over the whole workspace are slow in happy-dom)
    expect(screen.getByText(PLAYER_TEXT.commentOnRange('00:00:01:00', '00:00:02:00'))).toBeTruthy();
    fireEvent.keyDown(window, { key: 'x' });
    expect(screen.getByText(UI.commentAt('00:00:02:00'))).toBeTruthy();
  }, 20_000);
});
