import { displayName } from '@rushes/shared';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { UserSearchResult } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { teamMembers, users } from '../../db/schema/index.ts';
import { escapeLike, SEARCH_LIMIT } from '../../db/search.ts';
import { nameSql } from './users.rows.ts';

/**
 * User search for member pickers. Privacy: never the whole user table — only people who share a
 * team with the caller, matched by name or e-mail (contains, case-insensitive), plus whoever's
 * e-mail equals the text exactly (so a typed address finds its user). The caller is excluded.
 */
export async function searchUsers(db: DbOrTx, callerId: string, text: string): Promise<UserSearchResult[]> {
  const needle = `%${escapeLike(text.trim())}%`;
  const exact = text.trim().toLowerCase();
  const sharesTeam = sql`exists (
    select 1 from ${teamMembers} mine
    join ${teamMembers} theirs on theirs.team_id = mine.team_id
    where mine.user_id = ${callerId} and theirs.user_id = ${users.id})`;
  const matches = or(sql`${nameSql} ilike ${needle}`, sql`${users.email} ilike ${needle}`);
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(ne(users.id, callerId), or(and(sharesTeam, matches), eq(sql`lower(${users.email})`, exact))))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(SEARCH_LIMIT);
  return rows.map((r) => ({
    name: displayName(r.firstName, r.lastName),
    user_id: r.id,
    user_email: r.email,
  }));
}
