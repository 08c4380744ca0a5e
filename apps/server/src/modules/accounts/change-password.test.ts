import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@rushes/shared';
import { createTestApp, makeUser, sessionCookie, type TestApp } from '../../../test/harness.ts';
import { send, sessionCount, usersWithEmail } from '../../../test/inject.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand!New#Pass9';
type Errors = { errors: Record<string, string> };

const change = (cookie: string | undefined, body: Record<string, unknown>) =>
  send<Errors>(t, 'POST', API.account.changePassword, { cookie, body });
const login = (email: string, password: string) =>
  send(t, 'POST', API.auth.login, { body: { email, password } });

/** A logged-in user and the spec's change-password body (002 §7: firstname, lastname, passwords). */
async function loggedIn() {
  const made = await makeUser(t.ctx);
  const cookie = await sessionCookie(t.ctx, made.user);
  const body = (overrides: Record<string, unknown> = {}) => ({
    firstname: 'Test',
    lastname: 'User',
    existing_password: made.password,
    new_password: NEW_PASSWORD,
    confirm_new_password: NEW_PASSWORD,
    ...overrides,
  });
  return { ...made, cookie, body };
}

describe('POST /account/change-password', () => {
  it('changes the password and ends every session of the user, the current one too', async () => {
    const { user, email, password, cookie, body } = await loggedIn();
    const other = await sessionCookie(t.ctx, user);
    const bystander = await makeUser(t.ctx);
    const theirs = await sessionCookie(t.ctx, bystander.user);

    const res = await change(cookie, body());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ response: true, data: { message: MSG.passwordChanged }, errormessage: '' });

    expect(await sessionCount(t.ctx, user.id)).toBe(0);
    for (const c of [cookie, other]) {
      const me = await send(t, 'GET', API.auth.checkLogin, { cookie: c });
      expect(me.status).toBe(401);
      expect(me.body).toMatchObject({ response: false, errorcode: 401 });
    }
    expect((await send(t, 'GET', API.auth.checkLogin, { cookie: theirs })).body.response).toBe(true);

    expect((await login(email, password)).body.errormessage).toBe(MSG.invalidCredentials);
    expect((await login(email, NEW_PASSWORD)).body.response).toBe(true);
    const [row] = await usersWithEmail(t.ctx, email);
    expect(row.passwordChangedAt).toBeInstanceOf(Date);
  });

  it("trims the passwords (spec 002 §5): '  Secret#Pass-2026  ' later logs in as 'Secret#Pass-2026'", async () => {
    const { email, password, cookie, body } = await loggedIn();
    const padded = '  Secret#Pass-2026  ';
    const res = await change(
      cookie,
      body({ existing_password: ` ${password} `, new_password: padded, confirm_new_password: padded }),
    );
    expect(res.body.response).toBe(true);
    expect((await login(email, 'Secret#Pass-2026')).body.response).toBe(true);
  });

  it('refuses a wrong existing password on its field and changes nothing', async () => {
    const { user, email, password, cookie, body } = await loggedIn();
    const res = await change(cookie, body({ existing_password: 'Not!The#Password1' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      response: false,
      data: { errors: { existing_password: MSG.wrongExistingPassword } },
      errormessage: MSG.wrongExistingPassword,
    });
    expect(await sessionCount(t.ctx, user.id)).toBe(1);
    expect((await login(email, password)).body.response).toBe(true);
  });

  it("answers 'Password does not match' on the confirm field", async () => {
    const { user, cookie, body } = await loggedIn();
    const res = await change(cookie, body({ confirm_new_password: 'Brand!New#Pass8' }));
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(MSG.passwordMismatch);
    expect(res.body.data.errors).toEqual({ confirm_new_password: MSG.passwordMismatch });
    expect(await sessionCount(t.ctx, user.id)).toBe(1);
  });

  it.each(['short1!A', 'alllowercase!pass1', 'NoSymbolsHere123', 'No-Digits-Here-Ok'])(
    'refuses the weak new password %j with the password rule',
    async (weak) => {
      const { email, password, cookie, body } = await loggedIn();
      const res = await change(cookie, body({ new_password: weak, confirm_new_password: weak }));
      expect(res.status).toBe(400);
      expect(res.body.errormessage).toBe(MSG.passwordRule);
      expect(res.body.data.errors.new_password).toBe(MSG.passwordRule);
      expect((await login(email, password)).body.response).toBe(true);
    },
  );

  it('refuses the existing password as the new one', async () => {
    const { password, cookie, body } = await loggedIn();
    const res = await change(cookie, body({ new_password: password, confirm_new_password: password }));
    expect(res.status).toBe(400);
    expect(res.body.data.errors.new_password).toBe(MSG.samePassword);
  });

  it.each([
    ['existing_password', { existing_password: '' }],
    ['new_password', { new_password: undefined }],
    ['confirm_new_password', { confirm_new_password: undefined }],
  ])('requires %s', async (field, overrides) => {
    const { cookie, body } = await loggedIn();
    const res = await change(cookie, body(overrides));
    expect(res.status).toBe(400);
    expect(res.body.data.errors[field]).toBe(MSG.required);
  });

  it('refuses names over 100 characters', async () => {
    const { cookie, body } = await loggedIn();
    const res = await change(cookie, body({ firstname: 'x'.repeat(101) }));
    expect(res.status).toBe(400);
    expect(res.body.data.errors.firstname).toBeDefined();
  });

  it('answers 401 to an anonymous caller, a pending 2FA login and a stale cookie', async () => {
    const { body } = await loggedIn();
    const twoFactor = await makeUser(t.ctx, { twoFactor: true });
    const pending = (await login(twoFactor.email, twoFactor.password)).sessionCookie!;
    for (const cookie of [undefined, pending, 'rushes_sid=stale-or-forged']) {
      const res = await change(cookie, body({ existing_password: twoFactor.password }));
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ response: false, errormessage: MSG.loginAgain, errorcode: 401 });
    }
    expect((await login(twoFactor.email, twoFactor.password)).body.response).toBe(true);
  });

  it('needs the API headers', async () => {
    const { cookie, body } = await loggedIn();
    const res = await send(t, 'POST', API.account.changePassword, { cookie, body: body(), bare: true });
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(MSG.missingApiHeaders);
  });
});
