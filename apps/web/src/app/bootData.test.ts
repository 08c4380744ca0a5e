// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID, SELECTED_TEAM_COOKIE, TEAM_ID_STORAGE_KEY } from '@rushes/shared';
import { queryKeys } from '../api/queryKeys.ts';
import { bootElement, makeUser } from '../test/fixtures.ts';
import { freshQueryClientPerTest, qc } from '../test/queryClient.ts';
import { takeBootData, takeBootTrays, type BootTrays } from './bootData.ts';
import { clearQueryCache, registerQueryCache } from './queryCache.ts';

/** The user as check-login answers it, last switched to the studio team. */
const user = makeUser({ last_team_db_id: 'studio' });

const trays: BootTrays = {
  collaborated_projects: { field: 'collaborated_projects', data: [], total_entries: 0, next_cursor: null },
};

freshQueryClientPerTest();
beforeEach(() => {
  localStorage.clear();
  document.cookie = `${SELECTED_TEAM_COOKIE}=; max-age=0; path=/`;
});
afterEach(() => {
  takeBootTrays();
  document.getElementById(BOOT_ELEMENT_ID)?.remove();
});

describe('takeBootData', () => {
  it('puts the user and the shell settings in the cache and keeps the trays for home, once', () => {
    const shell = { help_center_url: '/guide', build_type: 'web' };
    bootElement(JSON.stringify({ user, shell, trays }));
    takeBootData(qc);
    expect(qc.getQueryData(queryKeys.currentUser)).toEqual(user);
    expect(qc.getQueryData(queryKeys.shellConfig)).toEqual(shell);
    expect(document.getElementById(BOOT_ELEMENT_ID)).toBeNull();
    expect(takeBootTrays()).toEqual(trays);
    expect(takeBootTrays()).toBeNull();
  });

  it("selects the team the user last switched to, and mirrors it in the server's cookie", () => {
    bootElement(JSON.stringify({ user }));
    takeBootData(qc);
    expect(localStorage.getItem(TEAM_ID_STORAGE_KEY)).toBe('studio');
    expect(document.cookie).toContain(`${SELECTED_TEAM_COOKIE}=studio`);
  });

  it('keeps a stored team that is still the user’s', () => {
    localStorage.setItem(TEAM_ID_STORAGE_KEY, 'personal');
    bootElement(JSON.stringify({ user }));
    takeBootData(qc);
    expect(localStorage.getItem(TEAM_ID_STORAGE_KEY)).toBe('personal');
  });

  it('does nothing on a page without it, with broken JSON, or without a user', () => {
    takeBootData(qc);
    bootElement('{not json');
    takeBootData(qc);
    expect(document.getElementById(BOOT_ELEMENT_ID)).toBeNull();
    bootElement(JSON.stringify({ trays }));
    takeBootData(qc);
    expect(qc.getQueryCache().getAll()).toHaveLength(0);
    expect(takeBootTrays()).toBeNull();
    expect(localStorage.getItem(TEAM_ID_STORAGE_KEY)).toBeNull();
  });
});

describe('clearQueryCache', () => {
  it('forgets every answer of the registered cache (log in, log out)', () => {
    clearQueryCache();
    registerQueryCache(qc);
    qc.setQueryData(queryKeys.currentUser, user);
    clearQueryCache();
    expect(qc.getQueryData(queryKeys.currentUser)).toBeUndefined();
  });
});
