import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@rushes/shared';
import {
  createTestApp,
  extractToken,
  lastMailTo,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-up to login', () => {
  it('signs up, verifies from the mailed link, logs in and fetches the user', async () => {
    const email = uniqueEmail('new');
    const signup = await t.call('POST', API.auth.signup, {
      body: { first_name: 'Asha', last_name: 'Rao', email, password: STRONG_PASSWORD },
    });
    expect(signup.body.response).toBe(true);
    const token = extractToken((await lastMailTo(t.ctx, email))!.text)!;
    expect((await t.call('GET', API.auth.verify, { query: { token } })).body.response).toBe(true);
    const login = await t.call<{ two_factor_required: boolean }>('POST', API.auth.login, {
      body: { email, password: STRONG_PASSWORD },
    });
    expect(login.body.data.two_factor_required).toBe(false);
    const me = await t.call<{ email: string; teams: { is_personal: boolean }[] }>(
      'GET',
      API.auth.checkLogin,
      {
        cookie: `rushes_sid=${login.cookies.rushes_sid}`,
      },
    );
    expect(me.body.data.email).toBe(email);
    expect(me.body.data.teams).toEqual([expect.objectContaining({ is_personal: true })]);
  });
});
