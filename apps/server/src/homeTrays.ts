import { HOME_TRAY_PAGE_SIZE, ROUTES, SHARED_ASSETS_TRAY } from '@rushes/shared';
import type { AppContext } from './platform/context.ts';
import { createProjectTrays, sharedAssetsTrayOf } from './modules/projects/index.ts';
import { taskTray } from './modules/tasks/index.ts';

/**
 * The first page of each of home's trays that does not depend on the selected team (My Tasks,
 * Assigned Tasks, Shared Assets, Collaborated Projects), exactly as their routes answer it: the same
 * reads, the query and answer through the routes' own schemas. Home's index.html carries them
 * (platform/http/bootData.ts), so its largest paint does not wait for a round of API calls after
 * the code (issue 22, P8). My Projects depends on the team the browser selected, which only the
 * browser knows: home asks for it as before.
 */
export function homeTraysReader(ctx: AppContext) {
  const projectTrays = createProjectTrays(ctx);
  return async (userId: string) => {
    const taskQuery = (tray_name: 'my_tasks' | 'assigned_tasks') =>
      ROUTES.tasks.trays.query.parse({ tray_name, entries_per_page: HOME_TRAY_PAGE_SIZE });
    const trayQuery = (tray_name: 'collaborated_projects' | typeof SHARED_ASSETS_TRAY) =>
      ROUTES.projects.trays.query.parse({ tray_name, entries_per_page: HOME_TRAY_PAGE_SIZE });
    const [myTasks, assignedTasks, sharedAssets, collaboratedProjects] = await Promise.all([
      taskTray(ctx.db, userId, taskQuery('my_tasks')),
      taskTray(ctx.db, userId, taskQuery('assigned_tasks')),
      sharedAssetsTrayOf(ctx)(userId, trayQuery(SHARED_ASSETS_TRAY)),
      projectTrays(userId, { ...trayQuery('collaborated_projects'), tray_name: 'collaborated_projects' }),
    ]);
    return {
      my_tasks: ROUTES.tasks.trays.response.parse(myTasks),
      assigned_tasks: ROUTES.tasks.trays.response.parse(assignedTasks),
      shared_assets: ROUTES.projects.trays.response.parse(sharedAssets),
      collaborated_projects: ROUTES.projects.trays.response.parse(collaboratedProjects),
    };
  };
}
