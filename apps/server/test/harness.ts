import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Envelope } from '@rushes/shared';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/platform/context.ts';
import { hashPassword } from '../src/platform/auth/password.ts';
import { createSession, SESSION_COOKIE } from '../src/platform/auth/sessions.ts';
import { createUser, updateUser, type UserRow } from '../src/modules/accounts/users.service.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
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
 * A fresh app per test file: in-memory PGlite by default, or the PostgreSQL of DATABASE_URL (and the
 * Redis of REDIS_URL) when set — the CI runs the suite both ways. Tests build their own users.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rushes-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    JOBS_POLL_MS: '50',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  const database = await openDatabase({ url: config.DATABASE_URL });
  const secret = randomBytes(32).toString('base64url');
  const { app, ctx } = await buildApp(config, { db: database.db, secret });
  await app.ready();

  return {
    app,
    ctx,
    database,
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
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;
export const STRONG_PASSWORD = 'Str0ng!Password#1';

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
    passwordHash: await hashPassword(password),
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
