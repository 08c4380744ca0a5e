import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API, MSG, SIGNIN_MSG, type SecurityOverview } from '@rushes/shared';
import { createTestApp, sessionCookie, type TestApp } from '../../../test/harness.ts';
import { CODE_MAIL, expireSecrets, newestCode, randomAddress } from '../../../test/inject.ts';
import { createAccessToken } from '../../platform/auth/accessTokens.ts';
import { oneTimeCodes } from '../../db/schema/index.ts';
import {
  addAuthenticator,
  addPasskey,
  addRecoveryCodes,
  auditOf,
  call,
  confirmIdentity,
  loggedIn,
  ORIGIN,
} from './signin.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'POST' | 'PUT' | 'DELETE';
type Options = { challenge_id: string; options: Record<string, unknown> };

/** Every change of how one signs in, with a body that would pass validation. */
const GUARDED: [Method, string, Record<string, unknown>][] = [
  ['POST', API.signin.passkeyRegisterOptions, {}],
  [
    'POST',
    API.signin.passkeys,
    {
      challenge_id: crypto.randomUUID(),
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
        clientExtensionResults: {},
      },
    },
  ],
  ['DELETE', API.signin.passkeys, { passkey_id: crypto.randomUUID() }],
  ['POST', API.signin.totpSetup, {}],
  ['POST', API.signin.totp, { code: '123456' }],
  ['DELETE', API.signin.totp, {}],
  ['POST', API.signin.recoveryCodes, {}],
  ['POST', API.account.twoFactorSend, { scope: 'account' }],
  [
    'PUT',
    API.account.twoFactorVerify,
    { scope: 'account', otp: '123456', two_factor_authentication_enabled: false },
  ],
];

async function expectAsked(cookie: string, method: Method, url: string, body: Record<string, unknown>) {
  const res = await call<{ reauth_required: boolean }>(t, method, url, { cookie, body });
  expect(res.status, `${method} ${url}`).toBe(403);
  expect(res.body).toMatchObject({
    response: false,
    errormessage: SIGNIN_MSG.reauthRequired,
    data: { reauth_required: true },
  });
}

const security = async (cookie: string) =>
  (await call<SecurityOverview>(t, 'GET', API.signin.security, { cookie })).body.data;

