import { sql } from 'drizzle-orm';
import type { AuditAction } from '@rushes/shared';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { currentRequest } from '../../platform/http/requestContext.ts';
import { userJsonSql } from '../users/index.ts';

/**
 * The actor's name as it is now (kept on the entry, so the log still reads after a rename or the
 * account's deletion), read inside the same INSERT: no extra round trip.
 */
const labelOf = (actorId: string) =>
  sql<string>`(select coalesce(nullif(trim(concat(u->>'firstName', ' ', u->>'lastName')), ''), u->>'email', '') from (select ${userJsonSql(sql`${actorId}::uuid`)}::jsonb as u) s)`;

/** Who did it, when it is not the caller of the current request (a job, a review link's guest). */
export interface AuditActor {
  id: string | null;
  label?: string;
  kind?: 'session' | 'token' | 'share_link' | 'system';
  tokenId?: string | null;
}

export interface AuditInput {
  /** The team the event belongs to; null for an account-only event (a failed sign-in). */
  teamId: string | null;
  action: AuditAction;
  target?: { type: string; id: string; label?: string | null };
  /** What changed, as plain JSON (never a secret, code, token or password). */
  detail?: Record<string, unknown>;
  /** Defaults to the current request's user (or token) and its address. */
  actor?: AuditActor;
}

/**
 * Appends one entry to the audit log. Call it with the transaction of the change it records, so the
 * entry exists exactly when the change committed (a rollback leaves none). Outside a request (a job)
 * pass `actor`; the address and browser are then empty.
 */
export async function recordAudit(tx: DbOrTx, input: AuditInput): Promise<void> {
  const request = currentRequest();
  const actor = input.actor;
  const tokenId = actor ? (actor.tokenId ?? null) : (request?.tokenId ?? null);
  const actorId = actor ? actor.id : (request?.userId ?? null);
  await tx.insert(auditLog).values({
    teamId: input.teamId,
    actorId,
    actorLabel: actor?.label ?? (actorId ? labelOf(actorId) : ''),
    actorKind: actor?.kind ?? (tokenId ? 'token' : request?.userId ? 'session' : 'system'),
    tokenId,
    action: input.action,
    targetType: input.target?.type ?? null,
    targetId: input.target?.id ?? null,
    targetLabel: input.target?.label ?? null,
    detail: input.detail ?? {},
    ip: request?.ip ?? null,
    userAgent: request?.userAgent ?? null,
  });
}
