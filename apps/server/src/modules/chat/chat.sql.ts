import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatConversations, chatSeen, projectMembers } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { countUnreadChatsWith } from '../projects/index.ts';

/** Project-chat queries over the chat core's tables: who hears a send, unread counts of members. */

/** The project's member ids but one (the sender): an index-only scan of the primary key. */
export async function memberIdsExcept(db: DbOrTx, projectId: string, exceptUserId: string) {
  const rows = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), ne(projectMembers.userId, exceptUserId)));
  return rows.map((r) => r.userId);
}

/**
 * Unread counts of members in projects, in one query: `(projectId, userId) → unread` for the given
 * projects, narrowed to one user when `userId` is set (the home cards of that user).
 */
export async function unreadOf(
  db: DbOrTx,
  projectIds: string[],
  userId?: string,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (projectIds.length === 0) return out;
  const where = [inArray(projectMembers.projectId, projectIds)];
  if (userId) where.push(eq(projectMembers.userId, userId));
  const rows = await db
    .select({
      projectId: projectMembers.projectId,
      userId: projectMembers.userId,
      chatsCount: chatConversations.chatsCount,
      lastSeen: sql<number>`coalesce(${chatSeen.lastSeenCount}, 0)::int`,
    })
    .from(projectMembers)
    .innerJoin(
      chatConversations,
      and(eq(chatConversations.kind, 'project'), eq(chatConversations.ownerId, projectMembers.projectId)),
    )
    .leftJoin(
      chatSeen,
      and(eq(chatSeen.conversationId, chatConversations.id), eq(chatSeen.userId, projectMembers.userId)),
    )
    .where(and(...where));
  for (const r of rows)
    out.set(unreadKey(r.projectId, r.userId), Math.max(0, r.chatsCount - Number(r.lastSeen)));
  return out;
}

export const unreadKey = (projectId: string, userId: string) => `${projectId}:${userId}`;

/** The home cards' unread chats (projects asks; registered from the chat manifest's `listeners`). */
export function countUnreadOnProjectCards(ctx: AppContext) {
  countUnreadChatsWith(ctx, async (db, projectIds, userId) => {
    const unread = await unreadOf(db, projectIds, userId);
    return (projectId, viewerId) => unread.get(unreadKey(projectId, viewerId)) ?? 0;
  });
}
