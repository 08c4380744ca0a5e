import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudUsageRecords } from '../../db/schema/index.ts';
import { CLOUD_API, CLOUD_TEXT, MSG, type CloudSession } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { setPlan } from '../teams/teams.testkit.ts';
import { apiProject } from '../projects/projects.testkit.ts';
import { setProviderForTests, type CloudProvider } from './cloud.providers.ts';
import { runsEverything } from './cloud.runnable.ts';
import {
  availability,
  book,
  call,
  cloudWorld,
  config,
  balance,
  end,
  giveCredits,
  jobsDueNow,
  person,
  queue,
  sessionRow,
  time,
} from './cloud.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CLOUD_PROVIDER: 'simulated' });
});
afterAll(() => t?.close());

describe('catalogue lookups', () => {
  it('lists types, softwares (produb_editing as a link), plugins and hardware, and prices a system', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const q = { project_db_id: projectId };
    const types = await call<{ system_types: { slug: string }[] }>(t, 'GET', CLOUD_API.systemTypes, owner, q);
    expect(types.body.data.system_types.map((s) => s.slug)).toContain('video_editing');
    const soft = await call<{ softwares: { slug: string; external_url: string | null }[] }>(
      t,
      'GET',
      CLOUD_API.softwares,
      owner,
      q,
    );
    expect(soft.body.data.softwares.find((s) => s.slug === 'produb_editing')?.external_url).toMatch(
      /^https:/,
    );
    const plugins = await call<{ plugins: { slug: string; configurations: { auto_select: string[] } }[] }>(
      t,
      'GET',
      CLOUD_API.plugins,
      owner,
      { ...q, software_slug: 'premiere_pro' },
    );
    expect(
      plugins.body.data.plugins.find((p) => p.slug === 'red_giant_universe')?.configurations.auto_select,
    ).toEqual(['magic_bullet']);
    const hw = await call<{ hardware: { slug: string; available: number }[] }>(
      t,
      'GET',
      CLOUD_API.hardware,
      owner,
      {
        ...q,
        software_slug: 'premiere_pro',
      },
    );
    expect(hw.body.data.hardware.map((h) => h.slug)).toEqual(['standard', 'performance']);
    const sys = await call<{ pricing: number; cloud_configuration_db_id: string }>(
      t,
      'GET',
      CLOUD_API.systems,
      owner,
      {
        ...q,
        software_slug: 'premiere_pro',
        hardware_slug: 'standard',
        plugin_slug: 'neat_video,red_giant_universe',
      },
    );
    expect(sys.body.data.pricing).toBe(150 + 40 + 60);
    expect(sys.body.data.cloud_configuration_db_id).toBe(
      config('standard', ['neat_video', 'red_giant_universe']).id,
    );
  });

  it('an external-link software cannot be booked', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const res = await book(t, owner, projectId, { software: 'produb_editing' });
    expect(res.status).toBe(400);
  });
});

