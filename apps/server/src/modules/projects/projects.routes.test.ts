import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, PROJECT_PERMISSIONS, PROJECT_PERMISSION_CODES, type ProjectInfo } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { jobs, projectPermissions, projects } from '../../db/schema/index.ts';
import { apiTeam, crew, permissionIdOf, setPlan } from '../teams/teams.testkit.ts';
import {
  addMembers,
  apiFolder,
  apiProject,
  bigTeam,
  call,
  insertFile,
  person,
  projectRow,
  projectTitle,
  studio,
} from './projects.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Errors = { errors: Record<string, string> };

describe('project permission catalogue', () => {
  it('the migration seeded the same ids, codes and titles as the shared catalogue', async () => {
    const rows = await t.ctx.db.select().from(projectPermissions).orderBy(projectPermissions.id);
    expect(rows.map((r) => ({ id: r.id, code: r.code, title: r.title }))).toEqual(
      PROJECT_PERMISSIONS.map((p) => ({ ...p })),
    );
  });
});

describe('POST /api/projects (create)', () => {
  it('creates a project in the team; the creator holds every code', async () => {
    const owner = await person(t);
    const teamId = await bigTeam(t, owner);
    const title = projectTitle('Launch_film');
    const res = await call<{ message: string; project_db_id: string; project: { role: string } }>(
      t,
      'POST',
      API.projects.root,
      owner,
      { team_db_id: teamId, title: `  ${title}  ` },
    );
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.projectCreated } });
    expect(res.body.data.project).toMatchObject({
      title,
      role: 'creator',
      team_db_id: teamId,
      no_of_members: 1,
    });
    const row = await projectRow(t, res.body.data.project_db_id);
    expect(row).toMatchObject({ title, teamId, createdBy: owner.user.id, storageUsed: 0, totalAssets: 0 });
    expect(row!.projectCode).toMatch(/^PR[A-Z2-9]{8}$/);
    const info = await call<ProjectInfo>(t, 'GET', API.projects.info, owner, {
      project_db_id: res.body.data.project_db_id,
    });
    expect(info.body.data.permissions).toEqual(PROJECT_PERMISSION_CODES);
  });

  it.each([
    ['Film #1', MSG.removeSpecialCharacters],
    ['Café', MSG.removeSpecialCharacters],
    ['    ', MSG.removeBlankSpace],
    ['', MSG.required],
    ['x'.repeat(101), MSG.charLimit100],
  ])('refuses the name %j with %j', async (title, message) => {
    const owner = await person(t);
    const teamId = await bigTeam(t, owner);
    const res = await call<Errors>(t, 'POST', API.projects.root, owner, { team_db_id: teamId, title });
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(message);
    expect(res.body.data.errors.title).toBe(message);
  });

  it('accepts exactly 100 characters', async () => {
    const owner = await person(t);
    const res = await call(t, 'POST', API.projects.root, owner, {
      team_db_id: await bigTeam(t, owner),
      title: 'x'.repeat(100),
    });
    expect(res.body.response).toBe(true);
  });

  it('refuses a non-member of the team, a member without can_create_projects, and anonymous callers', async () => {
    const owner = await person(t);
    const outsider = await person(t);
    const limited = await person(t);
    const teamId = await apiTeam(t, owner, {
      ids: [limited.user.id],
      permissions: [await permissionIdOf(t, 'can_view_app_integration')],
    });
    const body = { team_db_id: teamId, title: 'Nope' };
    const outsiderRes = await call(t, 'POST', API.projects.root, outsider, body);
    expect(outsiderRes.status).toBe(403);
    expect(outsiderRes.body.errormessage).toBe(MSG.noTeamAccess);
    const limitedRes = await call(t, 'POST', API.projects.root, limited, body);
    expect(limitedRes.status).toBe(403);
    expect(limitedRes.body.errormessage).toBe(MSG.forbidden);
    const anon = await call(t, 'POST', API.projects.root, undefined, body);
    expect(anon.status).toBe(401);
    expect(await t.ctx.db.select().from(projects).where(eq(projects.teamId, teamId))).toHaveLength(0);
  });

  it("a plain member with the default codes may create; the plan's project_limit answers upgrade_required", async () => {
    const { owner, member, teamId } = await crew(t);
    await setPlan(t, teamId, 'free'); // project_limit 3
    for (let i = 0; i < 2; i++) await apiProject(t, owner, teamId);
    await apiProject(t, member, teamId);
    const res = await call<{ upgrade_required: { message: string; website_link: string } }>(
      t,
      'POST',
      API.projects.root,
      owner,
      { team_db_id: teamId, title: 'One too many' },
    );
    expect(res.status).toBe(403);
    expect(res.body.errormessage).toBe(MSG.upgradeProjectLimit);
    expect(res.body.data.upgrade_required).toMatchObject({
      message: MSG.upgradeProjectLimit,
      website_link: '/subscription?sidebar=upgrade-plan',
    });
    await setPlan(t, teamId, 'pro');
    expect(
      (await call(t, 'POST', API.projects.root, owner, { team_db_id: teamId, title: 'Now fine' })).body
        .response,
    ).toBe(true);
  });
});

