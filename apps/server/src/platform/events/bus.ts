import type { Db, Tx } from '../../db/client.ts';
import { enqueueJob } from '../jobs/queue.ts';

/**
 * The domain events of the product. A module adds its events here by declaration merging, the way
 * jobs are declared, so every emitter and listener is typed against one map.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEvents {}

export type EventName = keyof DomainEvents;
/** How a transaction's work emits an event (see EventBus.transaction). */
export type Emit = <K extends EventName>(name: K, payload: DomainEvents[K]) => void;
type Listener<K extends EventName> = (payload: DomainEvents[K]) => void | Promise<void>;
export type PendingEvent = { name: EventName; payload: unknown };
type Pending = PendingEvent;

/** Resolves on the event loop's next check phase, after pending I/O callbacks (a reply's write). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The job that runs one durable subscriber for one event (handled by the platform module). */
export const DELIVER_JOB = 'events.deliver';
export interface DeliverData {
  /** The subscriber's id (`DurableOptions.id`). */
  subscriber: string;
  event: string;
  /** The event's payload, stored as jsonb: events with durable subscribers carry plain JSON. */
  payload: unknown;
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
  /** Only events passing this filter get a job (a project rename needs no invitation claim). */
  when?: (payload: DomainEvents[K]) => boolean;
}

type Durable = {
  id: string;
  name: EventName;
  run: Listener<EventName>;
  when?: (payload: unknown) => boolean;
};

/**
 * Transactional events, then fan-out (Outline's pattern): a service collects events while its
 * transaction runs; they are handed to listeners only after the commit, never for a rollback.
 *
 * Two kinds of listeners:
 * - best-effort (`on(name, fn)`): run in this process after the commit, off the request path: the
 *   committed events are queued and handed over on a later turn of the event loop, so the caller
 *   (and its HTTP answer) never waits for them. Batches run one at a time in commit order, each
 *   listener's failure is logged and does not stop the others. A crash in between loses them, so
 *   they only do things that may be lost (realtime hints);
 * - durable (`on(name, fn, { durable: true, id })`): one 'events.deliver' job per subscriber is
 *   enqueued in the emitting transaction itself, so it exists exactly when the change committed and
 *   runs (at least once, retried per the queue's policy) on some worker. Their handlers must be
 *   idempotent. They are registered at build (module manifests' listeners), before the first
 *   transaction; registering one later throws. Events with durable subscribers can only be emitted
 *   through `transaction` — `publish` refuses them (there is no transaction to enqueue into).
 */
export class EventBus {
  private readonly listeners = new Map<EventName, Listener<EventName>[]>();
  private readonly durable = new Map<string, Durable>();
  /** Set by the first transaction: durable subscribers registered later could miss events. */
  private running = false;
  /** The last queued batch of best-effort listeners: each batch starts when the previous one ended. */
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly log: { error: (obj: object, msg: string) => void },
    /** Called after a commit that enqueued durable deliveries (the app wakes its job worker). */
    private readonly onEnqueued: () => void = () => undefined,
  ) {}

  on<K extends EventName>(name: K, listener: Listener<K>, opts?: DurableOptions<K>) {
    if (opts?.durable) {
      if (this.running) throw new Error(`events: durable subscriber '${opts.id}' registered after start`);
      if (this.durable.has(opts.id))
        throw new Error(`events: durable subscriber '${opts.id}' registered twice`);
      this.durable.set(opts.id, {
        id: opts.id,
        name,
        run: listener as Listener<EventName>,
        when: opts.when as ((payload: unknown) => boolean) | undefined,
      });
      return;
    }
    const list = this.listeners.get(name) ?? [];
    list.push(listener as Listener<EventName>);
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
      for (const s of this.subscribersOf(name)) {
        if (s.when && !s.when(payload)) continue;
        await enqueueJob(tx, DELIVER_JOB, { subscriber: s.id, event: name, payload });
        enqueued++;
      }
    }
    return enqueued;
  }

  /**
   * Queues committed events for the best-effort listeners (their durable deliveries are already
   * queued as jobs) and returns at once. The batch runs on a later turn of the event loop
   * (setImmediate: after the caller's answer is on its way), after every earlier batch, so listeners
   * see events in commit order, one batch at a time.
   */
  afterCommit(events: Pending[]): void {
    const batch = events.filter(({ name }) => this.listeners.has(name));
    if (batch.length === 0) return;
    this.tail = this.tail.then(nextTurn).then(() => this.runListeners(batch));
  }

  /**
   * Resolves once every queued batch has run (shutdown waits for it before the database closes;
   * tests use it to know the realtime hints of what they did have been sent).
   */
  async idle(): Promise<void> {
    for (let tail = this.tail; ; tail = this.tail) {
      await tail;
      if (tail === this.tail) return;
    }
  }

  private async runListeners(batch: Pending[]) {
    for (const { name, payload } of batch) {
      for (const listener of this.listeners.get(name) ?? []) {
        try {
          await listener(payload as DomainEvents[EventName]);
        } catch (err) {
          this.log.error({ err, event: name }, 'event listener failed');
        }
      }
    }
  }

  /** The 'events.deliver' job: runs one durable subscriber (a failure throws, so the queue retries). */
  async deliver({ subscriber, event, payload }: DeliverData): Promise<void> {
    const s = this.durable.get(subscriber);
    if (!s || s.name !== event)
      throw new Error(`events: no durable subscriber '${subscriber}' for '${event}'`);
    await s.run(payload as DomainEvents[EventName]);
  }

  private subscribersOf(name: EventName): Durable[] {
    return [...this.durable.values()].filter((s) => s.name === name);
  }
}
