import { hashPassword } from '../src/platform/auth/password.ts';

/** The password of every test user unless a test picks its own. */
export const STRONG_PASSWORD = 'Str0ng!Password#1';

declare module 'vitest' {
  export interface ProvidedContext {
    /** argon2id hash of STRONG_PASSWORD, computed once by the global setup. */
    testPasswordHash: string;
  }
}

/** Computes the shared hash (the global setup calls this once for the whole run). */
export const hashTestPassword = () => hashPassword(STRONG_PASSWORD);

let shared: Promise<string> | undefined;

/** The hash the global setup provided, else (outside vitest, e.g. the benchmarks) one per process. */
async function sharedHash(): Promise<string> {
  if (process.env.VITEST) {
    const { inject } = await import('vitest');
    const provided = inject('testPasswordHash');
    if (provided) return provided;
  }
  return hashTestPassword();
}

/**
 * A password hash for a test user. argon2id is slow by design, so the common test password reuses
 * one real hash of it (login with STRONG_PASSWORD still verifies); any other password is hashed
 * through the real path.
 */
export function testPasswordHash(password: string = STRONG_PASSWORD): Promise<string> {
  if (password !== STRONG_PASSWORD) return hashPassword(password);
  shared ??= sharedHash();
  return shared;
}
