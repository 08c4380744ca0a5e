import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { DEFAULT_MEMBER_PERMISSIONS, OWNER_PERMISSION, type TeamSummary } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { plans, teamMembers, teams } from '../../db/schema/index.ts';
import { idsOfCodes, loadCatalogue, replaceMemberPermissions } from './permissions.service.ts';
import { ownsTeamSql, type TeamRow } from './teams.policy.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeTeamPlanWith } from '../plans/index.ts';

declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** A team was created: every member gets team_add. */
    'team.created': { teamId: string };
    /** Members joined or left, or the team changed: added get team_add, removed team_delete, the rest team_update. */
    'team.changed': { teamId: string; addedUserIds: string[]; removedUserIds: string[] };
    /** A team was deleted: its former members get team_delete. */
    'team.deleted': { teamId: string; userIds: string[] };
  }
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** The human Team ID shown in Team Settings, e.g. 'TM7QK2HX9A'. */
export const newTeamCode = () =>
  'TM' + Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** Every account gets its personal team at sign-up (is_personal, shown 'My Account'). */
export async function createPersonalTeam(db: DbOrTx, user: { id: string; firstName: string }) {
  const [team] = await db
    .insert(teams)
    .values({
      teamCode: newTeamCode(),
      name: `${user.firstName}'s account`,
      isPersonal: true,
      ownerId: user.id,
    })
    .returning();
  await db.insert(teamMembers).values({ teamId: team.id, userId: user.id, isAdmin: true });
  return team;
}

export interface NewMember {
  userId: string;
  /** permission ids */
  ids: number[];
  owner: boolean;
}

/** Inserts members with their permission rows; is_admin mirrors owner status. */
export async function insertMembers(db: DbOrTx, teamId: string, members: NewMember[]) {
  if (members.length === 0) return;
  await db
    .insert(teamMembers)
    .values(members.map((m) => ({ teamId, userId: m.userId, isAdmin: m.owner })))
    .onConflictDoNothing();
  for (const m of members) await replaceMemberPermissions(db, { teamId, ...m });
}

/**
 * Inserts a team with its creator as owner (the owner code) and optional members on the default set.
 * No plan limit is checked here: the seed and tests call it; the routes go through the teams service.
 */
export async function createTeam(
  db: DbOrTx,
  input: { name: string; ownerId: string; awsRegion?: string; memberIds?: string[]; planCode?: string },
): Promise<TeamRow> {
  const [team] = await db
    .insert(teams)
    .values({
      teamCode: newTeamCode(),
      name: input.name,
      ownerId: input.ownerId,
      awsRegion: input.awsRegion,
      ...(input.planCode ? { planCode: input.planCode } : {}),
    })
    .returning();
  const catalogue = await loadCatalogue(db);
  const others = [...new Set(input.memberIds ?? [])].filter((id) => id !== input.ownerId);
  await insertMembers(db, team.id, [
    { userId: input.ownerId, ids: idsOfCodes(catalogue, [OWNER_PERMISSION]), owner: true },
    ...others.map((userId) => ({
      userId,
      ids: idsOfCodes(catalogue, DEFAULT_MEMBER_PERMISSIONS),
      owner: false,
    })),
  ]);
  return team;
}

