import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  DEVICE_MESSAGES,
  type AccessToken,
  type DeviceRequest,
  type DeviceStartAnswer,
  type DeviceTokenAnswer,
} from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { randomAddress, send } from '../../../test/inject.ts';
import { person } from '../../../test/factories.ts';
import { deviceLogins } from '../../db/schema/index.ts';
import { sha256 } from '../../platform/auth/secrets.ts';
import { studio } from '../projects/projects.testkit.ts';
import { call, type Person } from './camera.testkit.ts';

let t: TestApp;
let owner: Person;
let outsider: Person;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
  ({ owner, projectId } = await studio(t));
  outsider = await person(t);
});
afterAll(async () => {
  await t?.close();
});

/** The program's calls: no session, the uploader's API headers, on the address it was given. */
const start = async (deviceName = 'edit-suite-3', host = 'rushes.lan:8080') => {
  const res = await t.call<DeviceStartAnswer>('POST', API.camera.deviceStart, {
    body: { device_name: deviceName },
    headers: { host, 'api-type': 'uploader' },
  });
  expect(res.status).toBe(200);
  return res.body.data;
};
const poll = (deviceCode: string) =>
  t.call<DeviceTokenAnswer>('POST', API.camera.deviceToken, { body: { device_code: deviceCode } });
