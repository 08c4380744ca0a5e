import { boolean, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { projects } from './projects.ts';

/** Millisecond timestamps, so (created_at, id) cursors round-trip through JavaScript exactly. */
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const createdAt = () => at('created_at').notNull().defaultNow();

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
    // Task list of a project and 'Assigned Tasks' (tasks I assigned), newest first by keyset.
    index('tasks_project_created_idx').on(
      t.projectId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('tasks_assigner_created_idx').on(
      t.assignedBy,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
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
    // 'My Tasks' (assigned to me): newest assignment first, by keyset.
    index('task_assignees_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.taskId.desc().nullsFirst(),
    ),
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