describe('a session from booking to release', () => {
  it('books, boots, extends only once started, ends, and releases', async () => {
    const { owner, teamId, projectId } = await cloudWorld(t, 0, 1000);
    const ok = await availability(t, owner, projectId, 'standard', 120);
    expect(ok.body.data).toMatchObject({ available: true, machine_status: 'machine_available', amount: 300 });

    const booked = await book(t, owner, projectId, { plugins: ['neat_video'], duration: 120 });
    expect(booked.body.errormessage ?? '').toBe('');
    const s = booked.body.data;
    expect(s).toMatchObject({
      machine_status: 'machine_booting',
      charged: 380,
      password: null,
      can_extend_session: false,
    });
    expect(s.cloud_assignment_id).toMatch(/^CS-[0-9A-F]{8}$/);
    expect(s.waiting_time).not.toBeNull();

    // a second booking while one runs is refused
    expect((await book(t, owner, projectId)).body.errormessage).toBe(CLOUD_TEXT.alreadyRunning);
    // extension only once started
    const early = await call(t, 'PUT', CLOUD_API.extend, owner, {
      project_db_id: projectId,
      cloud_id: s.cloud_access_db_id,
      duration: 60,
    });
    expect(early.body.errormessage).toBe(CLOUD_TEXT.notStarted);

    await t.ctx.jobs.drainForTests();
    const started = (await time(t, owner)).body.data;
    expect(started.session).toMatchObject({
      machine_status: 'machine_started',
      can_extend_session: true,
      username: 'editor',
    });
    expect(started.session?.password).toMatch(/^.{8}$/);
    expect(started.data.session).toMatchObject({
      machine_status: 'machine_started',
      project_db_id: projectId,
      waiting_time: null,
    });
    const endsAt = new Date(started.session!.session_end_datetime!).getTime();
    expect(endsAt - new Date(started.current_time).getTime()).toBeGreaterThan(119 * 60_000);

    // only 60 minutes may be added
    const two = await call(t, 'PUT', CLOUD_API.extend, owner, {
      project_db_id: projectId,
      cloud_id: s.cloud_access_db_id,
      duration: 120,
    });
    expect(two.status).toBe(400);
    const ext = await call<CloudSession>(t, 'PUT', CLOUD_API.extend, owner, {
      project_db_id: projectId,
      cloud_id: s.cloud_access_db_id,
      duration: 60,
    });
    expect(ext.body.data.duration).toBe(180);
    expect(ext.body.data.charged).toBe(380 + 190);
    expect(new Date(ext.body.data.session_end_datetime!).getTime()).toBe(endsAt + 3600_000);

    // the end job of the first end time changes nothing after the extension
    await jobsDueNow(t, 'cloud.end', new Date(endsAt).toISOString());
    await t.ctx.jobs.drainForTests();
    expect((await sessionRow(t, s.cloud_access_db_id)).status).toBe('machine_started');

    const ended = await end(t, owner, projectId, s.cloud_access_db_id);
    expect(ended.body.data).toEqual({ message: CLOUD_TEXT.sessionEnded });
    expect((await time(t, owner)).body.data.data.session?.machine_status).toBe('machine_shutting_down');
    await t.ctx.jobs.drainForTests();
    const row = await sessionRow(t, s.cloud_access_db_id);
    expect(row.status).toBe('released');
    expect(row.charged - row.refunded).toBe(570);
    expect(await balance(t, teamId)).toBe(1000 - 570);
    // the usage row the statistics page and the plan's machine hours read
    const [usage] = await t.ctx.db
      .select()
      .from(cloudUsageRecords)
      .where(eq(cloudUsageRecords.sourceId, `cloud:${s.cloud_access_db_id}`));
    expect(usage).toMatchObject({ teamId, projectId, hardware: 'standard', psc: '570.00' });
    expect(usage?.endedAt?.getTime()).toBe(row.releasedAt?.getTime());
    expect((await time(t, owner)).body.data.session).toBeNull();
  });

  it('the end time shuts the machine down by itself', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const s = (await book(t, owner, projectId)).body.data;
    await t.ctx.jobs.drainForTests();
    await jobsDueNow(t, 'cloud.warn');
    await jobsDueNow(t, 'cloud.end');
    await t.ctx.jobs.drainForTests();
    expect((await sessionRow(t, s.cloud_access_db_id)).status).toBe('released');
    const notes = await call<{ notifications: { message: string }[] }>(
      t,
      'GET',
      '/api/notifications',
      owner,
      {
        team_db_id: s.team_db_id,
      },
    );
    expect(JSON.stringify(notes.body.data)).toContain(CLOUD_TEXT.warnEnding);
  });

  it('refunds the undelivered time when the provider fails', async () => {
    const { owner, teamId, projectId } = await cloudWorld(t, 0, 1000);
    const failing: CloudProvider = {
      name: 'simulated',
      runnable: async (c) => runsEverything(c),
      unavailableReason: async () => null,
      start: () => Promise.reject(new Error('no machine answered')),
      stop: async () => undefined,
      running: () => false,
      close: async () => undefined,
    };
    setProviderForTests(t.ctx, failing);
    try {
      const s = (await book(t, owner, projectId, { duration: 180 })).body.data;
      await t.ctx.jobs.drainForTests();
      const row = await sessionRow(t, s.cloud_access_db_id);
      expect(row).toMatchObject({
        status: 'failed',
        charged: 450,
        refunded: 450,
        failure: 'no machine answered',
      });
      expect(await balance(t, teamId)).toBe(1000);
      expect((await time(t, owner)).body.data.session).toBeNull();
    } finally {
      setProviderForTests(t.ctx, undefined as unknown as CloudProvider);
    }
  });
});

describe('credits', () => {
  it('a booking the balance cannot pay is refused and nothing is booked', async () => {
    const { owner, teamId, projectId } = await cloudWorld(t, 0, 100);
    const res = await book(t, owner, projectId);
    expect(res.status).toBe(402);
    expect(await balance(t, teamId)).toBe(100);
    expect((await time(t, owner)).body.data.session).toBeNull();
    await giveCredits(t, teamId, 50);
    expect((await book(t, owner, projectId)).body.data.charged).toBe(150);
    expect(await balance(t, teamId)).toBe(0);
    await t.ctx.jobs.drainForTests();
    // an extension the balance cannot pay is refused; the end time stays
    const s = (await time(t, owner)).body.data.session!;
    const ext = await call(t, 'PUT', CLOUD_API.extend, owner, {
      project_db_id: projectId,
      cloud_id: s.cloud_access_db_id,
      duration: 60,
    });
    expect(ext.status).toBe(402);
    expect((await time(t, owner)).body.data.session?.session_end_datetime).toBe(s.session_end_datetime);
    await end(t, owner, projectId, s.cloud_access_db_id);
    await t.ctx.jobs.drainForTests();
  });
});

