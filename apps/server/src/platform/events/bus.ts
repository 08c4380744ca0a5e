import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { enqueueJob } from '../jobs/queue.ts';
import {
  PublishQueue,
  type PublishQueueOptions,
  type PublishStats,
  type QueuedListener,
} from './publishQueue.ts';

/**
 * The domain events of the product. A module adds its events here by declaration merging, the way
 * jobs are declared, so every emitter and listener is typed against one map.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEvents {}

export type EventName = keyof DomainEvents;
/** How a transaction's work emits an event (see EventBus.transaction). */
export type Emit = <K extends EventName>(name: K, payload: DomainEvents[K]) => void;
/**
 * What a durable subscriber learns besides the payload: `eventId`, drawn once when the event was
 * emitted and the same on every retry of its delivery job (an idempotency key: webhooks send it).
 */
export interface DeliveryMeta {
  eventId: string;
}
/** `meta` is given to durable subscribers only. */
type Listener<K extends EventName> = (payload: DomainEvents[K], meta?: DeliveryMeta) => void | Promise<void>;
export type PendingEvent = { name: EventName; payload: unknown };
type Pending = PendingEvent;

/** The job that runs one durable subscriber for one event (handled by the platform module). */
export const DELIVER_JOB = 'events.deliver';
export interface DeliverData {
  /** The subscriber's id (`DurableOptions.id`). */
  subscriber: string;
  event: string;
  /** The event's payload, stored as jsonb: events with durable subscribers carry plain JSON. */
  payload: unknown;
  /** The event's id (DeliveryMeta.eventId), the same for each subscriber; absent in older jobs. */
  eventId?: string;
}

declare module '../jobs/queue.ts' {
  interface JobDefinitions {
    'events.deliver': DeliverData;
  }
}

/** Makes a subscriber durable: it runs as a job enqueued inside the emitting transaction. */
export interface DurableOptions<K extends EventName> {
  durable: true;
  /** Stable and unique, e.g. 'tasks.claim_invites': stored in the job, so renaming it strands queued jobs. */
  id: string;
  /**
   * Only events passing this filter get a job (a project rename needs no invitation claim). It may
   * read in the emitting transaction (`tx`): one read instead of a job that would find nothing to do.
   */
  when?: (payload: DomainEvents[K], tx: Tx) => boolean | Promise<boolean>;
}

/**
 * A best-effort listener whose hint is "the latest state of a key" (a room's count): of several
 * events with the same key waiting in one publish round, it runs for the last only.
 */
export interface CoalesceOptions<K extends EventName> {
  durable?: false;
  coalesce: (payload: DomainEvents[K]) => string;
  /** A hint that reads the database: runs beside the publish rounds, one run per key at a time (publishQueue.ts). */
  detached?: boolean;
}

/**
 * A listener that must have run before the committing request answers (dropping this node's cached
 * copies of what changed, and telling the other nodes): called synchronously at the commit, before
 * the queued listeners. It must not wait for anything.
 */
export interface AtCommitOptions {
  atCommit: true;
}

type Durable = {
  id: string;
  name: EventName;
  run: Listener<EventName>;
  when?: (payload: unknown, tx: Tx) => boolean | Promise<boolean>;
};

/**
 * Transactional events, then fan-out (Outline's pattern): a service collects events while its
 * transaction runs; they are handed to listeners only after the commit, never for a rollback.
 *
 * Two kinds of listeners:
 * - best-effort (`on(name, fn)`): run in this process after the commit, off the request path: the
 *   committed events are queued and handed over on a later turn of the event loop, so the caller
 *   (and its HTTP answer) never waits for them. They run one at a time in commit order, each
 *   listener's failure is logged and does not stop the others. A crash in between loses them, so
 *   they only do things that may be lost (realtime hints). `{ coalesce }` marks a listener whose
 *   hint is the latest state of a key: it runs once per key per publish round;
 * - durable (`on(name, fn, { durable: true, id })`): one 'events.deliver' job per subscriber is
 *   enqueued in the emitting transaction itself, so it exists exactly when the change committed and
 *   runs (at least once, retried per the queue's policy) on some worker. Their handlers must be
 *   idempotent. They are registered at build (module manifests' listeners), before the first
 *   transaction; registering one later throws. Events with durable subscribers can only be emitted
 *   through `transaction` — `publish` refuses them (there is no transaction to enqueue into).
 * An `{ atCommit: true }` listener runs synchronously at the commit, before the caller answers.
 */
export class EventBus {
  private readonly listeners = new Map<EventName, QueuedListener[]>();
  private readonly atCommit = new Map<EventName, ((payload: unknown) => void)[]>();
  private readonly durable = new Map<string, Durable>();
  /** Set by the first transaction: durable subscribers registered later could miss events. */
  private running = false;
  /** The committed events waiting for their best-effort listeners (publishQueue.ts). */
  private readonly queue: PublishQueue;

  constructor(
    private readonly log: PublishQueueOptions['log'],
    /** Called after a commit that enqueued durable deliveries (the app wakes its job worker). */
    private readonly onEnqueued: () => void = () => undefined,
    publishing: Omit<PublishQueueOptions, 'log' | 'listenersOf'> = {},
  ) {
    this.queue = new PublishQueue({
      ...publishing,
      log,
      listenersOf: (name) => this.listeners.get(name as EventName),
    });
  }

