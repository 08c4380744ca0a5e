import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import {
  MSG,
  OWNER_PERMISSION,
  TEAM_PERMISSIONS,
  effectivePermissions,
  type TeamPermissionCode,
} from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { permissions, teamMemberPermissions, teamMembers, teams } from '../../db/schema/index.ts';
import { userIdOf } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { fieldOf, stringField, type Policy } from '../../platform/policies.ts';
import { gateUserSearchByTeam } from '../users/index.ts';
import { gateTeamLogWith } from '../audit/index.ts';

export type TeamRow = typeof teams.$inferSelect;

/**
 * Who the caller is in one team. An owner is a member who created the team or holds
 * added_as_team_owner; owners hold every permission code (team_members.is_admin mirrors this).
 */
export interface TeamAccess {
  team: TeamRow;
  userId: string;
  isMember: boolean;
  isOwner: boolean;
  /** Effective codes (an owner's are all of them). */
  codes: TeamPermissionCode[];
}

/**
 * SQL: `userId` (a value or a column) owns the team whose id is `teamId` and creator is `ownerId`.
 * The same rule as TeamAccess.isOwner, for lists filtered in SQL (membership is checked by the join).
 */
export const ownsTeamSql = (
  userId: string | SQLWrapper,
  teamId: SQLWrapper = teams.id,
  ownerId: SQLWrapper = teams.ownerId,
) =>
  sql<boolean>`(${ownerId} = ${userId} or exists (select 1 from ${teamMemberPermissions} tmp join ${permissions} p on p.id = tmp.permission_id where tmp.team_id = ${teamId} and tmp.user_id = ${userId} and p.code = ${OWNER_PERMISSION}))`;

/** The codes a member holds through rows (not yet widened by the owner rule). */
export async function heldCodes(db: DbOrTx, teamId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ code: permissions.code })
    .from(teamMemberPermissions)
    .innerJoin(permissions, eq(permissions.id, teamMemberPermissions.permissionId))
    .where(and(eq(teamMemberPermissions.teamId, teamId), eq(teamMemberPermissions.userId, userId)));
  return rows.map((r) => r.code);
}

export async function loadTeamAccess(db: DbOrTx, userId: string, teamId: string): Promise<TeamAccess | null> {
  const [row] = await db
    .select({ team: teams, memberId: teamMembers.userId })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .where(eq(teams.id, teamId))
    .limit(1);
  if (!row) return null;
  const isMember = row.memberId !== null;
  const held = isMember ? await heldCodes(db, teamId, userId) : [];
  const isOwner = isMember && (row.team.ownerId === userId || held.includes(OWNER_PERMISSION));
  const codes = isOwner ? TEAM_PERMISSIONS.map((p) => p.code) : effectivePermissions(held);
  return { team: row.team, userId, isMember, isOwner, codes };
}

// ---- one rule per action (spec 002 §6) ----

export type TeamRule = (access: TeamAccess) => boolean;

/** Members see a team: its lists, detail, plan, room. */
export const canView: TeamRule = (a) => a.isMember;
/** Owners rename a team and change its settings; the personal account is not changed here. */
export const canUpdate: TeamRule = (a) => a.isOwner && !a.team.isPersonal;
/** Owners add and remove members and invites. */
export const canManageMembers: TeamRule = (a) => a.isOwner && !a.team.isPersonal;
/** Owners edit members' permissions. */
export const canEditPermissions: TeamRule = (a) => a.isOwner && !a.team.isPersonal;
/** Owners turn two-factor on or off for the whole team (spec 002 §6). */
export const canManageTwoFactor: TeamRule = (a) => a.isOwner && !a.team.isPersonal;
/** Deleting needs can_delete_team (owners hold it); never the personal account. */
export const canDelete: TeamRule = (a) =>
  a.isMember && !a.team.isPersonal && a.codes.includes('can_delete_team');
/** Billing details: owners or holders of can_manage_billing (docs/decisions/0005-teams-permissions-plans.md). */
export const canManageBilling: TeamRule = (a) => a.isMember && a.codes.includes('can_manage_billing');

/**
 * Loads the caller's access and applies a rule: non-members (and unknown teams) get 403
 * 'You are not a member of this team'; members the rule refuses get 403 too.
 */
export async function authorizeTeam(
  db: DbOrTx,
  userId: string,
  teamId: string,
  rule: TeamRule,
): Promise<TeamAccess> {
  const access = await loadTeamAccess(db, userId, teamId);
  if (!access?.isMember) throw forbidden(MSG.noTeamAccess);
  if (!rule(access)) {
    throw forbidden(access.team.isPersonal && access.isOwner ? MSG.personalTeamLocked : MSG.forbidden);
  }
  return access;
}

/**
 * A route policy on the team named by the request's `field` (`team_id` unless said): the same loading
 * and refusals as `authorizeTeam`, run once before the handler (platform/policies.ts).
 */
export const teamPolicy = (rule: TeamRule, field = 'team_id'): Policy<TeamAccess> => ({
  reads: field,
  check: (ctx) => (req) => authorizeTeam(ctx.db, userIdOf(req), stringField(req, field), rule),
});

/**
 * Reading one member's permissions: owners read anyone's, a member reads their own (GET with their
 * own user_db_id); setting them is the owners' (canEditPermissions).
 */
export const memberPermissionsPolicy = (): Policy<TeamAccess> => ({
  reads: 'team_id',
  check: (ctx) => (req) => {
    const userId = userIdOf(req);
    const own = req.method === 'GET' && fieldOf(req, 'user_db_id') === userId;
    return authorizeTeam(ctx.db, userId, stringField(req, 'team_id'), own ? canView : canEditPermissions);
  },
});

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'teams.canView': TeamAccess;
    'teams.canUpdate': TeamAccess;
    'teams.canManageMembers': TeamAccess;
    'teams.canEditPermissions': TeamAccess;
    'teams.canDelete': TeamAccess;
    'teams.canManageBilling': TeamAccess;
  }
}

/** Members see a team (its room, its lists). */
export const canViewTeam = async (db: DbOrTx, userId: string, teamId: string) => {
  const access = await loadTeamAccess(db, userId, teamId);
  return Boolean(access && canView(access));
};

/** Only owners turn team-wide two-factor on or off (spec 002 §6). */
export async function canManageTeamTwoFactor(db: DbOrTx, userId: string, teamId: string) {
  const access = await loadTeamAccess(db, userId, teamId);
  return Boolean(access && canManageTwoFactor(access));
}

/** A team's audit log: its admins (the owner and holders of added_as_team_owner), personal accounts too. */
export const canReadAuditLog: TeamRule = (a) => a.isOwner;

/** The audit log's routes take the team's admins, checked like every team route. */
export function gateAuditLog(ctx: AppContext) {
  gateTeamLogWith(ctx, async (db, userId, teamId) => {
    await authorizeTeam(db, userId, teamId, canReadAuditLog);
  });
}

/** The user search's `team_id` takes members only (canView), checked like every team route. */
export function gateUserSearch(ctx: AppContext) {
  gateUserSearchByTeam(ctx, async (db, userId, teamId) => {
    await authorizeTeam(db, userId, teamId, canView);
  });
}
