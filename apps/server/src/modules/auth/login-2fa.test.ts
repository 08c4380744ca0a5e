import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, OTP_MAX_ATTEMPTS } from '@rushes/shared';
import {
  createTestApp,
  makeUser,
  sessionCookie,
  STRONG_PASSWORD,
  type TestApp,
} from '../../../test/harness.ts';
import { createSession } from '../../platform/auth/sessions.ts';
import {
  CODE_MAIL,
  expireSecrets,
  mailsTo,
  newestCode,
  send,
  sessionCount,
  sessionExists,
  updateSession,
} from '../../../test/inject.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Errors = { errors: Record<string, string> };

/** A 2FA user who has entered the right password: the pending cookie and the mailed code. */
async function pendingLogin() {
  const { user, email, password } = await makeUser(t.ctx, { twoFactor: true });
  const res = await send<{ two_factor_required: boolean }>(t, 'POST', API.auth.login, {
    body: { email, password },
  });
  expect(res.body.data.two_factor_required).toBe(true);
  return { user, email, pending: res.sessionCookie!, code: await newestCode(t.ctx, email, CODE_MAIL.login) };
}
const submit = (cookie: string | undefined, otp: string) =>
  send<Errors>(t, 'POST', API.auth.loginOtp, { cookie, body: { otp } });
const checkLogin = (cookie: string) => send<{ email: string }>(t, 'GET', API.auth.checkLogin, { cookie });
/** A six-digit code that is not `code`. */
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function expectOtpError(res: Awaited<ReturnType<typeof submit>>, message: string) {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ response: false, errormessage: message });
  expect(res.body.data.errors.otp).toBe(message);
  expect(res.sessionCookie).toBeNull();
}

describe('POST /auth/2fa', () => {
  it('turns the pending login into a full session with the right code', async () => {
    const { email, pending, code } = await pendingLogin();
    const res = await submit(pending, code);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ response: true, data: { message: 'Logged in' } });
    expect(res.sessionCookie).not.toBeNull();
    expect(res.sessionCookie).not.toBe(pending);
    expect(res.setCookie.find((c) => c.startsWith('rushes_sid='))).toMatch(
      /HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i,
    );

    const me = await checkLogin(res.sessionCookie!);
    expect(me.body.response).toBe(true);
    expect(me.body.data.email).toBe(email);
    // The pending session is gone.
    expect(await sessionExists(t.ctx, pending)).toBe(false);
    expect((await submit(pending, code)).status).toBe(401);
  });

  it('refuses a wrong code with Invalid code, and the right one still works after', async () => {
    const { pending, code } = await pendingLogin();
    expectOtpError(await submit(pending, other(code)), MSG.otpInvalid);
    expect((await submit(pending, code)).body.response).toBe(true);
  });

  it(`kills the code after ${OTP_MAX_ATTEMPTS} wrong tries: then even the right code fails`, async () => {
    const { pending, code } = await pendingLogin();
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++)
      expectOtpError(await submit(pending, other(code)), MSG.otpInvalid);
    expectOtpError(await submit(pending, other(code)), MSG.otpTooManyTries);
    expectOtpError(await submit(pending, code), MSG.otpTooManyTries);
    expect(await sessionExists(t.ctx, pending)).toBe(true);
  });

  it('refuses an expired code', async () => {
    const { user, pending, code } = await pendingLogin();
    await expireSecrets(t.ctx, user.id, 'login_2fa');
    expectOtpError(await submit(pending, code), MSG.otpExpired);
  });

  it('does not take a used code twice', async () => {
    const { user, pending, code } = await pendingLogin();
    expect((await submit(pending, code)).body.response).toBe(true);
    // A second pending login for which no new code was issued: the used code must not complete it.
    const again = await createSession(t.ctx.db, user.id, 'pending_2fa', { idleHours: 24, maxDays: 7 }, {});
    const res = await submit(`rushes_sid=${again.id}`, code);
    expectOtpError(res, MSG.otpExpired);
  });

  it('does not complete a login with a code issued to toggle two-factor', async () => {
    const { user, email, pending, code: loginCode } = await pendingLogin();
    const full = await sessionCookie(t.ctx, user);
    // Turning two-factor off asks "Confirm it's you" first.
    const confirmed = await send(t, 'POST', API.signin.reauthPassword, {
      cookie: full,
      body: { password: STRONG_PASSWORD },
    });
    expect(confirmed.status).toBe(200);
    const sent = await send(t, 'POST', API.account.twoFactorSend, {
      cookie: full,
      body: { scope: 'account' },
    });
    expect(sent.body.response).toBe(true);
    const toggleCode = await newestCode(t.ctx, email, CODE_MAIL.disable);
    if (toggleCode === loginCode) return; // one chance in a million: nothing to tell apart
    expectOtpError(await submit(pending, toggleCode), MSG.otpInvalid);
    // The login code was left alone by the toggle code.
    expect((await submit(pending, loginCode)).body.response).toBe(true);
  });

  it("does not take another user's code", async () => {
    const a = await pendingLogin();
    const b = await pendingLogin();
    if (a.code === b.code) return;
    expectOtpError(await submit(a.pending, b.code), MSG.otpInvalid);
  });

  it.each([
    ['no pending session', undefined],
    ['a garbage cookie', 'rushes_sid=garbage'],
  ])('answers 401 with %s', async (_label, cookie) => {
    const res = await submit(cookie, '123456');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      response: false,
      errormessage: MSG.twoFactorSessionExpired,
      errorcode: 401,
    });
  });

  it('answers 401 to a full session (the second step is only for pending logins)', async () => {
    const { user } = await makeUser(t.ctx, { twoFactor: true });
    const res = await submit(await sessionCookie(t.ctx, user), '123456');
    expect(res.status).toBe(401);
    expect(res.body.errorcode).toBe(401);
  });

  it.each([
    ['', MSG.required],
    ['12345', MSG.otpDigits],
    ['1234567', MSG.otpDigits],
    ['12a456', MSG.otpDigits],
  ])('validates the code %j', async (otp, message) => {
    const { pending, code } = await pendingLogin();
    const res = await submit(pending, otp);
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(message);
    expect(res.body.data.errors.otp).toBe(message);
    // A malformed code costs no attempt.
    expect((await submit(pending, code)).body.response).toBe(true);
  });

  it('answers 401 once the pending login has expired', async () => {
    const { user, pending, code } = await pendingLogin();
    await updateSession(t.ctx, pending, { expiresAt: new Date(Date.now() - 1000) });
    const res = await submit(pending, code);
    expect(res.status).toBe(401);
    expect(res.body.errormessage).toBe(MSG.twoFactorSessionExpired);
    expect(await sessionCount(t.ctx, user.id)).toBe(0);
  });
});