/** Team summaries (spec 002 §3 Team) seen by members, one row per (member, team), in one query. */
const summaryQuery = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({
      userId: teamMembers.userId,
      id: teams.id,
      teamCode: teams.teamCode,
      name: teams.name,
      isAdmin: ownsTeamSql(teamMembers.userId),
      isPersonal: teams.isPersonal,
      isActive: teams.isActive,
      plan: plans.title,
      twoFactorEnabled: teams.twoFactorEnabled,
      awsRegion: teams.awsRegion,
      createdAt: teams.createdAt,
      members: sql<number>`(select count(*)::int from ${teamMembers} m where m.team_id = ${teams.id})`,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(plans, eq(plans.code, teams.planCode))
    .where(where)
    .orderBy(sql`${teams.isPersonal} desc`, teams.createdAt, teams.id);
type SummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number];

async function summaryRows(db: DbOrTx, where: SQL | undefined) {
  return presentSummaries(await summaryQuery(db, where));
}

// The team switcher's list is read by every check-login: a prepared statement (db/prepared.ts).
const teamsOfUser = (db: DbOrTx) => summaryQuery(db, eq(teamMembers.userId, sql.placeholder('userId')));

function presentSummaries(rows: SummaryRow[]) {
  return rows.map((r) => ({
    userId: r.userId,
    awsRegion: r.awsRegion,
    summary: {
      team_db_id: r.id,
      team_id: r.teamCode,
      name: r.name,
      is_admin: Boolean(r.isAdmin),
      is_personal: r.isPersonal,
      no_of_users: Number(r.members),
      created_on: r.createdAt.toISOString(),
      is_active: r.isActive,
      subscription: r.plan,
      two_factor_authentication_enabled: r.twoFactorEnabled,
    } satisfies TeamSummary,
  }));
}

/** The teams of a user as the switcher shows them, personal first. */
export async function listTeamsForUser(db: DbOrTx, userId: string): Promise<TeamSummary[]> {
  const rows = await prepared(db, 'teams_of_user', teamsOfUser, { userId });
  return presentSummaries(rows).map((r) => r.summary);
}

/**
 * The teams of a user as `listTeamsForUser` answers them, as one JSON array in the switcher's order,
 * for a statement that reads them with something else (check-login's session join).
 * `teamSummariesFromJson` turns it into the same summaries.
 */
export const teamSummariesJsonSql = (userId: SQLWrapper) =>
  sql`(select coalesce(json_agg(json_build_object('id', ${teams.id}, 'teamCode', ${teams.teamCode}, 'name', ${teams.name}, 'isAdmin', ${ownsTeamSql(teamMembers.userId)}, 'isPersonal', ${teams.isPersonal}, 'isActive', ${teams.isActive}, 'plan', ${plans.title}, 'twoFactorEnabled', ${teams.twoFactorEnabled}, 'createdAt', ${teams.createdAt}, 'members', (select count(*)::int from ${teamMembers} m where m.team_id = ${teams.id})) order by ${teams.isPersonal} desc, ${teams.createdAt}, ${teams.id}), '[]'::json) from ${teamMembers} join ${teams} on ${teams.id} = ${teamMembers.teamId} join ${plans} on ${plans.code} = ${teams.planCode} where ${teamMembers.userId} = ${userId})`;

type SummaryJson = Omit<SummaryRow, 'userId' | 'awsRegion' | 'createdAt'> & { createdAt: string };

export function teamSummariesFromJson(raw: unknown): TeamSummary[] {
  const rows = (typeof raw === 'string' ? JSON.parse(raw) : raw) as SummaryJson[];
  return presentSummaries(
    rows.map((r) => ({ ...r, userId: '', awsRegion: null, createdAt: new Date(r.createdAt) })),
  ).map((r) => r.summary);
}

/** One team as a member sees it, or null when not a member. */
export async function teamSummaryFor(db: DbOrTx, userId: string, teamId: string) {
  const [row] = await summaryRows(db, and(eq(teamMembers.userId, userId), eq(teamMembers.teamId, teamId)));
  return row ?? null;
}

/** The team as each of its members (or the listed ones) sees it, for realtime fan-out. */
export async function teamSummariesByMember(
  db: DbOrTx,
  teamId: string,
  userIds?: string[],
): Promise<Map<string, TeamSummary>> {
  if (userIds?.length === 0) return new Map();
  const where =
    userIds === undefined
      ? eq(teamMembers.teamId, teamId)
      : and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds));
  return new Map((await summaryRows(db, where)).map((r) => [r.userId, r.summary]));
}

/** The caller's non-personal teams for the Team Settings table (with region). */
export async function listSettingsTeams(db: DbOrTx, userId: string) {
  return summaryRows(db, and(eq(teamMembers.userId, userId), eq(teams.isPersonal, false)));
}

export async function isTeamMember(db: DbOrTx, userId: string, teamId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.teamId, teamId)))
    .limit(1);
  return Boolean(row);
}

export async function findTeam(db: DbOrTx, teamId: string) {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  return team ?? null;
}

/** Locks a team row for the rest of the transaction (serialises member and invite inserts). */
export async function lockTeam(db: DbOrTx, teamId: string): Promise<TeamRow | null> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId)).for('update');
  return team ?? null;
}

/** Locks the user's personal team (serialises team creation by that user); its plan is the account plan. */
export async function lockPersonalTeam(db: DbOrTx, userId: string): Promise<TeamRow | null> {
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.ownerId, userId), eq(teams.isPersonal, true)))
    .orderBy(teams.createdAt)
    .limit(1)
    .for('update');
  return team ?? null;
}

export async function findPersonalTeam(db: DbOrTx, userId: string): Promise<TeamRow | null> {
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.ownerId, userId), eq(teams.isPersonal, true)))
    .orderBy(teams.createdAt)
    .limit(1);
  return team ?? null;
}

/** Non-personal teams a user created (what team_limit counts). */
export async function countCreatedTeams(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teams)
    .where(and(eq(teams.ownerId, userId), eq(teams.isPersonal, false)));
  return Number(row?.n ?? 0);
}

/** True when a team the user belongs to enforces two-factor (the personal toggle is then forced on). */
export async function isTwoFactorEnforcedByTeam(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teams.twoFactorEnabled, true)))
    .limit(1);
  return Boolean(row);
}

export async function setTeamTwoFactor(db: DbOrTx, teamId: string, enabled: boolean) {
  await db.update(teams).set({ twoFactorEnabled: enabled }).where(eq(teams.id, teamId));
}

/**
 * Sets a team's plan, in the caller's transaction (the row only): an applied plan upgrade (plans'
 * applyPurchase, through the writer registered by the manifest).
 */
export async function setTeamPlan(db: DbOrTx, teamId: string, planCode: string) {
  await db.update(teams).set({ planCode }).where(eq(teams.id, teamId));
}

/** Hands setTeamPlan to the plans module, which teams builds on (manifest `listeners`). */
export function registerTeamPlanWriter(ctx: AppContext) {
  writeTeamPlanWith(ctx, setTeamPlan);
}

/** Ids of all members of a team, for realtime fan-out. */
export async function teamMemberIds(db: DbOrTx, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return rows.map((r) => r.userId);
}
