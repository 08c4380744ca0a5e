// system programs: curl
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_ROUTES,
  API,
  API_TOKEN_TEXT,
  requiredScope,
  type AccessToken,
  type ApiScope,
  type RouteDef,
} from '@rushes/shared';
import { auditLog, personalAccessTokens } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { listen } from '../../../test/realtime-helpers.ts';
import { apiProject, bigTeam, person, type Person } from '../../modules/projects/projects.testkit.ts';
import { makeTask } from '../../modules/tasks/tasks.testkit.ts';
import { guardedRoutes, type GuardedRoute } from './guard.ts';
import { haveBinary } from '../../../test/programs.ts';

/**
 * The public API's tokens (a personal access token with a team and scopes), as a client sees them:
 * a generated walk over the live route table for the scopes, the token's team, the account's own
 * routes, revocation, the audit entries, the per-token rate limit, the OpenAPI document and curl.
 */

const MAP = new Map(ALL_ROUTES.map((r) => [`${r.method} ${r.path}`, r]));
const entryOf = (r: GuardedRoute): RouteDef => {
  const entry = MAP.get(`${r.method} ${r.url}`);
  if (!entry) throw new Error(`${r.method} ${r.url} is registered but not in the route map`);
  return entry;
};
/** Routes a token's scope decides (the public ones take no token; the 2FA step no token either). */
const byToken = (t: TestApp) =>
  guardedRoutes(t.app).filter((r) => r.access === 'user' && !r.url.includes('*'));
const concrete = (url: string) => url.replace(/:(\w+)/g, randomUUID());

let t: TestApp;
let owner: Person;
let teamA: string;
let teamB: string;
let projectA: string;
let projectB: string;

async function makeToken(who: Person, body: { team_db_id?: string; scopes?: ApiScope[] }, name = 'ci') {
  const res = await t.call<{ token: string; access_token: AccessToken }>('POST', API.camera.tokens, {
    cookie: who.cookie,
    body: { name, ...body },
  });
  expect(res.status, res.body.errormessage).toBe(200);
  return res.body.data;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const asToken = (token: string, method: string, url: string, data?: Record<string, unknown>) =>
  t.call(method as 'GET', url, {
    headers: bearer(token),
    ...(method === 'GET' ? { query: data as Record<string, string> } : { body: data ?? {} }),
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t);
  teamA = await bigTeam(t, owner);
  // a second team of the same owner (a team is made with at least one member)
  teamB = await bigTeam(t, owner, [(await person(t)).user.id]);
  projectA = await apiProject(t, owner, teamA, 'Alpha reel');
  projectB = await apiProject(t, owner, teamB, 'Bravo reel');
}, 60_000);
afterAll(() => t?.close());

