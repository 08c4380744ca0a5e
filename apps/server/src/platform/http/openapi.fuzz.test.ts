import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { API, isProductMessage } from '@rushes/shared';
import { createTestApp, sessionCookie, type TestApp } from '../../../test/harness.ts';
import { randomAddress } from '../../../test/inject.ts';
import { bodyFor, queryValueFor, type JsonSchema, type KnownIds } from '../../../test/openapi-arbitraries.ts';
import { apiProject, person, type Person } from '../../modules/projects/projects.testkit.ts';
import { apiTask } from '../../modules/tasks/tasks.testkit.ts';
import { addMembers } from '../../modules/projects/projects.testkit.ts';
import { findPersonalTeam } from '../../modules/teams/teams.service.ts';

/**
 * Every route of the OpenAPI document gets hostile bodies, queries and path parameters generated
 * from its own schema (openapi-arbitraries.ts), as a logged-in user with a team, a project and a task.
 * Asserted: no 5xx, every JSON answer is the envelope {response, data, errormessage} and a refusal
 * carries one of our texts, and the server still answers its health check at the end.
 * API_FUZZ_RUNS cases per route (default 20); API_FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.API_FUZZ_RUNS ?? 20);
const SEED = Number(process.env.API_FUZZ_SEED ?? Date.now() % 2 ** 31);

/**
 * Not fuzzed: the signed blob part PUT takes raw bytes, not JSON (its signature is checked first
 * and the uploads tests cover its bytes); the API docs are the swagger UI's static files.
 */
const SKIP = [
  (method: string, path: string) => method === 'put' && path === '/api/blobs/parts',
  (_: string, path: string) => path.startsWith(API.docs),
];

interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

let t: TestApp;
let owner: Person;
let ids: KnownIds;

beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t);
  const editor = await person(t);
  const other = await person(t);
  const projectId = await apiProject(t, owner);
  await addMembers(t, owner, projectId, [editor]);
  const task = await apiTask(t, owner, projectId, editor);
  const otherProject = await apiProject(t, other);
  const ownTeam = (await findPersonalTeam(t.ctx.db, owner.user.id))!.id;
  const otherTeam = (await findPersonalTeam(t.ctx.db, other.user.id))!.id;
  ids = {
    own: [projectId, task.task_db_id, ownTeam, owner.user.id, editor.user.id],
    foreign: [otherProject, otherTeam, other.user.id],
    named: {
      project_db_id: projectId,
      task_db_id: task.task_db_id,
      team_id: ownTeam,
      team_db_id: ownTeam,
      user_db_id: editor.user.id,
      assigned_to: editor.user.id,
    },
  };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

interface Case {
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
}

function caseFor(op: Operation): fc.Arbitrary<Case> {
  const params = op.parameters ?? [];
  const pick = (where: string) => {
    const record: Record<string, fc.Arbitrary<string | string[]>> = {};
    for (const p of params.filter((x) => x.in === where))
      record[p.name] = queryValueFor(p.schema ?? {}, ids, p.name);
    return fc.record(record, { requiredKeys: where === 'path' ? Object.keys(record) : [] });
  };
  const json = op.requestBody?.content?.['application/json']?.schema;
  return fc.record({
    path: pick('path').map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)]))),
    query: pick('query'),
    body: json ? bodyFor(json, ids) : fc.constant(undefined),
  });
}

const short = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

describe('OpenAPI fuzz', () => {
  it('answers every route with the envelope and never a 5xx', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let sent = 0;
    // Deletes last, so a case that deletes the caller's own project does not starve the other routes.
    const routes = Object.entries(doc.paths)
      .flatMap(([template, ops]) => Object.entries(ops).map(([method, op]) => ({ template, method, op })))
      .sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
    for (const { template, method, op } of routes) {
      {
        if (SKIP.some((skip) => skip(method, template))) continue;
        const cases = fc.sample(caseFor(op), { numRuns: RUNS, seed: SEED + sent });
        for (const c of cases) {
          const url = template.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(c.path[k] ?? ''));
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            query: c.query,
            ...(c.body === undefined ? {} : { payload: JSON.stringify(c.body) }),
            remoteAddress: randomAddress(),
            headers: {
              'api-type': 'web',
              'api-version': '1',
              cookie: owner.cookie,
              ...(c.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
          });
          sent += 1;
          const where = `${method.toUpperCase()} ${template} query=${short(c.query)} body=${short(c.body)}`;
          if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where} → ${res.body.slice(0, 200)}`);
          if (String(res.headers['content-type'] ?? '').includes('application/json')) {
            const body = res.json() as Record<string, unknown>;
            const envelope = typeof body.response === 'boolean' && 'errormessage' in body && 'data' in body;
            if (!envelope) failures.push(`not the envelope: ${where} → ${res.body.slice(0, 200)}`);
            else if (!body.response && !isProductMessage(body.errormessage)) {
              failures.push(`foreign text '${String(body.errormessage)}': ${where}`);
            }
          }
          // A route that ends the session (logout, password change) must not end the fuzzing.
          if (res.statusCode === 401) owner = { ...owner, cookie: await sessionCookie(t.ctx, owner.user) };
        }
      }
    }
    expect(sent).toBeGreaterThan(RUNS * 50);
    // Server errors first: they matter most and a long list is cut in the report.
    failures.sort((a, b) => Number(!a.startsWith('5')) - Number(!b.startsWith('5')));
    expect(failures, `seed ${SEED}; replay with API_FUZZ_SEED=${SEED}`).toEqual([]);
    const health = await t.app.inject({ method: 'GET', url: API.health });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ response: true });
  }, 180_000);
});
