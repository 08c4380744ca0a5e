import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, MSG } from '@rushes/shared';
import {
  createTestApp,
  makeUser,
  sessionCookie,
  STRONG_PASSWORD,
  type TestApp,
} from '../../../test/harness.ts';
import { mailsTo, send } from '../../../test/inject.ts';

/** The HTTP platform as the auth routes meet it: API headers, error envelopes, security headers, docs. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API headers (spec 002 §7; also the CSRF guard)', () => {
  it.each([
    ['neither header', {}],
    ['only API-Type', { 'api-type': 'web' }],
    ['only API-Version', { 'api-version': '1' }],
  ])('refuses a POST with %s before doing anything', async (_label, headers) => {
    const { email, password } = await makeUser(t.ctx, { twoFactor: true });
    const res = await send(t, 'POST', API.auth.login, { bare: true, headers, body: { email, password } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      response: false,
      data: null,
      errormessage: MSG.missingApiHeaders,
      errorcode: 400,
    });
    expect(res.sessionCookie).toBeNull();
    expect(await mailsTo(t.ctx, email)).toHaveLength(0);
  });

  it('refuses a PUT without them, even from a logged-in user', async () => {
    const { user } = await makeUser(t.ctx);
    const res = await send(t, 'PUT', API.account.twoFactorVerify, {
      bare: true,
      cookie: await sessionCookie(t.ctx, user),
      body: { scope: 'account', otp: '123456', two_factor_authentication_enabled: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(MSG.missingApiHeaders);
  });

  it('does not require them on a GET', async () => {
    const { user } = await makeUser(t.ctx);
    const res = await send(t, 'GET', API.auth.checkLogin, {
      bare: true,
      cookie: await sessionCookie(t.ctx, user),
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toBe(true);
  });
});

describe('error envelopes', () => {
  it('answers broken JSON with a 400 envelope, not a framework page', async () => {
    const res = await send(t, 'POST', API.auth.login, { rawPayload: '{"email": "a@b.co", "password": ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      response: false,
      data: null,
      errormessage: MSG.somethingWentWrong,
      errorcode: 400,
    });
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('answers a non-JSON body with an envelope', async () => {
    const res = await send(t, 'POST', API.auth.login, {
      rawPayload: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ response: false, errormessage: MSG.somethingWentWrong, errorcode: 415 });
  });

  it('answers an unexpected error with 500 Something went wrong, a request id and no stack', async () => {
    const { user } = await makeUser(t.ctx);
    const cookie = await sessionCookie(t.ctx, user);
    const spy = vi.spyOn(t.ctx.db, 'select').mockImplementationOnce(() => {
      throw new Error('secret internal detail at /srv/app/db.ts:42');
    });
    try {
      // A route whose read is not a prepared statement (check-login's is built once per database).
      const res = await send<{ request_id: string }>(t, 'GET', API.shell.productTour, { cookie });
      expect(spy).toHaveBeenCalled();
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({
        response: false,
        errormessage: MSG.somethingWentWrong,
        errorcode: 500,
      });
      expect(res.body.data.request_id).toMatch(/^[0-9a-f-]{36}$/);
      const raw = JSON.stringify(res.body);
      expect(raw).not.toContain('secret internal detail');
      expect(raw).not.toMatch(/stack|\.ts:\d+/);
    } finally {
      spy.mockRestore();
    }
    expect((await send(t, 'GET', API.shell.productTour, { cookie })).status).toBe(200);
  });

  it('answers an unknown API path with the 404 envelope for a logged-in user', async () => {
    const { user } = await makeUser(t.ctx);
    const res = await send(t, 'GET', '/api/auth/does-not-exist', {
      cookie: await sessionCookie(t.ctx, user),
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ response: false, data: null, errormessage: MSG.notFound, errorcode: 404 });
  });

  it('answers an oversized field without echoing it', async () => {
    const huge = 'x'.repeat(5000);
    const res = await send(t, 'POST', API.auth.login, {
      body: { email: `${huge}@example.com`, password: STRONG_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(MSG.charLimit100);
    expect(JSON.stringify(res.body)).not.toContain(huge);
  });
});

describe('security headers', () => {
  it('sets nosniff, a strict CSP and no framing on API answers', async () => {
    const res = await send(t, 'GET', API.health);
    expect(res.status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sets them on refusals too', async () => {
    const res = await send(t, 'GET', API.auth.checkLogin);
    expect(res.status).toBe(401);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
  });
});

describe('OpenAPI document', () => {
  it('is served publicly at /api/docs/json and lists every auth and account path', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API.docs}/json` });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [...Object.values(API.auth), ...Object.values(API.account)]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    expect(Object.keys(doc.paths[API.auth.login])).toEqual(['post']);
    expect(Object.keys(doc.paths[API.auth.checkLogin])).toEqual(['get']);
    expect(Object.keys(doc.paths[API.account.twoFactorVerify])).toEqual(['put']);
    const loginBody = JSON.stringify(doc.paths[API.auth.login].post.requestBody);
    expect(loginBody).toContain('email');
    expect(loginBody).toContain('password');
  });
});
