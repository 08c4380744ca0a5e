import {
  MSG,
  displayName,
  type ChatCounters,
  type ChatHistory,
  type ChatHistoryQuery,
  type ChatMessage,
  type SendChatBody,
} from '@rushes/shared';
import type { AppContext } from '../../platform/context.ts';
import type { ProjectAccess } from '../projects/index.ts';
import { notify } from '../notifications/index.ts';
import './chat.events.ts';
import {
  appendMessage,
  countersOf,
  markSeen,
  pageMessages,
  presentChatMessage,
  type ConversationRef,
} from './conversations.ts';

const projectChat = (projectId: string): ConversationRef => ({ kind: 'project', projectId });

/**
 * Project chat (spec 000 §4, §7). Who may: project members, for every call (canViewProject).
 * Storage, counters, seen records, paging and ordering are the chat core's (conversations.ts);
 * sending stores the message, bumps chats_count and notifies mentioned members in one transaction;
 * the message reaches the project room after the commit.
 */
export function createChatService(ctx: AppContext) {
  const { db, events } = ctx;

  // Who may (the project's members) is the routes' policy, projects.canViewProject, checked before
  // the handler: these take the project it checked.
  return {
    /**
     * A page of history, newest page first, each page oldest-to-newest in date and message groups of
     * the caller's time zone. With `before`, the page older than that cursor (stable while others send).
     */
    async history(q: ChatHistoryQuery): Promise<ChatHistory> {
      return pageMessages(db, projectChat(q.project_db_id), q, (row, sender) =>
        presentChatMessage(row, sender, q.project_db_id),
      );
    },

    async send(
      access: ProjectAccess,
      body: SendChatBody,
    ): Promise<{ message: ChatMessage; chats_count: number }> {
      const { userId } = access;
      const projectId = access.project.id;
      return events.transaction(db, async (tx, emit) => {
        // Every member, read with the send (withMembers): the mentions are kept to them, and the
        // hint after the commit carries who gets the unread count, so publishing it reads no database.
        const { row, sender, chatsCount, memberIds } = await appendMessage(tx, projectChat(projectId), {
          userId,
          text: body.text,
          mentionUserIds: [...new Set(body.mention_user_ids)],
          withMembers: true,
        });
        const mentionUserIds = row.mentionUserIds;
        const message = presentChatMessage(row, sender, projectId);

        await notify(tx, emit, {
          userIds: mentionUserIds,
          type: 'chat_mention',
          title: MSG.mentionNotificationTitle,
          message: `${displayName(sender.firstName, sender.lastName)} mentioned you in ${access.project.title}: ${body.text}`,
          projectId,
          actorUserId: userId,
        });
        const recipientIds = [...memberIds].filter((id) => id !== userId);
        emit('chat.message_sent', { projectId, senderId: userId, message, chatsCount, recipientIds });
        return { message, chats_count: chatsCount };
      });
    },

    /**
     * Leaving the chat: last_seen_count = chats_count for the caller. One statement, so no
     * transaction; 'chat.seen' only has best-effort listeners (the user's other tabs), and publish
     * refuses an event with durable ones, which would need the transaction back.
     */
    async seen(userId: string, projectId: string): Promise<ChatCounters> {
      const seen = await markSeen(db, projectChat(projectId), userId);
      await events.publish([{ name: 'chat.seen', payload: { projectId, userId, chatsCount: seen } }]);
      return { chats_count: seen, last_seen_count: seen, unread: 0 };
    },

    async counters(userId: string, projectId: string): Promise<ChatCounters> {
      return countersOf(db, projectChat(projectId), userId);
    },
  };
}
