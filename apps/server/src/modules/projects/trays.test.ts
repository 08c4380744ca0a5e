import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, UI, type TrayPage } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addMembers, apiProject, bigTeam, call, person, type Person } from './projects.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tray = (who: Person | undefined, query: Record<string, string>) =>
  call<TrayPage>(t, 'GET', API.projects.trays, who, query);

describe('GET /api/asset/trays/structure', () => {
  it('lists Shared Assets, My Projects and Collaborated Projects with page size 10', async () => {
    const me = await person(t);
    const res = await call<{ trays: unknown[] }>(t, 'GET', API.projects.traysStructure, me);
    expect(res.body.data.trays).toEqual([
      { field: 'shared_assets', title: UI.traySharedAssets, entries_per_page: 10 },
      { field: 'my_projects', title: UI.trayMyProjects, entries_per_page: 10 },
      { field: 'collaborated_projects', title: UI.trayCollaboratedProjects, entries_per_page: 10 },
    ]);
    expect((await call(t, 'GET', API.projects.traysStructure, undefined)).status).toBe(401);
  });
});

describe('GET /api/asset/trays', () => {
  it('pages My Projects newest first by keyset: no duplicates or gaps while projects are added', async () => {
    const me = await person(t);
    const teamId = await bigTeam(t, me);
    const first: string[] = [];
    for (let i = 0; i < 25; i++) first.push(await apiProject(t, me, teamId, `Batch ${i}`));

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await tray(me, {
        tray_name: 'my_projects',
        entries_per_page: '10',
        page_no: String(pages + 1),
        ...(cursor ? { cursor } : {}),
      });
      expect(res.body.response).toBe(true);
      expect(res.body.data.field).toBe('my_projects');
      seen.push(...res.body.data.data.map((p) => p.project_db_id));
      cursor = res.body.data.next_cursor ?? undefined;
      pages++;
      // New projects arrive between page loads: they go first and must not shift later pages.
      if (pages === 1) {
        await apiProject(t, me, teamId, 'Late one');
        await apiProject(t, me, teamId, 'Late two');
      }
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...first].reverse());
    const again = await tray(me, { tray_name: 'my_projects' });
    expect(again.body.data.total_entries).toBe(27);
    expect(again.body.data.data[0]).toMatchObject({ title: 'Late two', role: 'creator' });
    expect(again.body.data.data).toHaveLength(10);
  });

  it('separates projects I created from those I collaborate on, with my role on each card', async () => {
    const me = await person(t);
    const other = await person(t);
    const mine = await apiProject(t, me);
    const theirs = await apiProject(t, other);
    const theirsAdmin = await apiProject(t, other);
    await addMembers(t, other, theirs, [me]);
    await addMembers(t, other, theirsAdmin, [me], 'admin');

    const my = await tray(me, { tray_name: 'my_projects' });
    expect(my.body.data.data.map((p) => p.project_db_id)).toEqual([mine]);
    const collab = await tray(me, { tray_name: 'collaborated_projects' });
    expect(collab.body.data.data.map((p) => [p.project_db_id, p.role])).toEqual([
      [theirsAdmin, 'admin'],
      [theirs, 'collaborator'],
    ]);
    expect(collab.body.data.total_entries).toBe(2);
    expect(collab.body.data.data[0]).toMatchObject({
      creator: { user_id: other.user.id },
      no_of_members: 2,
    });
    expect(collab.body.data.data[0].avatars.map((a) => a.user_id)).toEqual([other.user.id, me.user.id]);
    // The other person's trays never show my project.
    const theirTray = await tray(other, { tray_name: 'collaborated_projects' });
    expect(theirTray.body.data.total_entries).toBe(0);
  });

  it("shows each viewer's unread chats on their card (counted by the chat module)", async () => {
    const me = await person(t);
    const other = await person(t);
    const theirs = await apiProject(t, other);
    const quiet = await apiProject(t, other);
    await addMembers(t, other, theirs, [me]);
    await addMembers(t, other, quiet, [me]);
    for (const text of ['one', 'two'])
      expect((await call(t, 'POST', API.chat.root, other, { project_db_id: theirs, text })).status).toBe(200);

    const unreadOn = async (projectId: string) =>
      (await tray(me, { tray_name: 'collaborated_projects' })).body.data.data.find(
        (p) => p.project_db_id === projectId,
      )?.unread_chats;
    expect(await unreadOn(theirs)).toBe(2);
    expect(await unreadOn(quiet)).toBe(0);
    await call(t, 'PUT', API.chat.seen, me, { project_db_id: theirs });
    expect(await unreadOn(theirs)).toBe(0);
  });

  it('narrows My Projects to the selected team and filters by search text', async () => {
    const me = await person(t);
    const mate = await person(t);
    const personal = await bigTeam(t, me);
    const team = await bigTeam(t, me, [mate.user.id]);
    await apiProject(t, me, personal, 'Wedding teaser');
    const inTeam = await apiProject(t, me, team, 'Wedding full');
    await apiProject(t, me, team, 'Corporate');
    const byTeam = await tray(me, { tray_name: 'my_projects', team_db_id: team });
    expect(byTeam.body.data.total_entries).toBe(2);
    const search = await tray(me, { tray_name: 'my_projects', team_db_id: team, search: 'wedd' });
    expect(search.body.data.data.map((p) => p.project_db_id)).toEqual([inTeam]);
    const wildcard = await tray(me, { tray_name: 'my_projects', search: '%' });
    expect(wildcard.body.data.total_entries).toBe(0);
  });

  it('still answers page_no for callers that do not send a cursor', async () => {
    const me = await person(t);
    const teamId = await bigTeam(t, me);
    for (let i = 0; i < 12; i++) await apiProject(t, me, teamId, `P ${i}`);
    const second = await tray(me, { tray_name: 'my_projects', page_no: '2' });
    expect(second.body.data.data.map((p) => p.title)).toEqual(['P 1', 'P 0']);
    expect(second.body.data.next_cursor).toBeNull();
  });

  it('refuses anonymous callers and unknown tray names', async () => {
    const me = await person(t);
    expect((await tray(undefined, { tray_name: 'my_projects' })).status).toBe(401);
    expect((await tray(me, { tray_name: 'no_such_tray' })).status).toBe(400);
    expect((await tray(me, { tray_name: 'my_projects', cursor: 'garbage' })).status).toBe(400);
  });
});
