import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { sessions } from '../../db/schema/index.ts';
import { randomToken, sha256 } from './secrets.ts';

export const SESSION_COOKIE = 'rushes_sid';
export type SessionKind = 'full' | 'pending_2fa';

export interface SessionPolicy {
  idleHours: number;
  maxDays: number;
}

/** A pending login (password right, code not yet entered) lives as long as its code. */
const PENDING_MINUTES = 10;
/** last_seen is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export interface ResolvedSession {
  idHash: string;
  userId: string;
  kind: SessionKind;
}

export async function createSession(
  db: DbOrTx,
  userId: string,
  kind: SessionKind,
  policy: SessionPolicy,
  meta: { ip?: string; userAgent?: string },
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomToken();
  const ms = kind === 'full' ? policy.maxDays * 86_400_000 : PENDING_MINUTES * 60_000;
  const expiresAt = new Date(Date.now() + ms);
  await db.insert(sessions).values({
    idHash: sha256(id),
    userId,
    kind,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return { id, expiresAt };
}

// Read on every authenticated request: a prepared statement (db/prepared.ts).
const sessionByHash = (db: DbOrTx) =>
  db
    .select()
    .from(sessions)
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1);

/** The live session for a raw cookie value, or null when missing, expired or idle too long. */
export async function resolveSession(
  db: DbOrTx,
  rawId: string | undefined,
  policy: SessionPolicy,
): Promise<ResolvedSession | null> {
  if (!rawId || rawId.length > 100) return null;
  const idHash = sha256(rawId);
  const [row] = await prepared(db, 'session_by_hash', sessionByHash, { idHash });
  if (!row) return null;
  const now = Date.now();
  const idleLimit = row.lastSeenAt.getTime() + policy.idleHours * 3_600_000;
  if (row.expiresAt.getTime() <= now || (row.kind === 'full' && idleLimit <= now)) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.idHash, idHash));
  }
  return { idHash, userId: row.userId, kind: row.kind };
}

export async function destroySession(db: DbOrTx, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** After a password change or reset every other session of the user ends. */
export async function destroyUserSessions(db: DbOrTx, userId: string, exceptIdHash?: string) {
  await db
    .delete(sessions)
    .where(
      exceptIdHash
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash))
        : eq(sessions.userId, userId),
    );
}

export async function purgeExpiredSessions(db: DbOrTx) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