describe('capacity and the queue', () => {
  it('offers a freed machine to the first in line, who must confirm within the window', async () => {
    const { owner, others, projectId } = await cloudWorld(t, 3);
    const [b, c, d] = others as [typeof owner, typeof owner, typeof owner];
    // performance has 1 machine
    const a = (await book(t, owner, projectId, { hardware: 'performance' })).body.data;
    expect((await availability(t, b, projectId, 'performance')).body.data).toMatchObject({
      available: false,
      machine_status: 'machine_inqueue',
    });
    expect((await book(t, b, projectId, { hardware: 'performance' })).body.errormessage).toBe(
      CLOUD_TEXT.resourceNotAvailable,
    );
    const qb = (await queue(t, b, projectId, 'performance')).body.data;
    const qc = (await queue(t, c, projectId, 'performance')).body.data;
    const qd = (await queue(t, d, projectId, 'performance')).body.data;
    expect([qb.position, qc.position, qd.position]).toEqual([1, 2, 3]);
    expect(qb.machine_status).toBe('machine_inqueue');
    // d gives up
    expect(
      (
        await call(t, 'PUT', CLOUD_API.cancelQueue, d, {
          cloud_resource_queue_id: qd.cloud_resource_queue_id,
        })
      ).body.response,
    ).toBe(true);

    await t.ctx.jobs.drainForTests();
    await end(t, owner, projectId, a.cloud_access_db_id);
    await t.ctx.jobs.drainForTests();
    // b is offered the machine; c still waits and cannot take it
    expect((await time(t, b)).body.data.queue).toMatchObject({
      machine_status: 'machine_available',
      position: 1,
    });
    expect((await time(t, c)).body.data.queue).toMatchObject({
      machine_status: 'machine_inqueue',
      position: 2,
    });
    expect((await book(t, c, projectId, { hardware: 'performance' })).body.errormessage).toBe(
      CLOUD_TEXT.resourceNotAvailable,
    );
    // b lets the window pass: the offer goes to c
    await jobsDueNow(t, 'cloud.offerExpire');
    await t.ctx.jobs.drainForTests();
    expect((await time(t, b)).body.data.queue).toBeNull();
    expect((await time(t, c)).body.data.queue?.machine_status).toBe('machine_available');
    const booked = await book(t, c, projectId, { hardware: 'performance' });
    expect(booked.body.data.machine_status).toBe('machine_booting');
    expect((await time(t, c)).body.data.queue).toBeNull();
    // b, late, finds it taken
    expect((await book(t, b, projectId, { hardware: 'performance' })).body.errormessage).toBe(
      CLOUD_TEXT.resourceNotAvailable,
    );
    await t.ctx.jobs.drainForTests();
    await end(t, c, projectId, booked.body.data.cloud_access_db_id);
    await t.ctx.jobs.drainForTests();
  });
});

describe('plan limits (002 §3 currentPlan)', () => {
  it('no_of_concurrent_systems and machine_hour_limit answer upgrade_required', async () => {
    const { owner, others, teamId, projectId } = await cloudWorld(t, 1);
    await setPlan(t, teamId, 'free'); // 1 system at once, 5 hours a month
    const first = (await book(t, owner, projectId, { duration: 240 })).body.data;
    const second = await book(t, others[0]!, projectId);
    expect(second.status).toBe(403);
    expect(second.body.errormessage).toBe(MSG.upgradeConcurrentLimit);
    expect(second.body.data).toMatchObject({ upgrade_required: { message: MSG.upgradeConcurrentLimit } });
    await t.ctx.jobs.drainForTests();
    await end(t, owner, projectId, first.cloud_access_db_id);
    await t.ctx.jobs.drainForTests();
    const over = await book(t, others[0]!, projectId, { duration: 120 });
    expect(over.status).toBe(403);
    expect(over.body.errormessage).toBe(MSG.upgradeMachineHourLimit);
    expect((await book(t, others[0]!, projectId, { duration: 60 })).body.data.machine_status).toBe(
      'machine_booting',
    );
  });
});

