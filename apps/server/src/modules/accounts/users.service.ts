import { displayName } from '@rushes/shared';
import type { CurrentUser, TeamSummary } from '@rushes/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { SessionJoin } from '../../platform/auth/sessions.ts';
import {
  createPersonalTeam,
  isTwoFactorEnforcedByTeam,
  teamSummariesFromJson,
  teamSummariesJsonSql,
} from '../teams/index.ts';
import { upgradeInProgressFromJson, upgradeInProgressJsonSql } from '../plans/index.ts';
import { insertUser, userJsonSql, type UserFields, type UserRow } from '../users/index.ts';

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

/**
 * The current user with teams (spec 002 §3 User), check-login's answer, read in the same statement
 * as the session (one round trip instead of four): the user's fields, teams and upgrade
 * wait as JSON beside the session row. Null when the session's user is gone.
 */
export const currentUserJoin: SessionJoin<CurrentUser | null> = {
  name: 'current_user',
  value: (userId) =>
    sql`json_build_object('user', ${userJsonSql(userId)}, 'teams', ${teamSummariesJsonSql(userId)}, 'upgrade', ${upgradeInProgressJsonSql(userId, sql`${sql.placeholder('now')}::timestamptz`)})`,
  decode: (raw, now) => {
    const r = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
      user: UserFields | null;
      teams: unknown;
      upgrade: unknown;
    };
    if (!r.user) return null;
    return currentUserOf(r.user, teamSummariesFromJson(r.teams), upgradeInProgressFromJson(r.upgrade, now));
  },
};

function currentUserOf(
  user: UserFields,
  teams: TeamSummary[],
  waiting: { waiting_time: number; is_subscription_upgrade_in_progress: boolean },
): CurrentUser {
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
    waiting_time: waiting.waiting_time,
    is_subscription_upgrade_in_progress: waiting.is_subscription_upgrade_in_progress,
    two_factor_authentication_enabled: user.twoFactorEnabled || enforced,
    is_two_factor_authentication_enabled_by_team: enforced,
    organisation_db_id: personal?.team_db_id ?? '',
    teams,
    // only a team the user is still in
    last_team_db_id: teams.some((t) => t.team_db_id === user.lastTeamId) ? user.lastTeamId : null,
  };
}
