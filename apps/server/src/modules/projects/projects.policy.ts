import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import {
  MSG,
  effectiveProjectPermissions,
  type ProjectPermissionCode,
  type ProjectRole,
} from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  projectMemberPermissions,
  projectMembers,
  projectPermissions,
  projects,
} from '../../db/schema/index.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import { forbidden } from '../../platform/http/errors.ts';
import type { AppContext } from '../../platform/context.ts';
import { stringField, type Policy } from '../../platform/policies.ts';
import { cachedProjectAccess } from './accessCache.ts';

export type ProjectRow = typeof projects.$inferSelect;

/** Who the caller is in one project: a member's role and effective permission codes. */
export interface ProjectAccess {
  project: ProjectRow;
  userId: string;
  role: ProjectRole;
  codes: ProjectPermissionCode[];
}

/** The codes a member holds through rows (before the creator and share rules). */
export async function heldProjectCodes(db: DbOrTx, projectId: string, userId: string): Promise<string[]> {
  const rows = await prepared(db, 'project_codes_held', codesHeld, { projectId, userId });
  return rows.map((r) => r.code);
}

// Read by every project route's policy check: prepared statements (db/prepared.ts).
const codesHeld = (db: DbOrTx) =>
  db
    .select({ code: projectPermissions.code })
    .from(projectMemberPermissions)
    .innerJoin(projectPermissions, eq(projectPermissions.id, projectMemberPermissions.permissionId))
    .where(
      and(
        eq(projectMemberPermissions.projectId, sql.placeholder('projectId')),
        eq(projectMemberPermissions.userId, sql.placeholder('userId')),
      ),
    );
// The membership and the held codes in one statement: one round trip less on every project route
// (on a loaded machine each round trip, not the query, is what a request waits for).
const projectOfMember = (db: DbOrTx) =>
  db
    .select({
      project: projects,
      role: projectMembers.role,
      held: sql<
        string[]
      >`coalesce((select array_agg(${projectPermissions.code}) from ${projectMemberPermissions}
        inner join ${projectPermissions} on ${projectPermissions.id} = ${projectMemberPermissions.permissionId}
        where ${projectMemberPermissions.projectId} = ${projects.id}
          and ${projectMemberPermissions.userId} = ${sql.placeholder('userId')}), '{}')`,
    })
    .from(projects)
    .innerJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, sql.placeholder('userId'))),
    )
    .where(eq(projects.id, sql.placeholder('projectId')))
    .limit(1);

/** The caller's access, or null when the project is unknown or the caller is not a member. */
export async function loadProjectAccess(
  db: DbOrTx,
  userId: string,
  projectId: string,
): Promise<ProjectAccess | null> {
  const [row] = await prepared(db, 'project_of_member', projectOfMember, { projectId, userId });
  if (!row) return null;
  return {
    project: row.project,
    userId,
    role: row.role,
    codes: effectiveProjectPermissions(row.held, row.role),
  };
}

/**
 * SQL: `userId` holds `code` in the project whose id is `projectId` (a column). The same rule as
 * ProjectAccess.codes for lists filtered in SQL: the creator's rows hold every code, and
 * download_all_assets is also held through share_to_download_all_assets.
 */
export const holdsProjectCodeSql = (userId: string, projectId: SQLWrapper, code: ProjectPermissionCode) => {
  const codes = code === 'download_all_assets' ? [code, 'share_to_download_all_assets'] : [code];
  const list = sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  );
  return sql<boolean>`(exists (select 1 from ${projectMembers} pm where pm.project_id = ${projectId} and pm.user_id = ${userId} and pm.role = 'creator')
    or exists (select 1 from ${projectMemberPermissions} pmp join ${projectPermissions} pp on pp.id = pmp.permission_id
      where pmp.project_id = ${projectId} and pmp.user_id = ${userId} and pp.code in (${list})))`;
};

/** SQL: the project whose id is `projectId` (a column) belongs to `teamId` (an API token's team). */
export const projectInTeamSql = (projectId: SQLWrapper, teamId: string) =>
  sql<boolean>`exists (select 1 from ${projects} p where p.id = ${projectId} and p.team_id = ${teamId})`;

