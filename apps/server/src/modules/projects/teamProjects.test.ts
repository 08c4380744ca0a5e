import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { jobs, projects } from '../../db/schema/index.ts';
import { addMembers, apiProject, bigTeam, call, insertFile, person } from './projects.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('deleting a team with projects', () => {
  it("removes its projects, queues their files' deletion and tells every project member", async () => {
    const owner = await person(t);
    const member = await person(t);
    const teamId = await bigTeam(t, owner, [member.user.id]);
    const projectId = await apiProject(t, owner, teamId);
    await addMembers(t, owner, projectId, [member]);
    const file = await insertFile(t, projectId);

    const deleted: { projectId: string; userIds: string[] }[] = [];
    t.ctx.events.on('project.deleted', (e) => void deleted.push(e));

    const team = await call<{ message: string }>(t, 'GET', API.teams.detail, owner, { team_id: teamId });
    const name = (team.body.data as unknown as { team: { name: string } }).team.name;
    const res = await call(t, 'DELETE', API.teams.root, owner, { team_id: teamId, name });
    expect(res.body.response).toBe(true);

    expect(await t.ctx.db.select().from(projects).where(eq(projects.id, projectId))).toHaveLength(0);
    await t.ctx.events.idle(); // listeners run after the answer
    expect(deleted).toEqual([
      { projectId, userIds: expect.arrayContaining([owner.user.id, member.user.id]) },
    ]);
    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'assets.delete_blobs'));
    expect(queued.some((j) => (j.data as { keys: string[] }).keys.includes(file.blobKey!))).toBe(true);
  });
});
