import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';

/**
 * On PostgreSQL (DATABASE_URL set) the suite starts from an empty schema, migrated once here, so
 * parallel test files never race on migrations and no earlier run's rows linger.
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;',
  );
  await client.end();
  const db = await openDatabase({ url });
  await db.close();
}