  on<K extends EventName>(
    name: K,
    listener: Listener<K>,
    opts?: DurableOptions<K> | CoalesceOptions<K> | AtCommitOptions,
  ) {
    if (opts && 'atCommit' in opts) {
      this.atCommit.set(name, [...(this.atCommit.get(name) ?? []), listener as (payload: unknown) => void]);
      return;
    }
    if (opts?.durable) {
      if (this.running) throw new Error(`events: durable subscriber '${opts.id}' registered after start`);
      if (this.durable.has(opts.id))
        throw new Error(`events: durable subscriber '${opts.id}' registered twice`);
      this.durable.set(opts.id, {
        id: opts.id,
        name,
        run: listener as Listener<EventName>,
        when: opts.when as Durable['when'],
      });
      return;
    }
    const list = this.listeners.get(name) ?? [];
    list.push({
      run: listener as QueuedListener['run'],
      coalesce: opts?.coalesce as QueuedListener['coalesce'],
      detached: opts?.durable ? undefined : opts?.detached,
    });
    this.listeners.set(name, list);
  }

  /**
   * Queues events not born in a transaction for the best-effort listeners (as after a commit).
   * Throws for an event with durable subscribers: those must be emitted inside `transaction`.
   */
  async publish(events: Pending[]): Promise<void> {
    const durable = events.find(({ name }) => this.subscribersOf(name).length > 0);
    if (durable)
      throw new Error(`events: '${durable.name}' has durable subscribers; emit it in a transaction`);
    this.afterCommit(events);
  }

  /**
   * Runs `work` in a transaction; before it commits, a delivery job is enqueued (with the same
   * `tx`) for every durable subscriber of the events it emitted; once it commits, the events are
   * queued for the best-effort listeners and the result is answered without waiting for them.
   */
  async transaction<T>(db: Db, work: (tx: Tx, emit: Emit) => Promise<T>) {
    const pending: Pending[] = [];
    let enqueued = 0;
    const result = await db.transaction(async (tx) => {
      const out = await work(tx, (name, payload) => pending.push({ name, payload }));
      enqueued = await this.enqueueDurable(tx, pending);
      return out;
    });
    if (enqueued > 0) this.onEnqueued();
    this.afterCommit(pending);
    return result;
  }

  /**
   * Enqueues, in `tx`, one delivery job per durable subscriber of each event; returns how many.
   * `transaction` calls it; so does code that runs its own transaction around several services
   * (demo/oneTransaction.ts), which then hands the events to `afterCommit` once it committed.
   */
  async enqueueDurable(tx: Tx, events: Pending[]): Promise<number> {
    this.running = true;
    let enqueued = 0;
    for (const { name, payload } of events) {
      const eventId = randomUUID();
      for (const s of this.subscribersOf(name)) {
        if (s.when && !(await s.when(payload, tx))) continue;
        await enqueueJob(tx, DELIVER_JOB, { subscriber: s.id, event: name, payload, eventId });
        enqueued++;
      }
    }
    return enqueued;
  }

  /**
   * Queues committed events for the best-effort listeners (their durable deliveries are already
   * queued as jobs) and returns at once. They run on a later turn of the event loop (setImmediate:
   * after the caller's answer is on its way), after every earlier event, so listeners see events in
   * commit order; a publish round takes all that wait (publishQueue.ts).
   */
  afterCommit(events: Pending[]): void {
    for (const { name, payload } of events)
      for (const run of this.atCommit.get(name) ?? []) {
        try {
          run(payload);
        } catch (err) {
          this.log.error({ err, event: name }, 'events: an at-commit listener failed');
        }
      }
    this.queue.push(events.filter(({ name }) => this.listeners.has(name)));
  }

  /**
   * Resolves once every queued batch has run (shutdown waits for it before the database closes;
   * tests use it to know the realtime hints of what they did have been sent).
   */
  async idle(): Promise<void> {
    await this.queue.idle();
  }

  /** The publish path's backlog (the metrics endpoint reads it). */
  publishStats(): PublishStats {
    return this.queue.stats();
  }

  /**
   * Undefined while the publish path keeps up; when it lags, a promise a new HTTP request awaits
   * before its work starts, so the hints committed before it go out first (publishPriority.ts).
   */
  holdForPublishing(): Promise<void> | undefined {
    return this.queue.hold();
  }

  /** The 'events.deliver' job: runs one durable subscriber (a failure throws, so the queue retries). */
  async deliver({ subscriber, event, payload, eventId }: DeliverData): Promise<void> {
    const s = this.durable.get(subscriber);
    if (!s || s.name !== event)
      throw new Error(`events: no durable subscriber '${subscriber}' for '${event}'`);
    await s.run(payload as DomainEvents[EventName], { eventId: eventId ?? randomUUID() });
  }

  private subscribersOf(name: EventName): Durable[] {
    return [...this.durable.values()].filter((s) => s.name === name);
  }
}
