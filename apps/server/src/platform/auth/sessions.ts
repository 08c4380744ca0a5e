import { and, eq, getTableColumns, lt, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { sessions } from '../../db/schema/index.ts';
import { randomToken, sha256 } from './secrets.ts';
import type { SessionCache } from './sessionCache.ts';

export const SESSION_COOKIE = 'rushes_sid';
export type SessionKind = 'full' | 'pending_2fa';

export interface SessionPolicy {
  idleHours: number;
  maxDays: number;
  /** Full sessions this node read recently (sessionCache.ts); without one every call reads the row. */
  cache?: SessionCache;
}

/** A pending login (password right, code not yet entered) lives as long as its code. */
const PENDING_MINUTES = 10;
/** last_seen is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export interface ResolvedSession {
  idHash: string;
  userId: string;
  kind: SessionKind;
  /** The personal access token that authenticated the request (none for a cookie session). */
  tokenId?: string;
  /** A project-scoped access token's project: every policy must load this project (serve()). */
  projectScope?: string;
  /** An API token's team: the call names and loads no other team (apiTokenGuard.ts, serve()). */
  teamScope?: string;
  /** What the route's session join read with the session (undefined when it declares none). */
  joined?: unknown;
}

/**
 * A value a route reads in the same statement as its session: check-login resolves the
 * session, its user and teams in one round trip instead of four. `value` is one SQL expression over
 * the session's user id (a subquery or JSON object); it may use `sql.placeholder('now')` (the
 * request's instant as timestamptz text). `decode` turns the driver's value into what the route
 * reads. The owning module builds it from its own tables; the auth guard runs it (route config
 * `sessionJoin`), and the route reads the result with `joinedOf`.
 */
export interface SessionJoin<T> {
  /** Unique per join: it names the prepared statement. */
  name: string;
  value: (userId: SQLWrapper) => SQL;
  decode: (raw: unknown, now: Date) => T;
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
// The same read with a route's join as one more column.
const sessionByHashWith = (join: SessionJoin<unknown>) => (db: DbOrTx) =>
  db
    .select({ ...getTableColumns(sessions), joined: join.value(sessions.userId) })
    .from(sessions)
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1);

/**
 * The live session for a raw cookie value, or null when missing, expired or idle too long. With a
 * `join`, its value is read in the same statement and decoded into `joined` (only for a live session).
 */
export async function resolveSession(
  db: DbOrTx,
  rawId: string | undefined,
  policy: SessionPolicy,
  join?: SessionJoin<unknown>,
): Promise<ResolvedSession | null> {
  if (!rawId || rawId.length > 100) return null;
  const idHash = sha256(rawId);
  const at = new Date();
  const now = at.getTime();
  const cache = policy.cache;
  // a route that reads its join with the session needs the statement anyway
  const hit = join ? undefined : cache?.get(idHash, now);
  if (hit) return live(db, idHash, 'full', hit, policy, now);
  const [row] = join
    ? await prepared(db, `session_by_hash+${join.name}`, sessionByHashWith(join), {
        idHash,
        now: at.toISOString(),
      })
    : await prepared(db, 'session_by_hash', sessionByHash, { idHash });
  if (!row) return null;
  const read = {
    userId: row.userId,
    expiresAt: row.expiresAt.getTime(),
    lastSeenAt: row.lastSeenAt.getTime(),
  };
  const session = await live(db, idHash, row.kind, read, policy, now);
  if (!session) return null;
  if (row.kind === 'full') cache?.set(idHash, read, now);
  if (join && 'joined' in row) session.joined = join.decode(row.joined, at);
  return session;
}

/** The session if it has not expired or idled out (an ended one is deleted); its last use kept per minute. */
async function live(
  db: DbOrTx,
  idHash: string,
  kind: SessionKind,
  row: { userId: string; expiresAt: number; lastSeenAt: number },
  policy: SessionPolicy,
  now: number,
): Promise<ResolvedSession | null> {
  const idleLimit = row.lastSeenAt + policy.idleHours * 3_600_000;
  if (row.expiresAt <= now || (kind === 'full' && idleLimit <= now)) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    policy.cache?.drop({ idHash }, now);
    return null;
  }
  if (now - row.lastSeenAt > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.idHash, idHash));
    // (the cached entry itself: it must not touch again within the minute)
    row.lastSeenAt = now;
  }
  return { idHash, userId: row.userId, kind };
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
