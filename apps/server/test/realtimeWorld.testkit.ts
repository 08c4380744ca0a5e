import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { closeAllSockets, listen } from './realtime-helpers.ts';

export interface RealtimeWorld {
  t: TestApp;
  /** where the app listens (Socket.IO clients need a real port) */
  url: string;
}

/**
 * The world of a realtime test file: one app listening on a real port, built before its tests; every
 * client socket closed after each test when asked (tests that count events), and all of them and the
 * app closed after the file. `set` hands the world to the file's own variables:
 *
 *     let t: TestApp;
 *     let url: string;
 *     realtimeWorld((w) => ({ t, url } = w));
 */
export function realtimeWorld(
  set: (world: RealtimeWorld) => void,
  o: { env?: Parameters<typeof createTestApp>[0]; closeSocketsAfterEach?: boolean } = {},
) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(o.env);
    set({ t: app, url: await listen(app) });
  });
  if (o.closeSocketsAfterEach) afterEach(() => closeAllSockets());
  afterAll(async () => {
    closeAllSockets();
    await app?.close();
  });
}
