import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@rushes/shared';
import {
  createTestApp,
  makeUser,
  sessionCookie,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../../../test/harness.ts';
import {
  CODE_MAIL,
  mailsTo,
  newestToken,
  send,
  sessionExists,
  sessionRow,
  updateSession,
} from '../../../test/inject.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNAUTHORIZED = { response: false, data: null, errormessage: MSG.loginAgain, errorcode: 401 };
const login = (email: string, password: string) =>
  send<{ two_factor_required: boolean }>(t, 'POST', API.auth.login, { body: { email, password } });
const checkLogin = (cookie?: string) => send<{ email: string }>(t, 'GET', API.auth.checkLogin, { cookie });

describe('POST /auth/login', () => {
  it('logs a verified user in with an httpOnly, SameSite=Lax session cookie', async () => {
    const { email, password } = await makeUser(t.ctx);
    const res = await login(email, password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ response: true, data: { two_factor_required: false }, errormessage: '' });

    const line = res.setCookie.find((c) => c.startsWith('rushes_sid='));
    expect(line).toBeDefined();
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\//i);
    expect(line).toMatch(/;\s*Expires=/i);
    // PUBLIC_URL is http here; Secure is only set behind https.
    expect(line).not.toMatch(/;\s*Secure/i);
    expect(res.sessionCookie!.length).toBeGreaterThan('rushes_sid='.length + 40);

    const me = await checkLogin(res.sessionCookie!);
    expect(me.body.response).toBe(true);
    expect(me.body.data.email).toBe(email);
  });

  it('accepts the e-mail in any case', async () => {
    const { email, password } = await makeUser(t.ctx);
    expect((await login(email.toUpperCase(), password)).body.response).toBe(true);
  });

  it('answers a wrong password and an unknown e-mail identically, without a cookie', async () => {
    const { email } = await makeUser(t.ctx);
    const wrong = await login(email, 'Wrong!Password123');
    const unknown = await login(uniqueEmail('nobody'), 'Wrong!Password123');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ response: false, data: null, errormessage: MSG.invalidCredentials });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.setCookie).toEqual([]);
    expect(unknown.setCookie).toEqual([]);
  });

  it('refuses an unverified user and mails a fresh verification link', async () => {
    const { email, password } = await makeUser(t.ctx, { verified: false });
    const res = await login(email, password);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ response: false, errormessage: MSG.emailNotVerified });
    expect(res.sessionCookie).toBeNull();
    const mails = await mailsTo(t.ctx, email);
    expect(mails).toHaveLength(1);
    const token = await newestToken(t.ctx, email, '/verify?token=');
    expect((await send(t, 'GET', API.auth.verify, { query: { token } })).body.response).toBe(true);
    expect((await login(email, password)).body.response).toBe(true);
  });

  it('does not tell an unverified user anything on a wrong password', async () => {
    const { email } = await makeUser(t.ctx, { verified: false });
    const res = await login(email, 'Wrong!Password123');
    expect(res.body.errormessage).toBe(MSG.invalidCredentials);
    expect(await mailsTo(t.ctx, email)).toHaveLength(0);
  });

  it('asks a 2FA user for a code: pending cookie, mailed code, no access yet', async () => {
    const { email, password } = await makeUser(t.ctx, { twoFactor: true });
    const res = await login(email, password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ response: true, data: { two_factor_required: true }, errormessage: '' });
    expect(res.sessionCookie).not.toBeNull();
    expect(res.setCookie.find((c) => c.startsWith('rushes_sid='))).toMatch(/HttpOnly/i);

    const mails = await mailsTo(t.ctx, email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(CODE_MAIL.login);
    expect(mails[0].text).toMatch(/\b\d{6}\b/);

    const me = await checkLogin(res.sessionCookie!);
    expect(me.status).toBe(401);
    expect(me.body).toEqual(UNAUTHORIZED);
  });

  it.each([
    [{ password: STRONG_PASSWORD }, 'email', MSG.required],
    [{ email: 'someone@example.com' }, 'password', MSG.required],
    [{ email: 'nope', password: STRONG_PASSWORD }, 'email', MSG.invalidEmail],
    [{ email: 'someone@example.com', password: '' }, 'password', MSG.required],
  ])('validates %j', async (body, field, message) => {
    const res = await send<{ errors: Record<string, string> }>(t, 'POST', API.auth.login, { body });
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(message);
    expect(res.body.data.errors[field]).toBe(message);
  });
});