/** As if the program's last poll were `seconds` ago (the interval has passed). */
const waited = (deviceCode: string, seconds = 6) =>
  t.ctx.db
    .update(deviceLogins)
    .set({ lastPolledAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(deviceLogins.deviceCodeHash, sha256(deviceCode)));
const approve = (who: Person | undefined, userCode: string) =>
  call<{ message: string; access_token: AccessToken }>(t, 'POST', API.camera.deviceApprove, who, {
    user_code: userCode,
  });
const deny = (who: Person | undefined, userCode: string) =>
  call<{ message: string }>(t, 'POST', API.camera.deviceDeny, who, { user_code: userCode });
const bearer = (token: string) =>
  t.call('GET', API.projects.info, {
    query: { project_db_id: projectId },
    headers: { authorization: `Bearer ${token}`, 'api-type': 'uploader' },
  });

describe('the uploader’s device login', () => {
  it('start → pending → approved by a logged-in user → the token once; the token uploads and is revocable', async () => {
    const s = await start();
    expect(s.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(s.device_code.length).toBeGreaterThanOrEqual(43);
    // The page on the address the program reached, with the code filled in.
    expect(s.verification_uri).toBe('http://rushes.lan:8080/device');
    expect(s.verification_uri_complete).toBe(`http://rushes.lan:8080/device?code=${s.user_code}`);
    expect(s).toMatchObject({ expires_in: 600, interval: 5 });

    // A name of control characters only is no name.
    const nameless = await t.call('POST', API.camera.deviceStart, { body: { device_name: '\u0007\u200b' } });
    expect(nameless.status).toBe(400);

    const first = await poll(s.device_code);
    expect(first.body.data).toMatchObject({
      status: 'pending',
      interval: 5,
      message: DEVICE_MESSAGES.pending,
    });
    expect(first.body.data.token).toBeUndefined();

    // The user sees which device asks, typing the code as they like.
    const typed = s.user_code.toLowerCase().replace('-', ' ');
    const seen = await call<DeviceRequest>(t, 'GET', API.camera.device, owner, { user_code: typed });
    expect(seen.body.data).toMatchObject({ device_name: 'edit-suite-3', address: '127.0.0.1' });
    expect(Date.parse(seen.body.data.expires_on) - Date.parse(seen.body.data.requested_on)).toBe(600_000);

    const approved = await approve(owner, typed);
    expect(approved.body.data.message).toBe(DEVICE_MESSAGES.approved);
    expect(approved.body.data.access_token).toMatchObject({
      name: 'Uploader on edit-suite-3',
      revoked: false,
    });
    // Listed with the user's other tokens, where it can be revoked.
    const listed = await call<{ tokens: AccessToken[] }>(t, 'GET', API.camera.tokens, owner);
    expect(listed.body.data.tokens.map((x) => x.name)).toContain('Uploader on edit-suite-3');

    await waited(s.device_code);
    const got = await poll(s.device_code);
    expect(got.body.data).toMatchObject({ status: 'approved', message: DEVICE_MESSAGES.loggedIn });
    const token = got.body.data.token!;
    expect(token).toMatch(/^rsh_/);
    expect(token.slice(0, 10)).toBe(approved.body.data.access_token.prefix);

    // Single use: the next poll is refused, and nothing of the token is kept.
    await waited(s.device_code);
    const again = await poll(s.device_code);
    expect(again.status).toBe(400);
    expect(again.body.errormessage).toBe(DEVICE_MESSAGES.deviceCodeInvalid);
    const [row] = await t.ctx.db
      .select()
      .from(deviceLogins)
      .where(eq(deviceLogins.deviceCodeHash, sha256(s.device_code)));
    expect(row.tokenSealed).toBeNull();

    expect((await bearer(token)).status).toBe(200);
    const revoked = await call(t, 'DELETE', API.camera.tokens, owner, {
      id: approved.body.data.access_token.id,
    });
    expect(revoked.body.response).toBe(true);
    expect((await bearer(token)).status).toBe(401);
  });

  it('stores only hashes of the codes (and the token sealed until collected)', async () => {
    const s = await start('hash-check');
    const approved = await approve(owner, s.user_code);
    expect(approved.status).toBe(200);
    const rows = await t.ctx.db.select().from(deviceLogins);
    const dump = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(0);
    for (const secret of [s.device_code, s.user_code, s.user_code.replace('-', '')]) {
      expect(dump).not.toContain(secret);
    }
    const got = await poll(s.device_code);
    expect(dump).not.toContain(got.body.data.token!);
    expect(dump).toContain(sha256(s.device_code));
  });

  it('deny: the program hears denied once; the code cannot be approved afterwards', async () => {
    const s = await start('stranger-pc');
    const denied = await deny(owner, s.user_code);
    expect(denied.body.data.message).toBe(DEVICE_MESSAGES.denied);
    const late = await approve(owner, s.user_code);
    expect(late.status).toBe(400);
    expect(late.body.errormessage).toBe(DEVICE_MESSAGES.codeDecided);
    const heard = await poll(s.device_code);
    expect(heard.body.data).toMatchObject({ status: 'denied', message: DEVICE_MESSAGES.deniedOnDevice });
    expect(heard.body.data.token).toBeUndefined();
    expect((await poll(s.device_code)).status).toBe(400);
    const listed = await call<{ tokens: AccessToken[] }>(t, 'GET', API.camera.tokens, owner);
    expect(listed.body.data.tokens.map((x) => x.name)).not.toContain('Uploader on stranger-pc');
  });

  it('expiry: an expired code answers expired to the program and cannot be looked up or approved', async () => {
    const s = await start('slowpoke');
    await t.ctx.db
      .update(deviceLogins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceLogins.deviceCodeHash, sha256(s.device_code)));
    expect((await poll(s.device_code)).body.data).toMatchObject({
      status: 'expired',
      message: DEVICE_MESSAGES.expired,
    });
    const seen = await call(t, 'GET', API.camera.device, owner, { user_code: s.user_code });
    expect(seen.status).toBe(400);
    expect(seen.body.errormessage).toBe(DEVICE_MESSAGES.codeInvalid);
    expect((await approve(owner, s.user_code)).body.errormessage).toBe(DEVICE_MESSAGES.codeInvalid);
    expect((await deny(owner, s.user_code)).body.errormessage).toBe(DEVICE_MESSAGES.codeInvalid);

    // Rows an hour past their expiry are removed by the next start.
    await t.ctx.db
      .update(deviceLogins)
      .set({ expiresAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(deviceLogins.deviceCodeHash, sha256(s.device_code)));
    await start('another');
    expect((await poll(s.device_code)).status).toBe(400);
  });

  it('slow_down: a poll before the interval is told to wait 5 s longer each time', async () => {
    const s = await start('eager');
    expect((await poll(s.device_code)).body.data.status).toBe('pending');
    const fast = await poll(s.device_code);
    expect(fast.body.data).toMatchObject({
      status: 'slow_down',
      interval: 10,
      message: DEVICE_MESSAGES.slowDown,
    });
    expect((await poll(s.device_code)).body.data).toMatchObject({ status: 'slow_down', interval: 15 });
    // 6 s is no longer enough: the interval is 15 s now.
    await waited(s.device_code, 6);
    expect((await poll(s.device_code)).body.data).toMatchObject({ status: 'slow_down', interval: 20 });
    await waited(s.device_code, 21);
    expect((await poll(s.device_code)).body.data).toMatchObject({ status: 'pending', interval: 20 });
  });

  it('a wrong or malformed user code is refused, anonymous callers too; the real request stays pending', async () => {
    const s = await start('laptop');
    const real = s.user_code.replace('-', '');
    const wrong = real.startsWith('B') ? 'CCCCCCCC' : 'BBBBBBBB';
    for (const code of [wrong, 'WDJB-MJH', 'AEIO-UAEI', '1234-5678']) {
      const res = await approve(owner, code);
      expect(res.status).toBe(400);
      expect(res.body.errormessage).toBe(DEVICE_MESSAGES.codeInvalid);
    }
    expect((await approve(undefined, s.user_code)).status).toBe(401);
    expect((await deny(undefined, s.user_code)).status).toBe(401);
    expect((await call(t, 'GET', API.camera.device, undefined, { user_code: s.user_code })).status).toBe(401);
    expect((await poll(s.device_code)).body.data.status).toBe('pending');
    // Another user may approve it for their own account: the token is theirs, not the owner's.
    const theirs = await approve(outsider, s.user_code);
    expect(theirs.status).toBe(200);
    await waited(s.device_code);
    const token = (await poll(s.device_code)).body.data.token!;
    expect((await bearer(token)).status).toBe(403);
  });
});

describe('device login limits (RATE_LIMIT on)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({});
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('limits starts per address and user-code tries per account', async () => {
    // one address of its own: with Redis the counters outlive the run (test/inject.ts)
    const address = randomAddress();
    const starts = [];
    for (let i = 0; i < 11; i++) {
      starts.push(
        await send(limited, 'POST', API.camera.deviceStart, {
          body: { device_name: `pc-${i}` },
          remoteAddress: address,
        }),
      );
    }
    expect(starts.slice(0, 10).map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(starts[10].status).toBe(429);

    const guesser = await person(limited);
    const other = await person(limited);
    const tries = [];
    for (let i = 0; i < 11; i++) {
      tries.push(
        (await call(limited, 'POST', API.camera.deviceApprove, guesser, { user_code: 'BCDF-GHJK' })).status,
      );
    }
    expect(tries.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(tries[10]).toBe(429);
    // Another account is not held up by the guesser.
    expect(
      (await call(limited, 'POST', API.camera.deviceApprove, other, { user_code: 'BCDF-GHJK' })).status,
    ).toBe(400);
  });
});
