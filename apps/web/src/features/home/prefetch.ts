import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../api/currentUser.ts';
import { getSelectedTeamId, resolveTeam } from '../../api/teamStorage.ts';
import { takeBootTrays } from '../../app/bootData.ts';
import { getQueryClient } from '../../app/queryClient.ts';
import { settlePage } from '../tasks/taskCache.ts';
import { taskTrayQuery } from '../tasks/api.ts';
import { projectTrayQuery } from '../projects/api.ts';
import { sharedAssetsQuery } from './sharedAssets.ts';

/**
 * Home's trays, asked for as soon as the logged-in user is known instead of after the shell and the
 * page have rendered (the trays are what home paints largest). The same queries as
 * the trays' hooks, so the hooks find them in flight. Logged out: nothing (the guard redirects).
 * On the first visit, the trays home's index.html carried are the first pages, and none is asked
 * for; My Projects only if the server's team (from the team cookie) is not the one selected here.
 */
export async function prefetchHome(): Promise<void> {
  const queryClient = getQueryClient();
  const user = await queryClient.ensureQueryData(currentUserQuery).catch(() => null);
  if (!user) return;
  const team = resolveTeam(user, getSelectedTeamId());
  seedFromPage(queryClient, team?.team_db_id ?? null);
  void queryClient.prefetchInfiniteQuery(taskTrayQuery(queryClient, 'my_tasks'));
  void queryClient.prefetchInfiniteQuery(taskTrayQuery(queryClient, 'assigned_tasks'));
  void queryClient.prefetchInfiniteQuery(sharedAssetsQuery);
  void queryClient.prefetchInfiniteQuery(projectTrayQuery('my_projects', team?.team_db_id ?? null));
  void queryClient.prefetchInfiniteQuery(projectTrayQuery('collaborated_projects', null));
}

/** A first page as an infinite query's data, fresh from now (PREFETCH_FRESH_MS), so none is asked again. */
const firstPage = <P>(page: P) => ({ pages: [page], pageParams: [null] });

function seedFromPage(queryClient: QueryClient, teamDbId: string | null): void {
  const trays = takeBootTrays();
  if (!trays) return;
  for (const tray of ['my_tasks', 'assigned_tasks'] as const) {
    const page = trays[tray];
    if (page)
      queryClient.setQueryData(
        taskTrayQuery(queryClient, tray).queryKey,
        firstPage(settlePage(queryClient, page)),
      );
  }
  if (trays.shared_assets)
    queryClient.setQueryData(sharedAssetsQuery.queryKey, firstPage(trays.shared_assets));
  if (trays.collaborated_projects)
    queryClient.setQueryData(
      projectTrayQuery('collaborated_projects', null).queryKey,
      firstPage(trays.collaborated_projects),
    );
  if (trays.my_projects && trays.my_projects.team_db_id === teamDbId)
    queryClient.setQueryData(
      projectTrayQuery('my_projects', teamDbId).queryKey,
      firstPage(trays.my_projects.page),
    );
}
