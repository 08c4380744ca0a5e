import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  afterSentinel,
  closeAllSockets,
  connect,
  listen,
  next,
  record,
} from '../../../test/realtime-helpers.ts';
import { findTeam } from './teams.service.ts';
import { apiTeam, call, crew, permissionIdOf, person, type Person } from './teams.testkit.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  closeAllSockets();
  await t?.close();
});

const socketOf = (p: Person) => connect(url, { cookie: p.cookie });
const ping = (p: Person) => () =>
  t.ctx.realtime.toUser(p.user.id, 'has_new_notification', {
    has_new_notification: true,
    team_db_id: 'sentinel',
  });

describe('team events on the user channel', () => {
  it('team_add reaches every member of a new team, each with their own role', async () => {
    const owner = await person(t);
    const member = await person(t);
    const [ownerSocket, memberSocket] = await Promise.all([socketOf(owner), socketOf(member)]);
    const ownerAdd = next(ownerSocket, 'team_add');
    const memberAdd = next(memberSocket, 'team_add');
    const teamId = await apiTeam(t, owner, { ids: [member.user.id] }, 'Live crew');
    expect((await ownerAdd).team).toMatchObject({ team_db_id: teamId, name: 'Live crew', is_admin: true });
    expect((await memberAdd).team).toMatchObject({ team_db_id: teamId, is_admin: false, no_of_users: 2 });
  });

  it('team_update reaches members on rename and on a permission change', async () => {
    const { owner, member, teamId } = await crew(t);
    const memberSocket = await socketOf(member);
    const renamed = next(memberSocket, 'team_update');
    await call(t, 'PUT', API.teams.root, owner, { team_id: teamId, name: 'Renamed live' });
    expect((await renamed).team).toMatchObject({ team_db_id: teamId, name: 'Renamed live', is_admin: false });

    const promoted = next(memberSocket, 'team_update');
    await call(t, 'POST', API.teams.memberPermissions, owner, {
      team_id: teamId,
      user_db_id: member.user.id,
      permissions: [await permissionIdOf(t, 'added_as_team_owner')],
    });
    expect((await promoted).team).toMatchObject({ team_db_id: teamId, is_admin: true });
  });

  it('an added member gets team_add while the others get team_update', async () => {
    const { owner, member, teamId } = await crew(t);
    const newcomer = await person(t);
    const [memberSocket, newcomerSocket] = await Promise.all([socketOf(member), socketOf(newcomer)]);
    const memberAdds = record(memberSocket, 'team_add');
    const update = next(memberSocket, 'team_update');
    const add = next(newcomerSocket, 'team_add');
    await call(t, 'POST', API.teams.members, owner, { team_id: teamId, user_db_ids: [newcomer.user.id] });
    expect((await add).team).toMatchObject({ team_db_id: teamId, no_of_users: 3 });
    expect((await update).team).toMatchObject({ team_db_id: teamId, no_of_users: 3 });
    await afterSentinel(memberSocket, ping(member));
    expect(memberAdds).toEqual([]);
  });

  it('a removed member gets team_delete, the rest team_update; outsiders hear nothing', async () => {
    const owner = await person(t);
    const stays = await person(t);
    const leaves = await person(t);
    const outsider = await person(t);
    const teamId = await apiTeam(t, owner, { ids: [stays.user.id, leaves.user.id] });
    const [staysSocket, leavesSocket, outsiderSocket] = await Promise.all([
      socketOf(stays),
      socketOf(leaves),
      socketOf(outsider),
    ]);
    const heard = [record(outsiderSocket, 'team_update'), record(outsiderSocket, 'team_delete')];
    const leavesUpdates = record(leavesSocket, 'team_update');
    const gone = next(leavesSocket, 'team_delete');
    const update = next(staysSocket, 'team_update');
    await call(t, 'PUT', API.teams.members, owner, { team_id: teamId, user_db_id: leaves.user.id });
    expect(await gone).toEqual({ team_db_id: teamId });
    expect((await update).team).toMatchObject({ team_db_id: teamId, no_of_users: 2 });
    await afterSentinel(leavesSocket, ping(leaves));
    expect(leavesUpdates).toEqual([]);
    await afterSentinel(outsiderSocket, ping(outsider));
    expect(heard.flat()).toEqual([]);
  });

  it('deleting a team sends team_delete to every former member after the commit', async () => {
    const { owner, member, teamId } = await crew(t);
    const [ownerSocket, memberSocket] = await Promise.all([socketOf(owner), socketOf(member)]);
    const deletions = [next(ownerSocket, 'team_delete'), next(memberSocket, 'team_delete')];
    const name = (await findTeam(t.ctx.db, teamId))!.name;
    const wrong = record(memberSocket, 'team_delete');
    await call(t, 'DELETE', API.teams.root, owner, { team_id: teamId, name: 'wrong name' });
    await afterSentinel(memberSocket, ping(member));
    expect(wrong).toEqual([]);
    await call(t, 'DELETE', API.teams.root, owner, { team_id: teamId, name });
    expect(await Promise.all(deletions)).toEqual([{ team_db_id: teamId }, { team_db_id: teamId }]);
  });
});
