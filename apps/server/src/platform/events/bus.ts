import type { Db, Tx } from '../../db/client.ts';

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
type Pending = { name: EventName; payload: unknown };

/**
 * Transactional events, then fan-out (Outline's pattern): a service collects events while its
 * transaction runs; they are handed to listeners only after the commit, never for a rollback.
 * Durable side effects (mail, timers) are jobs enqueued inside the transaction instead.
 */
export class EventBus {
  private readonly listeners = new Map<EventName, Listener<EventName>[]>();

  constructor(private readonly log: { error: (obj: object, msg: string) => void }) {}

  on<K extends EventName>(name: K, listener: Listener<K>) {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as Listener<EventName>);
    this.listeners.set(name, list);
  }

  async publish(events: Pending[]) {
    for (const { name, payload } of events) {
      for (const listener of this.listeners.get(name) ?? []) {
        try {
          await listener(payload as DomainEvents[EventName]);
        } catch (err) {
          this.log.error({ err, event: name }, 'event listener failed');
        }
      }
    }
  }

  /** Runs `work` in a transaction; events it emits are published once the transaction commits. */
  async transaction<T>(db: Db, work: (tx: Tx, emit: Emit) => Promise<T>) {
    const pending: Pending[] = [];
    const result = await db.transaction((tx) => work(tx, (name, payload) => pending.push({ name, payload })));
    await this.publish(pending);
    return result;
  }
}
