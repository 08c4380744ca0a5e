import type { AppContext } from '../../platform/context.ts';
import { defineModule } from '../../platform/modules.ts';
import { createProjectsService } from './projects.service.ts';
import { projectRoom, registerProjectMappers } from './projects.realtime.ts';
import { projectsRoutes } from './projects.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { acceptAnyInviteIn, createInviteCodes, findAnyValidInvite } from './inviteCodes.ts';
export { createProjectInvites, pendingProjectInvites } from './invites.service.ts';
export {
  authorizeProject,
  canCopyMoveAssets,
  canDeleteAssets,
  canDownloadOriginals,
  canShareAssets,
  canEditMetadata,
  canManageCollaborators,
  canManageProject,
  canViewProject,
  canWriteAssets,
  holdsProjectCodeSql,
  loadProjectAccess,
} from './projects.policy.ts';
export type { ProjectAccess, ProjectRule } from './projects.policy.ts';
export { adjustProjectTotals, insertProjectMember, lockProject } from './projects.service.ts';
export { releaseTeamProjects } from './teamProjects.ts';
export { onProjectDeleting, type ProjectCleanup } from './projectCleanup.ts';
export { provideSharedAssetsTray, sharedAssetsTrayOf } from './sharedTray.ts';
export { countUnreadChatsWith, type UnreadChatsCounter } from './projects.cards.ts';

/** A home tray page of the caller's projects, as the trays route answers it (home's index.html; homeTrays.ts). */
export const createProjectTrays = (ctx: AppContext) => createProjectsService(ctx).tray;

/** Projects, their members and invitations, home trays; project:{id} rooms. */
export const projectsModule = defineModule({
  name: 'projects',
  routes: [projectsRoutes],
  listeners: [registerProjectMappers],
  rooms: { project: projectRoom },
});
