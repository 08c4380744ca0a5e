/** Helpers for the job queue tests (imported by *.test.ts only). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import { openTestDatabase, postgresTemplate } from '../../../test/db-template.ts';
import { jobs } from '../../db/schema/platform.ts';
import { JobQueue, type JobLogger } from './queue.ts';

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  obj: object;
  msg?: string;
}

/** A logger that keeps every line, to assert on what was (and was not) logged. */
export function captureLogger(): { logger: JobLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: LogLine['level']) =>
    (obj: object, msg?: string): void => {
      lines.push({ level, obj, msg });
    };
  return { logger: { info: at('info'), warn: at('warn'), error: at('error') }, lines };
}

/** Compile-time check: Fastify's (pino) logger can be handed to the queue as is. */
export const fastifyLoggerFits = (log: FastifyBaseLogger): JobLogger => log;

/** A unique job-name prefix per test, so tests never claim each other's rows. */
export function uniquePrefix(): string {
  return `t${randomUUID().slice(0, 8)}`;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `condition` every 10 ms until true; throws after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}

export interface ScratchDatabase {
  url: string;
  /** True when the database belongs to this test file alone (created for it). */
  isolated: boolean;
  drop(): Promise<void>;
}

/**
 * Creates a throw-away database next to the one in `url` so that no other test file's worker can
 * claim this file's jobs (every queue claims any due job). Falls back to `url` itself when the
 * role may not create databases.
 */
export async function createScratchDatabase(url: string): Promise<ScratchDatabase> {
  const name = `rushes_jobs_test_${process.pid}_${randomUUID().slice(0, 8)}`;
  const template = await postgresTemplate();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // From the migrated template when the global setup made one: the migrator then finds nothing to do.
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } catch {
    return { url, isolated: false, drop: async () => {} };
  } finally {
    await admin.end();
  }
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    isolated: true,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // Pools that just ended may still be closing their sockets: wait for them rather than
        // FORCE (which kills them with an error their pool would report as unhandled).
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS "${name}"`);
            return;
          } catch (err) {
            if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
            await sleep(100);
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

/** PGlite always; the PostgreSQL of DATABASE_URL too when it is set. */
export const backends = [
  { kind: 'pglite', url: undefined as string | undefined },
  ...(process.env.DATABASE_URL ? [{ kind: 'postgres', url: process.env.DATABASE_URL }] : []),
];

/** Test job names are dynamic (a prefix per test), so the test registry maps any name to one payload. */
export type TestJobs = Record<string, { n?: number; secret?: string }>;

/**
 * Registers the hooks of a suite on one backend: a database of its own for the suite, an empty
 * jobs table and a fresh name prefix per test. Read `db` and `prefix` inside tests only.
 */
export function useJobsDatabase(url: string | undefined) {
  let database: Database | undefined;
  let scratch: ScratchDatabase | undefined;
  let prefix = '';
  beforeAll(async () => {
    scratch = url ? await createScratchDatabase(url) : undefined;
    database = await openTestDatabase(scratch?.url);
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });
  beforeEach(async () => {
    prefix = uniquePrefix();
    // Our own database: start every test from an empty table so drain counts are exact.
    if (database && (!scratch || scratch.isolated)) await database.db.delete(jobs);
  });

  const kit = {
    get db(): Db {
      if (!database) throw new Error('useJobsDatabase: the database opens in beforeAll');
      return database.db;
    },
    get prefix() {
      return prefix;
    },
    newQueue(opts: { concurrency?: number; lockSeconds?: number; pollMs?: number } = {}) {
      const { logger, lines } = captureLogger();
      const queue = new JobQueue<TestJobs>({ db: kit.db, pollMs: 60_000, logger, ...opts });
      return { queue, lines };
    },
    async row(id: number | null) {
      const [found] = await kit.db
        .select()
        .from(jobs)
        .where(eq(jobs.id, id ?? -1));
      return found;
    },
    /** Moves a job's run_at to now, as if its delay had elapsed. */
    async makeDue(id: number | null) {
      await kit.db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.id, id ?? -1));
    },
    async secondsUntilRun(id: number | null) {
      const [r] = await kit.db
        .select({ s: sql<number>`extract(epoch from ${jobs.runAt} - now())::float8` })
        .from(jobs)
        .where(eq(jobs.id, id ?? -1));
      return Number(r.s);
    },
  };
  return kit;
}
