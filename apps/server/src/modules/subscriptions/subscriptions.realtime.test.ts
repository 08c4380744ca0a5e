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
import { grantCredits } from '../credits/index.ts';
import { apiTeam, call, person, type Person } from '../teams/teams.testkit.ts';

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

async function fundedTeam() {
  const owner = await person(t);
  const member = await person(t);
  const teamId = await apiTeam(t, owner, { ids: [member.user.id] });
  await t.ctx.db.transaction((tx) =>
    grantCredits(tx, { teamId, amountPaise: 20_000_00, idempotencyKey: `rt-${teamId}`, reason: 'test' }),
  );
  return { owner, member, teamId };
}

describe('subscription events', () => {
  it('a team plan bought: the buyer gets subscription_detail (Manage Team), members subscription_changed', async () => {
    const { owner, member, teamId } = await fundedTeam();
    const [ownerSocket, memberSocket] = await Promise.all([socketOf(owner), socketOf(member)]);
    const detail = next(ownerSocket, 'subscription_detail');
    const changed = next(memberSocket, 'subscription_changed');
    const memberDetails = record(memberSocket, 'subscription_detail');
    await call(t, 'POST', API.subscription.upgrade, owner, {
      team_db_id: teamId,
      subscription_db_id: 'team',
      credits_used: true,
    });
    expect((await detail).team_detail).toMatchObject({ is_team_plan: true, team: { team_db_id: teamId } });
    expect(await changed).toEqual({ team_db_id: teamId });
    await afterSentinel(memberSocket, ping(member));
    expect(memberDetails).toEqual([]);
  });

  it('a plan that is not a team plan (Pro) sends no subscription_detail', async () => {
    const { owner, teamId } = await fundedTeam();
    const socket = await socketOf(owner);
    const details = record(socket, 'subscription_detail');
    const changed = next(socket, 'subscription_changed');
    await call(t, 'POST', API.subscription.upgrade, owner, {
      team_db_id: teamId,
      subscription_db_id: 'pro',
      credits_used: true,
    });
    await changed;
    await afterSentinel(socket, ping(owner));
    expect(details).toEqual([]);
  });
});
