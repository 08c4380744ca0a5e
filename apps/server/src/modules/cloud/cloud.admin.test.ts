import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_API, CLOUD_TEXT } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { cloudPoolMachines } from '../../db/schema/index.ts';
import {
  availability,
  book,
  call,
  cloudWorld,
  end,
  platformAdmin,
  time,
  type Person,
} from './cloud.testkit.ts';

/**
 * Platform admins: the pool's workstations (registered with sealed credentials, leased
 * one per session) and the issue reports (listed, handled, the reporter told). Everyone else is
 * refused.
 */
const OPS = `ops-${Date.now()}@example.com`;
let t: TestApp;
let ops: Person;
beforeAll(async () => {
  t = await createTestApp({
    CLOUD_PROVIDER: 'pool',
    PLATFORM_ADMIN_EMAILS: `someone@example.com, ${OPS.toUpperCase()}`,
  });
  ops = await platformAdmin(t, OPS);
});
afterAll(() => t?.close());

type Machines = { machines: { machine_db_id: string; in_use: boolean; host: string }[] };
const machine = {
  name: 'Edit bay 1',
  hardware_slug: 'performance',
  host: '10.0.0.21',
  port: 5901,
  username: 'bay1',
  password: 'S3cret-vnc',
};

describe('the pool of workstations', () => {
  it('only platform admins list, register and remove workstations', async () => {
    const { owner } = await cloudWorld(t, 0);
    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', machine],
      ['DELETE', { machine_db_id: '00000000-0000-4000-8000-000000000000' }],
    ] as const) {
      const res = await call(t, method, CLOUD_API.adminMachines, owner, payload);
      expect(res.status).toBe(403);
      expect(res.body.errormessage).toBe(CLOUD_TEXT.onlyPlatformAdmins);
    }
  });

  it('a session leases a registered workstation with its sealed credentials, one session per machine', async () => {
    const { owner, others, projectId } = await cloudWorld(t, 1);
    // nothing registered: not available
    expect((await availability(t, owner, projectId, 'performance')).body.errormessage).toBe(
      CLOUD_TEXT.resourceNotAvailable,
    );
    const added = await call<Machines>(t, 'POST', CLOUD_API.adminMachines, ops, machine);
    expect(added.body.data.machines).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(cloudPoolMachines);
    expect(row!.passwordSealed).not.toContain(machine.password);

    const s = (await book(t, owner, projectId, { hardware: 'performance' })).body.data;
    expect(s.machine_status).toBe('machine_booting');
    expect((await book(t, others[0]!, projectId, { hardware: 'performance' })).body.errormessage).toBe(
      CLOUD_TEXT.resourceNotAvailable,
    );
    await t.ctx.jobs.drainForTests();
    expect((await time(t, owner)).body.data.session).toMatchObject({
      machine_status: 'machine_started',
      ip_address: '10.0.0.21',
      username: 'bay1',
      password: machine.password,
      host_name: 'Edit bay 1',
    });
    const listed = await call<Machines>(t, 'GET', CLOUD_API.adminMachines, ops);
    expect(listed.body.data.machines[0]?.in_use).toBe(true);
    const id = listed.body.data.machines[0]!.machine_db_id;
    // in use: it stays
    expect(
      (await call(t, 'DELETE', CLOUD_API.adminMachines, ops, { machine_db_id: id })).body.errormessage,
    ).toBe(CLOUD_TEXT.machineRemoved);

    await end(t, owner, projectId, s.cloud_access_db_id);
    await t.ctx.jobs.drainForTests();
    expect((await call<Machines>(t, 'GET', CLOUD_API.adminMachines, ops)).body.data.machines[0]?.in_use).toBe(
      false,
    );
    const removed = await call<Machines>(t, 'DELETE', CLOUD_API.adminMachines, ops, { machine_db_id: id });
    expect(removed.body.data.machines).toEqual([]);
    expect((await availability(t, owner, projectId, 'performance')).body.errormessage).toBe(
      CLOUD_TEXT.resourceNotAvailable,
    );
  });
});

describe('issue reports', () => {
  it('a platform admin sees a report and handles it; the reporter is told once', async () => {
    const { owner, teamId, projectId } = await cloudWorld(t, 0);
    await call(t, 'POST', CLOUD_API.adminMachines, ops, {
      ...machine,
      name: 'Edit bay 2',
      hardware_slug: 'standard',
    });
    const s = (await book(t, owner, projectId)).body.data;
    const sent = await call(t, 'POST', CLOUD_API.report, owner, {
      cloud_assignment_db_id: s.cloud_access_db_id,
      cloud_assignment_id: s.cloud_assignment_id,
      error_type: 'cannot_connect',
      error_message: 'Black screen',
    });
    expect(sent.body.response).toBe(true);
    expect((await call(t, 'GET', CLOUD_API.adminReports, owner)).status).toBe(403);
    const list = await call<{
      reports: { report_db_id: string; cloud_assignment_id: string; handled_on: string | null }[];
    }>(t, 'GET', CLOUD_API.adminReports, ops);
    const report = list.body.data.reports.find((r) => r.cloud_assignment_id === s.cloud_assignment_id)!;
    expect(report).toMatchObject({ handled_on: null, error_message: 'Black screen' });
    expect(
      (await call(t, 'PUT', CLOUD_API.adminHandleReport, owner, { report_db_id: report.report_db_id }))
        .status,
    ).toBe(403);
    for (let i = 0; i < 2; i++) {
      const handled = await call(t, 'PUT', CLOUD_API.adminHandleReport, ops, {
        report_db_id: report.report_db_id,
      });
      expect(handled.body.data).toEqual({ message: CLOUD_TEXT.reportMarkedHandled });
    }
    const notes = await call<{ notifications: { message: string }[] }>(
      t,
      'GET',
      '/api/notifications',
      owner,
      {
        team_db_id: teamId,
      },
    );
    expect(JSON.stringify(notes.body.data).split(CLOUD_TEXT.reportHandled).length - 1).toBe(1);
  });
});
