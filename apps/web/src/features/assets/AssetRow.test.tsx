// @vitest-environment happy-dom
import { Table } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UI, type AssetItem } from '@rushes/shared';
import { freshProvidersPerTest, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { AssetRow } from './AssetRow.tsx';

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

function renderRow(asset: AssetItem) {
  const onOpen = vi.fn();
  renderWithProviders(
    <Table>
      <Table.Tbody>
        <AssetRow
          asset={asset}
          selected={false}
          showPath={false}
          folderHref={null}
          onToggle={() => {}}
          onOpen={onOpen}
          onMenu={() => {}}
        />
      </Table.Tbody>
    </Table>,
  );
  return onOpen;
}

freshProvidersPerTest();

describe('AssetRow', () => {
  it("one click on a file's name opens it; a double click opens it once", () => {
    const onOpen = renderRow(file());
    fireEvent.click(screen.getByText('harbour-cut.mp4'));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ ingest_db_id: 'a1' }));
    fireEvent.doubleClick(screen.getByText('harbour-cut.mp4'));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('a version stack shows its version number beside the name; a single file shows none', () => {
    renderRow(file({ title: 'harbour-cut-v2.mp4', version_no: 2 }));
    expect(screen.getByText(UI.versionLabel(2))).toBeTruthy();
    renderRow(file({ ingest_db_id: 'a2', title: 'other.mp4' }));
    expect(screen.getAllByText(/^v\d+$/)).toHaveLength(1);
  });
});