// ---- one rule per action (spec 002 §6, 000 §6) ----

export type ProjectRule = (access: ProjectAccess) => boolean;
const holds =
  (code: ProjectPermissionCode): ProjectRule =>
  (a) =>
    a.codes.includes(code);

/** Members read a project: info, members, assets, metadata, its room. */
export const canViewProject: ProjectRule = () => true;
/** Only the creator deletes a project (docs/decisions/0006-projects-and-assets.md). */
export const canDeleteProject: ProjectRule = (a) => a.role === 'creator';
/** Add collaborators, resend invites, remove members (not oneself; admins only by creator/admins). */
export const canManageCollaborators = holds('can_add_update_collaborators');
/** Open a member's permission panel, change permissions and badges (spec 002 §6); rename in Manage Project. */
export const canManageProject = holds('can_manage_project');
/** Create folders and upload; the write right a copy or move destination needs. */
export const canWriteAssets = holds('can_upload_assets');
export const canDeleteAssets = holds('can_delete_assets');
export const canCopyMoveAssets = holds('can_copy_move_assets');
export const canEditMetadata = holds('can_add_update_asset_metadata');
/** Download originals (spec 000 §4: share_to_download_all_assets forces download_all_assets). */
export const canDownloadOriginals = holds('download_all_assets');
/**
 * Share assets with people and remove shared users (spec 002 §6): either share-to-download code.
 */
export const canShareAssets: ProjectRule = (a) =>
  a.codes.includes('can_share_to_download_rushesio_assets') ||
  a.codes.includes('can_share_to_download_all_assets');
/** Adding, inviting or removing admins also needs the caller to be the creator or an admin. */
export const canManageRole = (a: ProjectAccess, role: 'admin' | 'collaborator') =>
  canManageCollaborators(a) && (role === 'collaborator' || a.role !== 'collaborator');

/**
 * Loads the caller's access and applies a rule: non-members (and unknown projects, so ids reveal
 * nothing) get 403 'You are not a member of this project'; members the rule refuses get 403 too.
 */
export async function authorizeProject(
  db: DbOrTx,
  userId: string,
  projectId: string,
  rule: ProjectRule,
): Promise<ProjectAccess> {
  return ruled(await loadProjectAccess(db, userId, projectId), rule);
}

function ruled(access: ProjectAccess | null, rule: ProjectRule): ProjectAccess {
  if (!access) throw forbidden(MSG.noProjectAccess);
  if (!rule(access)) throw forbidden(MSG.forbidden);
  return access;
}

/**
 * A route policy on the project named by the request's `field` (`project_db_id` unless said): the
 * same refusals as `authorizeProject`, run once before the handler (platform/policies.ts), on the
 * node's cached access (accessCache.ts).
 */
export const projectPolicy = (rule: ProjectRule, field = 'project_db_id'): Policy<ProjectAccess> => ({
  reads: field,
  check: (ctx) => async (req) => {
    const userId = userIdOf(req);
    const projectId = stringField(req, field);
    const access = await cachedProjectAccess(ctx, userId, projectId, () =>
      loadProjectAccess(ctx.db, userId, projectId),
    );
    return ruled(access, rule);
  },
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'projects.canViewProject': ProjectAccess;
    'projects.canManageProject': ProjectAccess;
    'projects.canDeleteProject': ProjectAccess;
    'projects.canManageCollaborators': ProjectAccess;
    'projects.canWriteAssets': ProjectAccess;
    'projects.canDeleteAssets': ProjectAccess;
    'projects.canEditMetadata': ProjectAccess;
    'projects.canCopyMoveAssets': ProjectAccess;
    'projects.canCreateProjects': import('../teams/index.ts').TeamAccess;
  }
}

/** The room rule: members join project:{id} (on the node's cached access, as the routes). */
export const canJoinProjectRoom = async (ctx: AppContext, userId: string, projectId: string) => {
  if (!/^[0-9a-f-]{36}$/i.test(projectId)) return false;
  const load = () => loadProjectAccess(ctx.db, userId, projectId);
  return (await cachedProjectAccess(ctx, userId, projectId, load)) !== null;
};
