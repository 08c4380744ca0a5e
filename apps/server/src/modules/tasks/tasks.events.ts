import type { TaskChatMessage } from '@rushes/shared';

/** Domain events and jobs of the tasks module (declaration merging into DomainEvents / JobDefinitions). */
declare module '../../platform/events/bus.ts' {
  interface DomainEvents {
    /**
     * A task was created or changed (fields, status, assignees, transfer). `addedUserIds` entered its
     * My Tasks tray, `removedUserIds` left it; everyone else on the task gets the card replaced.
     */
    'task.changed': {
      taskId: string;
      projectId: string;
      created: boolean;
      addedUserIds: string[];
      removedUserIds: string[];
    };
    /** The assigner completed a task (webhooks). */
    'task.completed': { taskId: string; projectId: string };
    /**
     * A task was deleted with its chat and invitations: the project room refetches its list, the
     * assigner's 'Assigned Tasks' and the assignees' 'My Tasks' drop the card.
     */
    'task.deleted': { taskId: string; projectId: string; assignerId: string; assigneeIds: string[] };
    /** A task chat message was stored and the task's chats_count bumped. */
    'task.chat_sent': {
      taskId: string;
      projectId: string;
      senderId: string;
      message: TaskChatMessage;
      chatsCount: number;
      /** The other people on the task and their unread at the commit (no read on the publish path). */
      unread: { userId: string; unread: number; chatsCount: number }[];
    };
    /** A user read a task's chat (last_seen_count = chats_count): their other tabs hear unread 0. */
    'task.chat_seen': { taskId: string; projectId: string; userId: string; chatsCount: number };
  }
}

declare module '../../platform/jobs/queue.ts' {
  interface JobDefinitions {
    /** Turns an open task Expired once its expire_at has passed (idempotent). */
    'tasks.expire': { taskId: string };
  }
}

export {};
