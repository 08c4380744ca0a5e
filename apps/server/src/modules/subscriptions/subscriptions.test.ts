import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  CREDIT_TEXT,
  MSG,
  type CurrentPlan,
  type PlanDetails,
  type PurchaseAnswer,
  type StorageDetail,
  type SubscriptionState,
} from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { creditBalance, grantCredits } from '../credits/index.ts';
import { recordCloudUsage } from '../plans/index.ts';
import { apiProject, insertFile } from '../projects/projects.testkit.ts';
import { apiTeam, call, person, type Person } from '../teams/teams.testkit.ts';
import { start } from '../uploads/uploads.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
let keySeq = 0;
const key = () => `test-key-${Date.now()}-${++keySeq}`;

async function freeTeam(credits = 0) {
  const owner = await person(t);
  const member = await person(t);
  const teamId = await apiTeam(t, owner, { ids: [member.user.id] });
  if (credits > 0) {
    await t.ctx.db.transaction((tx) =>
      grantCredits(tx, { teamId, amountPaise: credits * 100, idempotencyKey: key(), reason: 'test' }),
    );
  }
  return { owner, member, teamId };
}

const state = async (who: Person, teamId: string) =>
  (await call<SubscriptionState>(t, 'GET', API.subscription.root, who, { team_db_id: teamId })).body;
const upgrade = (who: Person, teamId: string, plan: string, extra: Record<string, unknown> = {}) =>
  call<PurchaseAnswer>(t, 'POST', API.subscription.upgrade, who, {
    team_db_id: teamId,
    subscription_db_id: plan,
    credits_used: true,
    ...extra,
  });
const balance = async (teamId: string) => (await creditBalance(t.ctx.db, teamId)) / 100;

describe('a free team hits the project limit, upgrades with credits and the limit is lifted', () => {
  it('refuses the 4th project with upgrade_required, upgrades to Pro for ₹1,499, then allows it', async () => {
    const { owner, teamId } = await freeTeam(5000);
    for (let i = 0; i < 3; i++) await apiProject(t, owner, teamId);
    const refused = await call(t, 'POST', API.projects.root, owner, { team_db_id: teamId, title: 'Fourth' });
    expect(refused.status).toBe(403);
    expect(refused.body.errormessage).toBe(MSG.upgradeProjectLimit);
    expect((refused.body.data as { upgrade_required: unknown }).upgrade_required).toBeTruthy();

    const res = await upgrade(owner, teamId, 'pro');
    expect(res.body).toMatchObject({ response: true, data: { message: MSG.planUpdated, amount: 1499 } });
    expect(await balance(teamId)).toBe(5000 - 1499);

    const s = await state(owner, teamId);
    expect(s.data.plan_detail).toMatchObject({ title: 'Pro', subscription_db_id: 'pro', is_free: false });
    const renewal = new Date(s.data.renewal.renewal_date!);
    expect(Math.round((renewal.getTime() - Date.now()) / DAY)).toBeGreaterThanOrEqual(29);
    expect(s.data.credits.credits_available).toBe(3501);

    await apiProject(t, owner, teamId, 'Fourth');
    const plan = await call<CurrentPlan>(t, 'GET', API.teams.currentPlan, owner, { team_id: teamId });
    expect(plan.body.data).toMatchObject({ title: 'Pro', projects: 4, project_limit: 25 });
  });

  it('the same request key applies once; without credits enough it is refused and nothing changes', async () => {
    const { owner, teamId } = await freeTeam(2000);
    const k = key();
    const [a, b] = await Promise.all([
      upgrade(owner, teamId, 'pro', { idempotency_key: k }),
      upgrade(owner, teamId, 'pro', { idempotency_key: k }),
    ]);
    expect(a.body.response && b.body.response).toBe(true);
    expect(await balance(teamId)).toBe(2000 - 1499);

    const poor = await upgrade(owner, teamId, 'team');
    expect(poor.body).toMatchObject({ response: false, errormessage: CREDIT_TEXT.insufficientCredits });
    expect((await state(owner, teamId)).data.plan_detail.title).toBe('Pro');
    expect(await balance(teamId)).toBe(501);
  });

  it('refuses a downgrade, the same plan and Enterprise (contact page)', async () => {
    const { owner, teamId } = await freeTeam(10_000);
    await upgrade(owner, teamId, 'team');
    expect((await upgrade(owner, teamId, 'pro')).body.errormessage).toBe(MSG.planNotUpgrade);
    expect((await upgrade(owner, teamId, 'team')).body.errormessage).toBe(MSG.planNotUpgrade);
    expect((await upgrade(owner, teamId, 'free')).body.errormessage).toBe(MSG.planNotUpgrade);
    expect((await upgrade(owner, teamId, 'enterprise')).body.errormessage).toBe(MSG.enterpriseContact);
    expect((await upgrade(owner, teamId, 'nope')).body.errormessage).toBe(MSG.detailsNotFound);
  });
});

