import type { AppContext } from '../../platform/context.ts';
import './chat.events.ts';

/**
 * Chat → realtime (DESIGN §5): the stored message to project:{id} (its members may read it; joining
 * needs membership, checked by the projects room policy), then ONE chat_count broadcast to every
 * other member's user room (one encode, one Redis publish, whatever the member count; the members
 * come with the event, so publishing reads no database): each client
 * computes its unread as chats_count − its last_seen_count, so the server does no per-member unread
 * work per message. Leaving the chat (chat.seen) tells that user's other tabs unread 0.
 */
export function registerChatMappers(ctx: AppContext) {
  const { events, realtime } = ctx;
  events.on('chat.message_sent', ({ projectId, message, chatsCount }) =>
    realtime.toRoom(`project:${projectId}`, 'chat_message', {
      project_db_id: projectId,
      message,
      chats_count: chatsCount,
    }),
  );
  // The count is the latest state of a project's chat (clients keep the highest): of one sender's
  // several sends to a project waiting in a publish round, only the last one's count goes out (the
  // same people get it; another sender's reaches another set, so it is kept).
  events.on(
    'chat.message_sent',
    ({ projectId, senderId, chatsCount, recipientIds }) =>
      realtime.toUsers(recipientIds, 'chat_count', {
        project_db_id: projectId,
        chats_count: chatsCount,
        sender_id: senderId,
      }),
    { coalesce: ({ projectId, senderId }) => `${projectId}:${senderId}` },
  );
  events.on('chat.seen', ({ projectId, userId, chatsCount }) =>
    realtime.toUser(userId, 'chat_unread', { project_db_id: projectId, unread: 0, chats_count: chatsCount }),
  );
}