describe("Confirm it's you", () => {
  it('refuses every change of how one signs in until the session confirms, then accepts each', async () => {
    const me = await loggedIn(t, { twoFactor: true, confirmed: false });
    for (const [method, url, body] of GUARDED) await expectAsked(me.cookie, method, url, body);
    // Nothing happened meanwhile.
    expect(await security(me.cookie)).toMatchObject({ passkeys: [], authenticator: null, recovery: null });
    // Renaming a passkey is no change of how one signs in: not asked (404: there is none).
    const rename = { passkey_id: crypto.randomUUID(), name: 'x' };
    expect((await call(t, 'PUT', API.signin.passkeys, { cookie: me.cookie, body: rename })).status).toBe(404);

    const ok = await confirmIdentity(t, me.cookie, me.password);
    expect(ok.body).toMatchObject({ response: true, data: { message: SIGNIN_MSG.reauthConfirmed } });
    expect(Date.parse(ok.body.data.until)).toBeGreaterThan(Date.now());

    await addPasskey(t, me.cookie, 'Laptop'); // options + add
    const [passkey] = (await security(me.cookie)).passkeys;
    const removed = await call(t, 'DELETE', API.signin.passkeys, {
      cookie: me.cookie,
      body: { passkey_id: passkey!.passkey_id },
    });
    expect(removed.body).toMatchObject({ response: true, data: { message: SIGNIN_MSG.passkeyRemoved } });
    await addAuthenticator(t, me.cookie); // setup + confirm
    const totpOff = await call(t, 'DELETE', API.signin.totp, { cookie: me.cookie, body: {} });
    expect(totpOff.body).toMatchObject({ response: true, data: { message: SIGNIN_MSG.totpRemoved } });
    expect(await addRecoveryCodes(t, me.cookie)).toHaveLength(10);
    const sent = await call(t, 'POST', API.account.twoFactorSend, {
      cookie: me.cookie,
      body: { scope: 'account' },
    });
    expect(sent.status).toBe(200);
    const otp = await newestCode(t.ctx, me.email, CODE_MAIL.disable);
    const off = await call(t, 'PUT', API.account.twoFactorVerify, {
      cookie: me.cookie,
      body: { scope: 'account', otp, two_factor_authentication_enabled: false },
    });
    expect(off.body).toMatchObject({ response: true, data: { message: MSG.twoFactorDisabled } });
  });

  it('turning two-factor on stays the mailed code alone, not asked', async () => {
    const me = await loggedIn(t, { confirmed: false });
    const sent = await call(t, 'POST', API.account.twoFactorSend, {
      cookie: me.cookie,
      body: { scope: 'account' },
    });
    expect(sent.body).toMatchObject({ response: true, data: { message: MSG.otpSent } });
    const otp = await newestCode(t.ctx, me.email, CODE_MAIL.enable);
    const on = await call(t, 'PUT', API.account.twoFactorVerify, {
      cookie: me.cookie,
      body: { scope: 'account', otp, two_factor_authentication_enabled: true },
    });
    expect(on.body).toMatchObject({ response: true, data: { message: MSG.twoFactorEnabled } });
  });

  it('refuses a wrong password, recorded as a failed sign-in; the window stays shut', async () => {
    const me = await loggedIn(t, { confirmed: false });
    const wrong = await confirmIdentity(t, me.cookie, `${me.password}x`);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ response: false, errormessage: SIGNIN_MSG.reauthWrongPassword });
    const [entry] = await auditOf(t, me.user.id, 'auth.sign_in_failed');
    expect(entry!.detail).toEqual({ reason: 'wrong_password', step: 'confirm_identity' });
    expect(JSON.stringify(entry)).not.toContain(me.password);
    await expectAsked(me.cookie, 'POST', API.signin.recoveryCodes, {});
  });

  it('binds the proof to its session: another session of the same user is still asked', async () => {
    const me = await loggedIn(t, { confirmed: false });
    const other = await sessionCookie(t.ctx, me.user);
    expect((await confirmIdentity(t, me.cookie, me.password)).status).toBe(200);
    await expectAsked(other, 'POST', API.signin.recoveryCodes, {});
    expect(await addRecoveryCodes(t, me.cookie)).toHaveLength(10);
    // Stored as a keyed hash of the session, never the session's own id hash or cookie.
    const rows = await t.ctx.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, me.user.id), eq(oneTimeCodes.purpose, 'reauth')));
    expect(rows).toHaveLength(1);
    expect(me.cookie).not.toContain(rows[0]!.secretHash);
  });

  it('lapses after its window', async () => {
    const me = await loggedIn(t);
    await expireSecrets(t.ctx, me.user.id, 'reauth');
    await expectAsked(me.cookie, 'POST', API.signin.totpSetup, {});
  });

  it('confirms with a passkey of the account (user verified), not with one of another account', async () => {
    const me = await loggedIn(t);
    const mine = await addPasskey(t, me.cookie);
    const fresh = await sessionCookie(t.ctx, me.user);
    const stranger = await loggedIn(t);
    const theirs = await addPasskey(t, stranger.cookie);

    const withKey = async (auth: typeof mine) => {
      const opts = await call<Options>(t, 'POST', API.signin.reauthPasskeyOptions, {
        cookie: fresh,
        body: {},
      });
      expect(opts.body.data.options).toMatchObject({ userVerification: 'required' });
      return call(t, 'POST', API.signin.reauthPasskey, {
        cookie: fresh,
        body: {
          challenge_id: opts.body.data.challenge_id,
          response: auth.assert(opts.body.data.options, ORIGIN),
        },
      });
    };
    expect((await withKey(theirs)).body).toMatchObject({
      response: false,
      errormessage: SIGNIN_MSG.passkeyUnknown,
    });
    await expectAsked(fresh, 'POST', API.signin.recoveryCodes, {});
    expect((await withKey(mine)).body).toMatchObject({
      response: true,
      data: { message: SIGNIN_MSG.reauthConfirmed },
    });
    expect(await addRecoveryCodes(t, fresh)).toHaveLength(10);
  });

  it('limits password tries per address like the login: the 11th in a minute is 429, even if right', async () => {
    const me = await loggedIn(t, { confirmed: false });
    const remoteAddress = randomAddress();
    const confirm = (password: string) =>
      call(t, 'POST', API.signin.reauthPassword, { cookie: me.cookie, body: { password }, remoteAddress });
    for (let i = 1; i <= 10; i++) expect((await confirm(`Wrong!Pass${i}`)).status, `try ${i}`).toBe(400);
    const eleventh = await confirm(me.password);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.errormessage).toBe(MSG.tooManyRequests);
    await expectAsked(me.cookie, 'POST', API.signin.recoveryCodes, {});
  });

  it('is for the signed-in person in the browser only: not anonymous, not an API token', async () => {
    const anonymous = await call(t, 'POST', API.signin.reauthPassword, { body: { password: 'x' } });
    expect(anonymous.status).toBe(401);
    const me = await loggedIn(t, { confirmed: false });
    const { token } = await createAccessToken(t.ctx.db, me.user.id, 'CI');
    const byToken = await call(t, 'POST', API.signin.reauthPassword, {
      headers: { authorization: `Bearer ${token}` },
      body: { password: me.password },
    });
    expect([401, 403]).toContain(byToken.status);
    expect(await auditOf(t, me.user.id, 'auth.sign_in_failed')).toHaveLength(0);
  });
});
