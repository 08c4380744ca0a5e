import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';
import type { TestApp } from './harness.ts';

/**
 * Counts the statements a request sends outside a transaction. drizzle logs every statement of the
 * database (prepared or not, either driver) through the session's logger, on the caller's async
 * context: counting there leaves out the job worker's polls, which run on the same database meanwhile.
 * A transaction's statements go through its own session and are not counted.
 * Each statement is a round trip that wakes PostgreSQL, and under load those round trips are much of
 * both sides' CPU (docs/decisions/0040-project-access-cache-and-reconnect-storms.md).
 */
export function statementCounter(t: TestApp) {
  const inRequest = new AsyncLocalStorage<string[]>();
  const { logger } = (t.ctx.db as unknown as { session: { logger: Logger } }).session;
  const log = logger.logQuery.bind(logger);
  logger.logQuery = (query, params) => {
    inRequest.getStore()?.push(query);
    log(query, params);
  };
  /** `run`'s result and the SQL text of each statement it sent. */
  return async function statementsOf<T>(run: () => Promise<T>) {
    const statements: string[] = [];
    const result = await inRequest.run(statements, run);
    return { result, statements };
  };
}
