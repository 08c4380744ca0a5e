import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * The given users keyed by their lower-cased e-mail: how invitations waiting for an address
 * (stored lower-cased) find the people who just joined a project.
 */
export async function userIdsByEmail(tx: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.email, r.id]));
}