describe('renew and add storage', () => {
  it('Free has nothing to renew or add', async () => {
    const { owner, teamId } = await freeTeam(1000);
    const renew = await call(t, 'POST', API.subscription.renew, owner, {
      team_db_id: teamId,
      subscription_db_id: 'free',
      credits_used: true,
    });
    expect(renew.body.errormessage).toBe(MSG.freePlanNoRenewal);
    const storage = await call(t, 'POST', API.subscription.storage, owner, {
      team_db_id: teamId,
      storage_size: 100,
      credits_used: true,
    });
    expect(storage.body.errormessage).toBe(MSG.freePlanNoRenewal);
  });

  it('adds storage in steps (a whole month right after the upgrade), then renews 2 months with it', async () => {
    const { owner, teamId } = await freeTeam(10_000);
    await upgrade(owner, teamId, 'pro');
    const off = await call(t, 'POST', API.subscription.storage, owner, {
      team_db_id: teamId,
      storage_size: 150,
      credits_used: true,
    });
    expect(off.body.errormessage).toBe(MSG.storageStepInvalid);
    const zero = await call(t, 'POST', API.subscription.storage, owner, {
      team_db_id: teamId,
      storage_size: 0,
      credits_used: true,
    });
    expect(zero.status).toBe(400);

    const add = await call<PurchaseAnswer>(t, 'POST', API.subscription.storage, owner, {
      team_db_id: teamId,
      storage_size: 100,
      credits_used: true,
    });
    // 100 × ₹2 per month per 100 GB step, 30 of 30 days
    expect(add.body.data).toMatchObject({ message: MSG.storageAdded, amount: 200 });
    const storage = await call<StorageDetail>(t, 'GET', API.subscription.storage, owner, {
      team_db_id: teamId,
    });
    expect(storage.body.data).toMatchObject({
      storage_added: 100,
      total_storage: 600,
      storage_size_addition_step: 100,
      amount_per_gb_storage: 2,
      storage_amount: 200,
      used_storage: 0,
    });
    const before = new Date((await state(owner, teamId)).data.renewal.renewal_date!);
    const renew = await call<PurchaseAnswer>(t, 'POST', API.subscription.renew, owner, {
      team_db_id: teamId,
      subscription_db_id: 'pro',
      months: 2,
      credits_used: true,
    });
    expect(renew.body.data).toMatchObject({ message: MSG.renewalDone, amount: 2 * (1499 + 200) });
    const after = new Date((await state(owner, teamId)).data.renewal.renewal_date!);
    expect((after.getTime() - before.getTime()) / DAY).toBe(60);
    expect(await balance(teamId)).toBe(10_000 - 1499 - 200 - 3398);
  });
});

describe('the storage limit counts the add-on storage', () => {
  it('refuses an upload past 500 GB on Pro, accepts it after 100 GB are added', async () => {
    const { owner, teamId } = await freeTeam(5000);
    await upgrade(owner, teamId, 'pro');
    const projectId = await apiProject(t, owner, teamId);
    const gib = 1024 ** 3;
    const over = await start(t, owner, projectId, 550 * gib, { filename: 'huge.mov' });
    expect(over.status).toBe(403);
    expect(over.body.errormessage).toBe(MSG.upgradeStorageLimit);
    const add = await call(t, 'POST', API.subscription.storage, owner, {
      team_db_id: teamId,
      storage_size: 100,
      credits_used: true,
    });
    expect(add.body.response).toBe(true);
    const ok = await start(t, owner, projectId, 550 * gib, { filename: 'huge.mov' });
    expect(ok.status).toBe(200);
  });
});

