// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BOOT_ELEMENT_ID,
  SELECTED_TEAM_COOKIE,
  TEAM_ID_STORAGE_KEY,
  currentUser,
  type CurrentUser,
} from '@rushes/shared';
import { queryKeys } from '../api/queryKeys.ts';
import { takeBootData, takeBootTrays, type BootTrays } from './bootData.ts';
import { clearQueryCache, registerQueryCache } from './queryCache.ts';

const team = (id: string, personal: boolean) => ({
  team_db_id: id,
  team_id: id.toUpperCase(),
  name: id,
  is_admin: true,
  is_personal: personal,
  no_of_users: 1,
  created_on: '2026-01-01T00:00:00.000Z',
  is_active: true,
  subscription: 'free',
  two_factor_authentication_enabled: false,
});

/** The user as check-login answers it (checked against the shared schema). */
const user: CurrentUser = currentUser.parse({
  user_id: 'u1',
  name: 'Ann Lee',
  first_name: 'Ann',
  last_name: 'Lee',
  username: 'ann',
  email: 'ann@example.com',
  user_badge_color: '#f00',
  waiting_time: 0,
  is_subscription_upgrade_in_progress: false,
  two_factor_authentication_enabled: false,
  is_two_factor_authentication_enabled_by_team: false,
  organisation_db_id: 'o1',
  teams: [team('personal', true), team('studio', false)],
  last_team_db_id: 'studio',
});

const trays: BootTrays = {
  collaborated_projects: { field: 'collaborated_projects', data: [], total_entries: 0, next_cursor: null },
};

/** What the server writes into a logged-in page's index.html. */
function bootElement(text: string) {
  const el = document.createElement('script');
  el.id = BOOT_ELEMENT_ID;
  el.type = 'application/json';
  el.textContent = text;
  document.body.append(el);
}

let qc: QueryClient;
beforeEach(() => {
  qc = new QueryClient();
  localStorage.clear();
  document.cookie = `${SELECTED_TEAM_COOKIE}=; max-age=0; path=/`;
});
afterEach(() => {
  takeBootTrays();
  document.getElementById(BOOT_ELEMENT_ID)?.remove();
  qc.clear();
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
