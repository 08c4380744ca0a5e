import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@rushes/shared';
import {
  createTestApp,
  makeUser,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../../../test/harness.ts';
import { expireSecrets, mailsTo, newestToken, send, usersWithEmail } from '../../../test/inject.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const VERIFY_MAIL = '/verify?token=';
const validSignup = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Asha',
  last_name: 'Rao',
  email: uniqueEmail('signup'),
  password: STRONG_PASSWORD,
  ...overrides,
});
type Errors = { errors: Record<string, string> };

describe('POST /auth/signup', () => {
  it('creates an unverified user and mails a verify link', async () => {
    const body = validSignup();
    const res = await send<{ message: string }>(t, 'POST', API.auth.signup, { body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ response: true, data: { message: MSG.signupSent }, errormessage: '' });
    expect(res.sessionCookie).toBeNull();

    const [user] = await usersWithEmail(t.ctx, body.email);
    expect(user).toMatchObject({ firstName: 'Asha', lastName: 'Rao', emailVerifiedAt: null });
    expect(user.passwordHash).not.toContain(STRONG_PASSWORD);
    const mails = await mailsTo(t.ctx, body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/http:\/\/localhost:3000\/verify\?token=[A-Za-z0-9_-]{40,}/);
  });

  it('answers a known e-mail exactly like a new one, mails the owner and creates no second user', async () => {
    const { email } = await makeUser(t.ctx);
    const fresh = await send(t, 'POST', API.auth.signup, { body: validSignup() });
    const known = await send(t, 'POST', API.auth.signup, {
      body: validSignup({ email: email.toUpperCase() }),
    });
    expect(known.status).toBe(fresh.status);
    expect(known.body).toEqual(fresh.body);

    expect(await usersWithEmail(t.ctx, email)).toHaveLength(1);
    const mails = await mailsTo(t.ctx, email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('already has a Rushes account');
    expect(mails[0].text).not.toContain(VERIFY_MAIL);
  });

  it.each([
    ['first_name', { first_name: undefined }, MSG.required],
    ['last_name', { last_name: undefined }, MSG.required],
    ['email', { email: undefined }, MSG.required],
    ['password', { password: undefined }, MSG.required],
    ['first_name', { first_name: '' }, MSG.required],
    ['first_name', { first_name: '   ' }, MSG.required],
    ['email', { email: '' }, MSG.required],
    ['email', { email: 'not-an-email' }, MSG.invalidEmail],
    ['email', { email: 'a@b' }, MSG.invalidEmail],
    ['email', { email: `${'a'.repeat(89)}@example.com` }, MSG.charLimit100],
    ['first_name', { first_name: 'a'.repeat(101) }, MSG.charLimit100],
    ['last_name', { last_name: 'b'.repeat(101) }, MSG.charLimit100],
    ['password', { password: 'Sh0rt!Pass' }, MSG.passwordRule],
    ['password', { password: 'NoSymbolPassword1' }, MSG.passwordRule],
    ['password', { password: 'no-uppercase-pass1' }, MSG.passwordRule],
    ['password', { password: 'NO-LOWERCASE-PASS1' }, MSG.passwordRule],
    ['password', { password: 'No-Digits-Password' }, MSG.passwordRule],
    ['password', { password: `Aa1!${'x'.repeat(97)}` }, MSG.charLimit100],
  ])('refuses %s %j with its message', async (field, overrides, message) => {
    const body = validSignup(overrides);
    const res = await send<Errors>(t, 'POST', API.auth.signup, { body });
    expect(res.status).toBe(400);
    expect(res.body.response).toBe(false);
    expect(res.body.errormessage).toBe(message);
    expect(res.body.data.errors[field]).toBe(message);
    if (typeof body.email === 'string' && body.email.includes('@example.com')) {
      expect(await usersWithEmail(t.ctx, body.email)).toHaveLength(0);
    }
  });

  it('accepts exactly 100 characters in a name and a 12-character password', async () => {
    const body = validSignup({ first_name: 'a'.repeat(100), password: 'Abcdefgh1!xy' });
    const res = await send(t, 'POST', API.auth.signup, { body });
    expect(res.body.response).toBe(true);
    expect(await usersWithEmail(t.ctx, body.email)).toHaveLength(1);
  });

  it('names every invalid field at once', async () => {
    const res = await send<Errors>(t, 'POST', API.auth.signup, { body: { email: 'x', password: 'weak' } });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toMatchObject({
      first_name: MSG.required,
      last_name: MSG.required,
      email: MSG.invalidEmail,
      password: MSG.passwordRule,
    });
  });
});

describe('GET /auth/verify', () => {
  async function signUp() {
    const body = validSignup();
    expect((await send(t, 'POST', API.auth.signup, { body })).body.response).toBe(true);
    const [user] = await usersWithEmail(t.ctx, body.email);
    return { email: body.email, user, token: await newestToken(t.ctx, body.email, VERIFY_MAIL) };
  }
  const verify = (token: string) =>
    send<{ message: string }>(t, 'GET', API.auth.verify, { query: { token } });

  it('trims the password (spec 002 §5): set with spaces around it, it logs in without them', async () => {
    const body = validSignup({ password: `  ${STRONG_PASSWORD}  ` });
    expect((await send(t, 'POST', API.auth.signup, { body })).body.response).toBe(true);
    await verify(await newestToken(t.ctx, body.email, VERIFY_MAIL));
    const bare = await send(t, 'POST', API.auth.login, {
      body: { email: body.email, password: STRONG_PASSWORD },
    });
    expect(bare.body.response).toBe(true);
    const padded = await send(t, 'POST', API.auth.login, {
      body: { email: body.email, password: ` ${STRONG_PASSWORD}\t` },
    });
    expect(padded.body.response).toBe(true);
  });

  it('verifies the e-mail with the mailed token, after which login works', async () => {
    const { email, user } = await signUp();
    const before = await send(t, 'POST', API.auth.login, { body: { email, password: STRONG_PASSWORD } });
    expect(before.body.errormessage).toBe(MSG.emailNotVerified);

    // That refusal mailed a fresh link (which retired the first): use the newest.
    const res = await verify(await newestToken(t.ctx, email, VERIFY_MAIL));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ response: true, data: { message: MSG.emailVerified }, errormessage: '' });
    const [after] = await usersWithEmail(t.ctx, email);
    expect(after.id).toBe(user.id);
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);

    const login = await send(t, 'POST', API.auth.login, { body: { email, password: STRONG_PASSWORD } });
    expect(login.body.response).toBe(true);
  });

  it('refuses a token used once already', async () => {
    const { token } = await signUp();
    expect((await verify(token)).body.response).toBe(true);
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ response: false, errormessage: MSG.invalidLink });
  });

  it('refuses an expired token and leaves the user unverified', async () => {
    const { email, user, token } = await signUp();
    await expireSecrets(t.ctx, user.id, 'verify_email');
    const res = await verify(token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ response: false, errormessage: MSG.invalidLink });
    expect((await usersWithEmail(t.ctx, email))[0].emailVerifiedAt).toBeNull();
  });

  it('refuses an older token once a newer one was issued', async () => {
    const { email, token: first } = await signUp();
    // Logging in unverified mails a fresh link, which retires the first.
    await send(t, 'POST', API.auth.login, { body: { email, password: STRONG_PASSWORD } });
    const second = await newestToken(t.ctx, email, VERIFY_MAIL);
    expect(second).not.toBe(first);
    expect((await verify(first)).body.errormessage).toBe(MSG.invalidLink);
    expect((await verify(second)).body.response).toBe(true);
  });

  it.each([
    ['an unknown token', 'x'.repeat(43)],
    ['a too short token', 'abc'],
    ['a too long token', 'y'.repeat(201)],
  ])('refuses %s with the invalid link message', async (_label, token) => {
    const res = await verify(token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ response: false, errormessage: MSG.invalidLink });
  });

  it('asks for a missing token', async () => {
    const res = await send(t, 'GET', API.auth.verify);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ response: false, errormessage: MSG.required });
  });

  it('cannot use a reset-password token to verify', async () => {
    const { email, user } = await signUp();
    await send(t, 'POST', API.auth.forgotPassword, { body: { email } });
    const resetToken = await newestToken(t.ctx, email, '/reset-password?token=');
    expect((await verify(resetToken)).body.errormessage).toBe(MSG.invalidLink);
    expect((await usersWithEmail(t.ctx, email))[0].emailVerifiedAt).toBeNull();
    expect(user.emailVerifiedAt).toBeNull();
  });
});
