import { expect } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { API, TOTP_STEP_SECONDS } from '@rushes/shared';
import { makeUser, sessionCookie, type TestApp } from '../../../test/harness.ts';
import { send, type SendOptions } from '../../../test/inject.ts';
import { createSoftAuthenticator, type SoftAuthenticator } from '../../../test/softAuthenticator.ts';
import { auditLog } from '../../db/schema/index.ts';

/** The address the tests' browser opened the app at. */
export const ORIGIN = 'http://localhost:3000';
export const SITE = { origin: ORIGIN, host: 'localhost:3000' };

type Errors = { errors: Record<string, string> };
type Options = { challenge_id: string; options: Record<string, unknown> };

/** A call from the app's page: its Origin and Host (WebAuthn routes read both). */
export const call = <T = Errors>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: SendOptions = {},
) => send<T>(t, method, url, { ...opts, headers: { ...SITE, ...opts.headers } });

/** "Confirm it's you" with the password: the session may change how its user signs in for a while. */
export async function confirmIdentity(t: TestApp, cookie: string, password: string) {
  return call<{ message: string; until: string }>(t, 'POST', API.signin.reauthPassword, {
    cookie,
    body: { password },
  });
}

/** A signed-in user; its session has confirmed it's them unless `confirmed: false`. */
export async function loggedIn(t: TestApp, opts: { twoFactor?: boolean; confirmed?: boolean } = {}) {
  const made = await makeUser(t.ctx, { twoFactor: opts.twoFactor });
  const cookie = await sessionCookie(t.ctx, made.user);
  if (opts.confirmed !== false) expect((await confirmIdentity(t, cookie, made.password)).status).toBe(200);
  return { ...made, cookie };
}

/** Registers a new software passkey on a signed-in account through the routes. */
export async function addPasskey(t: TestApp, cookie: string, name?: string): Promise<SoftAuthenticator> {
  const auth = createSoftAuthenticator();
  const opts = await call<Options>(t, 'POST', API.signin.passkeyRegisterOptions, { cookie, body: {} });
  expect(opts.status).toBe(200);
  const res = await call(t, 'POST', API.signin.passkeys, {
    cookie,
    body: {
      challenge_id: opts.body.data.challenge_id,
      response: auth.register(opts.body.data.options, ORIGIN),
      name,
    },
  });
  expect(res.body.response).toBe(true);
  return auth;
}

export const totpOf = (base32: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: TOTP_STEP_SECONDS, secret: Secret.fromBase32(base32) });

/** Sets up and confirms an authenticator app; answers its TOTP generator. */
export async function addAuthenticator(t: TestApp, cookie: string) {
  const setup = await call<{ secret: string }>(t, 'POST', API.signin.totpSetup, { cookie, body: {} });
  expect(setup.status).toBe(200);
  const totp = totpOf(setup.body.data.secret);
  const res = await call(t, 'POST', API.signin.totp, { cookie, body: { code: totp.generate() } });
  expect(res.body.response).toBe(true);
  return totp;
}

export async function addRecoveryCodes(t: TestApp, cookie: string) {
  const res = await call<{ codes: string[] }>(t, 'POST', API.signin.recoveryCodes, { cookie, body: {} });
  expect(res.status).toBe(200);
  return res.body.data.codes;
}

/** The password step of a 2FA login: the pending session's cookie. */
export async function passwordStep(t: TestApp, email: string, password: string) {
  const res = await call<{ two_factor_required: boolean }>(t, 'POST', API.auth.login, {
    body: { email, password },
  });
  expect(res.body.data.two_factor_required).toBe(true);
  return res.sessionCookie!;
}

/** A second step by passkey on a pending login. */
export async function passkeySecondStep(t: TestApp, pending: string, auth: SoftAuthenticator) {
  const opts = await call<Options>(t, 'POST', API.signin.secondPasskeyOptions, { cookie: pending, body: {} });
  expect(opts.status).toBe(200);
  return call(t, 'POST', API.signin.secondPasskey, {
    cookie: pending,
    body: {
      challenge_id: opts.body.data.challenge_id,
      response: auth.assert(opts.body.data.options, ORIGIN),
    },
  });
}

/** The session is a full one: check-login answers the user. */
export async function expectSignedIn(
  t: TestApp,
  res: { status: number; sessionCookie: string | null },
  email: string,
) {
  expect(res.status).toBe(200);
  expect(res.sessionCookie).not.toBeNull();
  const me = await call<{ email: string }>(t, 'GET', API.auth.checkLogin, { cookie: res.sessionCookie! });
  expect(me.body.data.email).toBe(email);
  return res.sessionCookie!;
}

export async function auditOf(t: TestApp, userId: string, action: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, userId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));
}
