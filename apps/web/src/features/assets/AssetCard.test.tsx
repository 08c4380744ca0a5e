// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GRID_TEXT, UI, type AssetItem, type SpriteSheet } from '@rushes/shared';
import { freshProvidersPerTest, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { AssetCard, spritePosition } from './AssetCard.tsx';

const sheet: SpriteSheet = {
  cols: 5,
  rows: 3,
  count: 13,
  tile_width: 160,
  tile_height: 90,
  interval_seconds: 1,
  url: '/api/media/file?ingest_db_id=a1&kind=sprite',
};

const file = (extra: Partial<AssetItem> = {}): AssetItem => ({
  ingest_db_id: 'a1',
  title: 'harbour-cut.mp4',
  file_type: 'video',
  is_folder: false,
  folder_path: '/',
  parent_db_id: null,
  thumbnail: null,
  created_on: '2026-01-01T00:00:00.000Z',
  background_color: null,
  approval_status: 0,
  status: 1,
  size: 1000,
  extension: 'mp4',
  duration: 12,
  ...extra,
});

function renderCard(asset: AssetItem) {
  const handlers = { onToggle: vi.fn(), onOpen: vi.fn(), onMenu: vi.fn(), onDropRefused: vi.fn() };
  renderWithProviders(
    <AssetCard asset={asset} width={240} selected={false} folderHref={null} {...handlers} />,
  );
  return handlers;
}

describe('spritePosition', () => {
  it('maps the pointer across the card to the tile of that moment, row by row', () => {
    expect(spritePosition(sheet, 0)).toBe('0% 0%');
    // tile 4: the last column of the first row
    expect(spritePosition(sheet, 4.5 / 13)).toBe('100% 0%');
    // tile 5: the first column of the second row
    expect(spritePosition(sheet, 5.5 / 13)).toBe('0% 50%');
    // the right edge is the last tile (12: third row, third column), never past it
    expect(spritePosition(sheet, 1)).toBe('50% 100%');
    expect(spritePosition({ ...sheet, cols: 1, rows: 1, count: 1 }, 0.7)).toBe('0% 0%');
  });
});

describe('AssetCard', () => {
  freshProvidersPerTest();

  it('shows the duration and the version badge, and loads the sprite sheet only when hovered', () => {
    renderCard(file({ version_no: 3, sprite: sheet }));
    expect(screen.getByText(GRID_TEXT.versionBadge(3))).toBeTruthy();
    expect(screen.getByLabelText(`${UI.duration} 0:12`)).toBeTruthy();
    const frame = screen.getByTestId('scrub-frame');
    expect(frame.style.backgroundImage).toBe('');
    fireEvent.mouseEnter(frame.parentElement!);
    expect(frame.style.backgroundImage).toContain('kind=sprite');
  });

  it('opens on a click, selects with ctrl-click, and says why a dropped file is refused', () => {
    const h = renderCard(file());
    const card = screen.getByRole('gridcell', { name: 'harbour-cut.mp4' });
    fireEvent.click(card);
    expect(h.onOpen).toHaveBeenCalledTimes(1);
    fireEvent.click(card, { ctrlKey: true });
    expect(h.onToggle).toHaveBeenCalledWith(expect.objectContaining({ ingest_db_id: 'a1' }), true);
    expect(h.onOpen).toHaveBeenCalledTimes(1);
    fireEvent.drop(card, { dataTransfer: { types: ['Files'], files: [], items: [] } });
    expect(h.onDropRefused).toHaveBeenCalledTimes(1);
  });
});
