import { describe, expect, inject, it } from 'vitest';
import { verifyPassword } from '../src/platform/auth/password.ts';
import { STRONG_PASSWORD, testPasswordHash } from './test-password.ts';

describe('the shared test password hash', () => {
  it('is computed once by the global setup and is a real argon2id hash of the test password', async () => {
    const provided = inject('testPasswordHash');
    expect(provided).toMatch(/^\$argon2id\$/);
    expect(await testPasswordHash()).toBe(provided);
    expect(await verifyPassword(provided, STRONG_PASSWORD)).toBe(true);
    expect(await verifyPassword(provided, 'wrong')).toBe(false);
  });

  it('hashes any other password through the real path', async () => {
    const hash = await testPasswordHash('An0ther!Password');
    expect(hash).not.toBe(inject('testPasswordHash'));
    expect(await verifyPassword(hash, 'An0ther!Password')).toBe(true);
  });
});