describe('GET /api/projects/info', () => {
  it('answers storage_used, total_assets, role and codes to members; refuses others', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    await insertFile(t, projectId, { size: 2048 });
    await apiFolder(t, owner, projectId, 'Dailies');
    const res = await call<ProjectInfo>(t, 'GET', API.projects.info, collaborator, {
      project_db_id: projectId,
    });
    expect(res.body.data).toMatchObject({
      project_db_id: projectId,
      storage_used: 2048,
      total_assets: 2,
      role: 'collaborator',
    });
    expect(res.body.data.permissions).toContain('can_upload_assets');
    expect(res.body.data.permissions).not.toContain('can_delete_assets');
    const stranger = await person(t);
    const refused = await call(t, 'GET', API.projects.info, stranger, { project_db_id: projectId });
    expect(refused.status).toBe(403);
    expect(refused.body.errormessage).toBe(MSG.noProjectAccess);
    expect((await call(t, 'GET', API.projects.info, undefined, { project_db_id: projectId })).status).toBe(
      401,
    );
    const bad = await call<Errors>(t, 'GET', API.projects.info, owner, { project_db_id: 'nope' });
    expect(bad.status).toBe(400);
  });
});

describe('DELETE /api/projects', () => {
  it('the creator deletes; the blobs go by a job enqueued with the deletion', async () => {
    const { owner, projectId } = await studio(t);
    const file = await insertFile(t, projectId);
    await t.ctx.blobs.putObject(file.blobKey!, Buffer.from('frames'), { contentType: 'video/mp4' });
    const res = await call(t, 'DELETE', API.projects.root, owner, { project_db_id: projectId });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.projectDeleted } });
    expect(await projectRow(t, projectId)).toBeNull();
    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'assets.delete_blobs'));
    expect(queued.some((j) => JSON.stringify(j.data).includes(file.blobKey!))).toBe(true);
    await t.ctx.jobs.drainForTests();
    expect(await t.ctx.blobs.headObject(file.blobKey!)).toBeNull();
  });

  it('refuses members other than the creator (even admins), strangers and anonymous callers', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const admin = await person(t);
    await addMembers(t, owner, projectId, [admin], 'admin');
    for (const who of [collaborator, admin, await person(t)]) {
      const res = await call(t, 'DELETE', API.projects.root, who, { project_db_id: projectId });
      expect(res.status).toBe(403);
    }
    expect((await call(t, 'DELETE', API.projects.root, undefined, { project_db_id: projectId })).status).toBe(
      401,
    );
    expect(await projectRow(t, projectId)).not.toBeNull();
  });
});
