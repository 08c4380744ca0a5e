import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TEAM_ID_STORAGE_KEY,
  trayPage,
  type ProjectCard,
  type TrayName,
  type TrayPage,
} from '@rushes/shared';
import { makeProjectCard } from '../../test/fixtures.ts';
import { freshQueryClientPerTest, qc } from '../../test/queryClient.ts';
import { projectKeys } from './api.ts';
import { addToTray, holdsCard, removeFromTrays, setCardUnread, updateInTrays } from './trayCache.ts';

type TrayData = InfiniteData<TrayPage, string | null>;

const TEAM = 'team-1';

/** A card as the trays route answers it (checked against the shared schema). */
const card = (id: string, over: Partial<ProjectCard> = {}): ProjectCard =>
  makeProjectCard(id, { team_db_id: TEAM, ...over });

const page = (field: TrayName, ids: string[], total: number, next: string | null): TrayPage =>
  trayPage.parse({ field, data: ids.map((id) => card(id)), total_entries: total, next_cursor: next });

/** A tray of several loaded pages, every page carrying the tray's total (as the API answers). */
function seed(qc: QueryClient, tray: TrayName, pages: string[][], total: number, teamDbId: string | null) {
  const data: TrayData = {
    pages: pages.map((ids, i) => page(tray, ids, total, i < pages.length - 1 ? `c${i + 1}` : null)),
    pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)),
  };
  qc.setQueryData(projectKeys.tray(tray, teamDbId), data);
}

const read = (qc: QueryClient, tray: TrayName, teamDbId: string | null) =>
  qc.getQueryData<TrayData>(projectKeys.tray(tray, teamDbId));
const ids = (data: TrayData | undefined) => data?.pages.map((p) => p.data.map((c) => c.project_db_id));
const totals = (data: TrayData | undefined) => data?.pages.map((p) => p.total_entries);

freshQueryClientPerTest();
beforeEach(() => {
  // My Projects is keyed by the selected team, which the app keeps in local storage
  const store = new Map([[TEAM_ID_STORAGE_KEY, TEAM]]);
  vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null });
});

describe('addToTray', () => {
  it('puts the card first on the first page and raises the total on every page', () => {
    seed(qc, 'collaborated_projects', [['a', 'b'], ['c']], 3, null);
    addToTray(qc, 'collaborated_projects', card('n'));
    const data = read(qc, 'collaborated_projects', null);
    expect(ids(data)).toEqual([['n', 'a', 'b'], ['c']]);
    expect(totals(data)).toEqual([4, 4]);
    expect(data?.pageParams).toEqual([null, 'c1']);
  });

  it('replaces a card already shown (on any page) instead of adding it twice', () => {
    seed(qc, 'collaborated_projects', [['a'], ['b']], 2, null);
    addToTray(qc, 'collaborated_projects', card('b', { title: 'Renamed' }));
    const data = read(qc, 'collaborated_projects', null);
    expect(ids(data)).toEqual([['a'], ['b']]);
    expect(totals(data)).toEqual([2, 2]);
    expect(data?.pages[1].data[0].title).toBe('Renamed');
  });

  it('adds to My Projects of the selected team only', () => {
    seed(qc, 'my_projects', [['a']], 1, TEAM);
    addToTray(qc, 'my_projects', card('other', { team_db_id: 'team-2' }));
    expect(ids(read(qc, 'my_projects', TEAM))).toEqual([['a']]);
    addToTray(qc, 'my_projects', card('mine'));
    expect(ids(read(qc, 'my_projects', TEAM))).toEqual([['mine', 'a']]);
    expect(totals(read(qc, 'my_projects', TEAM))).toEqual([2]);
  });

  it('leaves a tray that was never loaded alone (the first fetch brings the card)', () => {
    addToTray(qc, 'collaborated_projects', card('n'));
    expect(read(qc, 'collaborated_projects', null)).toBeUndefined();
  });

  it('leaves a tray with no pages alone', () => {
    qc.setQueryData<TrayData>(projectKeys.tray('collaborated_projects', null), { pages: [], pageParams: [] });
    addToTray(qc, 'collaborated_projects', card('n'));
    expect(read(qc, 'collaborated_projects', null)?.pages).toEqual([]);
  });
});

