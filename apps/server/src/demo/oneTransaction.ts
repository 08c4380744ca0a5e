import type { Db, Tx } from '../db/client.ts';
import type { AppContext } from '../platform/context.ts';
import { EventBus, type Emit, type PendingEvent } from '../platform/events/bus.ts';

/**
 * An event bus whose transactions are savepoints of an outer one; it keeps their events for later.
 * Durable deliveries are enqueued in the savepoint by the app's bus (they roll back with it).
 */
class HeldEvents extends EventBus {
  readonly held: PendingEvent[] = [];
  constructor(private readonly app: EventBus) {
    super({ error: () => undefined });
  }
  override async transaction<T>(db: Db, work: (tx: Tx, emit: Emit) => Promise<T>) {
    return db.transaction(async (tx) => {
      const mine: PendingEvent[] = [];
      const out = await work(tx, (name, payload) => mine.push({ name, payload }));
      await this.app.enqueueDurable(tx, mine);
      this.held.push(...mine);
      return out;
    });
  }
}

/**
 * Runs several service calls as one transaction: `work` gets a context whose database is the
 * transaction (each service's own transaction becomes a savepoint in it) and whose events wait. They
 * are queued for the listeners once everything committed, as a single service would; a failure
 * stores nothing.
 * The services' side effects are all in the database (jobs, mails, notifications), so they roll back too.
 */
export async function inOneTransaction<T>(
  ctx: AppContext,
  work: (tx: Tx, txCtx: AppContext) => Promise<T>,
): Promise<T> {
  const events = new HeldEvents(ctx.events);
  const result = await ctx.db.transaction((tx) => work(tx, { ...ctx, db: tx as unknown as Db, events }));
  ctx.events.afterCommit(events.held);
  ctx.jobs.wake();
  return result;
}
