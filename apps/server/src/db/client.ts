import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: services accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /**
   * PostgreSQL only: two connections of their own for the realtime server's reads (a socket's session,
   * a room's access), so sockets reconnecting after a node went away are answered ahead of the HTTP
   * requests waiting for the main pool (joins timed out there during a restart under load).
   */
  realtimeDb?: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: a tarball of the data directory, which `template` can start another from. */
  dump?(): Promise<Blob>;
}

/**
 * PGlite runs each statement synchronously on the event loop's thread, and a statement queued behind
 * another starts from a microtask the moment the other ends: a request's burst of reads (home's boot
 * element makes a dozen) held every other request, static files included, until its last read ended.
 * Statements outside a transaction now take turns, with a turn of the event loop
 * between one and the next, so what arrived meanwhile is served between them. A transaction's own
 * statements go straight on: PGlite is held for it anyway.
 */
class FairPGlite extends PGlite {
  /** Statements and transactions waiting for the lock, and whether one holds it (the metrics). */
  waiting = 0;
  busy = false;

  // PGlite's own lock, which every statement and transaction outside a transaction takes: the turn
  // is taken inside it, so a queued statement waits for it too, and not for the one before only
  override async _runExclusiveTransaction<T>(run: () => Promise<T>): Promise<T> {
    this.waiting++;
    let entered = false;
    try {
      return await super._runExclusiveTransaction(async () => {
        entered = true;
        this.waiting--;
        this.busy = true;
        try {
          await nextTurn();
          return await run();
        } finally {
          this.busy = false;
        }
      });
    } finally {
      if (!entered) this.waiting--;
    }
  }
}

/** Connections of the database client: node-postgres's pool, or PGlite's one lock. */
export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection (PGlite: for its lock). */
  waiting: number;
}

/** Read on each metrics scrape: counters the clients keep anyway, no query. */
export function poolStats(db: Db): PoolStats | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool)
    return { total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
  if (client instanceof FairPGlite) return { total: 1, idle: client.busy ? 0 : 1, waiting: client.waiting };
  return null;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory for `memory://`),
 * and applies the migrations. PGlite is one connection in one process: never share its directory.
 * `template` (PGlite only) starts from a dumped data directory, e.g. an already-migrated one.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  template?: Blob;
}): Promise<Database> {
  if (opts.url && !opts.url.startsWith('memory://')) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    const realtimePool = new pg.Pool({ connectionString: opts.url, max: 2 });
    return {
      db: db as unknown as Db,
      realtimeDb: drizzlePg({ client: realtimePool, schema }) as unknown as Db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([pool.end(), realtimePool.end()]);
      },
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pg');
    await mkdir(dir, { recursive: true });
  }
  const client = new FairPGlite({ dataDir: dir, loadDataDir: opts.template });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}
