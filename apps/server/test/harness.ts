import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, beforeAll } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Envelope } from '@rushes/shared';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/platform/context.ts';
import { createSession, SESSION_COOKIE } from '../src/platform/auth/sessions.ts';
import { createUser, updateUser, type UserRow } from '../src/modules/accounts/users.service.ts';
import { STRONG_PASSWORD, testPasswordHash } from './test-password.ts';
import { createScratchDatabase } from '../src/platform/jobs/queue.testkit.ts';
import { openTestDatabase, openTestDatabaseOnDisk } from './db-template.ts';

export { STRONG_PASSWORD, testPasswordHash };

/**
 * The event buses of the apps this file has open. Best-effort listeners (realtime hints) run after
 * the request answered (EventBus.afterCommit); `settled()` waits until every bus has handed over
 * what was committed so far, e.g. before a sentinel that must arrive after them.
 */
const liveBuses = new Set<AppContext['events']>();
export async function settled(): Promise<void> {
  await Promise.all([...liveBuses].map((bus) => bus.idle()));
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** The database URL this app uses (PostgreSQL runs), for a second app on the same database. */
  databaseUrl?: string;
  /** app.inject with the API headers, a JSON body and an optional session cookie; parses the envelope. */
  call<T = unknown>(method: InjectOptions['method'], url: string, opts?: CallOptions): Promise<CallResult<T>>;
  close(): Promise<void>;
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  cookie?: string;
  headers?: Record<string, string>;
  /** Omit the API-Type/API-Version headers. */
  bare?: boolean;
}

export interface CallResult<T> {
  status: number;
  body: Envelope<T>;
  cookies: Record<string, string>;
  headers: Record<string, unknown>;
}

/**
 * A fresh app per test file: in-memory PGlite (a copy of the migrated template) by default, or the
 * PostgreSQL of DATABASE_URL (and the Redis of REDIS_URL) when set — the CI runs the suite both
 * ways. Tests build their own users.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { sameDatabaseAs?: TestApp; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rushes-test-'));
  // On PostgreSQL each test file gets a database of its own, as each gets its own PGlite: files run in
  // parallel, and a shared jobs table let one file's drainForTests run another file's jobs against
  // its own blob store. Two apps of one file (the cluster tests) share the first one's database.
  const scratch =
    process.env.DATABASE_URL && !opts.sameDatabaseAs
      ? await createScratchDatabase(process.env.DATABASE_URL)
      : undefined;
  const databaseUrl = opts.sameDatabaseAs?.databaseUrl ?? scratch?.url;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    JOBS_POLL_MS: '50',
    // every test file's nodes share one Redis, so they would balance sockets across files
    REALTIME_REBALANCE_MS: '0',
    // no built uploader files unless a test makes some (the default folder may hold a real build)
    UPLOADER_DIST: path.join(dataDir, 'uploader'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  const database = await openTestDatabase(config.DATABASE_URL);
  // Nodes of one cluster share APP_SECRET (they must agree: call tokens, sealed passwords).
  const secret = opts.sameDatabaseAs?.ctx.secret ?? randomBytes(32).toString('base64url');
  const { app, ctx } = await buildApp(config, {
    db: database.db,
    realtimeDb: database.realtimeDb,
    secret,
    logStream: opts.logStream,
  });
  await app.ready();
  liveBuses.add(ctx.events);

  return {
    app,
    ctx,
    database,
    databaseUrl,
    async call<T>(method: InjectOptions['method'], url: string, opts: CallOptions = {}) {
      const res = await app.inject({
        method,
        url,
        query: opts.query,
        payload: opts.body === undefined ? undefined : (opts.body as object),
        headers: {
          ...(opts.bare ? {} : { 'api-type': 'web', 'api-version': '1' }),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...opts.headers,
        },
      });
      const cookies: Record<string, string> = {};
      for (const c of res.cookies) cookies[c.name] = c.value;
      return { status: res.statusCode, body: res.json() as Envelope<T>, cookies, headers: res.headers };
    },
    async close() {
      await app.close();
      liveBuses.delete(ctx.events);
      await database.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two API nodes of one PostgreSQL and one Redis for the enclosing describe, made before its tests and
 * closed after them (b first: a drops the database they share). Needs both URLs: PGlite is one
 * process's database.
 */
export function clusterOfTwo(env: Record<string, string> = {}) {
  const nodes = {} as { a: TestApp; b: TestApp };
  beforeAll(async () => {
    nodes.a = await createTestApp(env);
    nodes.b = await createTestApp(env, { sameDatabaseAs: nodes.a });
  }, 60_000);
  afterAll(async () => {
    await nodes.b?.close();
    await nodes.a?.close();
  });
  return nodes;
}

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** A verified user made directly through the service (no mail round trip). */
export async function makeUser(
  ctx: AppContext,
  opts: { twoFactor?: boolean; verified?: boolean; password?: string } = {},
) {
  const email = uniqueEmail();
  const password = opts.password ?? STRONG_PASSWORD;
  const user = await createUser(ctx.db, {
    email,
    firstName: 'Test',
    lastName: 'User',
    passwordHash: await testPasswordHash(password),
    verified: opts.verified ?? true,
  });
  if (opts.twoFactor) await updateUser(ctx.db, user.id, { twoFactorEnabled: true });
  return { user, email, password };
}

/** A logged-in session cookie for a user, made directly (the login route has its own tests). */
export async function sessionCookie(ctx: AppContext, user: UserRow) {
  const s = await createSession(ctx.db, user.id, 'full', { idleHours: 24, maxDays: 7 }, {});
  return `${SESSION_COOKIE}=${s.id}`;
}

/** The newest stored mail to an address (the dev outbox). */
export async function lastMailTo(ctx: AppContext, to: string) {
  const mails = await ctx.mailer.listOutbox(500);
  return mails.find((m) => m.toAddress === to) ?? null;
}

export const extractToken = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
export const extractCode = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? null;

/**
 * The app as main.ts builds it, on a PGlite data directory on disk, with its job worker not started:
 * close it and boot again on the same `dataDir` to test what survives a restart.
 */
export async function bootOnDisk(dataDir: string, secret: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    JOBS_POLL_MS: '50',
    // no built uploader files unless a test makes some (the default folder may hold a real build)
    UPLOADER_DIST: path.join(dataDir, 'uploader'),
  });
  const database = await openTestDatabaseOnDisk(dataDir);
  const built = await buildApp(config, { db: database.db, secret });
  await built.app.ready();
  liveBuses.add(built.ctx.events);
  const t = { ...built, database } as unknown as TestApp;
  return {
    t,
    async close() {
      await built.app.close();
      liveBuses.delete(built.ctx.events);
      await database.close();
    },
  };
}
