import { and, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatConversations, chatSeen, projectMembers } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { countUnreadChatsWith } from '../projects/index.ts';

/** Project-chat queries over the chat core's tables: unread counts of members. */

/**
 * A member's unread chats in a project's chat (0 without one), as an SQL expression of the
 * statement's own columns: the home cards compose it into the statement that reads them, so a tray
 * page is one round trip.
 */
export function unreadChatsSql(projectId: AnyColumn, userId: AnyColumn) {
  const unread = sql`coalesce((
    select greatest(0, ${chatConversations.chatsCount} - coalesce(${chatSeen.lastSeenCount}, 0))
    from ${chatConversations}
    left join ${chatSeen}
      on ${chatSeen.conversationId} = ${chatConversations.id} and ${chatSeen.userId} = ${userId}
    where ${chatConversations.kind} = 'project' and ${chatConversations.ownerId} = ${projectId}
  ), 0)`;
  // Nested one level: in a select without joins drizzle writes the columns directly in a selected SQL
  // bare, and the subquery would bind them to its own tables; nested ones stay qualified.
  return sql<number>`${unread}`;
}

/**
 * Unread counts of members in projects, as the cards show them: `(projectId, userId) → unread` for
 * the given projects, narrowed to one user when `userId` is set.
 */
export async function unreadOf(
  db: DbOrTx,
  projectIds: string[],
  userId?: string,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (projectIds.length === 0) return out;
  const rows = await db
    .select({
      projectId: projectMembers.projectId,
      userId: projectMembers.userId,
      unread: unreadChatsSql(projectMembers.projectId, projectMembers.userId),
    })
    .from(projectMembers)
    .where(
      and(
        inArray(projectMembers.projectId, projectIds),
        userId ? eq(projectMembers.userId, userId) : undefined,
      ),
    );
  for (const r of rows) out.set(unreadKey(r.projectId, r.userId), r.unread);
  return out;
}

export const unreadKey = (projectId: string, userId: string) => `${projectId}:${userId}`;

/** The home cards' unread chats (projects asks; registered from the chat manifest's `listeners`). */
export function countUnreadOnProjectCards(ctx: AppContext) {
  countUnreadChatsWith(ctx, unreadChatsSql);
}
