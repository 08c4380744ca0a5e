/**
 * Rows a node read recently, kept for `ttlMs` so most requests skip a read, and dropped on every node
 * when what they were read from changes (the owner sends the drop after its transaction committed;
 * `ttlMs` only bounds how long a node that missed the drop, Redis down, may still answer from it).
 *
 * An entry belongs to groups (a user, a project): a drop names one key or one group. A read that
 * began before a drop of its key or of one of its groups is not kept after it, so a read racing the
 * change cannot put the old row back.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; groups: readonly string[]; until: number }>();
  /** Recent drops (of a key or a group) and when, kept for one ttl: they refuse older reads. */
  private readonly drops = new Map<string, number>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {}

  get(key: string, now: number): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until > now) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps a value read at `readAt` (the instant its statement was sent), unless it was dropped since. */
  set(key: string, groups: readonly string[], value: V, readAt: number) {
    if (this.ttlMs <= 0) return;
    for (const name of [key, ...groups]) if ((this.drops.get(name) ?? 0) >= readAt) return;
    if (this.entries.size >= this.maxEntries) this.prune(readAt);
    this.entries.delete(key); // re-inserted last: the Map's order is the eviction order
    this.entries.set(key, { value, groups, until: readAt + this.ttlMs });
  }

  /** Forgets one key, or every entry of a group (keys and group names share one namespace). */
  drop(name: string, now = Date.now()) {
    this.entries.delete(name);
    for (const [key, hit] of this.entries) if (hit.groups.includes(name)) this.entries.delete(key);
    // re-inserted last: the drops stay in time order, so the loop below stops at the first recent one
    this.drops.delete(name);
    this.drops.set(name, now);
    for (const [old, at] of this.drops) {
      if (at > now - this.ttlMs) break;
      this.drops.delete(old);
    }
  }

  /** For tests that change rows behind the product's back. */
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
