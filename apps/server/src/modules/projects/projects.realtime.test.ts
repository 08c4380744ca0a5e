import { describe, expect, it } from 'vitest';
import { API } from '@rushes/shared';
import type { TestApp } from '../../../test/harness.ts';
import { realtimeWorld } from '../../../test/realtimeWorld.testkit.ts';
import { afterSentinel, connect, join, next, record } from '../../../test/realtime-helpers.ts';
import { addMembers, apiFolder, apiProject, call, person, studio, type Person } from './projects.testkit.ts';

let t: TestApp;
let url: string;
realtimeWorld((w) => ({ t, url } = w), { closeSocketsAfterEach: true });

const socketOf = (p: Person) => connect(url, { cookie: p.cookie });
const ping = (p: Person) => () =>
  t.ctx.realtime.toUser(p.user.id, 'has_new_notification', {
    has_new_notification: true,
    team_db_id: 'sentinel',
  });

describe('home tray events on the user channel (spec 002 §4)', () => {
  it('project_add reaches the creator (My Projects) and an added member (Collaborated Projects)', async () => {
    const owner = await person(t);
    const mate = await person(t);
    const [ownerSocket, mateSocket] = await Promise.all([socketOf(owner), socketOf(mate)]);
    const created = next(ownerSocket, 'project_add');
    const projectId = await apiProject(t, owner, undefined, 'Live reel');
    expect(await created).toMatchObject({
      tray: 'my_projects',
      project: { project_db_id: projectId, title: 'Live reel', role: 'creator' },
    });
    const added = next(mateSocket, 'project_add');
    const ownerUpdate = next(ownerSocket, 'project_update');
    await addMembers(t, owner, projectId, [mate]);
    expect(await added).toMatchObject({ tray: 'collaborated_projects', project: { role: 'collaborator' } });
    expect((await ownerUpdate).project.no_of_members).toBe(2);
  });

  it('project_update carries new totals after a folder; project_delete on removal and on deletion', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const [ownerSocket, collabSocket] = await Promise.all([socketOf(owner), socketOf(collaborator)]);
    const update = next(collabSocket, 'project_update');
    await apiFolder(t, owner, projectId, 'Counted');
    expect((await update).project).toMatchObject({ project_db_id: projectId, total_assets: 1 });

    const removed = next(collabSocket, 'project_delete');
    await call(t, 'DELETE', API.projects.collaborators, owner, {
      project_db_id: projectId,
      role: 'collaborator',
      user_db_id: collaborator.user.id,
    });
    expect(await removed).toEqual({ project_db_id: projectId });

    const gone = next(ownerSocket, 'project_delete');
    const laterForCollab = record(collabSocket, 'project_delete');
    await call(t, 'DELETE', API.projects.root, owner, { project_db_id: projectId });
    expect(await gone).toEqual({ project_db_id: projectId });
    await afterSentinel(collabSocket, ping(collaborator));
    expect(laterForCollab).toEqual([]);
  });
});

describe('the project room', () => {
  it('a removed collaborator is taken out of the room at once and hears no more of it', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const collabSocket = await socketOf(collaborator);
    expect(await join(collabSocket, `project:${projectId}`)).toEqual({ ok: true });
    const before = next(collabSocket, 'assets_changed');
    await apiFolder(t, owner, projectId, 'Heard');
    expect((await before).project_db_id).toBe(projectId);

    const removed = next(collabSocket, 'project_delete');
    await call(t, 'DELETE', API.projects.collaborators, owner, {
      project_db_id: projectId,
      role: 'collaborator',
      user_db_id: collaborator.user.id,
    });
    await removed;
    const after = record(collabSocket, 'assets_changed');
    await apiFolder(t, owner, projectId, 'Not heard');
    await afterSentinel(collabSocket, ping(collaborator));
    expect(after).toEqual([]);
  });

  it('members join project:{id}; strangers are refused', async () => {
    const { owner, projectId } = await studio(t);
    const stranger = await person(t);
    expect(await join(await socketOf(owner), `project:${projectId}`)).toEqual({ ok: true });
    expect(await join(await socketOf(stranger), `project:${projectId}`)).toEqual({
      ok: false,
      error: 'forbidden',
    });
    expect(await join(await socketOf(owner), 'project:not-a-uuid')).toEqual({
      ok: false,
      error: 'forbidden',
    });
  });

  it('assets_changed names the folder whose list changed; members_changed follows member edits', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const socket = await socketOf(collaborator);
    await join(socket, `project:${projectId}`);
    const changed = next(socket, 'assets_changed');
    const folder = await apiFolder(t, owner, projectId, 'Parent');
    expect(await changed).toEqual({ project_db_id: projectId, folder_db_ids: [null] });
    const nested = next(socket, 'assets_changed');
    await apiFolder(t, owner, projectId, 'Child', folder);
    expect(await nested).toEqual({ project_db_id: projectId, folder_db_ids: [folder] });

    const members = next(socket, 'project_members_changed');
    await call(t, 'POST', API.projects.badge, owner, {
      project_db_id: projectId,
      user_db_id: collaborator.user.id,
      collaborator_badge: 'Editor',
    });
    expect(await members).toEqual({ project_db_id: projectId });

    // Another project's changes never reach this room.
    const elsewhere = record(socket, 'assets_changed');
    await apiFolder(t, owner, await apiProject(t, owner), 'Unrelated');
    await afterSentinel(socket, ping(collaborator));
    expect(elsewhere).toEqual([]);
  });
});
