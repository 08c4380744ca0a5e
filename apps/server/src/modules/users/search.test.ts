import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, type UserSearchResult } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { escapeLike, SEARCH_LIMIT } from '../../db/search.ts';
import { apiTeam, call, person, setPlan, type Errors, type Person } from '../teams/teams.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Found = { users: UserSearchResult[] };
const search = (who: Person | undefined, search_text: string, team_id?: string) =>
  call<Found & Errors>(t, 'GET', API.users.search, who, { search_text, ...(team_id ? { team_id } : {}) });
const ids = (res: { body: { data: Found } }) => res.body.data.users.map((u) => u.user_id).sort();

describe('GET /api/users/search', () => {
  it('finds teammates by name or e-mail, case-insensitively, never the caller', async () => {
    const me = await person(t, { firstName: 'Zelda', lastName: 'Quarry' });
    const mate = await person(t, { firstName: 'Zelda', lastName: 'Marsh' });
    const other = await person(t, { firstName: 'Otto', lastName: 'Zeldin' });
    await apiTeam(t, me, { ids: [mate.user.id, other.user.id] });

    const byName = await search(me, 'zELD');
    expect(byName.body.response).toBe(true);
    expect(ids(byName)).toEqual([mate.user.id, other.user.id].sort());
    const full = await search(me, 'zelda marsh');
    expect(full.body.data.users).toEqual([
      { name: 'Zelda Marsh', user_id: mate.user.id, user_email: mate.email },
    ]);
    const byEmail = await search(me, mate.email.slice(0, 12).toUpperCase());
    expect(ids(byEmail)).toEqual([mate.user.id]);
  });

  it('does not search the whole user table: strangers are found only by their exact e-mail', async () => {
    const me = await person(t);
    const stranger = await person(t, { firstName: 'Hidden', lastName: 'Person' });
    expect((await search(me, 'Hidden')).body.data.users).toEqual([]);
    expect((await search(me, stranger.email.slice(0, 10))).body.data.users).toEqual([]);
    const exact = await search(me, stranger.email.toUpperCase());
    expect(exact.body.data.users).toEqual([
      { name: 'Hidden Person', user_id: stranger.user.id, user_email: stranger.email },
    ]);
    expect((await search(me, me.email)).body.data.users).toEqual([]);
  });

  it('matches % and _ literally', async () => {
    const me = await person(t, { firstName: 'Percy' });
    const a = await person(t, { firstName: 'Ab_c', lastName: 'Under' });
    const b = await person(t, { firstName: 'Abxc', lastName: 'Other' });
    await apiTeam(t, me, { ids: [a.user.id, b.user.id] });
    expect(ids(await search(me, 'ab_c'))).toEqual([a.user.id]);
    expect((await search(me, '%%%')).body.data.users).toEqual([]);
    expect(escapeLike('a%b_c\\')).toBe('a\\%b\\_c\\\\');
  });

  it(`answers at most ${SEARCH_LIMIT} users`, async () => {
    const me = await person(t);
    const mates = await Promise.all(
      Array.from({ length: SEARCH_LIMIT + 2 }, () => person(t, { lastName: 'Many' })),
    );
    const teamId = await apiTeam(t, me, { ids: mates.slice(0, 3).map((m) => m.user.id) });
    await setPlan(t, teamId, 'sme');
    const rest = mates.slice(3).map((m) => m.user.id);
    expect(
      (await call(t, 'POST', API.teams.members, me, { team_id: teamId, user_db_ids: rest })).body.response,
    ).toBe(true);
    expect((await search(me, 'test many')).body.data.users).toHaveLength(SEARCH_LIMIT);
  });

  it('needs 3 or more characters', async () => {
    const me = await person(t);
    const short = await search(me, 'ab');
    expect(short.status).toBe(400);
    expect(short.body.data.errors.search_text).toBe(MSG.noUserFound);
    const blank = await search(me, '   ');
    expect(blank.body.data.errors.search_text).toBe(MSG.noUserFound);
  });

  it('with team_id only for a member of that team; never anonymously', async () => {
    const owner = await person(t);
    const mate = await person(t, { firstName: 'Teamed' });
    const teamId = await apiTeam(t, owner, { ids: [mate.user.id] });
    expect(ids(await search(owner, 'Teamed', teamId))).toEqual([mate.user.id]);
    const outsider = await person(t);
    const refused = await search(outsider, 'Teamed', teamId);
    expect(refused.status).toBe(403);
    expect(refused.body.errormessage).toBe(MSG.noTeamAccess);
    const anonymous = await search(undefined, 'Teamed');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ response: false, errorcode: 401 });
  });
});
