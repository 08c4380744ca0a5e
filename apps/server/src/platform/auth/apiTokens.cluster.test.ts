import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, API_TOKEN_TEXT } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bigTeam, person } from '../../modules/projects/projects.testkit.ts';

/**
 * Two API nodes on one PostgreSQL (and one Redis when REDIS_URL is set): a token revoked through node
 * A is refused at once by node B (tokens are read from the database on every call, no cache), and
 * with Redis the per-token rate limit is one budget across both nodes.
 */
const multiInstance = Boolean(process.env.DATABASE_URL);

describe.skipIf(!multiInstance)('API tokens across two nodes', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ API_TOKEN_RATE_LIMIT: '4' });
    b = await createTestApp({ API_TOKEN_RATE_LIMIT: '4' }, { sameDatabaseAs: a });
  }, 60_000);
  afterAll(async () => {
    // b first: a drops the database they share
    await b?.close();
    await a?.close();
  });

  const mint = async (t: TestApp, cookie: string, team: string) => {
    const res = await t.call<{ token: string; access_token: { id: string } }>('POST', API.camera.tokens, {
      cookie,
      body: { name: 'two nodes', team_db_id: team, scopes: ['read'] },
    });
    return res.body.data;
  };
  const get = (t: TestApp, token: string) =>
    t.call('GET', API.projects.infoMine, { headers: { authorization: `Bearer ${token}` } });

  it('a token revoked on node A is refused at once on node B', async () => {
    const who = await person(a);
    const team = await bigTeam(a, who);
    const made = await mint(a, who.cookie, team);
    expect((await get(b, made.token)).status).toBe(200);
    expect((await get(a, made.token)).status).toBe(200);
    const revoked = await a.call('DELETE', API.camera.tokens, {
      cookie: who.cookie,
      body: { id: made.access_token.id },
    });
    expect(revoked.status).toBe(200);
    expect((await get(b, made.token)).status).toBe(401);
    expect((await get(a, made.token)).status).toBe(401);
  });

  it.skipIf(!process.env.REDIS_URL)('with Redis, the rate limit is one budget across the nodes', async () => {
    const who = await person(a);
    const team = await bigTeam(a, who);
    const { token } = await mint(a, who.cookie, team);
    for (const node of [a, b, a, b]) expect((await get(node, token)).status).toBe(200);
    const over = await get(b, token);
    expect([over.status, over.body.errormessage]).toEqual([429, API_TOKEN_TEXT.tooManyCalls]);
  });
});
