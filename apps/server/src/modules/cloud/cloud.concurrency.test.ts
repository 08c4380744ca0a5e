import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_TEXT, DEFAULT_CLOUD_CATALOGUE } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { cloudSessions } from '../../db/schema/index.ts';
import { resumeSessions } from './cloud.lifecycle.ts';
import { providerOf } from './cloud.providers.ts';
import { balance, book, cloudWorld, sessionRow, time } from './cloud.testkit.ts';

/**
 * Bookings under real concurrency, and a restart while booting. Only PostgreSQL runs requests on
 * several connections at once and lets two apps share a database, so this file needs DATABASE_URL.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const CAPACITY = 5;
/** The apps of one deployment share their keys (the sealed VNC passwords are opened by whichever runs). */
const ENV = { CLOUD_PROVIDER: 'simulated', SECRET_KEYS: `k1:${randomBytes(32).toString('base64')}` };

let t: TestApp;
beforeAll(async () => {
  if (!onPostgres) return;
  const file = path.join(os.tmpdir(), `cloud-catalogue-${process.pid}.json`);
  await writeFile(
    file,
    JSON.stringify({
      ...DEFAULT_CLOUD_CATALOGUE,
      hardware: DEFAULT_CLOUD_CATALOGUE.hardware.map((h) => ({ ...h, capacity: CAPACITY })),
    }),
  );
  t = await createTestApp({ ...ENV, CLOUD_CATALOGUE_FILE: file });
}, 60_000);
afterAll(() => t?.close());

describe.skipIf(!onPostgres)('cloud bookings on PostgreSQL', () => {
  it('50 concurrent bookings never pass the capacity, and the credits charged are exact', async () => {
    const { others, teamId, projectId } = await cloudWorld(t, 50, 10_000);
    const results = await Promise.all(
      others.map((p) => book(t, p, projectId, { plugins: ['neat_video'], duration: 120 })),
    );
    const accepted = results.filter((r) => r.body.response);
    const refused = results.filter((r) => !r.body.response);
    expect(accepted).toHaveLength(CAPACITY);
    expect(
      refused.every((r) => r.status === 409 && r.body.errormessage === CLOUD_TEXT.resourceNotAvailable),
    ).toBe(true);
    const [sum] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int`, charged: sql<number>`sum(${cloudSessions.charged})::int` })
      .from(cloudSessions)
      .where(eq(cloudSessions.projectId, projectId));
    expect(sum).toEqual({ n: CAPACITY, charged: CAPACITY * (150 + 40) * 2 });
    expect(await balance(t, teamId)).toBe(10_000 - CAPACITY * (150 + 40) * 2);
  }, 120_000);

  it('a restart while booting resumes the lifecycle; a restart while started brings the desktop back', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const booked = (await book(t, owner, projectId, { hardware: 'performance' })).body.data;
    // the first process stops before its worker ran the boot job; a second one takes over
    const second = await createTestApp(ENV, { sameDatabaseAs: t });
    let third: TestApp | undefined;
    try {
      await second.ctx.jobs.drainForTests();
      const started = await sessionRow(second, booked.cloud_access_db_id);
      expect(started.status).toBe('machine_started');
      expect(providerOf(second.ctx, second.app.log).running(booked.cloud_access_db_id)).toBe(true);
      const before = (await time(t, owner)).body.data.session!;

      // a third process starts: its desktops are not running, so the start-up resume boots it again
      third = await createTestApp(ENV, { sameDatabaseAs: t });
      expect(providerOf(third.ctx, third.app.log).running(booked.cloud_access_db_id)).toBe(false);
      await resumeSessions(third.ctx);
      await third.ctx.jobs.drainForTests();
      expect(providerOf(third.ctx, third.app.log).running(booked.cloud_access_db_id)).toBe(true);
      const after = (await time(t, owner)).body.data.session!;
      expect(after).toMatchObject({
        machine_status: 'machine_started',
        password: before.password,
        session_end_datetime: before.session_end_datetime,
      });
    } finally {
      await third?.close();
      await second.close();
    }
  }, 60_000);
});
