import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, MSG, SIGNIN_MSG, type PasskeyItem, type SecurityOverview } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { mailsTo } from '../../../test/inject.ts';
import { createSoftAuthenticator, type SoftAuthenticator } from '../../../test/softAuthenticator.ts';
import { passkeys, webauthnChallenges } from '../../db/schema/index.ts';
import { createAccessToken } from '../../platform/auth/accessTokens.ts';
import {
  addPasskey,
  auditOf,
  call,
  expectSignedIn,
  loggedIn,
  ORIGIN,
  passkeySecondStep,
  passwordStep,
} from './signin.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Options = { challenge_id: string; options: Record<string, unknown> };

const loginOptions = async () =>
  (await call<Options>(t, 'POST', API.signin.passkeyLoginOptions, { body: {} })).body.data;
const passkeyLogin = (body: unknown, headers?: Record<string, string>) =>
  call(t, 'POST', API.signin.passkeyLogin, { body, headers });
const security = async (cookie: string) =>
  (await call<SecurityOverview>(t, 'GET', API.signin.security, { cookie })).body.data;

async function signInWith(auth: SoftAuthenticator, opts: { counter?: number; origin?: string } = {}) {
  const { challenge_id, options } = await loginOptions();
  return passkeyLogin({ challenge_id, response: auth.assert(options, opts.origin ?? ORIGIN, opts) });
}

