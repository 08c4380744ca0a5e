import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { projects } from './projects.ts';
import { teams } from './teams.ts';

/** Millisecond timestamps, so a (created_at, id) cursor round-trips through JavaScript exactly. */
const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** Notifications (spec 002 §3). Ids of project, task and asset are kept without keys: later modules own them. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The team it belongs to: the bell lists only the selected team's notifications. */
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    notificationType: text('notification_type').notNull(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id'),
    assetId: uuid('asset_id'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    hasSeen: boolean('has_seen').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_team_created_idx').on(
      t.userId,
      t.teamId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * The optional e-mail digest per user: off by default; digest_sent_at is when the last digest went
 * out (it covers notifications up to then). The has_new_notification flag is per team
 * (notification_team_state).
 */
export const notificationState = pgTable(
  'notification_state',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailDigest: boolean('email_digest').notNull().default(false),
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true, precision: 3 }),
  },
  // the digest job reads only the users who opted in
  (t) => [
    index('notification_state_digest_idx')
      .on(t.digestSentAt)
      .where(sql`${t.emailDigest}`),
  ],
);

/** has_new_notification (spec 002 §3) per user and team: the bell's dot under the selected team. */
export const notificationTeamState = pgTable(
  'notification_team_state',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    hasNewNotification: boolean('has_new_notification').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.teamId] })],
);
