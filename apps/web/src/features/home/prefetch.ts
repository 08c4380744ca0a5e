import { currentUserQuery } from '../../api/currentUser.ts';
import { getSelectedTeamId, resolveTeam } from '../../api/teamStorage.ts';
import { getQueryClient } from '../../app/queryClient.ts';
import { taskTrayQuery } from '../tasks/api.ts';
import { projectTrayQuery } from '../projects/api.ts';
import { sharedAssetsQuery } from './sharedAssets.ts';

/**
 * Home's trays, asked for as soon as the logged-in user is known instead of after the shell and the
 * page have rendered (issue 22, P8: the trays are what home paints largest). The same queries as
 * the trays' hooks, so the hooks find them in flight. Logged out: nothing (the guard redirects).
 */
export async function prefetchHome(): Promise<void> {
  const queryClient = getQueryClient();
  const user = await queryClient.ensureQueryData(currentUserQuery).catch(() => null);
  if (!user) return;
  const team = resolveTeam(user, getSelectedTeamId());
  void queryClient.prefetchInfiniteQuery(taskTrayQuery(queryClient, 'my_tasks'));
  void queryClient.prefetchInfiniteQuery(taskTrayQuery(queryClient, 'assigned_tasks'));
  void queryClient.prefetchInfiniteQuery(sharedAssetsQuery);
  void queryClient.prefetchInfiniteQuery(projectTrayQuery('my_projects', team?.team_db_id ?? null));
  void queryClient.prefetchInfiniteQuery(projectTrayQuery('collaborated_projects', null));
}
