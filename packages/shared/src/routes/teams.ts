import { z } from 'zod';
import { API } from '../api.ts';
import { messageData } from '../envelope.ts';
import { uuid } from '../schemas/fields.ts';
import { teamSummary } from '../schemas/account.ts';
import {
  acceptInviteBody,
  addMembersBody,
  createTeamBody,
  currentPlan,
  deleteMemberBody,
  deleteTeamBody,
  listTeamsQuery,
  memberPermissionsQuery,
  removeMemberBody,
  setMemberPermissionsBody,
  teamIdQuery,
  teamMember,
  updateTeamBody,
  awsRegionOption,
  teamDetail,
  settingsTeam,
  teamWithDetail,
  permissionsAnswer,
  lastTeamBody,
  lastTeamAnswer,
} from '../schemas/teams.ts';
import { defineRoutes } from './define.ts';

/** Team Settings, members and permissions (teams.policy.ts says who may). */
export const teamsRoutes = defineRoutes('teams', {
  list: {
    method: 'GET',
    path: API.teams.root,
    query: listTeamsQuery,
    response: z.object({ teams: z.array(settingsTeam).optional(), users: z.array(teamMember).optional() }),
    policy: 'self',
  },
  create: {
    method: 'POST',
    path: API.teams.root,
    body: createTeamBody,
    response: z.object({ message: z.string(), team_db_id: z.string() }),
    policy: 'self',
  },
  update: {
    method: 'PUT',
    path: API.teams.root,
    body: updateTeamBody,
    response: messageData,
    policy: 'teams.canUpdate',
  },
  remove: {
    method: 'DELETE',
    path: API.teams.root,
    body: deleteTeamBody,
    response: messageData,
    policy: 'teams.canDelete',
  },
  rememberTeam: {
    method: 'PUT',
    path: API.teams.lastTeam,
    body: lastTeamBody,
    response: lastTeamAnswer,
    policy: 'teams.canView',
  },
  detail: {
    method: 'GET',
    path: API.teams.detail,
    query: teamIdQuery,
    response: z.object({ team: teamWithDetail }),
    policy: 'teams.canView',
  },
  checkPermission: {
    method: 'GET',
    path: API.teams.checkPermission,
    response: z.object({ can_create_team: z.literal(true) }),
    policy: 'self',
  },
  regions: {
    method: 'GET',
    path: API.teams.regions,
    response: z.object({ aws_configs: z.array(awsRegionOption) }),
    policy: 'self',
  },
  currentPlan: {
    method: 'GET',
    path: API.teams.currentPlan,
    query: teamIdQuery,
    response: currentPlan,
    policy: 'teams.canView',
  },
  acceptInvite: {
    method: 'POST',
    path: API.teams.acceptInvite,
    body: acceptInviteBody,
    response: z.object({ message: z.string(), team: teamSummary }),
    policy: 'self',
  },
  members: {
    method: 'GET',
    path: API.teams.members,
    query: teamIdQuery,
    response: z.object({ team_detail: teamDetail }),
    policy: 'teams.canView',
  },
  addMembers: {
    method: 'POST',
    path: API.teams.members,
    body: addMembersBody,
    response: messageData,
    policy: 'teams.canManageMembers',
  },
  removeMember: {
    method: 'PUT',
    path: API.teams.members,
    body: removeMemberBody,
    response: messageData,
    policy: 'teams.canManageMembers',
  },
  deleteMember: {
    method: 'DELETE',
    path: API.teams.members,
    body: deleteMemberBody,
    response: messageData,
    policy: 'teams.canManageMembers',
  },
  permissions: {
    method: 'GET',
    path: API.teams.permissions,
    query: z.object({ team_id: uuid().optional() }),
    response: permissionsAnswer,
    policy: 'teams.canView',
  },
  memberPermissions: {
    method: 'GET',
    path: API.teams.memberPermissions,
    query: memberPermissionsQuery,
    response: permissionsAnswer,
    policy: 'teams.canEditPermissions',
  },
  setMemberPermissions: {
    method: 'POST',
    path: API.teams.memberPermissions,
    body: setMemberPermissionsBody,
    response: messageData,
    policy: 'teams.canEditPermissions',
  },
});
