import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { buildServer } from '../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory each flow's server starts from (a copy of it). */
    e2eDatabaseTemplate: string;
  }
}

/**
 * Migrates one PGlite data directory for the whole e2e run: every flow's server starts from a copy
 * of it (e2e/server.ts), and its migrator finds nothing to do, instead of each of some 25 servers
 * running every migration again.
 */
export default async function setup(project: TestProject) {
  // every flow's server is the bundle `npm start` runs (e2e/server.ts), built from this run's sources
  await buildServer();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-e2e-template-'));
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  project.provide('e2eDatabaseTemplate', path.join(dir, 'pg'));
  return () => rm(dir, { recursive: true, force: true });
}
