import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROUTES, API, REVIEW_PARAM, reviewPagePath } from '@rushes/shared';
import type { z } from 'zod';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/db-template.ts';
import { createUser } from '../../modules/accounts/users.service.ts';
import type { BuiltApp } from '../../app.ts';
import { redactUrl, serializeError } from './logging.ts';

/**
 * What the server writes to its log (a pino destination stream in the test): tokens in query strings
 * and SQL parameter values (chat text, e-mails, billing details) never appear.
 */
const SECRET = 'Zq7-secret-token-0123456789abcdef';
const CHAT = 'my bank PIN is 4321, do not tell';
const EMAIL = `billing-${randomBytes(4).toString('hex')}@example.com`;

let lines: string[] = [];
let built: BuiltApp;
let database: Database;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'rushes-log-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  expect(config.LOG_FORMAT).toBe('json');
  database = await openTestDatabase(config.DATABASE_URL);
  const logStream = { write: (line: string) => void lines.push(line) };
  built = await buildApp(config, {
    db: database.db,
    secret: randomBytes(32).toString('base64url'),
    logStream,
  });
  const { app, ctx } = built;
  // Two failing statements with values bound as parameters, as a route's bug would make them.
  app.get('/api/test-log/cast', { config: { access: 'public' } }, async () => {
    await ctx.db.execute(sql`select ${CHAT}::int as n`);
    return {};
  });
  app.get('/api/test-log/duplicate', { config: { access: 'public' } }, async () => {
    const user = { email: EMAIL, firstName: 'Bill', lastName: 'Ing', passwordHash: 'x' };
    await createUser(ctx.db, user);
    await createUser(ctx.db, user);
    return {};
  });
  await app.ready();
});

afterAll(async () => {
  await built.app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const headers = { 'api-type': 'web', 'api-version': '1' };
const logged = () => lines.join('');

describe('server logs', () => {
  it('never carry the token or signature of a query string; one JSON line per request', async () => {
    lines = [];
    const urls = [
      `${API.auth.verify}?token=${SECRET}`,
      `/reset-password?token=${SECRET}`,
      `/signup?inviteCode=${SECRET}&email=someone%40example.com`,
      `${API.blobs.parts}?key=k&uploadId=u&partNumber=1&expires=1&sig=${SECRET}`,
      `${API.blobs.object}?key=k&expires=1&sig=${SECRET}`,
      `${API.projects.info}?project_db_id=p&token=${SECRET}`,
      // a review link opens the asset without an account: its token is as good as a password
      `${API.review.root}?${REVIEW_PARAM}=${SECRET}`,
      `${API.review.file}?${REVIEW_PARAM}=${SECRET}&kind=proxy`,
      reviewPagePath(SECRET),
    ];
    for (const url of urls) await built.app.inject({ method: 'GET', url, headers });
    const text = logged();
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('someone');
    const requestLines = lines.map((l) => JSON.parse(l) as { msg: string; req?: { url: string } });
    const answered = requestLines.filter((l) => l.req);
    expect(answered).toHaveLength(urls.length);
    expect(answered[0]!.req!.url).toBe(`${API.auth.verify}?[redacted]`);
    expect(answered[0]!.msg).toMatch(new RegExp(`^GET ${API.auth.verify}\\?\\[redacted\\] \\d{3} \\d+ ms$`));
    expect(answered[5]!.req!.url).toBe(`${API.projects.info}?project_db_id=p&token=%5Bredacted%5D`);
    expect(answered[7]!.req!.url).toBe(`${API.review.file}?shared_link=%5Bredacted%5D&kind=proxy`);
  });

  it('log a failed query with its statement but without its parameter values', async () => {
    lines = [];
    const cast = await built.app.inject({ method: 'GET', url: '/api/test-log/cast', headers });
    const duplicate = await built.app.inject({ method: 'GET', url: '/api/test-log/duplicate', headers });
    expect([cast.statusCode, duplicate.statusCode]).toEqual([500, 500]);
    const errors = lines
      .map((l) => JSON.parse(l) as { msg: string; request_id?: string; err?: { message: string } })
      .filter((l) => l.msg === 'unexpected error');
    expect(errors).toHaveLength(2);
    expect(errors[0]!.err!.message).toContain('Failed query: select $1::int as n');
    expect(errors[0]!.request_id).toBe((cast.json() as { data: { request_id: string } }).data.request_id);
    expect(errors[1]!.err!.message).toContain('insert into "users"');
    const text = logged();
    expect(text).not.toContain(CHAT);
    expect(text).not.toContain('4321');
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain('Bill');
  });
});

describe('redactUrl and serializeError', () => {
  it('keep what is not secret', () => {
    expect(redactUrl('/api/media/file?ingest_db_id=a&kind=proxy')).toBe(
      '/api/media/file?ingest_db_id=a&kind=proxy',
    );
    expect(redactUrl('/api/tasks')).toBe('/api/tasks');
    expect(redactUrl(`/verify/?token=${SECRET}`)).toBe('/verify/?[redacted]');
    expect(redactUrl('/device?code=WDJB-MJHT')).toBe('/device?[redacted]');
  });

  it('redact every query parameter of the API that carries a secret, and only those', () => {
    // What each route's query may hold, from the route map: a new parameter name has to be placed
    // on one side or the other here.
    const secret = new Set([REVIEW_PARAM, 'token', 'user_code']);
    const names = new Set(ALL_ROUTES.flatMap((r) => (r.query ? queryKeys(r.query) : [])));
    expect(names.size).toBeGreaterThan(30);
    for (const name of names) {
      const redacted = redactUrl(`/api/x?${name}=v`) === `/api/x?${name}=%5Bredacted%5D`;
      expect([name, redacted]).toEqual([name, secret.has(name)]);
    }
    // and the ones outside the route map: the desktop sockets, the sign-up and login pages
    for (const name of ['launch_token', 'inviteCode', 'email', 'sig', 'signature', 'passcode'])
      expect(redactUrl(`/x?${name}=v`)).toBe(`/x?${name}=%5Bredacted%5D`);
  });

  it('drop params and detail, also of a plain driver error', () => {
    const pgError = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      {
        code: '23505',
        detail: `Key (email)=(${EMAIL}) already exists.`,
        params: [EMAIL],
      },
    );
    const out = serializeError(pgError);
    expect(out.code).toBe('23505');
    expect(JSON.stringify(out)).not.toContain(EMAIL);
  });
});

/** The keys of a route's query schema (an object, possibly refined or piped). */
function queryKeys(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (def.shape) return Object.keys(def.shape as object);
  for (const inner of [def.in, def.innerType, def.schema]) if (inner) return queryKeys(inner as z.ZodType);
  if (def.left) return [...queryKeys(def.left as z.ZodType), ...queryKeys(def.right as z.ZodType)];
  throw new Error(`no keys in a ${String(def.type)} query`);
}