describe('scopes, over the whole route table', () => {
  it('a read token gets 403 from the scope check on every write route, before validation', async () => {
    const { token } = await makeToken(owner, { team_db_id: teamA, scopes: ['read'] });
    const writes = byToken(t).filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(100);
    for (const route of writes) {
      const need = requiredScope(entryOf(route));
      const res = await asToken(token, route.method, concrete(route.url));
      expect([route.url, route.method, res.status, res.body.errormessage]).toEqual([
        route.url,
        route.method,
        403,
        need === 'session' ? API_TOKEN_TEXT.sessionOnly : API_TOKEN_TEXT.needsScope(need as ApiScope),
      ]);
    }
  });

  it('a write token gets 403 on every team-admin route, and on the upload protocol', async () => {
    const { token } = await makeToken(owner, { team_db_id: teamA, scopes: ['read', 'write'] });
    const admin = byToken(t).filter((r) => requiredScope(entryOf(r)) === 'admin');
    expect(admin.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([`POST ${API.teams.members}`, `POST ${API.teams.memberPermissions}`]),
    );
    for (const route of admin) {
      const res = await asToken(token, route.method, concrete(route.url));
      expect([route.method, route.url, res.status, res.body.errormessage]).toEqual([
        route.method,
        route.url,
        403,
        API_TOKEN_TEXT.needsScope('admin'),
      ]);
    }
    const upload = await asToken(token, 'POST', API.uploads.root, { project_db_id: projectA });
    expect([upload.status, upload.body.errormessage]).toEqual([403, API_TOKEN_TEXT.needsScope('upload')]);
  });

  it('a read token reads its team; a write token writes; an admin token manages the team', async () => {
    const read = await makeToken(owner, { team_db_id: teamA, scopes: ['read'] });
    const mine = await asToken(read.token, 'GET', API.projects.infoMine);
    expect(mine.status).toBe(200);
    // the token's team only: the project of team B is not listed
    expect((mine.body.data as { projects: { title: string }[] }).projects.map((p) => p.title)).toEqual([
      'Alpha reel',
    ]);
    const info = await asToken(read.token, 'GET', API.projects.info, { project_db_id: projectA });
    expect(info.status).toBe(200);

    const write = await makeToken(owner, { team_db_id: teamA, scopes: ['write'] });
    const made = await asToken(write.token, 'POST', API.projects.root, {
      team_db_id: teamA,
      title: 'By API',
    });
    expect([made.status, made.body.errormessage]).toEqual([200, '']);
    const noRead = await asToken(write.token, 'GET', API.projects.infoMine);
    expect([noRead.status, noRead.body.errormessage]).toEqual([403, API_TOKEN_TEXT.needsScope('read')]);

    const admin = await makeToken(owner, { team_db_id: teamA, scopes: ['admin'] });
    const perms = await asToken(admin.token, 'GET', API.teams.memberPermissions, {
      team_id: teamA,
      user_db_id: owner.user.id,
    });
    expect(perms.status).toBe(200);
  });

  it("a token's calls obey its user's policies: another person's project is refused", async () => {
    const stranger = await person(t);
    const theirs = await apiProject(t, stranger);
    const { token } = await makeToken(owner, { team_db_id: teamA, scopes: ['read'] });
    const res = await asToken(token, 'GET', API.projects.info, { project_db_id: theirs });
    expect(res.status).toBe(403);
    // and a stranger cannot make a token for a team they are not in
    const refused = await t.call('POST', API.camera.tokens, {
      cookie: stranger.cookie,
      body: { name: 'x', team_db_id: teamA, scopes: ['read'] },
    });
    expect(refused.status).toBe(403);
  });
});

describe("the token's team", () => {
  it('a call naming another team (query or body), or loading its project, is refused', async () => {
    const { token } = await makeToken(owner, { team_db_id: teamA, scopes: ['read', 'write'] });
    const other = API_TOKEN_TEXT.otherTeam;
    const byQuery = await asToken(token, 'GET', API.projects.trays, {
      tray_name: 'my_projects',
      team_db_id: teamB,
    });
    expect([byQuery.status, byQuery.body.errormessage]).toEqual([403, other]);
    const byBody = await asToken(token, 'POST', API.projects.root, { team_db_id: teamB, title: 'No' });
    expect([byBody.status, byBody.body.errormessage]).toEqual([403, other]);
    const byProject = await asToken(token, 'GET', API.projects.info, { project_db_id: projectB });
    expect([byProject.status, byProject.body.errormessage]).toEqual([403, other]);
    // the owner's session still reaches team B
    const session = await t.call('GET', API.projects.info, {
      cookie: owner.cookie,
      query: { project_db_id: projectB },
    });
    expect(session.status).toBe(200);
  });
});

describe("the home task trays, for a token's team", () => {
  it("list the tasks of the token's team only; the session lists both teams'", async () => {
    const inA = (await makeTask(t, owner, projectA, owner)).task_db_id;
    const inB = (await makeTask(t, owner, projectB, owner)).task_db_id;
    const { token } = await makeToken(owner, { team_db_id: teamA, scopes: ['read'] });
    const ids = (res: Awaited<ReturnType<typeof asToken>>) =>
      (res.body.data as { data: { task_db_id: string }[] }).data.map((task) => task.task_db_id);
    for (const tray_name of ['my_tasks', 'assigned_tasks']) {
      const viaToken = ids(await asToken(token, 'GET', API.tasks.trays, { tray_name }));
      expect([tray_name, viaToken]).toEqual([tray_name, [inA]]);
      const session = await t.call('GET', API.tasks.trays, { cookie: owner.cookie, query: { tray_name } });
      expect(ids(session)).toEqual(expect.arrayContaining([inA, inB]));
    }
  });
});

