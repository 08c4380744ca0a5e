import type { ChatMessage } from '@rushes/shared';

/** Domain events of the project chat (declaration merging into DomainEvents). */
declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /** A message was stored and chats_count bumped: the project room gets it, members their unread. */
    'chat.message_sent': {
      projectId: string;
      senderId: string;
      message: ChatMessage;
      chatsCount: number;
      /** The project's other members at the commit: who gets chat_count (no read on the publish path). */
      recipientIds: string[];
    };
    /** A member recorded last_seen_count = chats_count: their other tabs hear unread 0. */
    'chat.seen': { projectId: string; userId: string; chatsCount: number };
  }
}

export {};
