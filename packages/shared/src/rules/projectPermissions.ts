/**
 * Project permission codes (spec 000 §4, §6; 002 §3, §6). The spec names can_add_update_collaborators,
 * can_manage_project, can_share_to_download_{product}io_assets, can_share_to_download_all_assets,
 * share_to_download_all_assets, download_all_assets and can_add_update_asset_metadata; the asset
 * operation codes are ours. `id` is the permission_db_id seeded by the project catalogue migration
 * (a test checks they agree).
 */
export const PROJECT_PERMISSIONS = [
  { id: 1, code: 'can_add_update_collaborators', title: 'Add and update collaborators' },
  { id: 2, code: 'can_manage_project', title: 'Manage project permissions and badges' },
  { id: 3, code: 'can_share_to_download_rushesio_assets', title: 'Share Rushes.io assets for download' },
  { id: 4, code: 'can_share_to_download_all_assets', title: 'Share all assets for download' },
  { id: 5, code: 'share_to_download_all_assets', title: 'Share to download all assets' },
  { id: 6, code: 'download_all_assets', title: 'Download all assets' },
  { id: 7, code: 'can_add_update_asset_metadata', title: 'Add and update asset metadata' },
  { id: 8, code: 'can_upload_assets', title: 'Upload assets and create folders' },
  { id: 9, code: 'can_delete_assets', title: 'Delete assets' },
  { id: 10, code: 'can_copy_move_assets', title: 'Copy and move assets' },
  { id: 11, code: 'can_camera_to_edit', title: 'Camera to Edit' },
] as const;

export type ProjectPermissionCode = (typeof PROJECT_PERMISSIONS)[number]['code'];
export const PROJECT_PERMISSION_CODES: ProjectPermissionCode[] = PROJECT_PERMISSIONS.map((p) => p.code);

export const PROJECT_ROLES = ['creator', 'admin', 'collaborator'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];
/** Roles that can be added, invited or removed (the creator is fixed). */
export const MEMBER_ROLES = ['admin', 'collaborator'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** 'Admin', 'Collaborator', 'Creator': used in '<Role> deleted successfully'. */
export const roleTitle = (role: ProjectRole) => role.charAt(0).toUpperCase() + role.slice(1);

/**
 * Default codes per role (docs/decisions/0006-projects-and-assets.md). The creator holds every code and cannot lose any.
 * Admins get every code too but can be narrowed by whoever holds can_manage_project. Collaborators
 * get a working set: upload and create folders, copy/move, edit metadata, download, share Rushes.io
 * assets; no delete, no collaborator or project management.
 */
export const DEFAULT_PROJECT_PERMISSIONS: Record<ProjectRole, ProjectPermissionCode[]> = {
  creator: [...PROJECT_PERMISSION_CODES],
  admin: [...PROJECT_PERMISSION_CODES],
  collaborator: [
    'can_upload_assets',
    'can_copy_move_assets',
    'can_add_update_asset_metadata',
    'download_all_assets',
    'can_share_to_download_rushesio_assets',
  ],
};

/**
 * A teammate outside the project who is asked for an approval or review joins the project as a
 * collaborator with this badge and no permission codes: they see the project and its assets and
 * answer the request; an admin can grant more in their permissions panel (docs/decisions/0014-behaviours-settled-by-user-trial.md).
 */
export const REVIEWER_BADGE = 'Reviewer';
export const REVIEWER_PERMISSIONS: ProjectPermissionCode[] = [];

/** The share rule (spec 000 §4): share_to_download_all_assets on forces download_all_assets on. */
export const SHARE_ALL_CODE: ProjectPermissionCode = 'share_to_download_all_assets';
export const DOWNLOAD_ALL_CODE: ProjectPermissionCode = 'download_all_assets';

/** Codes after the rules: known codes only, download forced by share-all, creator holds all. */
export function effectiveProjectPermissions(
  codes: readonly string[],
  role: ProjectRole = 'collaborator',
): ProjectPermissionCode[] {
  if (role === 'creator') return [...PROJECT_PERMISSION_CODES];
  const held = new Set(codes);
  if (held.has(SHARE_ALL_CODE)) held.add(DOWNLOAD_ALL_CODE);
  return PROJECT_PERMISSION_CODES.filter((c) => held.has(c));
}

/**
 * The permission list as the panel shows it (spec 000 §3 Permission): is_selected by the held codes,
 * download_all_assets disabled while share_to_download_all_assets is on; everything disabled when
 * `locked` (the creator's list, or a viewer who may not change it).
 */
export function projectPermissionView(selectedCodes: readonly string[], locked = false) {
  const held = new Set(selectedCodes);
  if (held.has(SHARE_ALL_CODE)) held.add(DOWNLOAD_ALL_CODE);
  return PROJECT_PERMISSIONS.map((p) => ({
    permission_db_id: p.id,
    code: p.code,
    title: p.title,
    is_selected: held.has(p.code),
    is_disabled: locked || (p.code === DOWNLOAD_ALL_CODE && held.has(SHARE_ALL_CODE)),
  }));
}

/** Toggling one permission in the panel: applies the share rule to the selected id list. */
export function toggleProjectPermission(selectedIds: readonly number[], id: number): number[] {
  const next = new Set(selectedIds);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  const share = PROJECT_PERMISSIONS.find((p) => p.code === SHARE_ALL_CODE)!.id;
  const download = PROJECT_PERMISSIONS.find((p) => p.code === DOWNLOAD_ALL_CODE)!.id;
  if (next.has(share)) next.add(download);
  return PROJECT_PERMISSIONS.map((p) => p.id).filter((x) => next.has(x));
}

export const projectPermissionIds = (codes: readonly string[]) =>
  PROJECT_PERMISSIONS.filter((p) => codes.includes(p.code)).map((p) => p.id);
