import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  API,
  RECOVERY_CODE_COUNT,
  SIGNIN_MSG,
  TOTP_STEP_SECONDS,
  type SecurityOverview,
} from '@rushes/shared';
import { createTestApp, makeUser, settled, type TestApp } from '../../../test/harness.ts';
import { CODE_MAIL, newestCode } from '../../../test/inject.ts';
import { totpSecrets } from '../../db/schema/index.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import { createTeam, setTeamTwoFactor } from '../teams/teams.service.ts';
import {
  addAuthenticator,
  addPasskey,
  addRecoveryCodes,
  auditOf,
  call,
  expectSignedIn,
  loggedIn,
  passkeySecondStep,
  passwordStep,
  totpOf,
} from './signin.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const STEP_MS = TOTP_STEP_SECONDS * 1000;
/**
 * Freezes the clock 10 s into a 30 s step, so "this step" and "the one before" are certain; a few
 * steps ahead, so neither is the step the app's setup already used.
 */
function freezeMidStep() {
  const at = (Math.floor(Date.now() / STEP_MS) + 3) * STEP_MS + 10_000;
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  return at;
}

type Errors = { errors: Record<string, string> };
const totpStep = (cookie: string, code: string) =>
  call<Errors>(t, 'POST', API.signin.secondTotp, { cookie, body: { code } });
const recoveryStep = (cookie: string, code: string) =>
  call<Errors>(t, 'POST', API.signin.secondRecovery, { cookie, body: { code } });
const security = async (cookie: string) =>
  (await call<SecurityOverview>(t, 'GET', API.signin.security, { cookie })).body.data;

describe('authenticator app', () => {
  it('sets up with a QR code and a sealed secret, confirmed by a first code', async () => {
    const { user, cookie } = await loggedIn(t);
    const setup = await call<{ secret: string; otpauth_url: string; qr_data_url: string }>(
      t,
      'POST',
      API.signin.totpSetup,
      { cookie, body: {} },
    );
    const { secret, otpauth_url, qr_data_url } = setup.body.data;
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Rushes:.+\?.*secret=/);
    expect(Buffer.from(qr_data_url.split(',')[1]!, 'base64').toString()).toMatch(/^<svg/);
    const [row] = await t.ctx.db.select().from(totpSecrets).where(eq(totpSecrets.userId, user.id));
    expect(row!.secretSealed).not.toContain(secret);
    expect(secretBoxFor(t.ctx.config, t.ctx.secret).open(row!.secretSealed)).toBe(secret);
    // Not a factor before it is confirmed.
    expect((await security(cookie)).authenticator).toBeNull();

    const totp = totpOf(secret);
    const wrong = await call<Errors>(t, 'POST', API.signin.totp, {
      cookie,
      body: { code: totp.generate({ timestamp: Date.now() - 5 * STEP_MS }) },
    });
    expect(wrong.body.data.errors.code).toBe(SIGNIN_MSG.totpInvalid);
    const ok = await call(t, 'POST', API.signin.totp, { cookie, body: { code: totp.generate() } });
    expect(ok.body.data).toEqual({ message: SIGNIN_MSG.totpAdded });
    expect((await security(cookie)).authenticator).not.toBeNull();
    const [entry] = await auditOf(t, user.id, 'auth.authenticator_added');
    expect(JSON.stringify(entry)).not.toContain(secret);

    const removed = await call(t, 'DELETE', API.signin.totp, { cookie, body: {} });
    expect(removed.body.data).toEqual({ message: SIGNIN_MSG.totpRemoved });
    expect((await security(cookie)).authenticator).toBeNull();
    expect(await auditOf(t, user.id, 'auth.authenticator_removed')).toHaveLength(1);
  });

  it('accepts a code within ±1 step and refuses it when reused or older', async () => {
    const { email, password, cookie } = await loggedIn(t, { twoFactor: true });
    const totp = await addAuthenticator(t, cookie);
    const at = freezeMidStep();
    const previous = totp.generate({ timestamp: at - STEP_MS });
    const tooOld = totp.generate({ timestamp: at - 2 * STEP_MS });

    const pending = await passwordStep(t, email, password);
    expect((await call(t, 'GET', API.signin.secondFactors, { cookie: pending })).body.data).toEqual({
      passkey: false,
      totp: true,
      recovery: false,
    });
    expect((await totpStep(pending, tooOld)).body.data.errors.code).toBe(SIGNIN_MSG.totpInvalid);
    await expectSignedIn(t, await totpStep(pending, previous), email);

    // The same code on a new login: its step is spent.
    const again = await passwordStep(t, email, password);
    const reused = await totpStep(again, previous);
    expect(reused.body).toMatchObject({ response: false, errormessage: SIGNIN_MSG.totpReused });
    expect(reused.sessionCookie).toBeNull();
    // The current step is still good.
    await expectSignedIn(t, await totpStep(again, totp.generate({ timestamp: at })), email);
  });

  it('locks after 5 wrong codes until a sign-in by another factor', async () => {
    const { email, password, cookie } = await loggedIn(t, { twoFactor: true });
    const totp = await addAuthenticator(t, cookie);
    const at = freezeMidStep();
    const pending = await passwordStep(t, email, password);
    const wrong = totp.generate({ timestamp: at - 10 * STEP_MS });
    for (let i = 1; i < 5; i++)
      expect((await totpStep(pending, wrong)).body.errormessage).toBe(SIGNIN_MSG.totpInvalid);
    expect((await totpStep(pending, wrong)).body.errormessage).toBe(SIGNIN_MSG.totpTooManyTries);
    expect((await totpStep(pending, totp.generate({ timestamp: at }))).body.errormessage).toBe(
      SIGNIN_MSG.totpTooManyTries,
    );
    // The e-mailed code still works and lifts the lock.
    const code = await newestCode(t.ctx, email, CODE_MAIL.login);
    await expectSignedIn(
      t,
      await call(t, 'POST', API.auth.loginOtp, { cookie: pending, body: { otp: code } }),
      email,
    );
    await settled();
    const next = await passwordStep(t, email, password);
    await expectSignedIn(t, await totpStep(next, totp.generate({ timestamp: at })), email);
  });

  it('refuses a user without an app, anonymous callers and a full session on the login step', async () => {
    const { email, password, cookie } = await loggedIn(t, { twoFactor: true });
    const pending = await passwordStep(t, email, password);
    expect((await totpStep(pending, '123456')).body.errormessage).toBe(SIGNIN_MSG.methodUnavailable);
    expect((await call(t, 'POST', API.signin.secondTotp, { body: { code: '123456' } })).status).toBe(401);
    expect((await totpStep(cookie, '123456')).status).toBe(401);
    for (const [method, url] of [
      ['POST', API.signin.totpSetup],
      ['POST', API.signin.totp],
      ['DELETE', API.signin.totp],
      ['POST', API.signin.recoveryCodes],
    ] as const) {
      expect((await call(t, method, url, { body: {} })).status).toBe(401);
      expect((await call(t, method, url, { cookie: pending, body: {} })).status).toBe(401);
    }
  });
});

