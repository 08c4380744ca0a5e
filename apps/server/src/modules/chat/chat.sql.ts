import { sql, type AnyColumn } from 'drizzle-orm';
import { chatConversations, chatSeen } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { countUnreadChatsWith } from '../projects/index.ts';

/** Project-chat SQL over the chat core's tables: a member's unread count. */

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

/** The home cards' unread chats (projects asks; registered from the chat manifest's `listeners`). */
export function countUnreadOnProjectCards(ctx: AppContext) {
  countUnreadChatsWith(ctx, unreadChatsSql);
}
