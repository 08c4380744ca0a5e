import { defineModule } from '../../platform/modules.ts';
import { gateUserSearch } from './teams.policy.ts';
import { registerTeamMappers, teamRoom } from './teams.realtime.ts';
import { teamsRoutes } from './teams.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { acceptInviteIn, createInvitesService, findValidInvite } from './invites.service.ts';
export {
  authorizeTeam,
  canManageBilling,
  canManageTeamTwoFactor,
  canUpdate,
  canView,
} from './teams.policy.ts';
export type { TeamAccess } from './teams.policy.ts';
export {
  createPersonalTeam,
  findTeam,
  isTwoFactorEnforcedByTeam,
  listTeamsForUser,
  lockTeam,
  setTeamTwoFactor,
  teamMemberIds,
  teamSummariesFromJson,
  teamSummariesJsonSql,
} from './teams.service.ts';

/** Teams, their members, invitations and permissions; team:{id} rooms. */
export const teamsModule = defineModule({
  name: 'teams',
  routes: [teamsRoutes],
  listeners: [registerTeamMappers, gateUserSearch],
  rooms: { team: teamRoom },
});
