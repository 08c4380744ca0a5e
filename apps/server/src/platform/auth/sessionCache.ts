import type { Realtime } from '../realtime/realtime.ts';

/** What a request needs of a full session to let it through (the row's columns the guard checks). */
export interface CachedSession {
  userId: string;
  expiresAt: number;
  lastSeenAt: number;
}

/** Sessions that ended: one (a logout) or every session of a user (a password reset, a deleted account). */
export type EndedSessions = { idHash: string } | { userId: string };

declare module '../realtime/realtime.ts' {
  interface NodeMessages {
    sessions_ended: EndedSessions;
  }
}

/**
 * Full sessions read in the last `ttlMs`, so most requests skip the session read (one statement of the
 * three to six a request sends). A session that ends is dropped on every node at once
 * (`endSessions`, after its transaction committed); `ttlMs` bounds how long a node can miss that
 * message (Redis down). A read that began before a drop is not cached after it, so a read racing a
 * logout cannot put the ended session back. Pending (second-step) sessions are never cached.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession & { until: number }>();
  /** Recent drops (by session hash or user id) and when, kept for one ttl: they refuse older reads. */
  private readonly drops = new Map<string, number>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {}

  get(idHash: string, now: number): CachedSession | undefined {
    const hit = this.entries.get(idHash);
    if (!hit) return undefined;
    if (hit.until > now) return hit;
    this.entries.delete(idHash);
    return undefined;
  }

  /** Keeps a session read at `readAt` (the instant its statement was sent), unless it ended since. */
  set(idHash: string, session: CachedSession, readAt: number) {
    if (this.ttlMs <= 0) return;
    const dropped = Math.max(this.drops.get(`s:${idHash}`) ?? 0, this.drops.get(`u:${session.userId}`) ?? 0);
    if (dropped >= readAt) return;
    if (this.entries.size >= this.maxEntries) this.prune(readAt);
    this.entries.delete(idHash); // re-inserted last: the Map's order is the eviction order
    this.entries.set(idHash, { ...session, until: readAt + this.ttlMs });
  }

  drop(ended: EndedSessions, now = Date.now()) {
    const key = 'idHash' in ended ? `s:${ended.idHash}` : `u:${ended.userId}`;
    if ('idHash' in ended) this.entries.delete(ended.idHash);
    else for (const [id, hit] of this.entries) if (hit.userId === ended.userId) this.entries.delete(id);
    // re-inserted last: the drops stay in time order, so the loop below stops at the first recent one
    this.drops.delete(key);
    this.drops.set(key, now);
    for (const [old, at] of this.drops) {
      if (at > now - this.ttlMs) break;
      this.drops.delete(old);
    }
  }

  /** For tests that change a session row behind the product's back. */
  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }

  private prune(now: number) {
    for (const [key, hit] of this.entries) if (hit.until <= now) this.entries.delete(key);
    // still full of live entries: the oldest go
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}

/** Every node drops the cached sessions (`connectCache`) and closes their sockets. Call after the commit. */
export function endSessions(realtime: Realtime, ended: EndedSessions) {
  realtime.toEveryNode('sessions_ended', ended);
  if ('idHash' in ended) realtime.disconnectSession(ended.idHash);
  else realtime.disconnectUser(ended.userId);
}

/** This node's cache hears every node's `endSessions`. */
export function connectCache(realtime: Realtime, cache: SessionCache) {
  realtime.onEveryNode('sessions_ended', (ended) => cache.drop(ended));
}
