import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../../scripts/build-server.mjs';
import { openDatabase } from '../src/db/client.ts';
import { writePgliteTemplate, writePostgresTemplate } from './db-template.ts';
import { hashTestPassword } from './test-password.ts';

/**
 * Work done once for the whole run instead of once per file: the server's bundle, the test
 * password's argon2id hash, and the migrations. On PGlite they run once into a template every file
 * starts from. On PostgreSQL (DATABASE_URL set) they run once into a template database each file's
 * own database is created from (CREATE DATABASE … TEMPLATE copies files, where migrating took
 * seconds a file), and once into DATABASE_URL itself, emptied first, so no earlier run's rows linger.
 */
export default async function setup(project: TestProject) {
  // the bundle the restart tests start (restart.testkit.ts), from this run's sources
  await buildServer();
  project.provide('testPasswordHash', await hashTestPassword());
  // PGlite's template serves the tests that restart a server on its data directory on PostgreSQL too
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rushes-template-'));
  project.provide('pgliteTemplate', await writePgliteTemplate(dir));
  const removeTemplate = () => rm(dir, { recursive: true, force: true });
  const url = process.env.DATABASE_URL;
  if (!url) return removeTemplate;
  project.provide('postgresTemplate', await writePostgresTemplate(url));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;',
  );
  await client.end();
  const db = await openDatabase({ url });
  await db.close();
  return removeTemplate;
}
