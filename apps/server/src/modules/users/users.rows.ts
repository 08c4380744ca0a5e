import { displayName } from '@rushes/shared';
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { users } from '../../db/schema/index.ts';

/**
 * The owner of user rows (declared in db/schema/accounts.ts): the reads and writes other modules use. It imports no
 * other module, so teams and projects (invitations) and accounts (sign-up, the own account) all build
 * on it without a cycle.
 */

export type UserRow = typeof users.$inferSelect;

/**
 * A person's name in SQL, for searches that match it (`ilike`): first and last joined by one space,
 * as `displayName` (shared rules/names.ts) writes it; left untrimmed, which a contains-match does not mind.
 */
export const nameSql = sql<string>`(${users.firstName} || ' ' || ${users.lastName})`;

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
  const [row] = await prepared(db, 'user_by_id', userById, { id });
  return row ?? null;
}
// Read by check-login and many routes: a prepared statement (db/prepared.ts).
const userById = (db: DbOrTx) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1);

/** The fields of a user the current-user answer shows (check-login), as `userJsonSql` reads them. */
export interface UserFields {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  badgeColor: string;
  twoFactorEnabled: boolean;
  lastTeamId: string | null;
}

/**
 * Those fields of one user as a JSON object (null when there is no such user), for a statement that
 * reads them with something else (check-login's session join).
 */
export const userJsonSql = (userId: SQLWrapper) =>
  sql`(select json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'username', ${users.username}, 'email', ${users.email}, 'badgeColor', ${users.badgeColor}, 'twoFactorEnabled', ${users.twoFactorEnabled}, 'lastTeamId', ${users.lastTeamId}) from ${users} where ${users.id} = ${userId})`;

/** The name an invitation mail gives its sender ('A teammate' when the account is gone). */
export async function inviterNameOf(db: DbOrTx, id: string): Promise<string> {
  const inviter = await findUserById(db, id);
  return inviter ? displayName(inviter.firstName, inviter.lastName) : 'A teammate';
}

/** Inserts a user row (username from the e-mail, a badge colour); sign-up is accounts' `createUser`. */
export async function insertUser(
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
  return user;
}

export async function updateUser(db: DbOrTx, id: string, patch: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(patch).where(eq(users.id, id));
}
