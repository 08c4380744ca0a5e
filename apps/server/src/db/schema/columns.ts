import { timestamp } from 'drizzle-orm/pg-core';

/** Column helpers shared by the schema files (not tables: index.ts does not re-export this file). */

/** created_at: timestamptz, not null, default now() (microsecond precision). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
