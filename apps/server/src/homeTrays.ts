import { HOME_TRAY_PAGE_SIZE, ROUTES, SHARED_ASSETS_TRAY, resolveTeam } from '@rushes/shared';
import type { BootUser } from './platform/http/webApp.ts';
import type { AppContext } from './platform/context.ts';
import { createProjectTrays, sharedAssetsTrayOf } from './modules/projects/index.ts';
import { taskTray } from './modules/tasks/index.ts';

/**
 * The first page of each of home's trays, exactly as their routes answer it: the same reads, the
 * query and answer through the routes' own schemas. Home's index.html carries them
 * (platform/http/bootData.ts), so its largest paint does not wait for a round of API calls after
 * the code. My Projects is the selected team's: the team of the browser's
 * SELECTED_TEAM_COOKIE among the user's own, resolved as the web app resolves it, and it comes with
 * that team's id so the app uses it only if it selected the same team.
 */
export function homeTraysReader(ctx: AppContext) {
  const projectTrays = createProjectTrays(ctx);
  return async (user: BootUser, selectedTeamId: string | null) => {
    const userId = user.user_id;
    const team = resolveTeam(user.teams, selectedTeamId, user.last_team_db_id);
    const taskQuery = (tray_name: 'my_tasks' | 'assigned_tasks') =>
      ROUTES.tasks.trays.query.parse({ tray_name, entries_per_page: HOME_TRAY_PAGE_SIZE });
    const trayQuery = (tray_name: 'collaborated_projects' | typeof SHARED_ASSETS_TRAY) =>
      ROUTES.projects.trays.query.parse({ tray_name, entries_per_page: HOME_TRAY_PAGE_SIZE });
    const [myTasks, assignedTasks, sharedAssets, collaboratedProjects, myProjects] = await Promise.all([
      taskTray(ctx.db, userId, taskQuery('my_tasks')),
      taskTray(ctx.db, userId, taskQuery('assigned_tasks')),
      sharedAssetsTrayOf(ctx)(userId, trayQuery(SHARED_ASSETS_TRAY)),
      projectTrays(userId, { ...trayQuery('collaborated_projects'), tray_name: 'collaborated_projects' }),
      team
        ? projectTrays(userId, {
            ...ROUTES.projects.trays.query.parse({
              tray_name: 'my_projects',
              entries_per_page: HOME_TRAY_PAGE_SIZE,
              team_db_id: team.team_db_id,
            }),
            tray_name: 'my_projects',
          })
        : null,
    ]);
    return {
      my_tasks: ROUTES.tasks.trays.response.parse(myTasks),
      assigned_tasks: ROUTES.tasks.trays.response.parse(assignedTasks),
      shared_assets: ROUTES.projects.trays.response.parse(sharedAssets),
      collaborated_projects: ROUTES.projects.trays.response.parse(collaboratedProjects),
      ...(team && myProjects
        ? {
            my_projects: {
              team_db_id: team.team_db_id,
              page: ROUTES.projects.trays.response.parse(myProjects),
            },
          }
        : {}),
    };
  };
}
