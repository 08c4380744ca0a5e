import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { cloudSessions } from './cloud.ts';
import { createdAt } from './columns.ts';
import { projects } from './projects.ts';

/**
 * Live collaboration: the host of a started cloud session invites one collaborator (one
 * row per session, the unique index is the rule's last line of defence). Removing deletes the row.
 */
export const liveCollaborations = pgTable(
  'live_collaborations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => cloudSessions.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    hostUserId: uuid('host_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guestUserId: uuid('guest_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskType: text('task_type').notNull().default('task'),
    channelName: text('channel_name').notNull(),
    /** the guest is in the call */
    callJoined: boolean('call_joined').notNull().default(false),
    /** the host ended the call: the guest leaves it */
    callEndedByHost: boolean('call_ended_by_host').notNull().default(false),
    /** the guest's microphone state as last sent */
    guestMuted: boolean('guest_muted').notNull().default(false),
    /** the host handed over control of the workstation: the guest's input reaches it */
    guestControl: boolean('guest_control').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('live_collaborations_session_idx').on(t.sessionId),
    index('live_collaborations_guest_idx').on(t.guestUserId, t.projectId),
  ],
);
