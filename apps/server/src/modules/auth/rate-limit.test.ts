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
import { mailsTo, randomAddress, send } from '../../../test/inject.ts';

/**
 * Rate limits count per route and client address. With REDIS_URL the counters live in the shared
 * Redis (every test file, every run within the window), so each test uses addresses of its own.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TOO_MANY = { response: false, data: null, errormessage: MSG.tooManyRequests, errorcode: 429 };

describe('per-address rate limits', () => {
  it('answers the 11th login from one address within a minute with 429, even with the right password', async () => {
    const { email, password } = await makeUser(t.ctx);
    const address = randomAddress();
    for (let i = 1; i <= 10; i++) {
      const res = await send(t, 'POST', API.auth.login, {
        remoteAddress: address,
        body: { email, password: `Wrong!Pass${i}xx` },
      });
      expect(res.status, `attempt ${i}`).toBe(400);
      expect(res.body.errormessage).toBe(MSG.invalidCredentials);
    }
    const eleventh = await send(t, 'POST', API.auth.login, {
      remoteAddress: address,
      body: { email, password },
    });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual(TOO_MANY);
    expect(eleventh.sessionCookie).toBeNull();
    expect(eleventh.headers['retry-after']).toBeDefined();

    // Another address is not affected.
    const elsewhere = await send(t, 'POST', API.auth.login, { body: { email, password } });
    expect(elsewhere.body.response).toBe(true);
  });

  it('counts the login limit per address, not per account', async () => {
    const address = randomAddress();
    for (let i = 1; i <= 10; i++) {
      const res = await send(t, 'POST', API.auth.login, {
        remoteAddress: address,
        body: { email: uniqueEmail(`spray${i}`), password: STRONG_PASSWORD },
      });
      expect(res.status).toBe(400);
    }
    const res = await send(t, 'POST', API.auth.login, {
      remoteAddress: address,
      body: { email: uniqueEmail(), password: STRONG_PASSWORD },
    });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(TOO_MANY);
  });

  it('answers the 6th sign-up from one address within a minute with 429 and creates nothing', async () => {
    const address = randomAddress();
    const signup = (email: string) =>
      send(t, 'POST', API.auth.signup, {
        remoteAddress: address,
        body: { first_name: 'R', last_name: 'L', email, password: STRONG_PASSWORD },
      });
    for (let i = 1; i <= 5; i++) expect((await signup(uniqueEmail('burst'))).body.response).toBe(true);
    const sixthEmail = uniqueEmail('burst');
    const sixth = await signup(sixthEmail);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual(TOO_MANY);
    expect(await mailsTo(t.ctx, sixthEmail)).toHaveLength(0);
  });

  it('answers the 6th forgot-password from one address within a minute with 429', async () => {
    const address = randomAddress();
    const { email } = await makeUser(t.ctx);
    for (let i = 1; i <= 5; i++) {
      const res = await send(t, 'POST', API.auth.forgotPassword, {
        remoteAddress: address,
        body: { email: uniqueEmail('who') },
      });
      expect(res.body.response).toBe(true);
    }
    const sixth = await send(t, 'POST', API.auth.forgotPassword, { remoteAddress: address, body: { email } });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual(TOO_MANY);
    expect(await mailsTo(t.ctx, email)).toHaveLength(0);
  });

  it('limits two-factor code sends per address too (5 per 10 minutes), across accounts', async () => {
    const address = randomAddress();
    for (let i = 1; i <= 5; i++) {
      const { user } = await makeUser(t.ctx);
      const res = await send(t, 'POST', API.account.twoFactorSend, {
        remoteAddress: address,
        cookie: await sessionCookie(t.ctx, user),
        body: { scope: 'account' },
      });
      expect(res.body.response).toBe(true);
    }
    const { user, email } = await makeUser(t.ctx);
    const sixth = await send(t, 'POST', API.account.twoFactorSend, {
      remoteAddress: address,
      cookie: await sessionCookie(t.ctx, user),
      body: { scope: 'account' },
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual(TOO_MANY);
    expect(await mailsTo(t.ctx, email)).toHaveLength(0);
  });

  it('tells the client its allowance in headers', async () => {
    const { email, password } = await makeUser(t.ctx);
    const res = await send(t, 'POST', API.auth.login, { body: { email, password } });
    expect(res.headers['x-ratelimit-limit']).toBe('10');
    expect(res.headers['x-ratelimit-remaining']).toBe('9');
  });
});
