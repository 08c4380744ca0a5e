import { defineModule } from '../../platform/modules.ts';
import { registerChatMappers } from './chat.realtime.ts';
import { chatRoutes } from './chat.routes.ts';

// What other modules may call (everything else in this folder is internal).
export { nameOf, parseCursor, senderColumns, unreadKey, unreadOf } from './chat.sql.ts';
export type { Sender } from './chat.sql.ts';
export { createChatService } from './chat.service.ts';
export { messageId } from './messageId.ts';

/** Project chat: messages, groups, unread counters. */
export const chatModule = defineModule({
  name: 'chat',
  routes: [chatRoutes],
  listeners: [registerChatMappers],
});
