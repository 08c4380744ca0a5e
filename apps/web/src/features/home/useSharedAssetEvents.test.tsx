// @vitest-environment happy-dom
import type { InfiniteData } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedAssetCard, type SharedAssetsPage } from '@rushes/shared';
import { deliver, socket } from '../../test/fakeSocket.ts';
import { qc } from '../../test/queryClient.ts';
import { freshProvidersPerTest, wrapper } from '../../test/renderWithProviders.tsx';
import { sharedAssetsKey, useSharedAssetEvents } from './sharedAssets.ts';

vi.mock('../../api/socket.ts', (original) =>
  import('../../test/fakeSocket.ts').then((kit) => kit.withFakeSocket(original)),
);

const card = (shareId: string, title = `Clip ${shareId}`) =>
  sharedAssetCard.parse({
    share_id: shareId,
    ingest_db_id: `asset-${shareId}`,
    title,
    file_type: 'image',
    is_folder: false,
    project_db_id: 'p1',
    project_title: 'Film',
    shared_by: null,
    shared_on: '2026-01-01T00:00:00.000Z',
  });

type Data = InfiniteData<SharedAssetsPage, string | null>;
const page = () => qc.getQueryData<Data>(sharedAssetsKey)?.pages[0];

freshProvidersPerTest();
beforeEach(() => {
  qc.setQueryData<Data>(sharedAssetsKey, {
    pages: [{ field: 'shared_assets', data: [card('a')], total_entries: 1, next_cursor: null }],
    pageParams: [null],
  });
});

describe('useSharedAssetEvents', () => {
  it('adds, updates and removes cards as the events say', () => {
    renderHook(() => useSharedAssetEvents(), { wrapper });
    deliver('shared_asset_add', { tray: 'shared_assets', asset: card('b') });
    expect(page()?.data.map((c) => c.share_id)).toEqual(['b', 'a']);
    deliver('shared_asset_update', { tray: 'shared_assets', asset: card('a', 'Renamed') });
    expect(page()?.data.map((c) => c.title)).toEqual(['Clip b', 'Renamed']);
    deliver('shared_asset_delete', { share_id: 'b' });
    expect(page()?.data.map((c) => c.share_id)).toEqual(['a']);
    expect(page()?.total_entries).toBe(1);
  });

  it('stops listening when unmounted', () => {
    const { unmount } = renderHook(() => useSharedAssetEvents(), { wrapper });
    expect(socket.listening()).toBe(3);
    unmount();
    expect(socket.listening()).toBe(0);
  });
});
