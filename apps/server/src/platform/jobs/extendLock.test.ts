import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { jobs } from '../../db/schema/platform.ts';
import { claimDueJobs, extendLock } from './jobStore.ts';
import { enqueueJob } from './queue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('a running job extends its lock; a lost claim cannot', async () => {
  await enqueueJob(t.ctx.db, 'uploads.cleanup', {});
  const [claimed] = await claimDueJobs(t.ctx.db, 1, 5);
  const lockOf = async () =>
    (await t.ctx.db.select().from(jobs).where(eq(jobs.id, claimed.id)))[0].lockedUntil!.getTime();
  const before = await lockOf();
  expect(await extendLock(t.ctx.db, claimed, 600)).toBe(true);
  expect((await lockOf()) - before).toBeGreaterThan(500_000);
  expect(await extendLock(t.ctx.db, { id: claimed.id, attempts: claimed.attempts + 1 }, 600)).toBe(false);
});
