import { describe, expect, it } from 'vitest';
import { API, MSG, type ProjectInfo } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { realtimeWorld } from '../../../test/realtimeWorld.testkit.ts';
import { connect, next } from '../../../test/realtime-helpers.ts';
import { members } from '../../../test/factories.ts';
import { call, person, projectRow, setCodes, studio } from './projects.testkit.ts';

/** PUT /api/projects: the Manage Project panel's rename (spec 002 §2 manage project, §5 project name). */

let t: TestApp;
let url: string;
realtimeWorld((w) => ({ t, url } = w), { closeSocketsAfterEach: true });

type Errors = { errors: Record<string, string> };

describe('PUT /api/projects (rename)', () => {
  it('the creator renames (trimmed); every member gets the new card; info answers it', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const socket = await connect(url, { cookie: collaborator.cookie });
    const update = next(socket, 'project_update');
    const res = await call<{ message: string; title: string }>(t, 'PUT', API.projects.root, owner, {
      project_db_id: projectId,
      title: '  Final_cut 2  ',
    });
    expect(res.body).toMatchObject({
      response: true,
      data: { message: MSG.projectUpdated, title: 'Final_cut 2' },
    });
    expect((await projectRow(t, projectId))!.title).toBe('Final_cut 2');
    expect((await update).project).toMatchObject({ project_db_id: projectId, title: 'Final_cut 2' });
    const info = await call<ProjectInfo>(t, 'GET', API.projects.info, collaborator, {
      project_db_id: projectId,
    });
    expect(info.body.data.title).toBe('Final_cut 2');
  });

  it('an admin holding can_manage_project renames too', async () => {
    const { projectId } = await studio(t);
    const admin = await person(t);
    await members(t, projectId, [admin], 'admin');
    const res = await call(t, 'PUT', API.projects.root, admin, {
      project_db_id: projectId,
      title: 'By admin',
    });
    expect(res.body.response).toBe(true);
    expect((await projectRow(t, projectId))!.title).toBe('By admin');
  });

  it.each([
    ['Film #1', MSG.removeSpecialCharacters],
    ['Café', MSG.removeSpecialCharacters],
    ['   ', MSG.removeBlankSpace],
    ['', MSG.required],
    ['x'.repeat(101), MSG.charLimit100],
  ])('refuses the name %j with %j and keeps the old one', async (title, message) => {
    const { owner, projectId } = await studio(t);
    const before = (await projectRow(t, projectId))!.title;
    const res = await call<Errors>(t, 'PUT', API.projects.root, owner, { project_db_id: projectId, title });
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(message);
    expect(res.body.data.errors.title).toBe(message);
    expect((await projectRow(t, projectId))!.title).toBe(before);
  });

  it('refuses a member without can_manage_project, a stranger, another team and anonymous callers', async () => {
    const { collaborator, projectId } = await studio(t);
    const admin = await person(t);
    await members(t, projectId, [admin], 'admin');
    await setCodes(t, projectId, admin.user.id, ['can_add_update_collaborators']);
    const body = { project_db_id: projectId, title: 'Hijacked' };
    const plain = await call(t, 'PUT', API.projects.root, collaborator, body);
    expect(plain.status).toBe(403);
    expect(plain.body.errormessage).toBe(MSG.forbidden);
    expect((await call(t, 'PUT', API.projects.root, admin, body)).status).toBe(403);
    const stranger = await call(t, 'PUT', API.projects.root, await person(t), body);
    expect(stranger.status).toBe(403);
    expect(stranger.body.errormessage).toBe(MSG.noProjectAccess);
    // the creator of another project (another team) cannot reach this one either
    const other = await studio(t);
    expect((await call(t, 'PUT', API.projects.root, other.owner, body)).status).toBe(403);
    expect((await call(t, 'PUT', API.projects.root, undefined, body)).status).toBe(401);
    expect((await projectRow(t, projectId))!.title).not.toBe('Hijacked');
  });
});
