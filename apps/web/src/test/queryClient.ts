import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { afterEach, beforeEach, vi } from 'vitest';

/** The current test's cache (a live binding: freshQueryClientPerTest makes a new one for each test). */
export let qc: QueryClient;

/**
 * Gives every test of the file a new QueryClient in `qc`; call it before the file's own beforeEach,
 * which may then seed `qc`. After each test `teardown` runs: by default the cache empties and the
 * globals the test stubbed (vi.stubGlobal) come back.
 */
export function freshQueryClientPerTest(config?: QueryClientConfig, teardown = defaultTeardown): void {
  beforeEach(() => {
    qc = new QueryClient(config);
  });
  afterEach(teardown);
}

function defaultTeardown() {
  qc.clear();
  vi.unstubAllGlobals();
}
