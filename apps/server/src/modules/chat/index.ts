import { defineModule } from '../../platform/modules.ts';
import { checkChatCountsJob, scheduleChatCountCheck } from './chat.counts.ts';
import { registerChatMappers } from './chat.realtime.ts';
import { chatRoutes } from './chat.routes.ts';
import { countUnreadOnProjectCards } from './chat.sql.ts';

// What other modules may call (everything else in this folder is internal).
// The chat core: one storage, counter, seen record, paging and ordering for every conversation.
export {
  appendMessage,
  countersOf,
  countsOf,
  markSeen,
  pageMessages,
  presentChatMessage,
  unreadOfPeople,
} from './conversations.ts';
export type { ConversationKind, ConversationRef, MessageRow, Sender } from './conversations.ts';
export { createChatService } from './chat.service.ts';

/** Project chat (routes, realtime) and the chat core other chats use (task chat). */
export const chatModule = defineModule({
  name: 'chat',
  routes: [chatRoutes],
  listeners: [registerChatMappers, countUnreadOnProjectCards],
  jobs: { 'chat.check_counts': checkChatCountsJob },
  schedules: [scheduleChatCountCheck],
});
