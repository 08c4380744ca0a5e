import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite data directory made by the global setup. */
    pgliteTemplate: string;
    /** The migrated database test files' PostgreSQL databases are created from ('' on PGlite). */
    postgresTemplate: string;
  }
}

/**
 * Global setup on PostgreSQL: (re)creates `<database>_template` next to the one in `url` and
 * migrates it; answers its name. A template must have no open connection when it is copied, so it
 * is closed before any test file starts.
 */
export async function writePostgresTemplate(url: string): Promise<string> {
  const name = `${new URL(url).pathname.slice(1) || 'postgres'}_template`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  await database.close();
  return name;
}

/** The template of `writePostgresTemplate` inside a test file ('' outside vitest or on PGlite). */
export async function postgresTemplate(): Promise<string> {
  if (!process.env.VITEST) return '';
  const { inject } = await import('vitest');
  return inject('postgresTemplate') ?? '';
}

/** Global setup: migrates one in-memory PGlite and dumps its data directory into `dir`. */
export async function writePgliteTemplate(dir: string): Promise<string> {
  const database = await openDatabase({});
  if (!database.dump) throw new Error('expected PGlite');
  const dump = await database.dump();
  await database.close();
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

let template: Promise<Blob | undefined> | undefined;

async function loadTemplate(): Promise<Blob | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  const file = inject('pgliteTemplate');
  return file ? new Blob([await readFile(file)]) : undefined;
}

/**
 * A test file's own database. PGlite starts from the migrated template (the migrator then finds
 * nothing to do) instead of running every migration again; PostgreSQL (a URL) is opened as is.
 */
export async function openTestDatabase(url?: string): Promise<Database> {
  if (url && !url.startsWith('memory://')) return openDatabase({ url });
  template ??= loadTemplate();
  return openDatabase({ url, template: await template });
}

/**
 * A test's PGlite in `dataDir`, for what must survive a restart: a new directory starts from the
 * migrated template (migrating on disk took seconds a test), one that holds a database opens as is.
 */
export async function openTestDatabaseOnDisk(dataDir: string): Promise<Database> {
  template ??= loadTemplate();
  return openDatabase({ dataDir, template: holdsDatabase(dataDir) ? undefined : await template });
}

const holdsDatabase = (dataDir: string) => existsSync(path.join(dataDir, 'pg', 'PG_VERSION'));

/**
 * Gives a new data directory the migrated template's database, for a server process started on it
 * (restart.testkit.ts): its migrator then finds nothing to do. A directory that holds one is left.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  if (!holdsDatabase(dataDir)) await (await openTestDatabaseOnDisk(dataDir)).close();
}
