import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { countCreatedTeams } from '../teams/teams.service.ts';
import { countCollaborators } from '../teams/members.service.ts';
import { findTeam } from '../teams/teams.service.ts';
import { apiTeam, call, person } from '../teams/teams.testkit.ts';
import { creditBalance, grantCredits } from '../credits/index.ts';
import { subscriptionOf } from './plans.usage.ts';

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

  it('concurrent project creation never passes project_limit (Free: 3)', async () => {
    const owner = await person(t);
    const other = await person(t);
    const teamId = await apiTeam(t, owner, { ids: [other.user.id] });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(t, 'POST', API.projects.root, owner, { team_db_id: teamId, title: `Race ${i}` }),
      ),
    );
    expect(results.filter((r) => r.body.response)).toHaveLength(3);
    expect(results.filter((r) => r.body.errormessage === MSG.upgradeProjectLimit)).toHaveLength(5);
  });

  it('concurrent purchases with credits: each applies once, never past the balance', async () => {
    const owner = await person(t);
    const other = await person(t);
    const teamId = await apiTeam(t, owner, { ids: [other.user.id] });
    await t.ctx.db.transaction((tx) =>
      grantCredits(tx, { teamId, amountPaise: 2_500_00, idempotencyKey: `seed-${teamId}`, reason: 'test' }),
    );
    const upgrade = await call(t, 'POST', API.subscription.upgrade, owner, {
      team_db_id: teamId,
      subscription_db_id: 'pro',
      credits_used: true,
    });
    expect(upgrade.body.response).toBe(true);
    // ₹1,001 left: at most 5 steps of 100 GB at ₹200 each; 8 requests, each sent twice with its key
    const requests = Array.from({ length: 8 }, (_, i) => `storage-${teamId}-${i}`).flatMap((key) =>
      [1, 2].map(() =>
        call(t, 'POST', API.subscription.storage, owner, {
          team_db_id: teamId,
          storage_size: 100,
          credits_used: true,
          idempotency_key: key,
        }),
      ),
    );
    const results = await Promise.all(requests);
    const sub = await subscriptionOf(t.ctx.db, teamId);
    const balance = await creditBalance(t.ctx.db, teamId);
    expect(sub.storageAddedGb).toBe(500);
    expect(balance).toBe(2_500_00 - 1499_00 - 5 * 200_00);
    expect(results.filter((r) => !r.body.response).length).toBeGreaterThanOrEqual(6);
  });
});
