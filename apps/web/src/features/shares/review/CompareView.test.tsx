// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UI, VERSIONS_TEXT, VERSION_BUTTONS_MAX } from '@rushes/shared';
import { freshProvidersPerTest, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { CompareView } from './CompareView.tsx';
import { VersionBar } from './VersionBar.tsx';

freshProvidersPerTest();

const stack = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    ingest_db_id: `id${i + 1}`,
    version: i + 1,
    title: `cut-v${i + 1}.mp4`,
  }));

describe('VersionBar', () => {
  it('shows nothing for a single file', () => {
    renderWithProviders(<VersionBar versions={stack(1)} current="id1" onSwitch={vi.fn()} compare={false} />);
    expect(screen.queryByText(UI.versions)).toBeNull();
  });

  it('switches with one click among a few versions and toggles compare', () => {
    const onSwitch = vi.fn();
    const onCompare = vi.fn();
    renderWithProviders(
      <VersionBar
        versions={stack(3)}
        current="id3"
        onSwitch={onSwitch}
        compare={false}
        onCompare={onCompare}
      />,
    );
    expect(screen.getByRole('radiogroup', { name: UI.versions })).toBeTruthy();
    fireEvent.click(screen.getByLabelText(UI.versionLabel(1)));
    expect(onSwitch).toHaveBeenCalledWith('id1');
    fireEvent.click(screen.getByRole('button', { name: UI.compareVersions }));
    expect(onCompare).toHaveBeenCalled();
  });

  it('lists a long stack newest first, each version named with its file', () => {
    const n = VERSION_BUTTONS_MAX + 3;
    renderWithProviders(
      <VersionBar versions={stack(n)} current={`id${n}`} onSwitch={vi.fn()} compare={false} />,
    );
    expect(screen.queryByRole('radiogroup', { name: UI.versions })).toBeNull();
    const list = screen.getByLabelText(UI.versions, { selector: 'input' }) as HTMLInputElement;
    expect(list.value).toBe(VERSIONS_TEXT.versionNamed(UI.versionLabel(n), `cut-v${n}.mp4`));
  });
});

describe('CompareView', () => {
  const videos = () => [...document.querySelectorAll('video')];

  it('names both versions and keeps the same two videos from side by side to overlay', () => {
    renderWithProviders(<CompareView urlOf={(id) => `/media/${id}`} versions={stack(2)} current="id2" />);
    const [left, right] = videos();
    expect(left.getAttribute('aria-label')).toBe(VERSIONS_TEXT.versionNamed('v1', 'cut-v1.mp4'));
    expect(right.getAttribute('aria-label')).toBe(VERSIONS_TEXT.versionNamed('v2', 'cut-v2.mp4'));
    expect(screen.getByText('v1')).toBeTruthy();
    expect(screen.getByText('v2')).toBeTruthy();

    fireEvent.click(screen.getByLabelText(VERSIONS_TEXT.overlay));
    expect(document.querySelector('[data-compare-mode]')?.getAttribute('data-compare-mode')).toBe('overlay');
    const [left2, right2] = videos();
    expect(left2).toBe(left);
    expect(right2).toBe(right);
    // the wipe starts half way; the compared version is the top layer
    expect((left.parentElement as HTMLElement).style.clipPath).toBe('inset(0 50% 0 0)');
    fireEvent.click(screen.getByLabelText(VERSIONS_TEXT.opacity));
    expect((left.parentElement as HTMLElement).style.opacity).toBe('0.5');
  });

  it('the compared version follows the shown one: seek, pause and speed', () => {
    renderWithProviders(<CompareView urlOf={(id) => `/media/${id}`} versions={stack(3)} current="id3" />);
    const [follow, lead] = videos();
    expect(follow.getAttribute('src')).toBe('/media/id2');
    act(() => {
      lead.currentTime = 2.5;
      lead.dispatchEvent(new Event('seeked'));
    });
    expect(follow.currentTime).toBe(2.5);
    act(() => {
      lead.playbackRate = 2;
      lead.dispatchEvent(new Event('ratechange'));
    });
    expect(follow.playbackRate).toBe(2);
    const paused = vi.spyOn(follow, 'pause');
    act(() => {
      lead.currentTime = 3;
      lead.dispatchEvent(new Event('pause'));
    });
    expect(paused).toHaveBeenCalled();
    expect(follow.currentTime).toBe(3);
    // another version to compare with
    fireEvent.click(screen.getByLabelText(UI.versionLabel(1)));
    expect(videos()[0].getAttribute('src')).toBe('/media/id1');
  });
});
