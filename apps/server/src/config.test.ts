import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { providerFor } from './modules/payments/payments.providers.ts';

const env = (extra: Record<string, string>) => ({ DATA_DIR: '/tmp/rushes-config-test', ...extra });

describe('configuration defaults that guard money and the host', () => {
  it('uses the test-mode payment provider outside production only', () => {
    expect(loadConfig(env({ NODE_ENV: 'development' })).paymentProvider).toBe('test');
    expect(loadConfig(env({ NODE_ENV: 'test' })).paymentProvider).toBe('test');
    // production without Razorpay: no provider (starting a payment answers 503), unless asked for
    expect(loadConfig(env({ NODE_ENV: 'production' })).paymentProvider).toBe('none');
    expect(loadConfig(env({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' })).paymentProvider).toBe(
      'test',
    );
    expect(loadConfig(env({ NODE_ENV: 'development', PAYMENTS_TEST_MODE: 'false' })).paymentProvider).toBe(
      'none',
    );
    const razorpay = { RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' };
    expect(loadConfig(env({ NODE_ENV: 'production', ...razorpay })).paymentProvider).toBe('razorpay');
  });

  it('runs local desktops (the server user’s own) only outside production by default', () => {
    expect(loadConfig(env({ NODE_ENV: 'development' })).CLOUD_PROVIDER).toBe('local');
    expect(loadConfig(env({ NODE_ENV: 'production' })).CLOUD_PROVIDER).toBe('pool');
    expect(loadConfig(env({ NODE_ENV: 'production', CLOUD_PROVIDER: 'local' })).CLOUD_PROVIDER).toBe('local');
  });

  it('a production server without a payment provider refuses to start a payment (503)', async () => {
    const provider = providerFor(loadConfig(env({ NODE_ENV: 'production' })), 's'.repeat(40));
    await expect(provider.createOrder({ receipt: 'r', amountPaise: 100, notes: {} })).rejects.toMatchObject({
      status: 503,
    });
  });
});
