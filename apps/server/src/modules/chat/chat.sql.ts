import { and, eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared.ts';
import type { DbOrTx } from '../../db/client.ts';
import { chatConversations, chatSeen, projectMembers } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { countUnreadChatsWith } from '../projects/index.ts';

/** Project-chat queries over the chat core's tables: unread counts of members. */

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
  const rows = userId
    ? await prepared(db, 'chat_unread_of_viewer', (d) => unreadQuery(d, true), { projectIds, userId })
    : await prepared(db, 'chat_unread_of_members', (d) => unreadQuery(d, false), { projectIds });
  for (const r of rows)
    out.set(unreadKey(r.projectId, r.userId), Math.max(0, r.chatsCount - Number(r.lastSeen)));
  return out;
}

/** unreadOf's statement (prepared: the home cards read it on every tray page), one per shape. */
const unreadQuery = (db: DbOrTx, oneViewer: boolean) =>
  db
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
    .where(
      and(
        sql`${projectMembers.projectId} = any(${sql.placeholder('projectIds')}::uuid[])`,
        oneViewer ? eq(projectMembers.userId, sql.placeholder('userId')) : undefined,
      ),
    );

export const unreadKey = (projectId: string, userId: string) => `${projectId}:${userId}`;

/** The home cards' unread chats (projects asks; registered from the chat manifest's `listeners`). */
export function countUnreadOnProjectCards(ctx: AppContext) {
  countUnreadChatsWith(ctx, async (db, projectIds, userId) => {
    const unread = await unreadOf(db, projectIds, userId);
    return (projectId, viewerId) => unread.get(unreadKey(projectId, viewerId)) ?? 0;
  });
}
