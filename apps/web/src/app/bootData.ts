import type { QueryClient } from '@tanstack/react-query';
import {
  BOOT_ELEMENT_ID,
  type CurrentUser,
  type SharedAssetsPage,
  type ShellConfig,
  type TaskTrayPage,
  type TrayPage,
} from '@rushes/shared';
import { queryKeys } from '../api/queryKeys.ts';
import { ensureTeamSelection } from '../api/teamStorage.ts';

/** Home's trays as index.html carries them (the server's homeTrays.ts). */
export interface BootTrays {
  my_tasks?: TaskTrayPage;
  assigned_tasks?: TaskTrayPage;
  shared_assets?: SharedAssetsPage;
  collaborated_projects?: TrayPage;
  /** the selected team's, as the server resolved it from the team cookie */
  my_projects?: { team_db_id: string; page: TrayPage };
}

/** Home's trays as index.html carried them, until home takes them. */
let bootTrays: BootTrays | null = null;

/**
 * The trays home's index.html carried, once: the first visit of home seeds its cache with them
 * (features/home/prefetch.ts); later visits ask the server.
 */
export function takeBootTrays(): BootTrays | null {
  const trays = bootTrays;
  bootTrays = null;
  return trays;
}

/**
 * Takes what a logged-in page's index.html carries (the server's platform/http/bootData.ts): the
 * user check-login would answer, so the shell and the page's first reads start without asking for
 * it, the shell's settings, and on home its trays. It is read once and removed; a page without it asks
 * check-login as before.
 */
export function takeBootData(queryClient: QueryClient): void {
  const element = document.getElementById(BOOT_ELEMENT_ID);
  if (!element) return;
  element.remove();
  let data: { user?: CurrentUser; shell?: ShellConfig; trays?: BootTrays } | null;
  try {
    data = JSON.parse(element.textContent ?? '') as typeof data;
  } catch {
    return;
  }
  if (!data?.user) return;
  bootTrays = data.trays ?? null;
  ensureTeamSelection(data.user);
  queryClient.setQueryData(queryKeys.currentUser, data.user);
  if (data.shell) queryClient.setQueryData(queryKeys.shellConfig, data.shell);
}
