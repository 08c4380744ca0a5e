import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { freePort } from '../apps/server/src/platform/freePort.ts';
import { spawnServer } from '../apps/server/test/restart.testkit.ts';
import { e2eAvailable, launch } from './browser.ts';

/**
 * The settings every e2e server gets: its port, its public URL, a throw-away data directory, quick
 * jobs. The flows start from the demo people in an empty Demo Studio: the demo project is seeded
 * only where a flow asks for it (DEMO_SEED_PROJECT: 'true', the demo flow).
 */
export function serverEnv(port: number, url: string, dataDir: string) {
  return {
    // Every flow's server runs on PGlite in its data directory, the embedded default, even where the
    // server suite was pointed at a PostgreSQL and a Redis (CI runs `npm test` so).
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JOBS_POLL_MS: '200',
    DEMO_SEED_PROJECT: 'false',
    // The camera-to-edit FTP server on a free port (the session details show it).
    FTP_PORT: '0',
    // The first-login tour would cover other flows' first screens; e2e/shell.e2e.test.ts turns it on.
    PRODUCT_TOUR: 'off',
    // No built uploader files unless a flow gives its folder (the default one may hold a real build).
    UPLOADER_DIST: path.join(dataDir, 'uploader'),
  };
}

/**
 * A throw-away data directory holding a copy of the run's migrated database (e2e/global-setup.ts),
 * so the server's start-up migrator has nothing to do.
 */
export function migratedDataDir(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rushes-e2e-'));
  const template = inject('e2eDatabaseTemplate');
  if (template) cpSync(template, path.join(dataDir, 'pg'), { recursive: true });
  return dataDir;
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the real product the way `npm start` does (built web app, migrations, demo seed) on a free
 * port with a throw-away data directory, and waits until it answers.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = migratedDataDir();
  const url = `http://localhost:${port}`;
  // generous: on a shared, loaded machine two servers starting at once take over a minute each
  const child = await spawnServer(url, { ...serverEnv(port, url, dataDir), ...extraEnv }, 180_000);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One server and one Chromium for a test file: started before its tests (when Chromium is there),
 * stopped after them. Read `run.server` and `run.browser` inside the tests.
 */
export function serverAndBrowser<S extends { stop(): Promise<void> }>(start: () => Promise<S>) {
  const run = {} as { server: S; browser: Browser };
  beforeAll(async () => {
    if (!e2eAvailable) return;
    run.server = await start();
    run.browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await run.browser?.close();
    await run.server?.stop();
  });
  return run;
}
