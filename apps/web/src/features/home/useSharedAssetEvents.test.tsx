// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedAssetCard, type ServerToClientEvents, type SharedAssetsPage } from '@rushes/shared';
import { sharedAssetsKey, useSharedAssetEvents } from './sharedAssets.ts';

type Event = keyof ServerToClientEvents;
type Payload<E extends Event> = Parameters<ServerToClientEvents[E]>[0];

/** The realtime connection, faked: the hook's listeners, and a way to deliver an event to them. */
const socket = vi.hoisted(() => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    connected: true,
    on: (event: string, fn: (payload: unknown) => void) => {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(fn));
    },
    off: (event: string, fn: (payload: unknown) => void) => listeners.get(event)?.delete(fn),
    emit: () => undefined,
    listening: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
    deliver: (event: string, payload: unknown) => listeners.get(event)?.forEach((fn) => fn(payload)),
  };
});
vi.mock('../../api/socket.ts', async (original) => ({
  ...(await original<typeof import('../../api/socket.ts')>()),
  connectSocket: () => socket,
}));

const deliver = <E extends Event>(event: E, payload: Payload<E>) => act(() => socket.deliver(event, payload));

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

let qc: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={qc}>{children}</QueryClientProvider>
);
beforeEach(() => {
  qc = new QueryClient();
  qc.setQueryData<Data>(sharedAssetsKey, {
    pages: [{ field: 'shared_assets', data: [card('a')], total_entries: 1, next_cursor: null }],
    pageParams: [null],
  });
});
afterEach(() => {
  cleanup();
  qc.clear();
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
