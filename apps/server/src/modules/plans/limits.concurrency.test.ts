import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { countCreatedTeams } from '../teams/teams.service.ts';
import { countCollaborators } from '../teams/members.service.ts';
import { findTeam } from '../teams/teams.service.ts';
import { apiTeam, call, person } from '../teams/teams.testkit.ts';

/**
 * Plan limits under concurrent requests. Only PostgreSQL runs requests on several connections at
 * once (PGlite is one connection), so this file needs DATABASE_URL.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
beforeAll(async () => {
  if (onPostgres) t = await createTestApp();
});
afterAll(() => t?.close());

describe.skipIf(!onPostgres)('plan limits under concurrency (PostgreSQL)', () => {
  it('concurrent member adds never pass collaborators_limit (Free: 3)', async () => {
    const owner = await person(t);
    const first = await person(t);
    const teamId = await apiTeam(t, owner, { ids: [first.user.id] });
    const people = await Promise.all(Array.from({ length: 8 }, () => person(t)));
    const results = await Promise.all(
      people.map((p) =>
        call(t, 'POST', API.teams.members, owner, { team_id: teamId, user_db_ids: [p.user.id] }),
      ),
    );
    const accepted = results.filter((r) => r.body.response);
    const refused = results.filter((r) => !r.body.response);
    expect(accepted).toHaveLength(2);
    expect(refused).toHaveLength(6);
    expect(
      refused.every((r) => r.status === 403 && r.body.errormessage === MSG.upgradeCollaboratorLimit),
    ).toBe(true);
    expect(await countCollaborators(t.ctx.db, (await findTeam(t.ctx.db, teamId))!)).toBe(3);
  });

  it('concurrent invites and adds together stay within the limit', async () => {
    const owner = await person(t);
    const first = await person(t);
    const teamId = await apiTeam(t, owner, { ids: [first.user.id] });
    const people = await Promise.all(Array.from({ length: 3 }, () => person(t)));
    const results = await Promise.all([
      ...people.map((p) =>
        call(t, 'POST', API.teams.members, owner, { team_id: teamId, user_db_ids: [p.user.id] }),
      ),
      ...[1, 2, 3].map((i) =>
        call(t, 'POST', API.teams.members, owner, {
          team_id: teamId,
          user_emails: [`race${i}-${teamId}@example.com`],
        }),
      ),
    ]);
    expect(results.filter((r) => r.body.response)).toHaveLength(2);
    expect(await countCollaborators(t.ctx.db, (await findTeam(t.ctx.db, teamId))!)).toBe(3);
  });

  it('concurrent team creation never passes team_limit (Free: 1)', async () => {
    const owner = await person(t);
    const other = await person(t);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(t, 'POST', API.teams.root, owner, {
          name: `Race ${i}`,
          aws_region: 'us-east-1',
          user_db_ids: [other.user.id],
        }),
      ),
    );
    expect(results.filter((r) => r.body.response)).toHaveLength(1);
    expect(results.filter((r) => r.body.errormessage === MSG.upgradeTeamLimit)).toHaveLength(5);
    expect(await countCreatedTeams(t.ctx.db, owner.user.id)).toBe(1);
  });
});
