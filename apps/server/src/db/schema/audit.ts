import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log: one row per security or business event, written in the same transaction as the
 * change it records. Append-only: a trigger (migration) refuses every UPDATE and any DELETE except the
 * retention purge, which sets `rushes.audit_purge` for its own transaction. No foreign keys on purpose:
 * an entry outlives the team, user or object it names (the labels keep what they were called).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the team the event belongs to (null: an account-only event, e.g. a failed sign-in) */
    teamId: uuid('team_id'),
    /** who did it: a user (null for an anonymous caller, e.g. a review link opened) */
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label').notNull().default(''),
    /** 'session' | 'token' | 'share_link' | 'system' */
    actorKind: text('actor_kind').notNull().default('session'),
    /** the personal access token that made the call, when it was one */
    tokenId: uuid('token_id'),
    /** dotted kind, e.g. 'auth.sign_in', 'members.role_changed' (packages/shared AUDIT_ACTIONS) */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    detail: jsonb('detail').notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_team_idx').on(t.teamId, t.createdAt, t.id),
    index('audit_log_team_actor_idx').on(t.teamId, t.actorId, t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);
