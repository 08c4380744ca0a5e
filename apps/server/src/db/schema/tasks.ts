import { boolean, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { assets, projects } from './projects.ts';

/** Millisecond timestamps, so (created_at, id) cursors round-trip through JavaScript exactly. */
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const createdAt = () => at('created_at').notNull().defaultNow();

/** The project brief (spec 000 §2, §7): one text per project, plain text. */
export const projectBriefs = pgTable('project_briefs', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  brief: text('brief').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Tasks of a project (spec 000 §3 Task). id is task_db_id; assigned_by the assigner. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    taskType: text('task_type').notNull(),
    status: text('status', { enum: ['pending', 'in_progress', 'completed', 'expired'] })
      .notNull()
      .default('pending'),
    description: text('description').notNull(),
    /** the due day as chosen ('yyyy-mm-dd'); expire_at is the end of that day in the assigner's zone */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    expireAt: at('expire_at').notNull(),
    assignedBy: uuid('assigned_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isTransferRequest: boolean('is_transfer_request').notNull().default(false),
    transferMessage: text('transfer_message'),
    transferRequestedBy: uuid('transfer_requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** when an assignee first wrote in the task chat (pending → in progress) */
    startedAt: at('started_at'),
    completedAt: at('completed_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Task list of a project and 'My Tasks' (tasks I assigned), newest first by keyset.
    index('tasks_project_created_idx').on(t.projectId, t.createdAt.desc(), t.id.desc()),
    index('tasks_assigner_created_idx').on(t.assignedBy, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Assignees of a task (project members). */
export const taskAssignees = pgTable(
  'task_assignees',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId] }),
    // 'Assigned Tasks': newest assignment first, by keyset.
    index('task_assignees_user_created_idx').on(t.userId, t.createdAt.desc(), t.taskId.desc()),
  ],
);

/** E-mails a task was assigned to that are not members yet (spec 000 §3 invited_team_members). */
export const taskInvites = pgTable(
  'task_invites',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** stored lower-case */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.email] }), index('task_invites_email_idx').on(t.email)],
);

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
