import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, type Database } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite data directory made by the global setup ('' on PostgreSQL). */
    pgliteTemplate: string;
  }
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
