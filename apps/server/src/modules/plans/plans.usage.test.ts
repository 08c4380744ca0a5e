import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { AppError } from '../../platform/http/errors.ts';
import { apiTeam, person, setPlan } from '../teams/teams.testkit.ts';
import { assertCloudLimits, cycleStart, machineHoursSince, recordCloudUsage } from './plans.usage.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (e) {
    return e instanceof AppError ? e.message : String(e);
  }
};

describe('cloud limits (for the cloud module)', () => {
  it('refuses past no_of_concurrent_systems and machine_hour_limit with upgrade_required; Enterprise is unlimited', async () => {
    const owner = await person(t);
    const other = await person(t);
    const teamId = await apiTeam(t, owner, { ids: [other.user.id] });
    const check = (counts: { concurrent?: number; hours?: number }) =>
      refusal(t.ctx.db.transaction((tx) => assertCloudLimits(tx, teamId, counts)));
    // Free: 1 concurrent system, 5 machine hours
    expect(await check({ concurrent: 1, hours: 5 })).toBeNull();
    expect(await check({ concurrent: 2 })).toBe(MSG.upgradeConcurrentLimit);
    expect(await check({ hours: 5.5 })).toBe(MSG.upgradeMachineHourLimit);
    await setPlan(t, teamId, 'enterprise');
    expect(await check({ concurrent: 500, hours: 1e6 })).toBeNull();
  });

  it('records usage once per sourceId and sums machine hours of the cycle', async () => {
    const owner = await person(t);
    const other = await person(t);
    const teamId = await apiTeam(t, owner, { ids: [other.user.id] });
    const start = new Date(Date.now() - 3 * 3600_000);
    const row = {
      teamId,
      projectId: null,
      userId: owner.user.id,
      hardware: 'GPU',
      startedAt: start,
      endedAt: new Date(start.getTime() + 90 * 60_000),
      psc: 150,
      sourceId: `s-${teamId}`,
    };
    await recordCloudUsage(t.ctx.db, row);
    await recordCloudUsage(t.ctx.db, { ...row, endedAt: new Date(start.getTime() + 2 * 3600_000), psc: 200 });
    expect(await machineHoursSince(t.ctx.db, teamId, new Date(start.getTime() - 1000))).toBe(2);
    expect(await machineHoursSince(t.ctx.db, teamId, new Date(start.getTime() + 1000))).toBe(0);
  });

  it('a cycle starts 30 days before the renewal date, else on the 1st of the month', () => {
    const now = new Date('2028-02-20T10:00:00Z');
    expect(cycleStart(new Date('2028-03-01T00:00:00Z'), now).toISOString()).toBe('2028-01-31T00:00:00.000Z');
    expect(cycleStart(null, now).toISOString()).toBe('2028-02-01T00:00:00.000Z');
  });
});
