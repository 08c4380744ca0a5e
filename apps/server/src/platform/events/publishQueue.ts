/** Resolves on the event loop's next check phase, after pending I/O callbacks (a reply's write). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Events may repeat; a coalescing listener runs once per key per round, for the last of them. */
export interface QueuedListener {
  run: (payload: unknown) => void | Promise<void>;
  /** e.g. the room the hint goes to: a later hint to the same room replaces an earlier one. */
  coalesce?: (payload: unknown) => string;
  /**
   * With `coalesce`: a hint that reads the database (a member's project card). It runs beside the
   * rounds instead of inside them, so a read waiting for a pool connection under load never holds
   * the hints behind it (a chat message); one run per key at a time, and a key's events that arrive
   * meanwhile become one more run with the latest of them.
   */
  detached?: boolean;
}

interface Queued {
  name: string;
  payload: unknown;
  /** Date.now() at the commit. */
  at: number;
  seq: number;
}

export interface PublishQueueOptions {
  log: { error: (obj: object, msg: string) => void; warn?: (obj: object, msg: string) => void };
  listenersOf: (name: string) => readonly QueuedListener[] | undefined;
  /** Warn (at most every WARN_EVERY_MS) while the oldest waiting event is older than this. */
  warnAfterMs?: number;
  /** Priority is asked for (`hold`) past this age of the oldest waiting event; 0: never by age. */
  priorityAfterMs?: number;
  /** Priority is asked for at this many waiting events, whatever their age. */
  maxEvents?: number;
  /** The longest `hold` keeps a request waiting. */
  maxHoldMs?: number;
}

export interface PublishStats {
  /** Committed events whose best-effort listeners have not all run. */
  pending: number;
  /** Age of the oldest of them (0 when none). */
  oldestAgeMs: number;
  /** Listener calls skipped because a later event of the same round had the same key. */
  coalesced: number;
  /** Requests `hold` made wait, and how many of those waits ended by maxHoldMs. */
  held: number;
  holdTimeouts: number;
  published: number;
}

const WARN_EVERY_MS = 10_000;

/**
 * The committed-but-unpublished events of the best-effort listeners, in commit order. Rounds run
 * one after another, each on a later turn of the event loop than the commit it serves (the
 * caller's answer goes first): a round takes every event waiting when it starts, so a backlog is
 * worked off in a few large rounds rather than one turn per commit, and a coalescing listener
 * (a hint the client treats as "the latest state", e.g. a room's count) runs once per key per round.
 * Nothing is dropped: the queue is bounded by holding new HTTP work (`hold`), not by losing hints.
 */
export class PublishQueue {
  private queue: Queued[] = [];
  /** Events of `queue` before this index have run (the current round's progress). */
  private head = 0;
  private seq = 0;
  private publishedSeq = 0;
  private draining: Promise<void> | null = null;
  private waiters: { seq: number; resolve: () => void }[] = [];
  private lastWarn = -Infinity;
  private readonly counts = { coalesced: 0, held: 0, holdTimeouts: 0, published: 0 };
  /** Per detached listener and key: the run in flight, and the payload to run next if any came. */
  private readonly detachedKeys = new Map<QueuedListener, Map<string, { next?: { payload: unknown } }>>();
  private readonly detachedRuns = new Set<Promise<void>>();

  constructor(private readonly opts: PublishQueueOptions) {}

  push(events: { name: string; payload: unknown }[]): void {
    if (events.length === 0) return;
    const at = Date.now();
    for (const { name, payload } of events) this.queue.push({ name, payload, at, seq: ++this.seq });
    this.warnIfLagging();
    this.draining ??= this.drain();
  }

  stats(now = Date.now()): PublishStats {
    const oldest = this.queue[this.head];
    return {
      pending: this.queue.length - this.head,
      oldestAgeMs: oldest ? Math.max(0, now - oldest.at) : 0,
      ...this.counts,
    };
  }