describe('one team', () => {
  it("a token sees its own team in the team list, not the account's others, and cannot make or join one", async () => {
    // the Team Settings list holds the teams that are not a personal account: two more of the owner's
    const teamC = await bigTeam(t, owner, [(await person(t)).user.id]);
    const listOf = async (res: Awaited<ReturnType<typeof asToken>>) =>
      (res.body.data as { teams: { team_db_id: string }[] }).teams.map((team) => team.team_db_id);
    const { token } = await makeToken(owner, { team_db_id: teamB, scopes: ['read', 'write'] });
    expect(await listOf(await asToken(token, 'GET', API.teams.root, {}))).toEqual([teamB]);
    const session = await t.call('GET', API.teams.root, { cookie: owner.cookie, query: {} });
    expect(await listOf(session)).toEqual(expect.arrayContaining([teamB, teamC]));
    const people = await asToken(token, 'GET', API.teams.root, { tab: 'users' });
    expect([people.status, people.body.errormessage]).toEqual([403, API_TOKEN_TEXT.otherTeam]);
    for (const [url, body] of [
      [API.teams.root, { name: 'Side team', aws_region: 'eu-west-1', user_emails: [], user_db_ids: [] }],
      [API.teams.acceptInvite, { invite_code: 'X' }],
      [API.projects.acceptInvite, { invite_code: 'X' }],
    ] as const) {
      const res = await asToken(token, 'POST', url, body);
      expect([url, res.status, res.body.errormessage]).toEqual([url, 403, API_TOKEN_TEXT.sessionOnly]);
    }
  });
});

describe("the account's own sign-in", () => {
  it('a token (even with every scope) cannot make tokens, change the password or read the session', async () => {
    const { token } = await makeToken(owner, {
      team_db_id: teamA,
      scopes: ['read', 'write', 'upload', 'admin'],
    });
    for (const [method, url, body] of [
      ['POST', API.camera.tokens, { name: 'more', team_db_id: teamA, scopes: ['admin'] }],
      ['GET', API.camera.tokens, undefined],
      ['POST', API.account.changePassword, {}],
      ['GET', API.auth.checkLogin, undefined],
    ] as const) {
      const res = await asToken(token, method, url, body);
      expect([url, res.status, res.body.errormessage]).toEqual([url, 403, API_TOKEN_TEXT.sessionOnly]);
    }
  });
});

describe('create, list, revoke, audit', () => {
  it('the list shows scopes, team and last use; revoking refuses the next call; audit entries', async () => {
    const made = await makeToken(owner, { team_db_id: teamA, scopes: ['read', 'read'] }, 'Reporting');
    expect(made.token).toMatch(/^rsh_/);
    expect(made.access_token.scopes).toEqual(['read']);
    const listed = async () =>
      (
        await t.call<{ tokens: AccessToken[] }>('GET', API.camera.tokens, { cookie: owner.cookie })
      ).body.data.tokens.find((x) => x.id === made.access_token.id)!;
    expect(await listed()).toMatchObject({ scopes: ['read'], team: { id: teamA }, last_used_on: null });
    expect(JSON.stringify(await listed())).not.toContain(made.token);

    expect((await asToken(made.token, 'GET', API.projects.infoMine)).status).toBe(200);
    expect((await asToken(made.token, 'GET', API.projects.infoMine)).status).toBe(200);
    expect((await listed()).last_used_on).not.toBeNull();

    const entries = async (action: string) =>
      t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, made.access_token.id), eq(auditLog.action, action)));
    expect((await entries('api.token_created'))[0]).toMatchObject({ teamId: teamA, actorId: owner.user.id });
    // one use entry per minute, not one per call
    const used = await entries('api.token_used');
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({ teamId: teamA, actorKind: 'token', tokenId: made.access_token.id });
    await t.ctx.db
      .update(personalAccessTokens)
      .set({ lastUsedAt: new Date(Date.now() - 120_000) })
      .where(eq(personalAccessTokens.id, made.access_token.id));
    await asToken(made.token, 'GET', API.projects.infoMine);
    expect(await entries('api.token_used')).toHaveLength(2);

    const revoked = await t.call('DELETE', API.camera.tokens, {
      cookie: owner.cookie,
      body: { id: made.access_token.id },
    });
    expect(revoked.status).toBe(200);
    expect((await asToken(made.token, 'GET', API.projects.infoMine)).status).toBe(401);
    expect((await listed()).revoked).toBe(true);
    expect(await entries('api.token_revoked')).toHaveLength(1);
  });

  it("the uploader's token (no team) keeps {upload} and its paths only", async () => {
    // the web client adds the selected team to every call: without scopes it is still the uploader's
    const made = await makeToken(owner, { team_db_id: teamA }, 'laptop');
    expect(made.access_token).toMatchObject({ scopes: ['upload'], team: null });
    expect((await asToken(made.token, 'GET', API.projects.infoMine)).status).toBe(200);
    expect((await asToken(made.token, 'GET', API.teams.root)).status).toBe(401);
    const noTeam = await t.call('POST', API.camera.tokens, {
      cookie: owner.cookie,
      body: { name: 'x', team_db_id: teamA, scopes: [] },
    });
    expect([noTeam.status, noTeam.body.errormessage]).toEqual([400, API_TOKEN_TEXT.scopesRequired]);
  });
});

