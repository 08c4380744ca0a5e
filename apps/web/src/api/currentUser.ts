import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { type CurrentUser } from '@rushes/shared';
import { authRoutes } from '@rushes/shared/routes/auth';
import { teamsRoutes } from '@rushes/shared/routes/teams';
import { call } from './client.ts';
import { queryKeys } from './queryKeys.ts';
import {
  ensureTeamSelection,
  getSelectedTeamId,
  resolveTeam,
  setSelectedTeamId,
  subscribeSelectedTeam,
} from './teamStorage.ts';

/** The current user with teams (GET check-login); a 401 means logged out. */
export const currentUserQuery = {
  queryKey: queryKeys.currentUser,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const user = await call(authRoutes.checkLogin, undefined, { signal });
    ensureTeamSelection(user);
    return user;
  },
  retry: false,
  staleTime: 60_000,
  // the guard handles a failure itself (401 → /login), no toast
  meta: { silent: true },
} as const;

export function useCurrentUserQuery() {
  return useQuery(currentUserQuery);
}

/** The logged-in user; only inside the logged-in shell, whose guard has loaded it. */
export function useUser(): CurrentUser {
  const { data } = useCurrentUserQuery();
  if (!data) throw new Error('useUser is used outside the logged-in shell');
  return data;
}

/** The selected team of the logged-in user and a way to switch to another. */
export function useSelectedTeam() {
  const user = useUser();
  const queryClient = useQueryClient();
  const storedId = useSyncExternalStore(subscribeSelectedTeam, getSelectedTeamId, () => null);
  const team = resolveTeam(user, storedId);
  const select = useCallback((teamDbId: string) => switchTeam(queryClient, teamDbId), [queryClient]);
  return { team, teams: user.teams, select };
}

/**
 * Store the team, tell the server (the user's other browsers that have stored no choice open on it)
 * and reset every team-scoped query (all but the current user).
 */
export function switchTeam(queryClient: QueryClient, teamDbId: string): void {
  setSelectedTeamId(teamDbId);
  // this browser has switched whatever the answer: a failure only loses the other browsers' default
  call(teamsRoutes.rememberTeam, { team_db_id: teamDbId }).catch(() => undefined);
  void queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.currentUser[0] });
}