  /**
   * When the publish path lags (oldest waiting event older than priorityAfterMs, or maxEvents
   * waiting): a promise that resolves once every event committed so far is published, or after
   * maxHoldMs (a stuck listener must not stop the HTTP server). Else undefined: no wait at all.
   */
  hold(): Promise<void> | undefined {
    const { pending, oldestAgeMs } = this.stats();
    if (pending === 0) return undefined;
    const byAge = (this.opts.priorityAfterMs ?? 0) > 0 && oldestAgeMs >= this.opts.priorityAfterMs!;
    if (!byAge && pending < (this.opts.maxEvents ?? Infinity)) return undefined;
    this.counts.held++;
    const seq = this.seq;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.counts.holdTimeouts++;
        done();
      }, this.opts.maxHoldMs ?? 1000);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push({ seq, resolve: done });
    });
  }

  /** Resolves once every queued event has been handed to its listeners, detached runs included. */
  async idle(): Promise<void> {
    while (this.draining || this.detachedRuns.size > 0) {
      await this.draining;
      await Promise.all(this.detachedRuns);
    }
  }

  private async drain() {
    try {
      while (this.head < this.queue.length) {
        await nextTurn();
        this.warnIfLagging();
        await this.round(this.queue.length);
        this.queue.splice(0, this.head);
        this.head = 0;
      }
    } finally {
      this.draining = null;
    }
  }

  /** Runs the events queue[head..end) in order; coalesced calls are skipped. */
  private async round(end: number) {
    const skip = this.coalescedIn(end);
    for (let i = this.head; i < end; i++) {
      const { name, payload, seq } = this.queue[i];
      const listeners = this.opts.listenersOf(name) ?? [];
      for (let l = 0; l < listeners.length; l++) {
        if (skip?.has(`${i}:${l}`)) continue;
        if (listeners[l].detached && listeners[l].coalesce) {
          this.detach(listeners[l], name, payload);
          continue;
        }
        try {
          await listeners[l].run(payload);
        } catch (err) {
          this.opts.log.error({ err, event: name }, 'event listener failed');
        }
      }
      this.head = i + 1;
      this.publishedSeq = seq;
      this.counts.published++;
      this.release();
    }
  }

  private detach(listener: QueuedListener, name: string, payload: unknown) {
    const key = listener.coalesce!(payload);
    let keys = this.detachedKeys.get(listener);
    if (!keys) this.detachedKeys.set(listener, (keys = new Map()));
    const inFlight = keys.get(key);
    if (inFlight) {
      if (inFlight.next) this.counts.coalesced++;
      inFlight.next = { payload };
      return;
    }
    const slot: { next?: { payload: unknown } } = {};
    keys.set(key, slot);
    const run = async () => {
      for (let current: unknown = payload; ;) {
        try {
          await listener.run(current);
        } catch (err) {
          this.opts.log.error({ err, event: name }, 'event listener failed');
        }
        if (!slot.next) break;
        current = slot.next.payload;
        slot.next = undefined;
      }
      keys.delete(key);
    };
    const running = run();
    this.detachedRuns.add(running);
    void running.finally(() => this.detachedRuns.delete(running));
  }

  /** `${index}:${listener}` of the calls a later event of this round with the same key replaces. */
  private coalescedIn(end: number): Set<string> | undefined {
    let skip: Set<string> | undefined;
    const seen = new Map<QueuedListener, Set<string>>();
    for (let i = end - 1; i >= this.head; i--) {
      const { name, payload } = this.queue[i];
      const listeners = this.opts.listenersOf(name) ?? [];
      listeners.forEach((listener, l) => {
        if (!listener.coalesce) return;
        const key = listener.coalesce(payload);
        const keys = seen.get(listener) ?? new Set<string>();
        seen.set(listener, keys);
        if (!keys.has(key)) return void keys.add(key);
        (skip ??= new Set()).add(`${i}:${l}`);
        this.counts.coalesced++;
      });
    }
    return skip;
  }

  private release() {
    let n = 0;
    while (n < this.waiters.length && this.waiters[n].seq <= this.publishedSeq) this.waiters[n++].resolve();
    if (n > 0) this.waiters.splice(0, n);
  }

  private warnIfLagging() {
    const limit = this.opts.warnAfterMs;
    if (!limit || !this.opts.log.warn) return;
    const now = Date.now();
    const { pending, oldestAgeMs } = this.stats(now);
    if (oldestAgeMs < limit || now - this.lastWarn < WARN_EVERY_MS) return;
    this.lastWarn = now;
    this.opts.log.warn(
      { pending, oldestAgeMs },
      'realtime publish lag: committed hints wait to be published',
    );
  }
}
