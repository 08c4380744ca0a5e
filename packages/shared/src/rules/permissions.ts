/**
 * Team permission codes (spec 002 §3, §6). The spec names can_view_app_integration, can_delete_team
 * and added_as_team_owner; the rest are ours. Owners (the creator and anyone holding
 * added_as_team_owner) hold every code and are the team's admins (is_admin).
 */
export const TEAM_PERMISSIONS = [
  { code: 'added_as_team_owner', title: 'Team owner (all permissions)' },
  { code: 'can_manage_members', title: 'Add and remove members' },
  { code: 'can_edit_member_permissions', title: 'Edit member permissions' },
  { code: 'can_update_team', title: 'Edit team details' },
  { code: 'can_delete_team', title: 'Delete team' },
  { code: 'can_manage_billing', title: 'Manage billing details' },
  { code: 'can_manage_subscription', title: 'Manage subscription' },
  { code: 'can_view_app_integration', title: 'View app integrations' },
  { code: 'can_create_projects', title: 'Create projects' },
] as const;

export type TeamPermissionCode = (typeof TEAM_PERMISSIONS)[number]['code'];
export const OWNER_PERMISSION: TeamPermissionCode = 'added_as_team_owner';

/** Codes a new member gets unless the inviter picks others (docs/decisions/0005-teams-permissions-plans.md). */
export const DEFAULT_MEMBER_PERMISSIONS: TeamPermissionCode[] = [
  'can_create_projects',
  'can_view_app_integration',
];

/** The owner code implies all the others. */
export function effectivePermissions(codes: readonly string[]): TeamPermissionCode[] {
  if (codes.includes(OWNER_PERMISSION)) return TEAM_PERMISSIONS.map((p) => p.code);
  return TEAM_PERMISSIONS.map((p) => p.code).filter((c) => codes.includes(c));
}