describe('passkey registration', () => {
  it('adds a discoverable, user-verified passkey to the account, with an audit entry', async () => {
    const { user, email, cookie } = await loggedIn(t);
    const opts = await call<Options>(t, 'POST', API.signin.passkeyRegisterOptions, { cookie, body: {} });
    expect(opts.body.data.options).toMatchObject({
      rp: { id: 'localhost', name: 'Rushes' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const auth = createSoftAuthenticator();
    const res = await call<PasskeyItem>(t, 'POST', API.signin.passkeys, {
      cookie,
      body: {
        challenge_id: opts.body.data.challenge_id,
        response: auth.register(opts.body.data.options, ORIGIN),
        name: 'Work laptop',
      },
    });
    expect(res.body).toMatchObject({ response: true, data: { name: 'Work laptop', last_used_at: null } });
    const [row] = await t.ctx.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row!.credentialId).toBe(auth.credentialId);
    expect((await security(cookie)).passkeys.map((p) => p.name)).toEqual(['Work laptop']);
    const [entry] = await auditOf(t, user.id, 'auth.passkey_added');
    expect(entry).toMatchObject({ teamId: null, targetId: row!.id, targetLabel: 'Work laptop' });
    // The owner hears of it (a passkey added with a stolen session would outlive a password reset).
    expect((await mailsTo(t.ctx, email)).map((m) => m.subject)).toContain(
      'Passkey added on your Rushes account',
    );
    // The challenge was used once and is gone.
    const again = await call(t, 'POST', API.signin.passkeys, {
      cookie,
      body: {
        challenge_id: opts.body.data.challenge_id,
        response: auth.register(opts.body.data.options, ORIGIN),
      },
    });
    expect(again.body.errormessage).toBe(SIGNIN_MSG.passkeyExpired);
  });

  it("refuses another user's challenge, a wrong origin, and an Origin that is not the Host", async () => {
    const a = await loggedIn(t);
    const b = await loggedIn(t);
    const opts = await call<Options>(t, 'POST', API.signin.passkeyRegisterOptions, {
      cookie: a.cookie,
      body: {},
    });
    const auth = createSoftAuthenticator();
    const stolen = await call(t, 'POST', API.signin.passkeys, {
      cookie: b.cookie,
      body: {
        challenge_id: opts.body.data.challenge_id,
        response: auth.register(opts.body.data.options, ORIGIN),
      },
    });
    expect(stolen.status).toBe(400);

    const fresh = await call<Options>(t, 'POST', API.signin.passkeyRegisterOptions, {
      cookie: a.cookie,
      body: {},
    });
    const phished = await call(t, 'POST', API.signin.passkeys, {
      cookie: a.cookie,
      body: {
        challenge_id: fresh.body.data.challenge_id,
        response: auth.register(fresh.body.data.options, 'http://evil.example'),
      },
    });
    expect(phished.body).toMatchObject({ response: false, errormessage: SIGNIN_MSG.passkeyFailed });

    const elsewhere = await call(t, 'POST', API.signin.passkeyRegisterOptions, {
      cookie: a.cookie,
      body: {},
      headers: { origin: 'http://evil.example' },
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.errormessage).toBe(SIGNIN_MSG.badOrigin);
    expect(await security(a.cookie)).toMatchObject({ passkeys: [] });
  });

  it('refuses anonymous callers and a pending login on the account routes', async () => {
    for (const [method, url] of [
      ['GET', API.signin.security],
      ['POST', API.signin.passkeyRegisterOptions],
      ['POST', API.signin.passkeys],
      ['PUT', API.signin.passkeys],
      ['DELETE', API.signin.passkeys],
    ] as const) {
      expect((await call(t, method, url, { body: method === 'GET' ? undefined : {} })).status).toBe(401);
    }
    const { email, password } = await loggedIn(t, { twoFactor: true });
    const pending = await passwordStep(t, email, password);
    expect((await call(t, 'GET', API.signin.security, { cookie: pending })).status).toBe(401);
  });
});

describe('API tokens', () => {
  it('never reach the Security routes: a token cannot add a way to sign in', async () => {
    const { user, cookie } = await loggedIn(t);
    const { token } = await createAccessToken(t.ctx.db, user.id, 'CI');
    const headers = { authorization: `Bearer ${token}` };
    for (const [method, url] of [
      ['GET', API.signin.security],
      ['POST', API.signin.passkeyRegisterOptions],
      ['POST', API.signin.totpSetup],
      ['POST', API.signin.recoveryCodes],
    ] as const) {
      const res = await call(t, method, url, { headers, body: method === 'GET' ? undefined : {} });
      expect([401, 403]).toContain(res.status);
      expect(res.body.response).toBe(false);
    }
    expect(await security(cookie)).toMatchObject({ passkeys: [], authenticator: null, recovery: null });
  });
});

describe('rename and remove', () => {
  it("renames and removes one's own passkeys, and nobody else's", async () => {
    const owner = await loggedIn(t);
    const other = await loggedIn(t);
    await addPasskey(t, owner.cookie, 'Phone');
    const [item] = (await security(owner.cookie)).passkeys;
    const id = item!.passkey_id;
    const renameAs = (cookie: string) =>
      call(t, 'PUT', API.signin.passkeys, { cookie, body: { passkey_id: id, name: 'Old phone' } });
    const removeAs = (cookie: string) =>
      call(t, 'DELETE', API.signin.passkeys, { cookie, body: { passkey_id: id } });

    expect((await renameAs(other.cookie)).status).toBe(404);
    expect((await removeAs(other.cookie)).status).toBe(404);
    expect((await renameAs(owner.cookie)).body.data).toEqual({ message: SIGNIN_MSG.passkeyRenamed });
    expect((await security(owner.cookie)).passkeys[0]!.name).toBe('Old phone');
    expect((await removeAs(owner.cookie)).body.data).toEqual({ message: SIGNIN_MSG.passkeyRemoved });
    expect((await security(owner.cookie)).passkeys).toEqual([]);
    expect(await auditOf(t, owner.user.id, 'auth.passkey_removed')).toHaveLength(1);
  });
});

describe('sign-in with a passkey alone', () => {
  it('signs in without a second step, even with two-factor on', async () => {
    const { user, email, cookie } = await loggedIn(t, { twoFactor: true });
    const auth = await addPasskey(t, cookie);
    const res = await signInWith(auth);
    await expectSignedIn(t, res, email);
    expect((await security(cookie)).passkeys[0]!.last_used_at).not.toBeNull();
    const [entry] = await auditOf(t, user.id, 'auth.sign_in');
    expect(entry!.detail).toEqual({ first_factor: 'passkey' });
  });

  it('refuses a replayed answer and a signature counter that did not move', async () => {
    const { email, cookie } = await loggedIn(t);
    const auth = await addPasskey(t, cookie);
    const { challenge_id, options } = await loginOptions();
    const answer = auth.assert(options, ORIGIN);
    await expectSignedIn(t, await passkeyLogin({ challenge_id, response: answer }), email);
    const replay = await passkeyLogin({ challenge_id, response: answer });
    expect(replay.body).toMatchObject({ response: false, errormessage: SIGNIN_MSG.passkeyExpired });
    expect(replay.sessionCookie).toBeNull();

    // A clone of the authenticator signs a fresh challenge with an old count.
    const cloned = await signInWith(auth, { counter: auth.counter - 1 });
    expect(cloned.body).toMatchObject({ response: false, errormessage: SIGNIN_MSG.passkeyFailed });
    await expectSignedIn(t, await signInWith(auth), email);
  });

  it('refuses a wrong origin, an unknown passkey and a challenge of another purpose', async () => {
    const { cookie } = await loggedIn(t);
    const auth = await addPasskey(t, cookie);
    const wrongOrigin = await signInWith(auth, { origin: 'http://evil.example' });
    expect(wrongOrigin.body.errormessage).toBe(SIGNIN_MSG.passkeyFailed);
    const notHost = await passkeyLogin(
      { challenge_id: crypto.randomUUID(), response: {} },
      { origin: 'https://x.test' },
    );
    expect(notHost.status).toBe(400); // the body is checked first; with a valid body:
    const { challenge_id, options } = await loginOptions();
    const badHost = await passkeyLogin(
      { challenge_id, response: auth.assert(options, ORIGIN) },
      { origin: 'http://evil.example' },
    );
    expect(badHost.status).toBe(403);

    const stranger = createSoftAuthenticator();
    stranger.register({ rp: { id: 'localhost' }, user: { id: 'eA' }, challenge: 'x' }, ORIGIN);
    const unknown = await signInWith(stranger);
    expect(unknown.body.errormessage).toBe(SIGNIN_MSG.passkeyUnknown);

    const reg = await call<Options>(t, 'POST', API.signin.passkeyRegisterOptions, { cookie, body: {} });
    const misuse = await passkeyLogin({
      challenge_id: reg.body.data.challenge_id,
      response: auth.assert({ ...reg.body.data.options, rpId: 'localhost' }, ORIGIN),
    });
    expect(misuse.body.errormessage).toBe(SIGNIN_MSG.passkeyExpired);
    // An expired challenge is refused too.
    const old = await loginOptions();
    await t.ctx.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.id, old.challenge_id));
    const late = await passkeyLogin({
      challenge_id: old.challenge_id,
      response: auth.assert(old.options, ORIGIN),
    });
    expect(late.body.errormessage).toBe(SIGNIN_MSG.passkeyExpired);
  });
});

describe('a passkey as the second step', () => {
  it('completes a password login that asked for two-factor', async () => {
    const { user, email, password, cookie } = await loggedIn(t, { twoFactor: true });
    const auth = await addPasskey(t, cookie);
    const pending = await passwordStep(t, email, password);
    const methods = await call(t, 'GET', API.signin.secondFactors, { cookie: pending });
    expect(methods.body.data).toEqual({ passkey: true, totp: false, recovery: false });
    await expectSignedIn(t, await passkeySecondStep(t, pending, auth), email);
    const [entry] = await auditOf(t, user.id, 'auth.sign_in');
    expect(entry!.detail).toEqual({ second_factor: 'passkey' });
    // The pending session is gone.
    expect((await call(t, 'GET', API.signin.secondFactors, { cookie: pending })).status).toBe(401);
  });

  it("refuses another user's passkey, and the route without a pending login", async () => {
    const a = await loggedIn(t, { twoFactor: true });
    const b = await loggedIn(t);
    await addPasskey(t, a.cookie);
    const bAuth = await addPasskey(t, b.cookie);
    const pending = await passwordStep(t, a.email, a.password);
    const res = await passkeySecondStep(t, pending, bAuth);
    expect(res.body).toMatchObject({ response: false, errormessage: SIGNIN_MSG.passkeyUnknown });
    expect(res.sessionCookie).toBeNull();
    const anonymous = await call(t, 'POST', API.signin.secondPasskeyOptions, { body: {} });
    expect(anonymous.body).toMatchObject({ response: false, errormessage: MSG.twoFactorSessionExpired });
    const full = await call(t, 'POST', API.signin.secondPasskeyOptions, { cookie: b.cookie, body: {} });
    expect(full.status).toBe(401);
  });
});
