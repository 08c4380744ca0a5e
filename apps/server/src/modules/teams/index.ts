import { defineModule } from '../../platform/modules.ts';
import { checkedInService } from '../../platform/policies.ts';
import {
  canDelete,
  canManageBilling,
  canManageMembers,
  canUpdate,
  canView,
  gateUserSearch,
  gateAuditLog,
  memberPermissionsPolicy,
  teamPolicy,
} from './teams.policy.ts';
import { registerTeamMappers, teamRoom } from './teams.realtime.ts';
import { registerTeamPlanWriter } from './teams.service.ts';
import { teamsRoutes } from './teams.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { acceptInviteIn, createInvitesService, findValidInvite } from './invites.service.ts';
export {
  authorizeTeam,
  canManageBilling,
  canManageTeamTwoFactor,
  canUpdate,
  canView,
  teamPolicy,
} from './teams.policy.ts';
export type { TeamAccess } from './teams.policy.ts';
export { onTeamDeleting, type TeamCleanup } from './teamDeleting.ts';
export {
  createPersonalTeam,
  findTeam,
  isTwoFactorEnforcedByTeam,
  listTeamsForUser,
  lockTeam,
  setTeamPlan,
  setTeamTwoFactor,
  teamMemberIds,
  teamSummariesFromJson,
  teamSummariesJsonSql,
} from './teams.service.ts';

/** Teams, their members, invitations and permissions; team:{id} rooms. */
export const teamsModule = defineModule({
  name: 'teams',
  policies: {
    // An optional team id (the permission list, the user search, billing's read) is checked by the
    // service when given.
    'teams.canView': [teamPolicy(canView), teamPolicy(canView, 'team_db_id'), checkedInService()],
    'teams.canUpdate': [teamPolicy(canUpdate), teamPolicy(canUpdate, 'team_db_id')],
    'teams.canManageMembers': teamPolicy(canManageMembers),
    'teams.canEditPermissions': memberPermissionsPolicy(),
    'teams.canDelete': teamPolicy(canDelete),
    'teams.canManageBilling': teamPolicy(canManageBilling),
  },
  routes: [teamsRoutes],
  listeners: [registerTeamMappers, gateUserSearch, gateAuditLog, registerTeamPlanWriter],
  rooms: { team: teamRoom },
});
