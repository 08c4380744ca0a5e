import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_MEMBER_PERMISSIONS } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { teams } from '../../db/schema/index.ts';
import { DEMO_LOGIN, seedDemo } from '../../seed.ts';
import { findUserByEmail } from '../accounts/users.service.ts';
import { membership } from './teams.testkit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo world', () => {
  it('has the producer owning Demo Studio and the editor holding the default member permissions', async () => {
    // On a shared PostgreSQL another file may have seeded already; the seed is idempotent.
    await seedDemo(t.ctx.db);
    expect(await seedDemo(t.ctx.db)).toBe(false);
    const owner = (await findUserByEmail(t.ctx.db, DEMO_LOGIN.email))!;
    const editor = (await findUserByEmail(t.ctx.db, 'editor@rushes.local'))!;
    const [studio] = await t.ctx.db.select().from(teams).where(eq(teams.name, 'Demo Studio'));
    expect(studio).toMatchObject({ ownerId: owner.id, awsRegion: 'ap-south-1', planCode: 'pro' });
    expect(await membership(t, studio.id, owner.id)).toEqual({
      isAdmin: true,
      codes: ['added_as_team_owner'],
    });
    expect(await membership(t, studio.id, editor.id)).toEqual({
      isAdmin: false,
      codes: [...DEFAULT_MEMBER_PERMISSIONS].sort(),
    });
  });
});