describe('recovery codes', () => {
  it(`creates ${RECOVERY_CODE_COUNT} codes, each working once; a new set replaces the old`, async () => {
    const { user, email, password, cookie } = await loggedIn(t, { twoFactor: true });
    const codes = await addRecoveryCodes(t, cookie);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect((await security(cookie)).recovery?.remaining).toBe(RECOVERY_CODE_COUNT);
    const [created] = await auditOf(t, user.id, 'auth.recovery_codes_created');
    expect(JSON.stringify(created)).not.toContain(codes[0]);

    const pending = await passwordStep(t, email, password);
    // Typed in capitals without the dash, it still matches.
    await expectSignedIn(t, await recoveryStep(pending, codes[0]!.replace('-', '').toUpperCase()), email);
    const [used] = await auditOf(t, user.id, 'auth.recovery_code_used');
    expect(used!.detail).toEqual({ remaining: RECOVERY_CODE_COUNT - 1 });

    const again = await passwordStep(t, email, password);
    const twice = await recoveryStep(again, codes[0]!);
    expect(twice.body.data.errors.code).toBe(SIGNIN_MSG.recoveryInvalid);
    expect(twice.sessionCookie).toBeNull();
    expect((await security(cookie)).recovery?.remaining).toBe(RECOVERY_CODE_COUNT - 1);

    const fresh = await addRecoveryCodes(t, cookie);
    expect((await recoveryStep(again, codes[1]!)).body.errormessage).toBe(SIGNIN_MSG.recoveryInvalid);
    await expectSignedIn(t, await recoveryStep(again, fresh[0]!), email);
  });

  it("refuses another user's code", async () => {
    const a = await loggedIn(t, { twoFactor: true });
    const b = await loggedIn(t);
    const bCodes = await addRecoveryCodes(t, b.cookie);
    const pending = await passwordStep(t, a.email, a.password);
    expect((await recoveryStep(pending, bCodes[0]!)).body.errormessage).toBe(SIGNIN_MSG.recoveryInvalid);
  });
});

describe('two-factor enforced by the team', () => {
  /** A member whose own toggle is off, in a team that enforces two-factor. */
  async function enforcedMember() {
    const owner = await makeUser(t.ctx);
    const member = await loggedIn(t);
    const team = await createTeam(t.ctx.db, {
      name: 'Strict',
      ownerId: owner.user.id,
      memberIds: [member.user.id],
    });
    await setTeamTwoFactor(t.ctx.db, team.id, true);
    expect((await security(member.cookie)).two_factor_on).toBe(true);
    return member;
  }

  it('is satisfied by the e-mailed code', async () => {
    const m = await enforcedMember();
    const pending = await passwordStep(t, m.email, m.password);
    const otp = await newestCode(t.ctx, m.email, CODE_MAIL.login);
    await expectSignedIn(
      t,
      await call(t, 'POST', API.auth.loginOtp, { cookie: pending, body: { otp } }),
      m.email,
    );
  });

  it('is satisfied by a passkey', async () => {
    const m = await enforcedMember();
    const auth = await addPasskey(t, m.cookie);
    const pending = await passwordStep(t, m.email, m.password);
    await expectSignedIn(t, await passkeySecondStep(t, pending, auth), m.email);
  });

  it('is satisfied by an authenticator code', async () => {
    const m = await enforcedMember();
    const totp = await addAuthenticator(t, m.cookie);
    const at = freezeMidStep();
    const pending = await passwordStep(t, m.email, m.password);
    await expectSignedIn(t, await totpStep(pending, totp.generate({ timestamp: at + STEP_MS })), m.email);
  });

  it('is satisfied by a recovery code', async () => {
    const m = await enforcedMember();
    const [code] = await addRecoveryCodes(t, m.cookie);
    const pending = await passwordStep(t, m.email, m.password);
    await expectSignedIn(t, await recoveryStep(pending, code!), m.email);
  });
});