describe('plans and plan details', () => {
  it('lists the catalogue with the current plan marked; details show limits (false = unlimited)', async () => {
    const { owner, teamId } = await freeTeam();
    const list = await call<{ plans: { subscription_db_id: string; is_current: boolean }[] }>(
      t,
      'GET',
      API.subscription.plans,
      owner,
      { team_db_id: teamId },
    );
    expect(list.body.data.plans.map((p) => p.subscription_db_id)).toEqual([
      'free',
      'pro',
      'team',
      'sme',
      'enterprise',
    ]);
    expect(list.body.data.plans.find((p) => p.is_current)?.subscription_db_id).toBe('free');
    const ent = await call<PlanDetails>(t, 'GET', API.subscription.planDetails, owner, {
      team_db_id: teamId,
      subscription_db_id: 'enterprise',
    });
    expect(ent.body.data).toMatchObject({
      project_limit: false,
      machine_hour_limit: false,
      is_enterprise: true,
    });
    const none = await call(t, 'GET', API.subscription.planDetails, owner, {
      team_db_id: teamId,
      subscription_db_id: 'gold',
    });
    expect(none.body.errormessage).toBe(MSG.detailsNotFound);
  });
});

describe('statistics (spec 002 §7 paths, data.data)', () => {
  it('project and file storage from assets; cloud usage from usage records; by date range', async () => {
    const { owner, teamId } = await freeTeam();
    const p1 = await apiProject(t, owner, teamId, 'Alpha');
    const p2 = await apiProject(t, owner, teamId, 'Beta');
    await insertFile(t, p1, { size: 5000 });
    await insertFile(t, p2, { size: 2000 });
    const started = new Date('2027-03-10T10:00:00Z');
    await recordCloudUsage(t.ctx.db, {
      teamId,
      projectId: p1,
      userId: owner.user.id,
      hardware: 'GPU',
      startedAt: started,
      endedAt: new Date(started.getTime() + 2 * 3600_000),
      psc: 240,
    });
    const get = async <T>(path: string, q: Record<string, string> = {}) =>
      (await call<{ data: T[] }>(t, 'GET', path, owner, { team_db_id: teamId, ...q })).body.data.data;

    expect(await get(API.statistics.projectStorage)).toEqual([
      { project_db_id: p1, title: 'Alpha', storage_used: 5000, total_assets: 1 },
      { project_db_id: p2, title: 'Beta', storage_used: 2000, total_assets: 1 },
    ]);
    expect(await get(API.statistics.fileStorage)).toContainEqual({
      file_type: 'video',
      storage_used: 7000,
      files: 2,
    });
    expect(await get(API.statistics.projectCloudUsage)).toEqual([
      { project_db_id: p1, title: 'Alpha', hours: 2, psc: 240 },
    ]);
    const days = await get<{ date: string; hours: number }>(API.statistics.activityCloudUsage, {
      start_date: '2027-03-09',
      end_date: '2027-03-11',
    });
    expect(days.map((d) => [d.date, d.hours])).toEqual([
      ['2027-03-09', 0],
      ['2027-03-10', 2],
      ['2027-03-11', 0],
    ]);
    expect(await get(API.statistics.projectCloudUsage, { start_date: '2027-04-01' })).toEqual([]);
  });
});

describe('who may', () => {
  it('refuses a member who is not an admin, and a user of another team, on every route', async () => {
    const { owner, member, teamId } = await freeTeam(5000);
    const stranger = await person(t);
    const cases: ['GET' | 'POST', string, Record<string, unknown>][] = [
      ['GET', API.subscription.root, {}],
      ['GET', API.subscription.plans, {}],
      ['GET', API.subscription.planDetails, { subscription_db_id: 'pro' }],
      ['GET', API.subscription.storage, {}],
      ['POST', API.subscription.upgrade, { subscription_db_id: 'pro', credits_used: true }],
      ['POST', API.subscription.renew, { subscription_db_id: 'pro', credits_used: true }],
      ['POST', API.subscription.storage, { storage_size: 100, credits_used: true }],
      ['GET', API.statistics.projectStorage, {}],
      ['GET', API.statistics.fileStorage, {}],
      ['GET', API.statistics.projectCloudUsage, {}],
      ['GET', API.statistics.activityCloudUsage, {}],
    ];
    for (const [method, path, extra] of cases) {
      for (const who of [member, stranger]) {
        const res = await call(t, method, path, who, { team_db_id: teamId, ...extra });
        expect([path, res.status, res.body.response]).toEqual([path, 403, false]);
      }
      const anon = await call(t, method, path, undefined, { team_db_id: teamId, ...extra });
      expect([path, anon.status]).toEqual([path, 401]);
    }
    // the refusals bought nothing
    expect((await state(owner, teamId)).data.plan_detail.title).toBe('Free');
    expect(await balance(teamId)).toBe(5000);
  });
});
