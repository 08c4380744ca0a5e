import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { MSG, type ChatMessage } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  chatMessages,
  projectChatCounters,
  projectChatSeen,
  projectMembers,
  users,
} from '../../db/schema/index.ts';
import { badRequest } from '../../platform/http/errors.ts';

/** Queries of the chat module: message rows as the API shows them, counters, cursors. */

export type MessageRow = typeof chatMessages.$inferSelect;
export interface Sender {
  id: string;
  firstName: string;
  lastName: string;
  badgeColor: string;
}

export const senderColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  badgeColor: users.badgeColor,
};

export const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export function presentMessage(row: MessageRow, sender: Sender): ChatMessage {
  return {
    id: row.id,
    project_id: row.projectId,
    user: { user_id: sender.id, user_name: nameOf(sender), user_badge_color: sender.badgeColor },
    text: row.text,
    timestamp: row.createdAt.toISOString(),
    ...(row.mentionUserIds.length ? { mention: { user_ids: row.mentionUserIds } } : {}),
  };
}

/** The (created_at, id) keyset cursor: '<ISO timestamp>_<uuid>' of the oldest message shown. */
export const cursorOf = (row: MessageRow) => `${row.createdAt.toISOString()}_${row.id}`;

export function parseCursor(cursor: string): { ts: string; id: string } {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/i.exec(cursor);
  if (!m || Number.isNaN(Date.parse(m[1]))) throw badRequest(MSG.invalidCursor);
  return { ts: m[1], id: m[2] };
}

export const beforeCursorSql = (c: { ts: string; id: string }) =>
  sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (${c.ts}::timestamptz, ${c.id}::uuid)`;

/** chats_count + 1, atomically (the row lock serialises concurrent senders). Answers the new count. */
export async function bumpChatsCount(tx: DbOrTx, projectId: string): Promise<number> {
  const [row] = await tx
    .insert(projectChatCounters)
    .values({ projectId, chatsCount: 1 })
    .onConflictDoUpdate({
      target: projectChatCounters.projectId,
      set: { chatsCount: sql`${projectChatCounters.chatsCount} + 1` },
    })
    .returning({ chatsCount: projectChatCounters.chatsCount });
  return row.chatsCount;
}

export async function countersOf(db: DbOrTx, projectId: string, userId: string) {
  const [counter] = await db
    .select({ chatsCount: projectChatCounters.chatsCount })
    .from(projectChatCounters)
    .where(eq(projectChatCounters.projectId, projectId));
  const [seen] = await db
    .select({ lastSeen: projectChatSeen.lastSeenCount })
    .from(projectChatSeen)
    .where(and(eq(projectChatSeen.projectId, projectId), eq(projectChatSeen.userId, userId)));
  const chats_count = counter?.chatsCount ?? 0;
  const last_seen_count = seen?.lastSeen ?? 0;
  return { chats_count, last_seen_count, unread: Math.max(0, chats_count - last_seen_count) };
}

/** last_seen_count = chats_count for one member, in one statement. Answers the count recorded. */
export async function recordSeen(tx: DbOrTx, projectId: string, userId: string): Promise<number> {
  const current = sql`coalesce((select ${projectChatCounters.chatsCount} from ${projectChatCounters} where ${projectChatCounters.projectId} = ${projectId}), 0)`;
  const [row] = await tx
    .insert(projectChatSeen)
    .values({ projectId, userId, lastSeenCount: current })
    .onConflictDoUpdate({
      target: [projectChatSeen.projectId, projectChatSeen.userId],
      set: { lastSeenCount: current },
    })
    .returning({ lastSeenCount: projectChatSeen.lastSeenCount });
  return row.lastSeenCount;
}

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
      chatsCount: projectChatCounters.chatsCount,
      lastSeen: sql<number>`coalesce(${projectChatSeen.lastSeenCount}, 0)::int`,
    })
    .from(projectMembers)
    .innerJoin(projectChatCounters, eq(projectChatCounters.projectId, projectMembers.projectId))
    .leftJoin(
      projectChatSeen,
      and(
        eq(projectChatSeen.projectId, projectMembers.projectId),
        eq(projectChatSeen.userId, projectMembers.userId),
      ),
    )
    .where(and(...where));
  for (const r of rows)
    out.set(unreadKey(r.projectId, r.userId), Math.max(0, r.chatsCount - Number(r.lastSeen)));
  return out;
}

export const unreadKey = (projectId: string, userId: string) => `${projectId}:${userId}`;
