import type { QueryClient } from '@tanstack/react-query';
import { BOOT_ELEMENT_ID, type CurrentUser } from '@rushes/shared';
import { queryKeys } from '../api/queryKeys.ts';
import { ensureTeamSelection } from '../api/teamStorage.ts';

/**
 * Takes what a logged-in page's index.html carries (the server's platform/http/bootData.ts): the
 * user check-login would answer, so the shell and the page's first reads start without asking for
 * it (issue 22, P8). It is read once and removed; a page without it asks check-login as before.
 */
export function takeBootData(queryClient: QueryClient): void {
  const element = document.getElementById(BOOT_ELEMENT_ID);
  if (!element) return;
  element.remove();
  let data: { user?: CurrentUser } | null;
  try {
    data = JSON.parse(element.textContent ?? '') as { user?: CurrentUser } | null;
  } catch {
    return;
  }
  if (!data?.user) return;
  ensureTeamSelection(data.user);
  queryClient.setQueryData(queryKeys.currentUser, data.user);
}
