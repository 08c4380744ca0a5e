import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  sharedAssetCard,
  sharedAssetsPage,
  type SharedAssetCard,
  type SharedAssetsPage,
} from '@rushes/shared';
import { freshQueryClientPerTest, qc } from '../../test/queryClient.ts';
import { addShared, removeShared, sharedAssetsKey, updateShared } from './sharedAssets.ts';

type Data = InfiniteData<SharedAssetsPage, string | null>;

/** A card as the trays route answers it (checked against the shared schema). */
const card = (shareId: string, over: Partial<SharedAssetCard> = {}): SharedAssetCard =>
  sharedAssetCard.parse({
    share_id: shareId,
    ingest_db_id: `asset-${shareId}`,
    title: `Clip ${shareId}`,
    file_type: 'video',
    is_folder: false,
    project_db_id: 'p1',
    project_title: 'Film',
    shared_by: { user_id: 'u2', name: 'Bo' },
    shared_on: '2026-01-01T00:00:00.000Z',
    ...over,
  });

function seed(qc: QueryClient, pages: string[][], total: number) {
  qc.setQueryData<Data>(sharedAssetsKey, {
    pages: pages.map((ids, i) =>
      sharedAssetsPage.parse({
        field: 'shared_assets',
        data: ids.map((id) => card(id)),
        total_entries: total,
        next_cursor: i < pages.length - 1 ? `c${i + 1}` : null,
      }),
    ),
    pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)),
  });
}

const read = (qc: QueryClient) => qc.getQueryData<Data>(sharedAssetsKey);
const ids = (qc: QueryClient) => read(qc)?.pages.map((p) => p.data.map((c) => c.share_id));
const totals = (qc: QueryClient) => read(qc)?.pages.map((p) => p.total_entries);

freshQueryClientPerTest();

describe('addShared', () => {
  it('puts the card first and raises the total on every page', () => {
    seed(qc, [['a', 'b'], ['c']], 3);
    addShared(qc, card('n'));
    expect(ids(qc)).toEqual([['n', 'a', 'b'], ['c']]);
    expect(totals(qc)).toEqual([4, 4]);
    expect(read(qc)?.pages[1].next_cursor).toBeNull();
  });

  it('replaces a card already shown instead of adding it twice', () => {
    seed(qc, [['a'], ['b']], 2);
    addShared(qc, card('b', { title: 'Renamed' }));
    expect(ids(qc)).toEqual([['a'], ['b']]);
    expect(totals(qc)).toEqual([2, 2]);
    expect(read(qc)?.pages[1].data[0].title).toBe('Renamed');
  });

  it('leaves a tray never loaded, or without pages, alone', () => {
    addShared(qc, card('n'));
    expect(read(qc)).toBeUndefined();
    qc.setQueryData<Data>(sharedAssetsKey, { pages: [], pageParams: [] });
    addShared(qc, card('n'));
    expect(read(qc)?.pages).toEqual([]);
  });
});

describe('updateShared', () => {
  it('replaces the card where it is', () => {
    seed(qc, [['a'], ['b', 'c']], 3);
    updateShared(qc, card('c', { title: 'New' }));
    expect(read(qc)?.pages[1].data.map((c) => c.title)).toEqual(['Clip b', 'New']);
    expect(totals(qc)).toEqual([3, 3]);
  });

  it('does not add a card the tray does not show', () => {
    seed(qc, [['a']], 1);
    updateShared(qc, card('z'));
    expect(ids(qc)).toEqual([['a']]);
    expect(totals(qc)).toEqual([1]);
  });

  it('leaves a tray never loaded alone', () => {
    updateShared(qc, card('z'));
    expect(read(qc)).toBeUndefined();
  });
});

describe('removeShared', () => {
  it('removes the card from its page and lowers the total on every page', () => {
    seed(qc, [['a', 'b'], ['c']], 3);
    removeShared(qc, 'c');
    expect(ids(qc)).toEqual([['a', 'b'], []]);
    expect(totals(qc)).toEqual([2, 2]);
  });

  it('lowers the total once for a repeated delete, and never below zero', () => {
    seed(qc, [['a', 'b']], 2);
    removeShared(qc, 'a');
    removeShared(qc, 'a');
    expect(totals(qc)).toEqual([1]);
    seed(qc, [['a']], 0);
    removeShared(qc, 'a');
    expect(totals(qc)).toEqual([0]);
  });

  it('leaves a tray never loaded alone', () => {
    removeShared(qc, 'a');
    expect(read(qc)).toBeUndefined();
  });
});
