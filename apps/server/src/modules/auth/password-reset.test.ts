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
  expireSecrets,
  mailsTo,
  newestToken,
  send,
  sessionCount,
  usersWithEmail,
} from '../../../test/inject.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RESET_MAIL = '/reset-password?token=';
const NEW_PASSWORD = 'An0ther!Secret#2';
type Errors = { errors: Record<string, string> };

const forgot = (email: string) =>
  send<{ message: string }>(t, 'POST', API.auth.forgotPassword, { body: { email } });
const reset = (body: Record<string, unknown>) => send<Errors>(t, 'POST', API.auth.resetPassword, { body });
const login = (email: string, password: string) =>
  send<{ two_factor_required: boolean }>(t, 'POST', API.auth.login, { body: { email, password } });

/** A user who asked for a reset: the mailed token. */
async function resetRequested(opts: { verified?: boolean } = {}) {
  const made = await makeUser(t.ctx, opts);
  expect((await forgot(made.email)).body.response).toBe(true);
  return { ...made, token: await newestToken(t.ctx, made.email, RESET_MAIL) };
}
const resetBody = (token: string, password = NEW_PASSWORD, confirm = password) => ({
  token,
  new_password: password,
  confirm_new_password: confirm,
});

describe('POST /auth/forgot-password', () => {
  it('answers known and unknown e-mails alike; only the known one gets a reset link', async () => {
    const { email } = await makeUser(t.ctx);
    const unknownEmail = uniqueEmail('ghost');
    const known = await forgot(email);
    const unknown = await forgot(unknownEmail);
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ response: true, data: { message: MSG.forgotSent }, errormessage: '' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);

    const mails = await mailsTo(t.ctx, email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{40,}/);
    expect(await mailsTo(t.ctx, unknownEmail)).toHaveLength(0);
  });

  it('finds the account whatever the case of the e-mail', async () => {
    const { email } = await makeUser(t.ctx);
    await forgot(email.toUpperCase());
    expect(await mailsTo(t.ctx, email)).toHaveLength(1);
  });

  it.each([
    ['', MSG.required],
    ['nope', MSG.invalidEmail],
    [`${'a'.repeat(89)}@example.com`, MSG.charLimit100],
  ])('validates the e-mail %j', async (email, message) => {
    const res = await send<Errors>(t, 'POST', API.auth.forgotPassword, { body: { email } });
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(message);
    expect(res.body.data.errors.email).toBe(message);
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password once: the old one stops working, the new one logs in', async () => {
    const { email, password, token } = await resetRequested();
    const res = await reset(resetBody(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ response: true, data: { message: MSG.passwordResetDone }, errormessage: '' });

    const old = await login(email, password);
    expect(old.status).toBe(400);
    expect(old.body.errormessage).toBe(MSG.invalidCredentials);
    expect((await login(email, NEW_PASSWORD)).body.response).toBe(true);
    const [user] = await usersWithEmail(t.ctx, email);
    expect(user.passwordChangedAt).toBeInstanceOf(Date);
  });

  it('refuses the same token a second time', async () => {
    const { email, token } = await resetRequested();
    expect((await reset(resetBody(token))).body.response).toBe(true);
    const again = await reset(resetBody(token, 'Th1rd!Password#3'));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ response: false, errormessage: MSG.invalidLink });
    // The second attempt changed nothing.
    expect((await login(email, NEW_PASSWORD)).body.response).toBe(true);
  });

  it('refuses an expired token and keeps the old password', async () => {
    const { user, email, password, token } = await resetRequested();
    await expireSecrets(t.ctx, user.id, 'reset_password');
    const res = await reset(resetBody(token));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ response: false, errormessage: MSG.invalidLink });
    expect((await login(email, password)).body.response).toBe(true);
  });

  it('refuses an older token once a newer one was mailed', async () => {
    const { email, token: first } = await resetRequested();
    await forgot(email);
    const second = await newestToken(t.ctx, email, RESET_MAIL);
    expect(second).not.toBe(first);
    expect((await reset(resetBody(first))).body.errormessage).toBe(MSG.invalidLink);
    expect((await reset(resetBody(second))).body.response).toBe(true);
  });

  it('refuses an unknown token and a verify-email token', async () => {
    expect((await reset(resetBody('z'.repeat(43)))).body.errormessage).toBe(MSG.invalidLink);
    const signupEmail = uniqueEmail('fresh');
    await send(t, 'POST', API.auth.signup, {
      body: { first_name: 'A', last_name: 'B', email: signupEmail, password: STRONG_PASSWORD },
    });
    const verifyToken = await newestToken(t.ctx, signupEmail, '/verify?token=');
    const res = await reset(resetBody(verifyToken));
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(MSG.invalidLink);
  });

  it("answers 'Password does not match' on the confirm field and keeps the token usable", async () => {
    const { token } = await resetRequested();
    const res = await reset(resetBody(token, NEW_PASSWORD, `${NEW_PASSWORD}x`));
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(MSG.passwordMismatch);
    expect(res.body.data.errors).toEqual({ confirm_new_password: MSG.passwordMismatch });
    expect((await reset(resetBody(token))).body.response).toBe(true);
  });

  it.each([
    [{ new_password: 'weakpassword' }, 'new_password', MSG.passwordRule],
    [{ new_password: undefined }, 'new_password', MSG.required],
    [{ confirm_new_password: '' }, 'confirm_new_password', MSG.required],
    [{ token: undefined }, 'token', MSG.required],
    [{ token: 'short' }, 'token', MSG.invalidLink],
  ])('validates %j', async (overrides, field, message) => {
    const res = await reset({ ...resetBody('t'.repeat(43)), ...overrides });
    expect(res.status).toBe(400);
    expect(res.body.data.errors[field]).toBe(message);
  });

  it('ends every session of the user', async () => {
    const { user, token } = await resetRequested();
    const a = await sessionCookie(t.ctx, user);
    const b = await sessionCookie(t.ctx, user);
    const bystander = await makeUser(t.ctx);
    const theirs = await sessionCookie(t.ctx, bystander.user);
    expect(await sessionCount(t.ctx, user.id)).toBe(2);

    expect((await reset(resetBody(token))).body.response).toBe(true);
    expect(await sessionCount(t.ctx, user.id)).toBe(0);
    for (const cookie of [a, b]) {
      const me = await send(t, 'GET', API.auth.checkLogin, { cookie });
      expect(me.status).toBe(401);
      expect(me.body).toMatchObject({ response: false, errorcode: 401 });
    }
    expect((await send(t, 'GET', API.auth.checkLogin, { cookie: theirs })).body.response).toBe(true);
  });

  it('verifies an unverified e-mail (the link proved the mailbox)', async () => {
    const { email, token } = await resetRequested({ verified: false });
    expect((await reset(resetBody(token))).body.response).toBe(true);
    expect((await login(email, NEW_PASSWORD)).body.response).toBe(true);
  });
});
