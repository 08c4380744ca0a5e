import { and, eq, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { TeamSummary } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { teamMembers, teams } from '../../db/schema/index.ts';

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

export async function createTeam(
  db: DbOrTx,
  input: { name: string; ownerId: string; awsRegion?: string; memberIds?: string[] },
) {
  const [team] = await db
    .insert(teams)
    .values({ teamCode: newTeamCode(), name: input.name, ownerId: input.ownerId, awsRegion: input.awsRegion })
    .returning();
  const others = (input.memberIds ?? []).filter((id) => id !== input.ownerId);
  await db
    .insert(teamMembers)
    .values([
      { teamId: team.id, userId: input.ownerId, isAdmin: true },
      ...others.map((userId) => ({ teamId: team.id, userId, isAdmin: false })),
    ]);
  return team;
}

/** The teams of a user as the switcher shows them, personal first, in one query. */
export async function listTeamsForUser(db: DbOrTx, userId: string): Promise<TeamSummary[]> {
  const rows = await db
    .select({
      id: teams.id,
      teamCode: teams.teamCode,
      name: teams.name,
      isAdmin: teamMembers.isAdmin,
      isPersonal: teams.isPersonal,
      isActive: teams.isActive,
      plan: teams.planCode,
      twoFactorEnabled: teams.twoFactorEnabled,
      createdAt: teams.createdAt,
      members: sql<number>`(select count(*)::int from ${teamMembers} m where m.team_id = ${teams.id})`,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(sql`${teams.isPersonal} desc`, teams.createdAt);
  return rows.map((r) => ({
    team_db_id: r.id,
    team_id: r.teamCode,
    name: r.name,
    is_admin: r.isAdmin,
    is_personal: r.isPersonal,
    no_of_users: r.members,
    created_on: r.createdAt.toISOString(),
    is_active: r.isActive,
    subscription: r.plan,
    two_factor_authentication_enabled: r.twoFactorEnabled,
  }));
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

/** Ids of all members of a team, for realtime fan-out. */
export async function teamMemberIds(db: DbOrTx, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return rows.map((r) => r.userId);
}
