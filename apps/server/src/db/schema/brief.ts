import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { projects } from './projects.ts';

/** Millisecond timestamps, like the tasks tables. */
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** The project brief (spec 000 §2, §7): one text per project, plain text. */
export const projectBriefs = pgTable('project_briefs', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  brief: text('brief').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
