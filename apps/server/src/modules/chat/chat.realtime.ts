import type { AppContext } from '../../platform/context.ts';
import './chat.events.ts';
import { unreadByMember } from './chat.sql.ts';

/**
 * Chat → realtime (DESIGN §5): the stored message to project:{id} (its members may read it; joining
 * needs membership, checked by the projects room policy), then every other member's unread count to
 * their user room, computed in one query. Unread payloads carry chats_count: a client keeps the one
 * with the highest chats_count (at equal counts, the lower unread), as concurrent sends may arrive
 * out of order.
 */
export function registerChatMappers(ctx: AppContext) {
  const { events, realtime, db } = ctx;
  events.on('chat.message_sent', async ({ projectId, senderId, message, chatsCount }) => {
    realtime.toRoom(`project:${projectId}`, 'chat_message', {
      project_db_id: projectId,
      message,
      chats_count: chatsCount,
    });
    for (const m of await unreadByMember(db, projectId, senderId)) {
      realtime.toUser(m.userId, 'chat_unread', {
        project_db_id: projectId,
        unread: m.unread,
        chats_count: m.chatsCount,
      });
    }
  });
  events.on('chat.seen', ({ projectId, userId, chatsCount }) =>
    realtime.toUser(userId, 'chat_unread', { project_db_id: projectId, unread: 0, chats_count: chatsCount }),
  );
}
