import { displayName } from '@rushes/shared';
import type { CurrentUser } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { createPersonalTeam, isTwoFactorEnforcedByTeam, listTeamsForUser } from '../teams/index.ts';
import { upgradeInProgressFor } from '../plans/index.ts';
import { insertUser, type UserRow } from '../users/index.ts';

// The user-row reads and writes are the users module's; re-exported here for sign-up, seeds and tests.
export { findUserByEmail, findUserById, updateUser, type UserRow } from '../users/index.ts';

/** Creates the user and its personal team in the caller's transaction. */
export async function createUser(
  db: DbOrTx,
  input: { email: string; firstName: string; lastName: string; passwordHash: string; verified?: boolean },
): Promise<UserRow> {
  const user = await insertUser(db, input);
  await createPersonalTeam(db, user);
  return user;
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
  const waiting = await upgradeInProgressFor(db, user.id);
  return {
    user_id: user.id,
    name: displayName(user.firstName, user.lastName),
    first_name: user.firstName,
    last_name: user.lastName,
    username: user.username,
    email: user.email,
    user_badge_color: user.badgeColor,
    waiting_time: waiting.waiting_time,
    is_subscription_upgrade_in_progress: waiting.is_subscription_upgrade_in_progress,
    two_factor_authentication_enabled: user.twoFactorEnabled || enforced,
    is_two_factor_authentication_enabled_by_team: enforced,
    organisation_db_id: personal?.team_db_id ?? '',
    teams,
  };
}
