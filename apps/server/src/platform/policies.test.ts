import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoutes } from '@rushes/shared';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../../test/db-template.ts';
import { MODULES } from '../modules/index.ts';
import { ok } from './http/envelope.ts';
import { serve } from './http/serve.ts';
import { defineModule, type AnyModule } from './modules.ts';

/**
 * Route policies resolve at boot (platform/policies.ts): a route-map entry whose policy no manifest
 * registers, or whose request carries none of the ids the registrations read, must stop `buildApp`
 * naming the route and the policy, rather than answer requests with no check before the handler.
 */
let database: Database;
let dataDir = '';
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'rushes-policies-'));
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const boot = (modules: readonly AnyModule[]) =>
  buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_SEED: 'false',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
    }),
    { db: database.db, secret: 'x'.repeat(43), modules },
  );

const probeRoutes = defineRoutes('probe', {
  unregistered: {
    method: 'GET',
    path: '/api/probe/unregistered',
    response: z.object({}),
    policy: 'nobody.registersThis',
  },
  withoutId: {
    method: 'GET',
    path: '/api/probe/without-id',
    query: z.object({ search_text: z.string() }),
    response: z.object({}),
    policy: 'projects.canViewProject',
  },
});

/** A module serving one probe route. */
const probe = (route: (typeof probeRoutes)[keyof typeof probeRoutes]) =>
  defineModule({
    name: 'probe',
    routes: [() => async (fastify) => serve(fastify, route, async () => ok({}))],
  });

describe('boot refuses a route whose policy does not resolve', () => {
  it('a policy name no module registers', async () => {
    await expect(boot([...MODULES, probe(probeRoutes.unregistered)])).rejects.toThrow(
      "GET /api/probe/unregistered declares policy 'nobody.registersThis', which no module registers",
    );
  });

  it('a registered policy whose ids the route does not carry', async () => {
    await expect(boot([...MODULES, probe(probeRoutes.withoutId)])).rejects.toThrow(
      "GET /api/probe/without-id declares policy 'projects.canViewProject', but its request carries none of project_db_id",
    );
  });
});
