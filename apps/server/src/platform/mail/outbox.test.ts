import { afterEach, describe, expect, it } from 'vitest';
import { API, MSG, type OutboxAnswer } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { send } from '../../../test/inject.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The outbox exposes reset links and codes, so it must not appear on a real host by accident. */
describe('dev mail outbox', () => {
  it('is served on a localhost PUBLIC_URL without SMTP', async () => {
    t = await createTestApp();
    const res = await t.call('GET', API.dev.outbox);
    expect(res.status).toBe(200);
    expect(res.body.response).toBe(true);
  });

  it('does not exist on a public host unless MAIL_OUTBOX=true', async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://rushes.example.com' });
    expect((await t.call('GET', API.dev.outbox)).status).toBe(404);
    await t.close();
    t = await createTestApp({ PUBLIC_URL: 'https://rushes.example.com', MAIL_OUTBOX: 'true' });
    expect((await t.call('GET', API.dev.outbox)).status).toBe(200);
  });

  it('does not exist when SMTP is configured, even if asked for', async () => {
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_OUTBOX: 'true' });
    expect((await t.call('GET', API.dev.outbox)).status).toBe(404);
  });
});

/** Reset links and codes gave a full account takeover from another machine. */
describe('dev mail outbox: only for this machine', () => {
  const REMOTE = '203.0.113.9';
  const read = (remoteAddress: string, headers: Record<string, string> = {}) =>
    send<OutboxAnswer>(t!, 'GET', API.dev.outbox, { remoteAddress, headers });

  it('refuses a client on another machine with a 403 envelope, a forged X-Forwarded-For too', async () => {
    t = await createTestApp();
    for (const res of [await read(REMOTE), await read(REMOTE, { 'x-forwarded-for': '127.0.0.1' })]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ response: false, errormessage: MSG.outboxLocalOnly });
      expect(JSON.stringify(res.body)).not.toContain('mails');
    }
  });

  it('answers loopback clients (IPv4, IPv6, IPv4-mapped) and says it is local only', async () => {
    t = await createTestApp();
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await read(address);
      expect(res.status).toBe(200);
      // the mails themselves are not compared: on PostgreSQL every test file shares the outbox
      expect(res.body.data).toMatchObject({ mails: expect.any(Array), local_only: true });
    }
  });

  it('behind a proxy on this machine the forwarded client decides, with or without TRUST_PROXY', async () => {
    for (const env of [{ TRUST_PROXY: 'false' }, { TRUST_PROXY: 'true' }]) {
      t = await createTestApp(env);
      expect((await read('127.0.0.1', { 'x-forwarded-for': REMOTE })).status).toBe(403);
      // a client-written first hop does not pass for the proxy's own
      expect((await read('127.0.0.1', { 'x-forwarded-for': `127.0.0.1, ${REMOTE}` })).status).toBe(403);
      expect((await read('127.0.0.1', { forwarded: `for="[2001:db8::1]:4711"` })).status).toBe(403);
      expect((await read('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
      await t.close();
      t = undefined;
    }
  });

  it('MAIL_OUTBOX_REMOTE=true opens it to other machines (a demo host)', async () => {
    t = await createTestApp({ MAIL_OUTBOX_REMOTE: 'true' });
    const res = await read(REMOTE);
    expect(res.status).toBe(200);
    expect(res.body.data.local_only).toBe(false);
  });
});
