import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  MSG,
  REVIEWER_BADGE,
  type ReviewerSearchResult,
  type TaskRequest,
  type TaskRequestList,
} from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { projectMemberPermissions, projectMembers } from '../../db/schema/index.ts';
import { bigTeam, insertFile } from '../projects/projects.testkit.ts';
import { addMembers, apiProject, call, person, type Person } from '../tasks/tasks.testkit.ts';

type Errors = { errors: Record<string, string> };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A team (owner, bob, tess); a project of it with bob only; a stranger outside both. */
async function setup() {
  const owner = await person(t, { firstName: 'Ava', lastName: 'Owner' });
  const bob = await person(t, { firstName: 'Bob', lastName: 'Editor' });
  const tess = await person(t, { firstName: 'Tess', lastName: 'Teammate' });
  const stranger = await person(t, { firstName: 'Tessa', lastName: 'Stranger' });
  const teamId = await bigTeam(t, owner, [bob.user.id, tess.user.id]);
  const projectId = await apiProject(t, owner, teamId);
  await addMembers(t, owner, projectId, [bob]);
  const asset = await insertFile(t, projectId, { title: 'grade_v2.mov' });
  return { owner, bob, tess, stranger, teamId, projectId, assetId: asset.id };
}

const search = (who: Person | undefined, q: Record<string, string>) =>
  call<ReviewerSearchResult & Errors>(t, 'GET', API.approvals.userSearch, who, q);
const create = (who: Person, body: Record<string, unknown>) =>
  call<{ task_request: TaskRequest } & Errors>(t, 'POST', API.approvals.root, who, {
    task_type: 'task_review',
    comment: 'Notes on the grade?',
    ...body,
  });
const membership = async (projectId: string, userId: string) => {
  const where = and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId));
  const [row] = await t.ctx.db.select().from(projectMembers).where(where);
  const codes = await t.ctx.db
    .select()
    .from(projectMemberPermissions)
    .where(
      and(eq(projectMemberPermissions.projectId, projectId), eq(projectMemberPermissions.userId, userId)),
    );
  return row ? { role: row.role, badge: row.badge, codes: codes.length } : null;
};

describe('people to ask for an approval or review', () => {
  it("searches the project's team and members (not only members), says who is in the project, never strangers", async () => {
    const { owner, bob, tess, assetId, teamId } = await setup();
    const res = await search(owner, { ingest_db_id: assetId, search_text: 'tess', team_id: teamId });
    expect(res.body.response).toBe(true);
    expect(res.body.data.users).toEqual([
      { user_id: tess.user.id, name: 'Tess Teammate', in_project: false },
    ]);
    const members = await search(owner, { ingest_db_id: assetId, search_text: 'Bob Ed' });
    expect(members.body.data.users).toEqual([{ user_id: bob.user.id, name: 'Bob Editor', in_project: true }]);
    // the caller is not offered
    expect((await search(owner, { ingest_db_id: assetId, search_text: 'Ava' })).body.data.users).toEqual([]);
    const short = await search(owner, { ingest_db_id: assetId, search_text: 'te' });
    expect(short.status).toBe(400);
    expect(short.body.data.errors.search_text).toBe(MSG.noUserFound);
  });

  it('refuses people outside the project and anonymous callers', async () => {
    const { tess, stranger, assetId } = await setup();
    // a teammate who is not in the project cannot search its asset's people
    const teammate = await search(tess, { ingest_db_id: assetId, search_text: 'Bob' });
    expect(teammate.status).toBe(403);
    expect(teammate.body.errormessage).toBe(MSG.assetNotFound);
    expect((await search(stranger, { ingest_db_id: assetId, search_text: 'Bob' })).status).toBe(403);
    expect((await search(undefined, { ingest_db_id: assetId, search_text: 'Bob' })).status).toBe(401);
  });

  it('a teammate outside the project, asked by someone who may add collaborators, joins it as a reviewer', async () => {
    const { owner, tess, projectId, assetId } = await setup();
    const res = await create(owner, { ingest_db_id: assetId, user_ids: [tess.user.id] });
    expect(res.body.response).toBe(true);
    expect(res.body.data.task_request.users).toEqual([{ user_id: tess.user.id, name: 'Tess Teammate' }]);
    expect(await membership(projectId, tess.user.id)).toEqual({
      role: 'collaborator',
      badge: REVIEWER_BADGE,
      codes: 0,
    });
    // now in the project: they read the request and may set the approval status
    const seen = await call<TaskRequestList>(t, 'GET', API.approvals.root, tess, { ingest_db_id: assetId });
    expect(seen.body.data.can_set_status).toBe(true);
    const again = await search(owner, { ingest_db_id: assetId, search_text: 'tess' });
    expect(again.body.data.users[0].in_project).toBe(true);
  });

  it('is refused with a clear message when the asker may not add collaborators; strangers never', async () => {
    const { owner, bob, tess, stranger, projectId, assetId } = await setup();
    const byBob = await create(bob, { ingest_db_id: assetId, user_ids: [tess.user.id] });
    expect(byBob.status).toBe(400);
    expect(byBob.body.errormessage).toBe(MSG.reviewerNotInProject('Tess Teammate'));
    expect(await membership(projectId, tess.user.id)).toBeNull();

    const outsider = await create(owner, { ingest_db_id: assetId, user_ids: [stranger.user.id] });
    expect(outsider.status).toBe(400);
    expect(outsider.body.errormessage).toBe(MSG.reviewerNotInTeam);
    expect(await membership(projectId, stranger.user.id)).toBeNull();
    // a stranger cannot ask on the asset at all
    const byStranger = await create(stranger, { ingest_db_id: assetId, user_ids: [bob.user.id] });
    expect(byStranger.status).toBe(403);
  });
});
