import { useMutation, useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  type RouteOutput,
  OWNER_PERMISSION,
  type Permission,
  type TeamDetail,
  type TeamMember,
  type TeamSummary,
} from '@rushes/shared';
import { usersRoutes } from '@rushes/shared/routes/small';
import { teamsRoutes } from '@rushes/shared/routes/teams';
import { call, type CallInput } from '../../api/client.ts';
import { mutationHook } from '../../api/mutation.ts';
import { checkCreateTeam } from './checkCreateTeam.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/**
 * Team settings data (spec 002 §7 Teams). Every key lives under 'settings', so one invalidation
 * (realtime team events, a mutation) refreshes the tables and open panels together.
 */
export const teamKeys = {
  all: ['settings'] as const,
  list: (tab: 'teams' | 'users') => ['settings', 'list', tab] as const,
  detail: (teamDbId: string) => ['settings', 'detail', teamDbId] as const,
  members: (teamDbId: string) => ['settings', 'members', teamDbId] as const,
  memberPermissions: (teamDbId: string, userDbId: string) =>
    ['settings', 'memberPermissions', teamDbId, userDbId] as const,
  /** Lists that do not change with team events. */
  regions: ['teamCatalogue', 'regions'] as const,
  catalogue: ['teamCatalogue', 'permissions'] as const,
  search: (text: string, teamDbId: string | undefined) => ['userSearch', text, teamDbId ?? ''] as const,
};

/** The caller's permission codes in a team, as the server sends them (codes or Permission rows). */
export type PermissionsField = readonly string[] | readonly Permission[] | undefined;

/** A member's face in an avatar stack. */
export interface AvatarPerson {
  user_db_id: string;
  name: string;
  user_badge_color: string;
}

/** A row of the Teams table: the summary plus region and up to AVATAR_STACK_MAX member avatars. */
export interface TeamListItem extends TeamSummary {
  aws_config?: { region: string; region_name?: string } | null;
  detail?: { avatars?: AvatarPerson[] } | null;
  permissions?: PermissionsField;
}

/** The team detail answer: summary, detail and the caller's permissions. */
export interface TeamWithDetail extends TeamSummary {
  detail: TeamDetail;
  aws_config?: { region: string; region_name?: string } | null;
  permissions?: PermissionsField;
}

export interface MembersDetail {
  owners: TeamMember[];
  members: TeamMember[];
  invited_users: string[];
}

function codesOf(permissions: PermissionsField): string[] {
  if (!permissions) return [];
  return permissions.flatMap((p) => (typeof p === 'string' ? [p] : p.is_selected ? [p.code] : []));
}

/** Admins (owners) hold every code (docs/decisions/0005-teams-permissions-plans.md); others hold what the server lists. */
export function hasPermission(
  team: { is_admin: boolean; permissions?: PermissionsField } | undefined,
  code: string,
): boolean {
  if (!team) return false;
  if (team.is_admin) return true;
  const codes = codesOf(team.permissions);
  return codes.includes(OWNER_PERMISSION) || codes.includes(code);
}

export function useTeamsList() {
  return useQuery({
    queryKey: teamKeys.list('teams'),
    queryFn: ({ signal }) => call(teamsRoutes.list, { tab: 'teams' }, { signal }).then((d) => d.teams),
  });
}

export function useTeamUsers(enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.list('users'),
    queryFn: ({ signal }) => call(teamsRoutes.list, { tab: 'users' }, { signal }).then((d) => d.users),
    enabled,
  });
}

export function useTeamDetail(teamDbId: string | undefined) {
  return useQuery({
    queryKey: teamKeys.detail(teamDbId ?? ''),
    queryFn: ({ signal }) =>
      call(teamsRoutes.detail, { team_id: teamDbId ?? '' }, { signal }).then((d) => d.team),
    enabled: Boolean(teamDbId),
  });
}

export function useTeamMembers(teamDbId: string) {
  return useQuery({
    queryKey: teamKeys.members(teamDbId),
    queryFn: ({ signal }) =>
      call(teamsRoutes.members, { team_id: teamDbId }, { signal }).then((d) => d.team_detail),
    // the panel says 'Something went wrong while fetching team members' itself
    meta: { silent: true },
  });
}

export function useRegions() {
  return useQuery({
    queryKey: teamKeys.regions,
    queryFn: ({ signal }) => call(teamsRoutes.regions, {}, { signal }).then((d) => d.aws_configs),
    staleTime: Infinity,
  });
}

/** The permission catalogue with the defaults for a new member. */
export function usePermissionCatalogue() {
  return useQuery({
    queryKey: teamKeys.catalogue,
    queryFn: ({ signal }) => call(teamsRoutes.permissions, {}, { signal }).then((d) => d.permissions),
    staleTime: 5 * 60_000,
  });
}

export function useMemberPermissions(teamDbId: string, userDbId: string) {
  return useQuery({
    queryKey: teamKeys.memberPermissions(teamDbId, userDbId),
    queryFn: ({ signal }) =>
      call(teamsRoutes.memberPermissions, { team_id: teamDbId, user_db_id: userDbId }, { signal }).then(
        (d) => d.permissions,
      ),
  });
}

export function useUserSearch(text: string, teamDbId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.search(text, teamDbId),
    queryFn: ({ signal }) =>
      call(usersRoutes.search, { search_text: text, team_id: teamDbId }, { signal }).then((d) => d.users),
    enabled,
    staleTime: 30_000,
    meta: { silent: true },
  });
}

/** Refetch the settings tables, open panels and the switcher after a team change. */
export function useRefreshTeams() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
      ]),
    [queryClient],
  );
}

// Writes (each screen adds its toasts and refresh through the hook's options).
export const useUpdateTeam = mutationHook(teamsRoutes.update);
export const useDeleteTeam = mutationHook(teamsRoutes.remove);
export const useAddMembers = mutationHook(teamsRoutes.addMembers);
export const useRemoveMember = mutationHook(teamsRoutes.removeMember);
export const useSetMemberPermissions = mutationHook(teamsRoutes.setMemberPermissions);

type CreateTeam = typeof teamsRoutes.create;

/**
 * Creates a team after the create-permission check (spec 002 §4); answers null when the plan
 * refused it (the upgrade modal or the error is already shown).
 */
export function useCreateTeam(
  options: Omit<
    UseMutationOptions<RouteOutput<CreateTeam> | null, Error, CallInput<CreateTeam>>,
    'mutationFn'
  > = {},
) {
  return useMutation({
    ...options,
    mutationFn: async (body: CallInput<CreateTeam>) =>
      (await checkCreateTeam()) ? call(teamsRoutes.create, body) : null,
  });
}
