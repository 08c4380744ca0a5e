import type { AppContext } from '../../platform/context.ts';
import './chat.events.ts';
import { memberIdsExcept } from './chat.sql.ts';

/**
 * Chat → realtime (DESIGN §5): the stored message to project:{id} (its members may read it; joining
 * needs membership, checked by the projects room policy), then ONE chat_count broadcast to every
 * other member's user room (one encode, one Redis publish, whatever the member count): each client
 * computes its unread as chats_count − its last_seen_count, so the server does no per-member unread
 * work per message. Leaving the chat (chat.seen) tells that user's other tabs unread 0.
 */
export function registerChatMappers(ctx: AppContext) {
  const { events, realtime, db } = ctx;
  events.on('chat.message_sent', async ({ projectId, senderId, message, chatsCount }) => {
    realtime.toRoom(`project:${projectId}`, 'chat_message', {
      project_db_id: projectId,
      message,
      chats_count: chatsCount,
    });
    realtime.toUsers(await memberIdsExcept(db, projectId, senderId), 'chat_count', {
      project_db_id: projectId,
      chats_count: chatsCount,
      sender_id: senderId,
    });
  });
  events.on('chat.seen', ({ projectId, userId, chatsCount }) =>
    realtime.toUser(userId, 'chat_unread', { project_db_id: projectId, unread: 0, chats_count: chatsCount }),
  );
}
