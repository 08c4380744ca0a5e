import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { assets } from './assets.ts';
import { projects } from './projects.ts';

/** Millisecond timestamps, so (created_at, id) cursors round-trip through JavaScript exactly. */
const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** Approval and review requests on an asset (spec 000 §3 Task request). */
export const taskRequests = pgTable(
  'task_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    taskType: text('task_type', { enum: ['task_approval', 'task_review'] }).notNull(),
    comment: text('comment').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('task_requests_asset_created_idx').on(t.assetId, t.createdAt, t.id)],
);

/** People asked in a request (project members). */
export const taskRequestUsers = pgTable(
  'task_request_users',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => taskRequests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId] }),
    index('task_request_users_user_idx').on(t.userId),
  ],
);

/** E-mails invited to a request, not members yet. */
export const taskRequestInvites = pgTable(
  'task_request_invites',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => taskRequests.id, { onDelete: 'cascade' }),
    /** stored lower-case */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.email] }),
    index('task_request_invites_email_idx').on(t.email),
  ],
);