describe('updateInTrays', () => {
  it('replaces the card in every tray that shows it, and only that card', () => {
    seed(qc, 'my_projects', [['a', 'b']], 2, TEAM);
    seed(qc, 'collaborated_projects', [['c'], ['b']], 2, null);
    const before = read(qc, 'my_projects', TEAM);
    updateInTrays(qc, card('b', { title: 'New title', no_of_members: 3 }));
    const mine = read(qc, 'my_projects', TEAM);
    const collab = read(qc, 'collaborated_projects', null);
    expect(mine?.pages[0].data.map((c) => c.title)).toEqual(['Project a', 'New title']);
    expect(collab?.pages[1].data[0]).toMatchObject({ title: 'New title', no_of_members: 3 });
    expect(totals(collab)).toEqual([2, 2]);
    // an untouched card keeps its identity, so its row does not re-render
    expect(mine?.pages[0].data[0]).toBe(before?.pages[0].data[0]);
  });

  it('does not add a card no tray shows', () => {
    seed(qc, 'collaborated_projects', [['a']], 1, null);
    const before = read(qc, 'collaborated_projects', null);
    updateInTrays(qc, card('z'));
    expect(read(qc, 'collaborated_projects', null)).toBe(before);
  });
});

describe('removeFromTrays', () => {
  it('removes the card from whichever page holds it and lowers the total on every page', () => {
    seed(
      qc,
      'collaborated_projects',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
      4,
      null,
    );
    removeFromTrays(qc, 'c');
    const data = read(qc, 'collaborated_projects', null);
    expect(ids(data)).toEqual([['a', 'b'], ['d']]);
    expect(totals(data)).toEqual([3, 3]);
  });

  it('removes it from every tray that shows it', () => {
    seed(qc, 'my_projects', [['a']], 1, TEAM);
    seed(qc, 'collaborated_projects', [['a', 'b']], 2, null);
    removeFromTrays(qc, 'a');
    expect(ids(read(qc, 'my_projects', TEAM))).toEqual([[]]);
    expect(totals(read(qc, 'my_projects', TEAM))).toEqual([0]);
    expect(ids(read(qc, 'collaborated_projects', null))).toEqual([['b']]);
  });

  it('leaves a tray without the card untouched (no total drift on a repeated delete)', () => {
    seed(qc, 'my_projects', [['x', 'y']], 2, TEAM);
    seed(qc, 'collaborated_projects', [['a', 'b']], 2, null);
    removeFromTrays(qc, 'a');
    removeFromTrays(qc, 'a');
    expect(totals(read(qc, 'collaborated_projects', null))).toEqual([1]);
    expect(totals(read(qc, 'my_projects', TEAM))).toEqual([2]);
  });

  it('never lowers the total below zero', () => {
    // a total the server had already lowered (a refetch raced the event)
    seed(qc, 'collaborated_projects', [['a']], 0, null);
    removeFromTrays(qc, 'a');
    expect(totals(read(qc, 'collaborated_projects', null))).toEqual([0]);
  });
});

describe('holdsCard and setCardUnread', () => {
  it('tells whether any cached tray shows the card', () => {
    expect(holdsCard(qc, 'a')).toBe(false);
    seed(qc, 'collaborated_projects', [['x'], ['a']], 2, null);
    expect(holdsCard(qc, 'a')).toBe(true);
    expect(holdsCard(qc, 'b')).toBe(false);
  });

  it('sets the unread count on the card wherever it is, nothing else', () => {
    seed(qc, 'my_projects', [['a', 'b']], 2, TEAM);
    seed(qc, 'collaborated_projects', [['c']], 1, null);
    const collab = read(qc, 'collaborated_projects', null);
    setCardUnread(qc, 'b', 7);
    expect(read(qc, 'my_projects', TEAM)?.pages[0].data.map((c) => c.unread_chats)).toEqual([0, 7]);
    expect(read(qc, 'collaborated_projects', null)).toBe(collab);
  });
});
