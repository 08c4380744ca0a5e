import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';

/** Billing details of a team (spec 002 §3 Billing); one row per team. */
export const billingDetails = pgTable('billing_details', {
  id: uuid('id').primaryKey().defaultRandom(),
  teamId: uuid('team_id')
    .notNull()
    .unique()
    .references(() => teams.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull(),
  billingAddress: text('billing_address').notNull(),
  contactEmail: text('contact_email').notNull(),
  alternateEmail: text('alternate_email').notNull(),
  contactPerson: text('contact_person').notNull(),
  stateCode: text('state_code').notNull(),
  gstNo: text('gst_no'),
  panNumber: text('pan_number'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
