import { afterEach, describe, expect, it } from 'vitest';
import { API } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

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
