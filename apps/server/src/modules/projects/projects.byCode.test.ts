import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { listen } from '../../../test/realtime-helpers.ts';
import { call, person, projectRow, studio, type Person } from './projects.testkit.ts';

let t: TestApp;
let appUrl: string;
let owner: Person;
let projectId: string;
let code: string;

/** A personal access token's request, as the uploader sends it. */
const byToken = (token: string, path: string, query: Record<string, string> = {}) =>
  fetch(`${appUrl}${path}?${new URLSearchParams(query)}`, {
    headers: { authorization: `Bearer ${token}`, 'api-type': 'uploader', 'api-version': '1' },
  });
const tokenOf = async (who: Person) =>
  (await call<{ token: string }>(t, 'POST', API.camera.tokens, who, { name: 'laptop' })).body.data.token;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
  appUrl = await listen(t);
  ({ owner, projectId } = await studio(t));
  code = (await projectRow(t, projectId)).projectCode;
});
afterAll(() => t?.close());

describe('the Project ID the page shows, for the uploader', () => {
  it('a member reaches the project by its Project ID (any case) with a personal access token', async () => {
    const res = await byToken(await tokenOf(owner), API.projects.infoByCode, {
      project_id: code.toLowerCase(),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.project_db_id).toBe(projectId);
    expect(body.data.project_id).toBe(code);
  });

  it('someone who is not a member, and an unknown code, get the same "Project not found"', async () => {
    const stranger = await person(t);
    const token = await tokenOf(stranger);
    for (const project_id of [code, 'PRNOSUCH00']) {
      const res = await byToken(token, API.projects.infoByCode, { project_id });
      expect(res.status).toBe(404);
      expect((await res.json()).errormessage).toBe(MSG.projectNotFound);
    }
    const mine = await (await byToken(token, API.projects.infoMine)).json();
    expect(mine.data.projects.map((p: { project_db_id: string }) => p.project_db_id)).not.toContain(
      projectId,
    );
  });

  it("the picker lists the caller's projects with the upload right", async () => {
    const res = await byToken(await tokenOf(owner), API.projects.infoMine);
    expect(res.status).toBe(200);
    const { projects } = (await res.json()).data;
    expect(projects).toContainEqual(
      expect.objectContaining({ project_db_id: projectId, project_id: code, can_upload: true }),
    );
  });
});
