import type { AppContext } from '../../platform/context.ts';
import { defineModule } from '../../platform/modules.ts';
import { teamPolicy } from '../teams/index.ts';
import { dropCachedAccessOnChange } from './accessCache.ts';
import {
  canCopyMoveAssets,
  canDeleteAssets,
  canDeleteProject,
  canEditMetadata,
  canManageCollaborators,
  canManageProject,
  canViewProject,
  canWriteAssets,
  projectPolicy,
} from './projects.policy.ts';
import { canViewProjectByCode } from './projects.byCode.ts';
import { canCreateProjects, createProjectsService } from './projects.service.ts';
import { projectRoom, registerProjectMappers } from './projects.realtime.ts';
import { projectsRoutes } from './projects.routes.ts';
import { releaseProjectsOfDeletedTeams } from './teamProjects.ts';

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
  projectInTeamSql,
  projectPolicy,
} from './projects.policy.ts';
export type { ProjectAccess, ProjectRule } from './projects.policy.ts';
export {
  adjustProjectTotals,
  insertProjectMember,
  lockProject,
  setMemberBadge,
  teamOfProject,
} from './projects.service.ts';
export { clearCachedProjectAccess } from './accessCache.ts';
export { onProjectDeleting, type ProjectCleanup } from './projectCleanup.ts';
export { provideSharedAssetsTray, sharedAssetsTrayOf } from './sharedTray.ts';
export { countUnreadChatsWith, type UnreadChatsSql } from './projects.cards.ts';

/** A home tray page of the caller's projects, as the trays route answers it (home's index.html; homeTrays.ts). */
export const createProjectTrays = (ctx: AppContext) => createProjectsService(ctx).tray;

/** Projects, their members and invitations, home trays; project:{id} rooms. */
export const projectsModule = defineModule({
  name: 'projects',
  policies: {
    'projects.canViewProject': projectPolicy(canViewProject),
    'projects.canViewProjectByCode': canViewProjectByCode,
    'projects.canManageProject': projectPolicy(canManageProject),
    'projects.canDeleteProject': projectPolicy(canDeleteProject),
    'projects.canManageCollaborators': projectPolicy(canManageCollaborators),
    'projects.canWriteAssets': projectPolicy(canWriteAssets),
    'projects.canDeleteAssets': projectPolicy(canDeleteAssets),
    'projects.canEditMetadata': projectPolicy(canEditMetadata),
    'projects.canCopyMoveAssets': projectPolicy(canCopyMoveAssets, 'source_project_db_id'),
    'projects.canCreateProjects': teamPolicy(canCreateProjects, 'team_db_id'),
  },
  routes: [projectsRoutes],
  listeners: [dropCachedAccessOnChange, registerProjectMappers, releaseProjectsOfDeletedTeams],
  rooms: { project: projectRoom },
});
