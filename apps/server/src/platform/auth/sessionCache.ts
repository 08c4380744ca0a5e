import type { Realtime } from '../realtime/realtime.ts';
import { ReadCache } from '../readCache.ts';

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
 * three to six a request sends). A session that ends is dropped on every node at once (`endSessions`);
 * the race and ttl rules are ReadCache's. Pending (second-step) sessions are never cached.
 */
export class SessionCache {
  private readonly cache: ReadCache<CachedSession>;

  constructor(ttlMs: number, maxEntries?: number) {
    this.cache = new ReadCache(ttlMs, maxEntries);
  }

  get(idHash: string, now: number): CachedSession | undefined {
    return this.cache.get(`s:${idHash}`, now);
  }

  /** Keeps a session read at `readAt` (the instant its statement was sent), unless it ended since. */
  set(idHash: string, session: CachedSession, readAt: number) {
    this.cache.set(`s:${idHash}`, [`u:${session.userId}`], session, readAt);
  }

  drop(ended: EndedSessions, now = Date.now()) {
    this.cache.drop('idHash' in ended ? `s:${ended.idHash}` : `u:${ended.userId}`, now);
  }

  /** For tests that change a session row behind the product's back. */
  clear() {
    this.cache.clear();
  }

  get size() {
    return this.cache.size;
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
