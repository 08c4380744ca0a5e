import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { teams } from './teams.ts';

/**
 * A team's webhook endpoint: an HTTPS URL, the events it wants, and its signing secret (sealed with
 * the server's secret box; shown once when made or rotated).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_team_idx').on(t.teamId, t.createdAt)],
);

/** One attempt of a delivery as the deliveries list shows it. */
export interface WebhookAttempt {
  at: string;
  status: number | null;
  /** the first 2 KB of the answer, or why there was none */
  body: string;
  duration_ms: number;
}

/**
 * One event for one endpoint: its payload as sent, and where its attempts stand. The event id is the
 * receiver's idempotency key (same on every retry); (endpoint, event id) is unique so an event
 * delivered twice to the queue makes one delivery.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    /** 'pending' | 'succeeded' | 'failed' (gave up) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    /** the first 2 KB of the last response body, or the error */
    responseBody: text('response_body'),
    durationMs: integer('duration_ms'),
    /** every attempt, oldest first (at most 1 + the retries + the resends): when, answer or error, time taken */
    attemptLog: jsonb('attempt_log').$type<WebhookAttempt[]>().notNull().default([]),
    isTest: boolean('is_test').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_uq').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    // the daily purge deletes by age across all endpoints
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);
