import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  MSG,
  groupChatMessages,
  type ChatCounters,
  type ChatHistory,
  type ChatHistoryQuery,
  type ChatMessage,
  type SendChatBody,
} from '@rushes/shared';
import { chatMessages, projectMembers, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { authorizeProject, canViewProject } from '../projects/index.ts';
import { notify } from '../notifications/index.ts';
import './chat.events.ts';
import { messageId } from './messageId.ts';
import {
  beforeCursorSql,
  bumpChatsCount,
  countersOf,
  cursorOf,
  nameOf,
  parseCursor,
  presentMessage,
  recordSeen,
  senderColumns,
} from './chat.sql.ts';

/**
 * Project chat (spec 000 §4, §7). Who may: project members, for every call (canViewProject).
 * Sending stores the message, bumps chats_count and notifies mentioned members in one transaction;
 * the message reaches the project room after the commit.
 */
export function createChatService(ctx: AppContext) {
  const { db, events } = ctx;

  return {
    /**
     * A page of history, newest page first, each page oldest-to-newest in date and message groups of
     * the caller's time zone. With `before`, the page older than that cursor (stable while others send).
     */
    async history(userId: string, q: ChatHistoryQuery): Promise<ChatHistory> {
      await authorizeProject(db, userId, q.project_db_id, canViewProject);
      const where = [eq(chatMessages.projectId, q.project_db_id)];
      if (q.before) where.push(beforeCursorSql(parseCursor(q.before)));
      const rows = await db
        .select({ m: chatMessages, sender: senderColumns })
        .from(chatMessages)
        .innerJoin(users, eq(users.id, chatMessages.userId))
        .where(and(...where))
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(q.entries_per_page + 1)
        .offset(q.before ? 0 : (q.page_no - 1) * q.entries_per_page);
      const page = rows.slice(0, q.entries_per_page);
      const [{ total }] = await db
        .select({ total: count() })
        .from(chatMessages)
        .where(eq(chatMessages.projectId, q.project_db_id));
      const oldest = page.at(-1);
      return {
        total_entries: total,
        next_before: rows.length > page.length && oldest ? cursorOf(oldest.m) : null,
        messages: groupChatMessages(
          page.reverse().map((r) => presentMessage(r.m, r.sender)),
          { timeZone: q.tz, now: new Date() },
        ),
      };
    },

    async send(userId: string, body: SendChatBody): Promise<{ message: ChatMessage; chats_count: number }> {
      return events.transaction(db, async (tx, emit) => {
        const access = await authorizeProject(tx, userId, body.project_db_id, canViewProject);
        const projectId = access.project.id;
        const wanted = [...new Set(body.mention_user_ids)];
        const members = wanted.length
          ? await tx
              .select({ id: projectMembers.userId })
              .from(projectMembers)
              .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.userId, wanted)))
          : [];
        const memberIds = new Set(members.map((m) => m.id));
        const mentionUserIds = wanted.filter((id) => memberIds.has(id));

        const [row] = await tx
          .insert(chatMessages)
          .values({ id: messageId(), projectId, userId, text: body.text, mentionUserIds })
          .returning();
        const chatsCount = await bumpChatsCount(tx, projectId);
        const [sender] = await tx.select(senderColumns).from(users).where(eq(users.id, userId));
        if (!sender) throw notFound();
        const message = presentMessage(row, sender);

        await notify(tx, emit, {
          userIds: mentionUserIds,
          type: 'chat_mention',
          title: MSG.mentionNotificationTitle,
          message: `${nameOf(sender)} mentioned you in ${access.project.title}: ${body.text}`,
          projectId,
          actorUserId: userId,
        });
        emit('chat.message_sent', { projectId, senderId: userId, message, chatsCount });
        return { message, chats_count: chatsCount };
      });
    },

    /** Leaving the chat: last_seen_count = chats_count for the caller. */
    async seen(userId: string, projectId: string): Promise<ChatCounters> {
      return events.transaction(db, async (tx, emit) => {
        await authorizeProject(tx, userId, projectId, canViewProject);
        const seen = await recordSeen(tx, projectId, userId);
        emit('chat.seen', { projectId, userId, chatsCount: seen });
        return { chats_count: seen, last_seen_count: seen, unread: 0 };
      });
    },

    async counters(userId: string, projectId: string): Promise<ChatCounters> {
      await authorizeProject(db, userId, projectId, canViewProject);
      return countersOf(db, projectId, userId);
    },
  };
}
