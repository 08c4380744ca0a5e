import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { Envelope } from '@rushes/shared';
import { mailOutbox, oneTimeCodes, sessions, users } from '../src/db/schema/index.ts';
import type { AppContext } from '../src/platform/context.ts';
import { sha256 } from '../src/platform/auth/secrets.ts';
import { SESSION_COOKIE } from '../src/platform/auth/sessions.ts';
import { extractCode, extractToken, type CallOptions, type TestApp } from './harness.ts';

/**
 * Like the harness's call(), but every request comes from its own client address unless one is given.
 * Rate limits are per route and address, and with REDIS_URL their store is shared by every test file
 * (and every run within the window), so tests that are not about rate limits must not share one.
 */
export interface SendOptions extends CallOptions {
  remoteAddress?: string;
  /** A raw payload (e.g. broken JSON) sent as is, instead of `body`. */
  rawPayload?: string;
}

export interface SendResult<T> {
  status: number;
  body: Envelope<T>;
  /** `rushes_sid=<value>` when the answer set the session cookie, else null. */
  sessionCookie: string | null;
  /** The raw Set-Cookie header lines. */
  setCookie: string[];
  headers: Record<string, unknown>;
}

/** A private address unlikely to be used by any other test or run. */
export const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export async function send<T = unknown>(
  t: TestApp,
  method: InjectOptions['method'],
  url: string,
  opts: SendOptions = {},
): Promise<SendResult<T>> {
  const res = await t.app.inject({
    method,
    url,
    query: opts.query,
    payload: opts.rawPayload ?? (opts.body === undefined ? undefined : (opts.body as object)),
    remoteAddress: opts.remoteAddress ?? randomAddress(),
    headers: {
      ...(opts.bare ? {} : { 'api-type': 'web', 'api-version': '1' }),
      ...(opts.rawPayload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
  });
  const raw = res.headers['set-cookie'];
  const setCookie = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  const sid = res.cookies.find((c) => c.name === SESSION_COOKIE && c.value);
  return {
    status: res.statusCode,
    body: res.json() as Envelope<T>,
    sessionCookie: sid ? `${SESSION_COOKIE}=${sid.value}` : null,
    setCookie,
    headers: res.headers,
  };
}

/** Every stored mail to an address, newest first. */
export async function mailsTo(ctx: AppContext, to: string) {
  return ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.createdAt));
}

/** The newest mail to an address whose text contains `marker` (any mail when omitted). */
export async function newestMail(ctx: AppContext, to: string, marker = '') {
  const mail = (await mailsTo(ctx, to)).find((m) => m.text.includes(marker));
  if (!mail) throw new Error(`no mail to ${to} containing '${marker}'`);
  return mail;
}

/** Markers of the code mails (auth.mails.ts), to pick the code of one purpose. */
export const CODE_MAIL = {
  login: 'to finish logging in',
  enable: 'to turn on two-factor',
  disable: 'to turn off two-factor',
  team: 'for your team',
} as const;

export async function newestCode(ctx: AppContext, to: string, marker: string) {
  const code = extractCode((await newestMail(ctx, to, marker)).text);
  if (!code) throw new Error(`no code in the mail to ${to}`);
  return code;
}

export async function newestToken(ctx: AppContext, to: string, marker: string) {
  const token = extractToken((await newestMail(ctx, to, marker)).text);
  if (!token) throw new Error(`no token in the mail to ${to}`);
  return token;
}

/** Moves every live one-time secret of a user and purpose into the past. */
export async function expireSecrets(
  ctx: AppContext,
  userId: string,
  purpose: (typeof oneTimeCodes.$inferSelect)['purpose'],
) {
  await ctx.db
    .update(oneTimeCodes)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(
      and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)),
    );
}

const idHashOf = (cookie: string) => sha256(cookie.slice(SESSION_COOKIE.length + 1));

export async function updateSession(
  ctx: AppContext,
  cookie: string,
  patch: { expiresAt?: Date; lastSeenAt?: Date; kind?: 'full' | 'pending_2fa' },
) {
  await ctx.db
    .update(sessions)
    .set(patch)
    .where(eq(sessions.idHash, idHashOf(cookie)));
  ctx.sessionCache.clear();
}

export async function sessionRow(ctx: AppContext, cookie: string) {
  const [row] = await ctx.db
    .select()
    .from(sessions)
    .where(eq(sessions.idHash, idHashOf(cookie)));
  return row ?? null;
}

export const sessionExists = async (ctx: AppContext, cookie: string) =>
  (await sessionRow(ctx, cookie)) !== null;

export async function sessionCount(ctx: AppContext, userId: string) {
  const rows = await ctx.db.select({ id: sessions.idHash }).from(sessions).where(eq(sessions.userId, userId));
  return rows.length;
}

export async function usersWithEmail(ctx: AppContext, email: string) {
  return ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}