describe('the OpenAPI document and a real client', () => {
  it('declares the bearer scheme and every operation its scope', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API.docs}/json` })).json() as {
      info: { description: string };
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { 'x-required-scope'?: string; security?: object[] }>>;
    };
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.info.description).toContain('curl -H "Authorization: Bearer rsh_');
    // read from any machine: the example names no loopback address
    expect(doc.info.description).not.toMatch(/localhost|127\.0\.0\.1/);
    let count = 0;
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        count++;
        const entry = MAP.get(`${method.toUpperCase()} ${path}`);
        const scope = op['x-required-scope'];
        expect([method, path, scope]).toEqual([
          method,
          path,
          entry ? requiredScope(entry) : expect.stringMatching(/^(none|read|write|upload|admin|session)$/),
        ]);
        if (['read', 'write', 'upload', 'admin'].includes(scope!))
          expect(op.security).toEqual([{ bearer: [] }, { session: [] }]);
      }
    expect(count).toBeGreaterThan(200);
  });

  it.runIf(haveBinary('curl'))(
    'curl with Authorization: Bearer lists the projects of the token’s team',
    async () => {
      const { token } = await makeToken(owner, { team_db_id: teamA, scopes: ['read'] });
      const url = await listen(t);
      const { stdout } = await promisify(execFile)('curl', [
        '-sS',
        '-H',
        `Authorization: Bearer ${token}`,
        `${url}${API.projects.infoMine}`,
      ]);
      const answer = JSON.parse(stdout) as { response: boolean; data: { projects: { title: string }[] } };
      expect(answer.response).toBe(true);
      expect(answer.data.projects.map((p) => p.title)).toContain('Alpha reel');
      expect(answer.data.projects.map((p) => p.title)).not.toContain('Bravo reel');
    },
  );
});

describe('the per-token rate limit', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ API_TOKEN_RATE_LIMIT: '3' });
  }, 60_000);
  afterAll(() => small?.close());

  it('answers 429 past API_TOKEN_RATE_LIMIT calls a minute, per token', async () => {
    const who = await person(small);
    const team = await bigTeam(small, who);
    const mint = async () =>
      (
        await small.call<{ token: string }>('POST', API.camera.tokens, {
          cookie: who.cookie,
          body: { name: 'x', team_db_id: team, scopes: ['read'] },
        })
      ).body.data.token;
    const [one, two] = [await mint(), await mint()];
    const get = (token: string) => small.call('GET', API.projects.infoMine, { headers: bearer(token) });
    for (let i = 0; i < 3; i++) expect((await get(one)).status).toBe(200);
    const over = await get(one);
    expect([over.status, over.body.errormessage]).toEqual([429, API_TOKEN_TEXT.tooManyCalls]);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // another token has its own budget
    expect((await get(two)).status).toBe(200);
  });
});
