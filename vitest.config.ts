import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { e2eAvailable } from './e2e/chromium.ts';

/**
 * Server test files each run their own app and PGlite (CPU-bound WASM), so one fork per core;
 * VITEST_MAX_WORKERS overrides it (e.g. a shared machine or a CI runner that reports more cores
 * than it gives).
 */
const serverWorkers = Math.max(
  1,
  Number.parseInt(process.env.VITEST_MAX_WORKERS ?? '', 10) || os.availableParallelism(),
);

const NO_CHROMIUM = 'e2e/noChromium.e2e.test.ts';

/**
 * The web's unit test files that replace a module (`vi.mock`) or a global (`vi.stubGlobal`): they run
 * isolated, each with its own module graph. The others share one per worker: importing the app's
 * modules again for every file was two thirds of the unit run's CPU time.
 */
const WEB = 'apps/web/src';
const webTestsWithStubs = readdirSync(WEB, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => path.posix.join(WEB, f.split(path.sep).join('/')))
  .filter((f) => /\bvi\.(mock|stubGlobal)\(/.test(readFileSync(f, 'utf8')));

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], isolate: false } },
      {
        // Pure cache patchers and parsers run in node; a hook's test file asks for a DOM itself with
        // `// @vitest-environment happy-dom`, so most files skip the DOM's start-up.
        test: {
          name: 'web',
          include: [`${WEB}/**/*.test.{ts,tsx}`],
          exclude: [...configDefaults.exclude, ...webTestsWithStubs],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: { name: 'web-stubs', include: webTestsWithStubs, environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: serverWorkers,
          // A worker imports the server once for all the files it runs instead of once per file: the
          // imports were a third of the suite's time. Every file builds its own app and database and
          // closes them, and no file mocks a module, so nothing of one file reaches the next.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          // Without Chromium one file says so and skips, instead of importing every flow to skip it.
          include: e2eAvailable ? ['e2e/**/*.e2e.test.ts'] : [NO_CHROMIUM],
          // CI runs the longest flow (the breakpoint sweep) beside `npm test` instead of inside it
          // (.ci/run, docs/ci.md): E2E_EXCLUDE lists files to leave out, comma-separated.
          exclude: [
            ...configDefaults.exclude,
            ...(e2eAvailable ? [NO_CHROMIUM] : []),
            ...(process.env.E2E_EXCLUDE?.split(',').filter(Boolean) ?? []),
          ],
          globalSetup: e2eAvailable ? ['e2e/global-setup.ts'] : [],
          setupFiles: e2eAvailable ? ['e2e/setup.ts'] : [],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One process runs the flows one after another and imports what they share once: the
          // server's sources (the flows that start it in-process), Playwright, the spec's texts.
          // A new process per file spent seconds of CPU importing them again. A flow that sets
          // process.env for its server removes it again when the server stops.
          isolate: false,
          // What the user should see, polled up to 10 s (vitest's default is 1 s): a lazily loaded panel on
          // a loaded 2-core CI machine can take longer than that to appear. A wrong screen still fails.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
