import { displayName } from '@rushes/shared';
import { eq, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { CurrentUser } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { createPersonalTeam, isTwoFactorEnforcedByTeam, listTeamsForUser } from '../teams/index.ts';

export type UserRow = typeof users.$inferSelect;

const BADGE_COLORS = [
  '#e64980',
  '#be4bdb',
  '#7950f2',
  '#4c6ef5',
  '#228be6',
  '#15aabf',
  '#12b886',
  '#40c057',
  '#fab005',
  '#fd7e14',
];

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The name an invitation mail gives its sender ('A teammate' when the account is gone). */
export async function inviterNameOf(db: DbOrTx, id: string): Promise<string> {
  const inviter = await findUserById(db, id);
  return inviter ? displayName(inviter.firstName, inviter.lastName) : 'A teammate';
}

/** Creates the user and its personal team in the caller's transaction. */
export async function createUser(
  db: DbOrTx,
  input: { email: string; firstName: string; lastName: string; passwordHash: string; verified?: boolean },
): Promise<UserRow> {
  const base =
    input.email
      .split('@')[0]
      .replace(/[^a-z0-9._-]/gi, '')
      .slice(0, 40) || 'user';
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      username: `${base}${randomInt(1000, 9999)}`,
      passwordHash: input.passwordHash,
      badgeColor: BADGE_COLORS[randomInt(BADGE_COLORS.length)],
      emailVerifiedAt: input.verified ? new Date() : null,
    })
    .returning();
  await createPersonalTeam(db, user);
  return user;
}

export async function updateUser(db: DbOrTx, id: string, patch: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(patch).where(eq(users.id, id));
}

/** Effective two-factor: the user's own toggle or a team that enforces it. */
export async function requiresTwoFactor(db: DbOrTx, user: UserRow) {
  return user.twoFactorEnabled || (await isTwoFactorEnforcedByTeam(db, user.id));
}

/** The current user with teams (spec 002 §3 User). */
export async function presentCurrentUser(db: DbOrTx, user: UserRow): Promise<CurrentUser> {
  const teams = await listTeamsForUser(db, user.id);
  // Same rule as isTwoFactorEnforcedByTeam, read off the teams already loaded.
  const enforced = teams.some((t) => t.two_factor_authentication_enabled);
  const personal = teams.find((t) => t.is_personal);
  return {
    user_id: user.id,
    name: displayName(user.firstName, user.lastName),
    first_name: user.firstName,
    last_name: user.lastName,
    username: user.username,
    email: user.email,
    user_badge_color: user.badgeColor,
    waiting_time: 0,
    is_subscription_upgrade_in_progress: false,
    two_factor_authentication_enabled: user.twoFactorEnabled || enforced,
    is_two_factor_authentication_enabled_by_team: enforced,
    organisation_db_id: personal?.team_db_id ?? '',
    teams,
  };
}