describe('POST /auth/2fa/resend', () => {
  it('mails a new code and the old one dies', async () => {
    const { email, pending, code: first } = await pendingLogin();
    const res = await send<{ message: string }>(t, 'POST', API.auth.loginOtpResend, {
      cookie: pending,
      body: {},
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.otpSent } });
    const mails = await mailsTo(t.ctx, email);
    expect(mails).toHaveLength(2);
    const second = await newestCode(t.ctx, email, CODE_MAIL.login);
    if (second !== first) expectOtpError(await submit(pending, first), MSG.otpInvalid);
    expect((await submit(pending, second)).body.response).toBe(true);
  });

  it('works without a body too', async () => {
    const { email, pending } = await pendingLogin();
    const res = await send(t, 'POST', API.auth.loginOtpResend, { cookie: pending });
    expect(res.body.response).toBe(true);
    expect(await mailsTo(t.ctx, email)).toHaveLength(2);
  });

  it('answers 401 without a pending session, and mails nothing', async () => {
    const { user, email } = await makeUser(t.ctx, { twoFactor: true });
    for (const cookie of [undefined, await sessionCookie(t.ctx, user)]) {
      const res = await send(t, 'POST', API.auth.loginOtpResend, { cookie, body: {} });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ response: false, errorcode: 401 });
    }
    expect(await mailsTo(t.ctx, email)).toHaveLength(0);
  });

  it('refuses the 6th code within 15 minutes for the same user, whatever the address', async () => {
    const { email, pending } = await pendingLogin(); // the login sent code 1
    for (let i = 2; i <= 5; i++) {
      expect(
        (await send(t, 'POST', API.auth.loginOtpResend, { cookie: pending, body: {} })).body.response,
      ).toBe(true);
    }
    const sixth = await send(t, 'POST', API.auth.loginOtpResend, { cookie: pending, body: {} });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({
      response: false,
      data: null,
      errormessage: MSG.tooManyRequests,
      errorcode: 429,
    });
    expect(await mailsTo(t.ctx, email)).toHaveLength(5);
  });
});
