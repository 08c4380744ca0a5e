import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, startApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { openTestDatabase } from '../test/db-template.ts';
import { jobs } from './db/schema/platform.ts';
import { MODULES } from './modules/index.ts';
import { briefModule } from './modules/brief/index.ts';
import { expireTaskJob } from './modules/tasks/tasks.jobs.ts';
import {
  collectJobHandlers,
  defineModule,
  type AnyModule,
  type EveryJobHandled,
} from './platform/modules.ts';
import { platformModule } from './platform/platform.module.ts';

/**
 * The job registry's boot check (DESIGN §7: the server refuses to start if a job has no handler or
 * two). On the old code the declared names were a hand-written list (platform/jobRegistry.ts
 * JOB_NAMES) checked against the handlers registered by hand: a job enqueued by a module but left
 * off that list, with no handler, booted fine and its jobs sat queued forever. Now the manifests are
 * the only place a handler can come from: the compile-time check covers every name of the
 * `JobDefinitions` union, and the boot check below refuses a list where a declared job has no
 * handler or two manifests handle the same job.
 */
const config = () =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_SEED: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    JOBS_POLL_MS: '50',
    DATA_DIR: dataDir,
  });

let database: Database;
let dataDir = '';
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'rushes-modules-'));
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const boot = (modules: readonly AnyModule[]) =>
  buildApp(config(), { db: database.db, secret: 'x'.repeat(43), modules });

describe('boot refuses a module list whose jobs are not each handled exactly once', () => {
  it('a job a manifest declares without a handler', async () => {
    // What a module gets when it names its job but its handler is missing (only a cast gets it past
    // the types; plain JavaScript or a conditional handler would too).
    const withoutHandler = MODULES.map((m) =>
      m.name === 'tasks' ? { ...m, jobs: { 'tasks.expire': undefined } } : m,
    ) as unknown as AnyModule[];
    await expect(boot(withoutHandler)).rejects.toThrow(/no handler for tasks\.expire \(declared by tasks\)/);
    expect(() => collectJobHandlers(withoutHandler)).toThrow(/no handler for tasks\.expire/);
  });

  it('a job two manifests handle', async () => {
    const again = defineModule({ name: 'tasks-again', jobs: { 'tasks.expire': expireTaskJob } });
    await expect(boot([...MODULES, again])).rejects.toThrow(
      /two handlers for tasks\.expire \(tasks, tasks-again\)/,
    );
  });

  it('the same module listed twice', async () => {
    await expect(boot([...MODULES, briefModule])).rejects.toThrow(/'brief' appears twice/);
  });

  it('a list that leaves a declared job without any manifest does not compile', () => {
    type SomeModules = typeof platformModule | typeof briefModule;
    // @ts-expect-error -- tasks.expire, media.process, … are declared in JobDefinitions but unhandled here
    const handled: EveryJobHandled<SomeModules> = true;
    const whole: EveryJobHandled<(typeof MODULES)[number]> = true;
    expect([handled, whole]).toEqual([true, true]);
  });

  it('the real list boots, and startApp queues every module’s start-up timer (main.ts and e2e alike)', async () => {
    const built = await buildApp(config(), { db: database.db, secret: 'x'.repeat(43) });
    try {
      await startApp(built);
      const queued = await database.db.select({ name: jobs.name }).from(jobs);
      // The e2e server used to schedule only maintenance.hourly (its own copy of main.ts's lines).
      expect(queued.map((j) => j.name).sort()).toEqual([
        'assets.check_counts',
        'audit.purge',
        'chat.check_counts',
        'maintenance.hourly',
        'notifications.digest',
        'uploads.cleanup',
        'webhooks.purge',
      ]);
    } finally {
      await built.app.close();
    }
  });
});
