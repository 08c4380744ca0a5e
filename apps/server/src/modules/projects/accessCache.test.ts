import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, MSG, PROJECT_PERMISSIONS, type ProjectInfo } from '@rushes/shared';
import { clusterOfTwo, createTestApp, type TestApp } from '../../../test/harness.ts';
import { projectMembers, projects } from '../../db/schema/index.ts';
import { clearCachedProjectAccess } from './accessCache.ts';
import { addMembers, call, person, studio, type Person } from './projects.testkit.ts';

/**
 * The project access cache (accessCache.ts): a member's later requests skip the membership read, and
 * every change made through the product (members, permissions, title, deletion) reaches every node
 * at once. PGlite is one process's database, so the two-node part needs PostgreSQL and Redis.
 */
const info = (t: TestApp, who: Person, projectId: string) =>
  call<ProjectInfo>(t, 'GET', API.projects.info, who, { project_db_id: projectId });
const idOf = (code: string) => PROJECT_PERMISSIONS.find((p) => p.code === code)!.id;

describe('the project access cache on one node', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("a member's next request reads no membership; a cleared cache reads it again", async () => {
    const { collaborator, projectId } = await studio(t);
    const chat = () => call(t, 'GET', API.chat.counters, collaborator, { project_db_id: projectId });
    expect((await chat()).status).toBe(200);
    // the membership goes behind the product's back: only the cached access can still answer
    await t.ctx.db.delete(projectMembers).where(eq(projectMembers.userId, collaborator.user.id));
    expect((await chat()).status).toBe(200);
    clearCachedProjectAccess(t.ctx);
    expect((await chat()).body.errormessage).toBe(MSG.noProjectAccess);
  });

  it('a removal, a permission change and a rename through the API apply at once', async () => {
    const { owner, collaborator, projectId } = await studio(t);
    const admin = await person(t);
    await addMembers(t, owner, projectId, [admin], 'admin');
    expect((await info(t, collaborator, projectId)).body.data.permissions).not.toContain('can_delete_assets');
    expect((await info(t, admin, projectId)).status).toBe(200);

    await call(t, 'POST', API.projects.permissions, owner, {
      project_db_id: projectId,
      user_db_id: collaborator.user.id,
      permissions: [idOf('can_delete_assets')],
    });
    expect((await info(t, collaborator, projectId)).body.data.permissions).toContain('can_delete_assets');

    await call(t, 'PUT', API.projects.root, owner, { project_db_id: projectId, title: 'Renamed reel' });
    expect((await info(t, collaborator, projectId)).body.data.title).toBe('Renamed reel');

    await call(t, 'DELETE', API.projects.collaborators, owner, {
      project_db_id: projectId,
      role: 'admin',
      user_db_id: admin.user.id,
    });
    expect((await info(t, admin, projectId)).body.errormessage).toBe(MSG.noProjectAccess);
  });

  it("project info shows live totals, not the cached row's", async () => {
    const { collaborator, projectId } = await studio(t);
    expect((await info(t, collaborator, projectId)).body.data.total_assets).toBe(0);
    await t.ctx.db.update(projects).set({ totalAssets: 7 }).where(eq(projects.id, projectId));
    expect((await info(t, collaborator, projectId)).body.data.total_assets).toBe(7);
  });

  it('PROJECT_ACCESS_CACHE_MS=0 reads the membership on every request', async () => {
    const off = await createTestApp({ PROJECT_ACCESS_CACHE_MS: '0' });
    try {
      const { collaborator, projectId } = await studio(off);
      expect((await info(off, collaborator, projectId)).status).toBe(200);
      await off.ctx.db.delete(projectMembers).where(eq(projectMembers.userId, collaborator.user.id));
      expect((await info(off, collaborator, projectId)).body.errormessage).toBe(MSG.noProjectAccess);
    } finally {
      await off.close();
    }
  });
});

const multiInstance = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!multiInstance)('the project access cache across two nodes', () => {
  const nodes = clusterOfTwo();

  it('a member removed on A is refused on B, which had the access cached', async () => {
    const { a, b } = nodes;
    const { owner, collaborator, projectId } = await studio(a);
    expect((await info(b, collaborator, projectId)).status).toBe(200);
    const removed = await call(a, 'DELETE', API.projects.collaborators, owner, {
      project_db_id: projectId,
      role: 'collaborator',
      user_db_id: collaborator.user.id,
    });
    expect(removed.status).toBe(200);
    // the drop travels through Redis: well under the cache's lifetime
    await expect
      .poll(async () => (await info(b, collaborator, projectId)).status, { timeout: 2000, interval: 50 })
      .toBe(403);
  });
});