describe('issue reports (spec 001 §5)', () => {
  it('needs the current session id, else Invalid Cloud Session ID', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const s = (await book(t, owner, projectId, { plugins: ['neat_video'] })).body.data;
    const types = await call<{ error_types: { value: string }[] }>(t, 'GET', CLOUD_API.errorTypes, owner, {
      cloud_assignment_db_id: s.cloud_access_db_id,
    });
    expect(types.body.data.error_types.map((e) => e.value)).toContain('plugin');
    const body = { cloud_assignment_db_id: s.cloud_access_db_id, error_type: 'slow', error_message: 'Laggy' };
    const wrong = await call(t, 'POST', CLOUD_API.report, owner, {
      ...body,
      cloud_assignment_id: 'CS-00000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errormessage).toBe(CLOUD_TEXT.invalidSessionId);
    const noType = await call(t, 'POST', CLOUD_API.report, owner, {
      ...body,
      error_type: '',
      cloud_assignment_id: s.cloud_assignment_id,
    });
    expect(noType.status).toBe(400);
    const right = await call(t, 'POST', CLOUD_API.report, owner, {
      ...body,
      cloud_assignment_id: s.cloud_assignment_id,
    });
    expect(right.body.data).toEqual({ message: CLOUD_TEXT.reportSent });
    await end(t, owner, projectId, s.cloud_access_db_id);
    await t.ctx.jobs.drainForTests();
  });
});

describe('who may', () => {
  it('refuses another team, a team member outside the project, and someone else’s session', async () => {
    const { owner, teamId, projectId } = await cloudWorld(t, 0);
    const s = (await book(t, owner, projectId)).body.data;
    await t.ctx.jobs.drainForTests();
    const stranger = await person(t);
    const outsider = await person(t);
    // a member of the team, not of the project
    await call(t, 'POST', '/api/teams/members', owner, { team_id: teamId, user_db_ids: [outsider.user.id] });
    const ownProject = await apiProject(t, stranger);
    const entry = (await queue(t, owner, projectId, 'performance')).body.data;
    expect(entry.cloud_resource_queue_id).toBeTruthy();
    const lookup = { project_db_id: projectId, software_slug: 'premiere_pro' };
    const c = config();
    for (const who of [stranger, outsider]) {
      for (const [method, path, payload] of [
        ['GET', CLOUD_API.systemTypes, { project_db_id: projectId }],
        ['GET', CLOUD_API.softwares, { project_db_id: projectId }],
        ['GET', CLOUD_API.plugins, lookup],
        ['GET', CLOUD_API.hardware, lookup],
        ['GET', CLOUD_API.systems, { ...lookup, hardware_slug: 'standard' }],
        [
          'POST',
          CLOUD_API.start,
          {
            project_db_id: projectId,
            duration: 60,
            cloud_configuration_db_id: c.id,
            hardware_slug: c.hardware,
            software_slug: c.software,
            timezone: { name: 'Asia/Kolkata', offset: 330 },
          },
        ],
        [
          'POST',
          CLOUD_API.queue,
          { project_db_id: projectId, duration: 60, cloud_configuration_db_id: c.id },
        ],
        ['PUT', CLOUD_API.cancelQueue, { cloud_resource_queue_id: entry.cloud_resource_queue_id }],
        [
          'POST',
          CLOUD_API.report,
          {
            cloud_assignment_db_id: s.cloud_access_db_id,
            cloud_assignment_id: s.cloud_assignment_id,
            error_type: 'slow',
          },
        ],
        [
          'POST',
          CLOUD_API.availability,
          { project_db_id: projectId, duration: 60, cloud_configuration_db_id: config().id },
        ],
        ['PUT', CLOUD_API.extend, { project_db_id: projectId, cloud_id: s.cloud_access_db_id, duration: 60 }],
        ['PUT', CLOUD_API.end, { project_db_id: projectId, cloud_id: s.cloud_access_db_id, message: 'End' }],
        ['POST', CLOUD_API.launch, { cloud_id: s.cloud_access_db_id }],
        ['GET', CLOUD_API.connectionFile, { cloud_id: s.cloud_access_db_id }],
        ['GET', CLOUD_API.errorTypes, { cloud_assignment_db_id: s.cloud_access_db_id }],
      ] as const) {
        const res = await call(t, method, path, who, payload);
        expect([403, 404], `${method} ${path}`).toContain(res.status);
      }
    }
    // a session cannot be ended through another project
    expect((await end(t, stranger, ownProject, s.cloud_access_db_id)).status).toBe(404);
    expect((await sessionRow(t, s.cloud_access_db_id)).status).toBe('machine_started');
    expect((await time(t, stranger)).body.data.session).toBeNull();
    // the owner's queue entry is still there
    expect((await time(t, owner)).body.data.queue?.cloud_resource_queue_id).toBe(
      entry.cloud_resource_queue_id,
    );
    expect(MSG).toBeDefined();
  });
});
