import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  DEFAULT_PROJECT_PERMISSIONS,
  MSG,
  PROJECT_PERMISSIONS,
  type Permission,
  type ProjectInfo,
  type ProjectMembers,
} from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addMembers, call, person, setCodes, studio } from './projects.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const idOf = (code: string) => PROJECT_PERMISSIONS.find((p) => p.code === code)!.id;
const getPerms = (who: Parameters<typeof call>[3], projectId: string, userId: string) =>
  call<{ permissions: Permission[] }>(t, 'GET', API.projects.permissions, who, {
    project_db_id: projectId,
    user_db_id: userId,
  });
const selected = (list: Permission[]) => list.filter((p) => p.is_selected).map((p) => p.code);

describe('GET/POST /api/projects/collaborators/permissions', () => {
  it("shows a collaborator's defaults and saves a new selection", async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const before = await getPerms(owner, projectId, collaborator.user.id);
    expect(before.body.data.permissions).toHaveLength(PROJECT_PERMISSIONS.length);
    expect(selected(before.body.data.permissions).sort()).toEqual(
      [...DEFAULT_PROJECT_PERMISSIONS.collaborator].sort(),
    );
    expect(before.body.data.permissions.every((p) => !p.is_disabled)).toBe(true);

    const res = await call(t, 'POST', API.projects.permissions, owner, {
      project_db_id: projectId,
      user_db_id: collaborator.user.id,
      permissions: [idOf('can_delete_assets'), idOf('can_add_update_asset_metadata'), 999],
    });
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.permissionsUpdated } });
    const info = await call<ProjectInfo>(t, 'GET', API.projects.info, collaborator, {
      project_db_id: projectId,
    });
    expect(info.body.data.permissions).toEqual(['can_add_update_asset_metadata', 'can_delete_assets']);
  });

  it('share_to_download_all_assets forces download_all_assets on and disabled; off re-enables it', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    await call(t, 'POST', API.projects.permissions, owner, {
      project_db_id: projectId,
      user_db_id: collaborator.user.id,
      permissions: [idOf('share_to_download_all_assets')],
    });
    const on = await getPerms(owner, projectId, collaborator.user.id);
    const download = on.body.data.permissions.find((p) => p.code === 'download_all_assets')!;
    expect(download).toMatchObject({ is_selected: true, is_disabled: true });
    await call(t, 'POST', API.projects.permissions, owner, {
      project_db_id: projectId,
      user_db_id: collaborator.user.id,
      permissions: [idOf('download_all_assets')],
    });
    const off = await getPerms(owner, projectId, collaborator.user.id);
    expect(off.body.data.permissions.find((p) => p.code === 'download_all_assets')).toMatchObject({
      is_selected: true,
      is_disabled: false,
    });
    expect(
      off.body.data.permissions.find((p) => p.code === 'share_to_download_all_assets')!.is_selected,
    ).toBe(false);
  });

  it("locks the creator's list and one's own; refuses changing them", async () => {
    const { owner, projectId } = await studio(t);
    const admin = await person(t);
    await addMembers(t, owner, projectId, [admin], 'admin');
    const creator = await getPerms(admin, projectId, owner.user.id);
    expect(creator.body.data.permissions.every((p) => p.is_selected && p.is_disabled)).toBe(true);
    const change = await call(t, 'POST', API.projects.permissions, admin, {
      project_db_id: projectId,
      user_db_id: owner.user.id,
      permissions: [],
    });
    expect(change.body.errormessage).toBe(MSG.cannotChangeCreator);
    const own = await call(t, 'POST', API.projects.permissions, admin, {
      project_db_id: projectId,
      user_db_id: admin.user.id,
      permissions: [],
    });
    expect(own.body.errormessage).toBe(MSG.cannotChangeOwnPermissions);
  });

  it('refuses members without can_manage_project, strangers, anonymous callers; unknown targets are 404', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    expect((await getPerms(collaborator, projectId, owner.user.id)).status).toBe(403);
    const post = await call(t, 'POST', API.projects.permissions, collaborator, {
      project_db_id: projectId,
      user_db_id: collaborator.user.id,
      permissions: PROJECT_PERMISSIONS.map((p) => p.id),
    });
    expect(post.status).toBe(403);
    expect((await getPerms(await person(t), projectId, owner.user.id)).status).toBe(403);
    expect((await getPerms(undefined, projectId, owner.user.id)).status).toBe(401);
    const stranger = await person(t);
    expect((await getPerms(owner, projectId, stranger.user.id)).status).toBe(404);
  });
});

describe('/api/projects/collaborators/badge', () => {
  it('sets, reads and clears a role badge shown in the members list', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const q = { project_db_id: projectId, user_db_id: collaborator.user.id };
    const set = await call(t, 'POST', API.projects.badge, owner, { ...q, collaborator_badge: ' Colorist ' });
    expect(set.body).toMatchObject({ response: true, data: { message: MSG.badgeUpdated } });
    const read = await call<{ user_badge: string; suggestions: string[] }>(
      t,
      'GET',
      API.projects.badge,
      owner,
      q,
    );
    expect(read.body.data.user_badge).toBe('Colorist');
    expect(read.body.data.suggestions).toContain('Editor');
    const list = await call<ProjectMembers>(t, 'GET', API.projects.collaborators, collaborator, {
      project_db_id: projectId,
    });
    expect(list.body.data.collaborators.members[0].user_badge).toBe('Colorist');
    const clear = await call(t, 'PUT', API.projects.badge, owner, q);
    expect(clear.body.data).toEqual({ message: MSG.badgeUpdated });
    const after = await call<{ user_badge: string | null }>(t, 'GET', API.projects.badge, owner, q);
    expect(after.body.data.user_badge).toBeNull();
  });

  it.each([
    ['', MSG.required],
    ['Colour <b>', MSG.removeSpecialCharacters],
    ['x'.repeat(31), MSG.badgeLimit],
  ])('refuses the badge %j with %j', async (badge, message) => {
    const { owner, collaborator, projectId } = await studio(t);
    const res = await call(t, 'POST', API.projects.badge, owner, {
      project_db_id: projectId,
      user_db_id: collaborator.user.id,
      collaborator_badge: badge,
    });
    expect(res.status).toBe(400);
    expect(res.body.errormessage).toBe(message);
  });

  it('refuses members without can_manage_project and strangers', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const q = { project_db_id: projectId, user_db_id: owner.user.id };
    expect(
      (await call(t, 'POST', API.projects.badge, collaborator, { ...q, collaborator_badge: 'Boss' })).status,
    ).toBe(403);
    expect((await call(t, 'PUT', API.projects.badge, collaborator, q)).status).toBe(403);
    expect((await call(t, 'GET', API.projects.badge, await person(t), q)).status).toBe(403);
    await setCodes(t, projectId, collaborator.user.id, ['can_manage_project']);
    expect(
      (await call(t, 'POST', API.projects.badge, collaborator, { ...q, collaborator_badge: 'Boss' })).body
        .response,
    ).toBe(true);
  });
});
