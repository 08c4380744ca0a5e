// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../app/paths.ts';
import { deliver, socket } from '../../test/fakeSocket.ts';
import { makeProjectCard } from '../../test/fixtures.ts';
import { qc } from '../../test/queryClient.ts';
import { freshProvidersPerTest, routedWrapper } from '../../test/renderWithProviders.tsx';
import { assetKeys } from '../assets/api.ts';
import { projectKeys } from './api.ts';
import { useProjectRoom } from './useProjectRoom.ts';

vi.mock('../../api/socket.ts', (original) =>
  import('../../test/fakeSocket.ts').then((kit) => kit.withFakeSocket(original)),
);

const P = 'p1';
/** Seeds each key with data that needs no fetch, and tells which were marked stale. */
const seed = (...keys: (readonly unknown[])[]) => keys.forEach((k) => qc.setQueryData(k, { seeded: true }));
const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? null;

const wrapper = routedWrapper(`/projects/${P}`);
const open = () => renderHook(() => (useProjectRoom(P), useLocation().pathname), { wrapper });

freshProvidersPerTest();
beforeEach(() => {
  socket.emitted.length = 0;
});

describe('useProjectRoom', () => {
  it('joins the project room, again after a reconnect, and leaves it on closing', () => {
    const { unmount } = open();
    act(() => socket.deliver('connect'));
    expect(socket.emitted.map((e) => e.slice(0, 2))).toEqual([
      ['join', `project:${P}`],
      ['join', `project:${P}`],
    ]);
    unmount();
    expect(socket.emitted.at(-1)).toEqual(['leave', `project:${P}`]);
    expect(socket.listening()).toBe(0);
  });

  it('assets_changed refreshes the folders it names, the searches, the browser and the info', () => {
    const root = assetKeys.list(P, null);
    const changed = assetKeys.list(P, 'f1');
    const other = assetKeys.list(P, 'f2');
    seed(root, changed, other, assetKeys.search(P, 'x'), assetKeys.browse(P), projectKeys.info(P));
    open();
    deliver('assets_changed', { project_db_id: 'p2', folder_db_ids: ['f1'] });
    expect(stale(changed)).toBe(false);
    deliver('assets_changed', { project_db_id: P, folder_db_ids: [null, 'f1'] });
    expect(
      [root, changed, assetKeys.search(P, 'x'), assetKeys.browse(P), projectKeys.info(P)].map(stale),
    ).toEqual([true, true, true, true, true]);
    expect(stale(other)).toBe(false);
  });

  it("asset_status refreshes the asset's folder and the searches only", () => {
    seed(assetKeys.list(P, 'f1'), assetKeys.list(P, 'f2'), assetKeys.search(P, 'x'), projectKeys.info(P));
    open();
    deliver('asset_status', { project_db_id: P, ingest_db_id: 'a1', parent_db_id: 'f1', status: 1 });
    expect(
      [assetKeys.list(P, 'f1'), assetKeys.list(P, 'f2'), assetKeys.search(P, 'x'), projectKeys.info(P)].map(
        stale,
      ),
    ).toEqual([true, false, true, false]);
  });

  it('project_members_changed refreshes the project; project_update its info', () => {
    seed(projectKeys.members(P), projectKeys.info(P), projectKeys.members('p2'));
    open();
    const project = makeProjectCard(P, { project_id: 'P-1', title: 'Renamed' });
    deliver('project_update', { tray: 'my_projects', project: { ...project, project_db_id: 'p2' } });
    expect(stale(projectKeys.info(P))).toBe(false);
    deliver('project_update', { tray: 'my_projects', project });
    expect([stale(projectKeys.info(P)), stale(projectKeys.members(P))]).toEqual([true, false]);
    deliver('project_members_changed', { project_db_id: P });
    expect([stale(projectKeys.members(P)), stale(projectKeys.members('p2'))]).toEqual([true, false]);
  });

  it("project_delete forgets the project's data and goes home", () => {
    seed(projectKeys.info(P), assetKeys.list(P, null), projectKeys.info('p2'));
    const { result } = open();
    deliver('project_delete', { project_db_id: 'p2' });
    expect(result.current).toBe(`/projects/${P}`);
    deliver('project_delete', { project_db_id: P });
    expect(qc.getQueryData(projectKeys.info(P))).toBeUndefined();
    expect(qc.getQueryData(assetKeys.list(P, null))).toBeUndefined();
    expect(qc.getQueryData(projectKeys.info('p2'))).toEqual({ seeded: true });
    expect(result.current).toBe(PATHS.home);
  });
});