describe('POST /auth/logout', () => {
  it('destroys the session: the cookie then answers 401', async () => {
    const { user } = await makeUser(t.ctx);
    const cookie = await sessionCookie(t.ctx, user);
    const other = await sessionCookie(t.ctx, user);
    expect((await checkLogin(cookie)).body.response).toBe(true);

    // The web client posts {} (LogoutPage.tsx).
    const res = await send<{ message: string }>(t, 'POST', API.auth.logout, { cookie, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ response: true, data: { message: MSG.loggedOut }, errormessage: '' });
    const cleared = res.setCookie.find((c) => c.startsWith('rushes_sid='));
    expect(cleared).toMatch(/^rushes_sid=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);

    expect(await sessionExists(t.ctx, cookie)).toBe(false);
    const after = await checkLogin(cookie);
    expect(after.status).toBe(401);
    expect(after.body).toEqual(UNAUTHORIZED);
    // Only that session ends.
    expect((await checkLogin(other)).body.response).toBe(true);
  });

  it('answers the same without a session, and without a body', async () => {
    const res = await send(t, 'POST', API.auth.logout);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.loggedOut } });
  });

  it('ends a session when posted without a body', async () => {
    const { user } = await makeUser(t.ctx);
    const cookie = await sessionCookie(t.ctx, user);
    expect((await send(t, 'POST', API.auth.logout, { cookie })).body.response).toBe(true);
    expect((await checkLogin(cookie)).status).toBe(401);
  });

  it('still needs the API headers (CSRF guard)', async () => {
    const { user } = await makeUser(t.ctx);
    const cookie = await sessionCookie(t.ctx, user);
    const res = await send(t, 'POST', API.auth.logout, { cookie, bare: true });
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(MSG.missingApiHeaders);
    expect(await sessionExists(t.ctx, cookie)).toBe(true);
  });
});

describe('GET /auth/check-login', () => {
  it('answers the current user with teams for a live session', async () => {
    const { user, email } = await makeUser(t.ctx);
    const res = await send<Record<string, unknown>>(t, 'GET', API.auth.checkLogin, {
      cookie: await sessionCookie(t.ctx, user),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      user_id: user.id,
      email,
      first_name: 'Test',
      last_name: 'User',
      name: 'Test User',
      two_factor_authentication_enabled: false,
      is_two_factor_authentication_enabled_by_team: false,
      teams: [expect.objectContaining({ is_personal: true, is_admin: true })],
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it.each([
    ['no cookie', undefined],
    ['a garbage cookie', 'rushes_sid=not-a-session'],
    ['an over-long cookie', `rushes_sid=${'a'.repeat(150)}`],
    ['an empty cookie', 'rushes_sid='],
  ])('answers 401 with %s', async (_label, cookie) => {
    const res = await checkLogin(cookie);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it('answers 401 for a session past its expiry, and deletes it', async () => {
    const { user } = await makeUser(t.ctx);
    const cookie = await sessionCookie(t.ctx, user);
    await updateSession(t.ctx, cookie, { expiresAt: new Date(Date.now() - 1000) });
    const res = await checkLogin(cookie);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
    expect(await sessionExists(t.ctx, cookie)).toBe(false);
  });

  it('answers 401 for a session idle longer than SESSION_IDLE_HOURS', async () => {
    const { user } = await makeUser(t.ctx);
    const cookie = await sessionCookie(t.ctx, user);
    const idleMs = t.ctx.config.SESSION_IDLE_HOURS * 3_600_000;
    await updateSession(t.ctx, cookie, { lastSeenAt: new Date(Date.now() - idleMs - 60_000) });
    const res = await checkLogin(cookie);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
    expect(await sessionExists(t.ctx, cookie)).toBe(false);
  });

  it('keeps a session seen just within the idle limit and refreshes its last use', async () => {
    const { user } = await makeUser(t.ctx);
    const cookie = await sessionCookie(t.ctx, user);
    const idleMs = t.ctx.config.SESSION_IDLE_HOURS * 3_600_000;
    await updateSession(t.ctx, cookie, { lastSeenAt: new Date(Date.now() - idleMs + 120_000) });
    expect((await checkLogin(cookie)).body.response).toBe(true);
    const row = await sessionRow(t.ctx, cookie);
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
